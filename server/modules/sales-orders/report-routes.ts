import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { reportAnswerSchema, type ReportPageQuery } from '../../../domain/report';
import { reportScopeOf } from '../../../domain/row-rules';
import { SALES_ORDER_STATUSES } from '../../../domain/sales-order';
import { div, mul, sign } from '../../../domain/decimal';
import {
  salesOrderDrillQuerySchema,
  salesOrderGroupRowSchema,
  salesOrderListQuerySchema,
  salesOrderProfitabilityRowSchema,
  salesOrderReportOrderSchema,
  salesOrderReportQuerySchema,
  type SalesOrderGroupRow,
  type SalesOrderProfitabilityRow,
  type SalesOrderReportOrder,
} from '../../../domain/sales-order-report';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, invoices, jobOrders, salesOrders } from '../../db/schema';
import { TODAY } from '../../lib/business-day';
import { inPeriod, recordReport, reportAnswer } from '../../lib/report';
import { currentUser } from '../../plugins/auth';
import { issued } from '../invoices/report-scope';
import { expenseCostByJobOrder } from '../job-orders/reports';
import { materialCostByJobOrder } from '../material-reports/reports';
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

/** orders/: the orders behind a figure of status/, customers/ or analysis/, so their total is the figure (decision 394). */
const behind = (query: { status?: string | undefined; customer?: number | undefined; month?: string | undefined }) =>
  sql`${query.status === undefined ? booked : sql`${salesOrders.status} = ${query.status}`}
    AND ${query.customer === undefined ? sql`TRUE` : sql`${salesOrders.customer} = ${query.customer}`}
    AND ${query.month === undefined ? sql`TRUE` : sql`to_char(${salesOrders.order_date}, 'YYYY-MM') = ${query.month}`}`;

/** pending_advance/, overdue/ and orders/: the orders themselves, the most overdue (else the oldest) first. */
async function orders(db: Db, user: User, query: Period & ReportPageQuery, which: SQL) {
  return recordReport<SalesOrderReportOrder>(
    db,
    sql`SELECT ${salesOrders.id}::text AS key, ('SO-' || ${salesOrders.id} || CASE WHEN ${salesOrders.customer_po_number} <> '' THEN ' · ' || ${salesOrders.customer_po_number} ELSE '' END) AS label,
          ${salesOrders.id} AS sales_order, ${customers.name} AS customer_name, ${salesOrders.status} AS status, ${salesOrders.order_date}::text AS order_date,
          ${salesOrders.expected_delivery_date}::text AS expected_delivery_date,
          (CASE WHEN ${isOverdueSql} THEN ${TODAY} - ${salesOrders.expected_delivery_date} ELSE 0 END)::int AS days_overdue,
          ${salesOrders.total_order_value}::text AS total_order_value, ${salesOrders.advance_amount}::text AS advance_amount
        FROM ${salesOrders} JOIN ${customers} ON ${customers.id} = ${salesOrders.customer}
        WHERE ${where(user, query, which)}`,
    'days_overdue DESC, order_date, sales_order',
    ['total_order_value', 'advance_amount'],
    query,
  );
}

const i = sql.raw('i');

/**
 * profitability/: each order booked in the period with its value (before tax, as the other
 * reports count it), what the issued invoices of the order and of its job orders bill before tax,
 * and what its job orders cost as the job order profitability counts it (material consumed and
 * approved expenses, the same subqueries), whatever their dates; the margin is on the order's
 * value (decision 392). The totals' margin % is the total margin over the total value.
 */
