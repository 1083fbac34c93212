import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { reportAnswerSchema } from '../../../domain/report';
import { reportScopeOf } from '../../../domain/row-rules';
import { SALES_ORDER_STATUSES } from '../../../domain/sales-order';
import { salesOrderGroupRowSchema, salesOrderReportOrderSchema, salesOrderReportQuerySchema, type SalesOrderGroupRow, type SalesOrderReportOrder } from '../../../domain/sales-order-report';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, salesOrders } from '../../db/schema';
import { TODAY } from '../../lib/business-day';
import { inPeriod, reportAnswer } from '../../lib/report';
import { currentUser } from '../../plugins/auth';
import { isAdvancePendingSql, isOverdueSql } from './service';

type Period = { date_from?: string | undefined; date_to?: string | undefined };

/** The orders a user's figures cover (decision 372): a sales executive's own (they took the order), else all; live ones in the period. */
export const ownOrders = (user: User): SQL => (reportScopeOf(user) === 'own' ? sql`${salesOrders.created_by} = ${user.id}` : sql`TRUE`);
const where = (user: User, query: Period, extra: SQL) => sql`${salesOrders.deleted_at} IS NULL AND ${ownOrders(user)} AND ${inPeriod(sql`${salesOrders.order_date}`, query)} AND ${extra}`;
const booked = sql`${salesOrders.status} NOT IN ('draft', 'cancelled')`;
const STATUS_LABELS = sql.join(
  SALES_ORDER_STATUSES.map((s, i) => sql`(${s.value}, ${s.label}, ${i})`),
  sql`, `,
);

/** status/: every order of the period by status, in the spec's order of statuses. */
async function byStatus(db: Db, user: User, query: Period) {
  const rows = await queryRows<SalesOrderGroupRow>(
    db,
    sql`SELECT ${salesOrders.status} AS key, max(l.label) AS label, NULL::int AS customer, count(*)::int AS orders, sum(${salesOrders.total_order_value})::text AS total_value
        FROM ${salesOrders} JOIN (VALUES ${STATUS_LABELS}) AS l(status, label, place) ON l.status = ${salesOrders.status}
        WHERE ${where(user, query, sql`TRUE`)} GROUP BY ${salesOrders.status} ORDER BY max(l.place)`,
  );
  return reportAnswer(rows, { money: ['total_value'], counts: ['orders'] });
}

/** customers/: orders booked in the period (sent onwards, not cancelled) by customer, the largest first. */
async function byCustomer(db: Db, user: User, query: Period) {
  const rows = await queryRows<SalesOrderGroupRow>(
    db,
    sql`SELECT ${salesOrders.customer}::text AS key, ${customers.name} AS label, ${salesOrders.customer} AS customer, count(*)::int AS orders, sum(${salesOrders.total_order_value})::text AS total_value
        FROM ${salesOrders} JOIN ${customers} ON ${customers.id} = ${salesOrders.customer}
        WHERE ${where(user, query, booked)} GROUP BY ${salesOrders.customer}, ${customers.name} ORDER BY sum(${salesOrders.total_order_value}) DESC, ${customers.name}`,
  );
  return reportAnswer(rows, { money: ['total_value'], counts: ['orders'] });
}

/** analysis/: orders booked in the period by month of the order date. */
async function byMonth(db: Db, user: User, query: Period) {
  const rows = await queryRows<SalesOrderGroupRow>(
    db,
    sql`SELECT to_char(${salesOrders.order_date}, 'YYYY-MM') AS key, to_char(${salesOrders.order_date}, 'Mon YYYY') AS label, NULL::int AS customer, count(*)::int AS orders, sum(${salesOrders.total_order_value})::text AS total_value
        FROM ${salesOrders} WHERE ${where(user, query, booked)} GROUP BY 1, 2 ORDER BY 1`,
  );
  return reportAnswer(rows, { money: ['total_value'], counts: ['orders'] });
}

/** pending_advance/ and overdue/: the orders themselves, the most overdue (else the oldest) first. */
async function orders(db: Db, user: User, query: Period, which: SQL) {
  const rows = await queryRows<SalesOrderReportOrder>(
    db,
    sql`SELECT ${salesOrders.id}::text AS key, ('SO-' || ${salesOrders.id} || CASE WHEN ${salesOrders.customer_po_number} <> '' THEN ' · ' || ${salesOrders.customer_po_number} ELSE '' END) AS label,
          ${salesOrders.id} AS sales_order, ${customers.name} AS customer_name, ${salesOrders.status} AS status, ${salesOrders.order_date}::text AS order_date,
          ${salesOrders.expected_delivery_date}::text AS expected_delivery_date,
          (CASE WHEN ${isOverdueSql} THEN ${TODAY} - ${salesOrders.expected_delivery_date} ELSE 0 END)::int AS days_overdue,
          ${salesOrders.total_order_value}::text AS total_order_value, ${salesOrders.advance_amount}::text AS advance_amount
        FROM ${salesOrders} JOIN ${customers} ON ${customers.id} = ${salesOrders.customer}
        WHERE ${where(user, query, which)} ORDER BY days_overdue DESC, ${salesOrders.order_date}, ${salesOrders.id}`,
  );
  return reportAnswer(rows, { money: ['total_order_value', 'advance_amount'] });
}

/** The sales order reports (issue 22 §1), for sales order readers; a sales executive's figures are their own orders'. */
export function salesOrderReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'sales-orders.read' } as const;
  const tags = ['Sales order reports'];
  const paths = API.salesOrders.reports;
  const group = { tags, querystring: salesOrderReportQuerySchema, response: { 200: reportAnswerSchema(salesOrderGroupRowSchema) } };
  const list = { tags, querystring: salesOrderReportQuerySchema, response: { 200: reportAnswerSchema(salesOrderReportOrderSchema) } };
  app.get(paths.status, { config, schema: group }, (req) => byStatus(app.db, currentUser(req), req.query));
  app.get(paths.customers, { config, schema: group }, (req) => byCustomer(app.db, currentUser(req), req.query));
  app.get(paths.analysis, { config, schema: group }, (req) => byMonth(app.db, currentUser(req), req.query));
  app.get(paths.pendingAdvance, { config, schema: list }, (req) => orders(app.db, currentUser(req), req.query, isAdvancePendingSql));
  app.get(paths.overdue, { config, schema: list }, (req) => orders(app.db, currentUser(req), req.query, isOverdueSql));
}
