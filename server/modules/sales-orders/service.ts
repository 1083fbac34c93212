import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { flagParam } from '../../../domain/query-params';
import {
  isAdvancePending,
  isSalesOrderOverdue,
  SALES_ORDER_FINAL_STATUSES,
  salesOrderStatusSchema,
  type SalesOrderListRow,
  type SalesOrderView,
} from '../../../domain/sales-order';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { customers, salesOrderItems, salesOrders, salesOrderStatusHistory, users } from '../../db/schema';
import { byId, byValue, escapeLike, filter, fromDate, toDate, type ListSpec } from '../../lib/list';
import { findRow, publicRow } from '../../lib/rows';
import { userName } from '../users/names';
import { TODAY } from '../../lib/business-day';

/**
 * Sales orders (business-areas.md §3, §4, §7 "Sales orders"): the list and its filters, the rows
 * as the screens show them, and the two rules of §4 (overdue, pending advance) in SQL. The SQL
 * and domain/sales-order.ts's `isSalesOrderOverdue` / `isAdvancePending` say the same
 * (tests/api/sales-orders-reports.test.ts holds them to one table of orders).
 */

export type SalesOrderRow = typeof salesOrders.$inferSelect;

/** The company's day (India Standard Time), as the database reads it. */

/** Today's date (YYYY-MM-DD, IST): what the rows' `is_overdue` compares with, as the SQL does. */
export async function businessToday(db: Db): Promise<string> {
  const [row] = await queryRows<{ today: string }>(db, sql`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today`);
  return row!.today;
}

const finished = sql.join(
  SALES_ORDER_FINAL_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
/** §4 Overdue: `isSalesOrderOverdue` in SQL. */
export const isOverdueSql = sql`(${salesOrders.expected_delivery_date} IS NOT NULL AND ${salesOrders.expected_delivery_date} < ${TODAY} AND ${salesOrders.status} NOT IN (${finished}))`;
/** §4 pending advance: `isAdvancePending` in SQL (accepted orders still awaiting their advance). */
export const isAdvancePendingSql = sql`(${salesOrders.advance_pending} AND ${salesOrders.status} = 'accepted')`;

/** search: the customer's PO number, the remarks, the customer's name, or the order number itself. */
function searchOrders(term: string): SQL | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    ilike(salesOrders.customer_po_number, pattern),
    ilike(salesOrders.remarks, pattern),
    sql`EXISTS (SELECT 1 FROM ${customers} WHERE ${customers.id} = ${salesOrders.customer} AND ${ilike(customers.name, pattern)})`,
    /^\d{1,9}$/.test(text) ? eq(salesOrders.id, Number(text)) : undefined,
  );
}

const flagOf = (condition: SQL) => filter(flagParam, (v) => (v ? condition : not(condition)));

/**
 * sales-orders/: 15 a page, newest first (business-areas.md §9). `advance_pending=true` lists the
 * orders §4's pending-advance count counts (accepted, advance awaited), `overdue=true` the late ones.
 */
export const salesOrderList: ListSpec<typeof salesOrders> = {
  table: salesOrders,
  pageSize: 15,
  orderings: {
    id: salesOrders.id,
    order_date: salesOrders.order_date,
    expected_delivery_date: salesOrders.expected_delivery_date,
    total_order_value: salesOrders.total_order_value,
    status: salesOrders.status,
    customer: salesOrders.customer,
    created_at: salesOrders.created_at,
    updated_at: salesOrders.updated_at,
  },
  defaultOrdering: '-id',
  filters: {
    status: byValue(salesOrders.status, salesOrderStatusSchema),
    customer: byId(salesOrders.customer),
    branch: byId(salesOrders.branch),
    created_by: byId(salesOrders.created_by),
    quotation: byId(salesOrders.quotation),
    start_date: fromDate(salesOrders.order_date),
    end_date: toDate(salesOrders.order_date),
    advance_pending: flagOf(isAdvancePendingSql),
    overdue: flagOf(isOverdueSql),
    // The list's own search: over the customer's name too, which lives in another table.
    search: filter(z.string().max(200), searchOrders),
  },
};