async function profitability(db: Db, user: User, query: Period) {
  const material = materialCostByJobOrder(db);
  const expense = expenseCostByJobOrder(db);
  const rows = await queryRows<SalesOrderProfitabilityRow>(
    db,
    sql`WITH orders AS (
          SELECT ${salesOrders.id} AS id, ${salesOrders.customer} AS customer, ${salesOrders.order_date} AS order_date, ${salesOrders.status} AS status, ${salesOrders.total_order_value} AS value
          FROM ${salesOrders} WHERE ${where(user, query, booked)}),
        jobs AS (SELECT j.id, j.sales_order FROM ${jobOrders} j JOIN orders o ON o.id = j.sales_order WHERE j.deleted_at IS NULL),
        costs AS (
          SELECT jobs.sales_order, sum(coalesce(${material.material_cost}, 0)) AS material_cost, sum(coalesce(${expense.expense_cost}, 0)) AS expense_cost
          FROM jobs LEFT JOIN ${material} ON ${material.job_order} = jobs.id LEFT JOIN ${expense} ON ${expense.job_order} = jobs.id GROUP BY jobs.sales_order),
        billed AS (
          SELECT coalesce(o.id, jobs.sales_order) AS sales_order, sum(i.taxable_amount) AS invoiced
          FROM ${invoices} i LEFT JOIN orders o ON o.id = i.sales_order LEFT JOIN jobs ON jobs.id = i.job_order
          WHERE ${issued(i)} AND (o.id IS NOT NULL OR jobs.id IS NOT NULL) GROUP BY 1),
        figures AS (
          SELECT o.*, coalesce(b.invoiced, 0) AS invoiced, coalesce(c.material_cost, 0) AS material_cost, coalesce(c.expense_cost, 0) AS expense_cost,
            coalesce(c.material_cost, 0) + coalesce(c.expense_cost, 0) AS total_cost
          FROM orders o LEFT JOIN billed b ON b.sales_order = o.id LEFT JOIN costs c ON c.sales_order = o.id)
        SELECT f.id::text AS key, 'SO-' || f.id AS label, f.id AS sales_order, f.customer, cu.name AS customer_name, f.order_date::text AS order_date, f.status,
          f.value::text AS order_value, f.invoiced::text AS invoiced, f.material_cost::text AS material_cost, f.expense_cost::text AS expense_cost,
          f.total_cost::text AS total_cost, (f.value - f.total_cost)::text AS margin,
          CASE WHEN f.value > 0 THEN round((f.value - f.total_cost) * 100 / f.value, 2)::text END AS margin_percent
        FROM figures f JOIN ${customers} cu ON cu.id = f.customer ORDER BY f.order_date, f.id`,
  );
  const answer = reportAnswer(rows, { money: ['order_value', 'invoiced', 'material_cost', 'expense_cost', 'total_cost', 'margin'] });
  const value = String(answer.totals.order_value);
  answer.totals.margin_percent = sign(value) > 0 ? div(mul(String(answer.totals.margin), '100'), value, 2) : null;
  return answer;
}

/** The sales order reports (issue 22 §1), for sales order readers; a sales executive's figures are their own orders'. */
export function salesOrderReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'sales-orders.read' } as const;
  const tags = ['Sales order reports'];
  const paths = API.salesOrders.reports;
  const group = { tags, querystring: salesOrderReportQuerySchema, response: { 200: reportAnswerSchema(salesOrderGroupRowSchema) } };
  const list = { tags, querystring: salesOrderListQuerySchema, response: { 200: reportAnswerSchema(salesOrderReportOrderSchema) } };
  app.get(paths.status, { config, schema: group }, (req) => byStatus(app.db, currentUser(req), req.query));
  app.get(paths.customers, { config, schema: group }, (req) => byCustomer(app.db, currentUser(req), req.query));
  app.get(paths.analysis, { config, schema: group }, (req) => byMonth(app.db, currentUser(req), req.query));
  app.get(paths.pendingAdvance, { config, schema: list }, (req) => orders(app.db, currentUser(req), req.query, isAdvancePendingSql));
  app.get(paths.overdue, { config, schema: list }, (req) => orders(app.db, currentUser(req), req.query, isOverdueSql));
  app.get(paths.orders, { config, schema: { ...list, querystring: salesOrderDrillQuerySchema } }, (req) => orders(app.db, currentUser(req), req.query, behind(req.query)));
  // Cost and margin are the job orders' cost figures: for those who may read job order profitability (decision 402).
  app.get(paths.profitability, { config: { access: 'job-orders.reports' }, schema: { tags, querystring: salesOrderReportQuerySchema, response: { 200: reportAnswerSchema(salesOrderProfitabilityRowSchema) } } }, (req) =>
    profitability(app.db, currentUser(req), req.query),
  );
}
