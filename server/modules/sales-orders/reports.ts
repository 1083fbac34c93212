import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { SALES_ORDER_EXPORT_COLUMNS, SALES_ORDER_STATUSES, type SalesOrderDashboard, type SalesOrderJobOrderDraft, type SalesOrderListRow } from '../../../domain/sales-order';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { customers, quotations, salesOrders } from '../../db/schema';
import type { SalesOrderDocumentData } from '../../../domain/documents';
import { toCsv } from '../../lib/csv';
import { findSalesOrder, isAdvancePendingSql, isOverdueSql, itemsOf, salesOrderView } from './service';
import { TODAY } from '../../lib/business-day';

const money = (value: ReturnType<typeof sql>) => sql`round(coalesce(${value}, 0), 2)::text`;
const notCancelled = sql`${salesOrders.status} <> 'cancelled'`;
const monthOf = (offset: number) => sql`date_trunc('month', ${TODAY}) + make_interval(months => ${offset})`;
const inMonth = (offset: number) => sql`${salesOrders.order_date} >= ${monthOf(offset)} AND ${salesOrders.order_date} < ${monthOf(offset + 1)}`;

/**
 * GET sales-orders/dashboard_stats/: over live orders (a sales executive's own, decision 372), summed by the database in exact numeric.
 * Values leave cancelled orders out; this and last month are calendar months of the order date (IST).
 */
export async function dashboardStats(db: Db, own: SQL): Promise<SalesOrderDashboard> {
  const byStatus = await queryRows<{ status: string; count: number; value: string }>(
    db,
    sql`SELECT ${salesOrders.status} AS status, count(*)::int AS count, ${money(sql`sum(${salesOrders.total_order_value})`)} AS value
        FROM ${salesOrders} WHERE ${salesOrders.deleted_at} IS NULL AND ${own} GROUP BY ${salesOrders.status}`,
  );
  const [totals] = await queryRows<{ total_value: string; overdue_count: number; pending_advance_count: number; pending_advance_value: string; this_month_value: string; last_month_value: string; month_change: string }>(
    db,
    sql`SELECT ${money(sql`sum(${salesOrders.total_order_value}) FILTER (WHERE ${notCancelled})`)} AS total_value,
               (count(*) FILTER (WHERE ${isOverdueSql}))::int AS overdue_count,
               (count(*) FILTER (WHERE ${isAdvancePendingSql}))::int AS pending_advance_count,
               ${money(sql`sum(${salesOrders.total_order_value}) FILTER (WHERE ${isAdvancePendingSql})`)} AS pending_advance_value,
               ${money(sql`sum(${salesOrders.total_order_value}) FILTER (WHERE ${notCancelled} AND ${inMonth(0)})`)} AS this_month_value,
               ${money(sql`sum(${salesOrders.total_order_value}) FILTER (WHERE ${notCancelled} AND ${inMonth(-1)})`)} AS last_month_value,
               ${money(sql`coalesce(sum(${salesOrders.total_order_value}) FILTER (WHERE ${notCancelled} AND ${inMonth(0)}), 0) - coalesce(sum(${salesOrders.total_order_value}) FILTER (WHERE ${notCancelled} AND ${inMonth(-1)}), 0)`)} AS month_change
        FROM ${salesOrders} WHERE ${salesOrders.deleted_at} IS NULL AND ${own}`,
  );
  const counted = SALES_ORDER_STATUSES.map(({ value, label, color }) => {
    const row = byStatus.find((r) => r.status === value);
    return { status: value, label, color, count: row?.count ?? 0, value: row?.value ?? '0.00' };
  });
  return { total_orders: counted.reduce((n, s) => n + s.count, 0), by_status: counted, ...totals! };
}

/** export/?format=csv: the rows of the filtered list, one line each, in SALES_ORDER_EXPORT_COLUMNS. */
export function salesOrdersCsv(rows: readonly SalesOrderListRow[]): string {
  return toCsv(
    SALES_ORDER_EXPORT_COLUMNS.map(([header]) => header),
    rows.map((row) => SALES_ORDER_EXPORT_COLUMNS.map(([, field]) => row[field])),
  );
}

/**
 * GET sales-orders/{id}/job-order-draft/: the job order create form's prefill. The sales executive
 * is the quotation's when the order came from one, else whoever took the order; each item becomes
 * a product (first line of its description, up to 200 characters) linked by sales_order_item.
 */
export async function jobOrderDraft(db: Db, id: number): Promise<SalesOrderJobOrderDraft> {
  const order = await findSalesOrder(db, id);
  const [quotation] = order.quotation
    ? await db
        .select({ sales_exec: quotations.sales_exec })
        .from(quotations)
        .where(and(eq(quotations.id, order.quotation), isNull(quotations.deleted_at)))
    : [];
  const items = await itemsOf(db, id);
  return {
    customer: order.customer,
    branch: order.branch,
    sales_executive: quotation?.sales_exec ?? order.created_by,
    purchase_order: order.customer_po_number,
    purchase_order_date: order.order_date,
    quotation: order.quotation,
    sales_order: order.id,
    advance_amount: order.advance_amount,
    job_order_items: items.map((item) => ({
      product: (item.description.split('\n')[0] ?? '').trim().slice(0, 200),
      description: item.description.slice(0, 1000),
      quantity: item.quantity,
      unit_price: item.unit_price,
      sales_order_item: item.id,
    })),
  };
}


/** What the sales order document (domain/documents/sales.ts) prints: the order, its items, its customer. */
export async function salesOrderDocumentData(db: Db, id: number): Promise<SalesOrderDocumentData> {
  const order = await salesOrderView(db, id);
  const [customer] = await db.select().from(customers).where(eq(customers.id, order.customer));
  return {
    order,
    items: order.items,
    customer: { name: customer!.name, address: customer!.address, gstin: customer!.gst_number, state: customer!.state, phone: customer!.phone },
  };
}