/** sales-order-items/?sales_order= : an order's lines in the order they were added. */
export const salesOrderItemList: ListSpec<typeof salesOrderItems> = {
  table: salesOrderItems,
  pageSize: 100,
  orderings: { id: salesOrderItems.id, updated_at: salesOrderItems.updated_at },
  defaultOrdering: 'id',
  search: [salesOrderItems.description],
  filters: { sales_order: byId(salesOrderItems.sales_order) },
};

/** sales-order-status-history/?sales_order= : newest change first. */
export const salesOrderHistoryList: ListSpec<typeof salesOrderStatusHistory> = {
  table: salesOrderStatusHistory,
  pageSize: 100,
  orderings: { id: salesOrderStatusHistory.id, changed_at: salesOrderStatusHistory.changed_at },
  defaultOrdering: '-id',
  filters: { sales_order: byId(salesOrderStatusHistory.sales_order), to_status: byValue(salesOrderStatusHistory.to_status, salesOrderStatusSchema) },
};

export const findSalesOrder = (db: Db, id: number) => findRow(db, salesOrders, id);

/** The orders as the lists show them: the customer's and creator's names, and the two §4 flags for today. */
export async function describeSalesOrders(db: Db, rows: readonly SalesOrderRow[]): Promise<SalesOrderListRow[]> {
  if (!rows.length) return [];
  const creators = [...new Set(rows.map((r) => r.created_by).filter((id) => id !== null))];
  const customerNames = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(inArray(customers.id, [...new Set(rows.map((r) => r.customer))]));
  const creatorNames = creators.length ? await db.select({ id: users.id, name: userName }).from(users).where(inArray(users.id, creators)) : [];
  const today = await businessToday(db);
  const customerOf = new Map(customerNames.map((c) => [c.id, c.name]));
  const creatorOf = new Map(creatorNames.map((u) => [u.id, u.name]));
  return rows.map((row) => {
    const order = { ...publicRow(row), status: salesOrderStatusSchema.parse(row.status) };
    return {
      ...order,
      customer_name: customerOf.get(row.customer) ?? '',
      created_by_name: row.created_by === null ? '' : (creatorOf.get(row.created_by) ?? ''),
      is_overdue: isSalesOrderOverdue(order, today),
      is_advance_pending: isAdvancePending(order),
    };
  });
}

/** The live items of an order, in the order they were added. */
export async function itemsOf(db: Db, id: number) {
  const { txid: _, ...columns } = getTableColumns(salesOrderItems);
  return db
    .select(columns)
    .from(salesOrderItems)
    .where(and(eq(salesOrderItems.sales_order, id), isNull(salesOrderItems.deleted_at)))
    .orderBy(asc(salesOrderItems.id));
}

type HistoryRow = typeof salesOrderStatusHistory.$inferSelect;
/** A status history entry as the API shows it (the statuses read back through their schema). */
export const describeHistory = (row: Omit<HistoryRow, 'txid'>) => ({
  ...row,
  from_status: row.from_status === null ? null : salesOrderStatusSchema.parse(row.from_status),
  to_status: salesOrderStatusSchema.parse(row.to_status),
});

/** GET sales-orders/{id}/: the order, its items and its status history (newest first). */
export async function salesOrderView(db: Db, id: number): Promise<SalesOrderView> {
  const row = await findSalesOrder(db, id);
  const [described] = await describeSalesOrders(db, [row]);
  const { txid: _, ...historyColumns } = getTableColumns(salesOrderStatusHistory);
  const items = await itemsOf(db, id);
  const history = await db
    .select(historyColumns)
    .from(salesOrderStatusHistory)
    .where(eq(salesOrderStatusHistory.sales_order, id))
    .orderBy(desc(salesOrderStatusHistory.changed_at), desc(salesOrderStatusHistory.id));
  return {
    ...described!,
    items,
    status_history: history.map(describeHistory),
  };
}
