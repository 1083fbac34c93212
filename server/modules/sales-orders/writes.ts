import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { div } from '../../../domain/decimal';
import { quotationStatusSchema } from '../../../domain/quotation';
import {
  QUOTATION_TO_ORDER_REFUSALS,
  SALES_ORDER_MESSAGES,
  SALES_ORDER_FINAL_STATUSES,
  SALES_ORDER_REFUSALS,
  salesOrderStatusRefusal,
  salesOrderStatusSchema,
  type salesOrderCreateSchema,
  type salesOrderFromQuotationSchema,
  type salesOrderItemCreateSchema,
  type salesOrderItemUpdateSchema,
  type SalesOrderStatus,
  type salesOrderUpdateSchema,
  type SalesOrderView,
} from '../../../domain/sales-order';
import { lineAmount, totalOf } from '../../../domain/totals';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { customerBranches, quotationItems, quotations, salesOrderItems, salesOrders, salesOrderStatusHistory } from '../../db/schema';
import { badRequest, fieldError, type FieldErrors, invalidPkError, notFound, throwIfAny } from '../../lib/http-error';
import { checkEdit } from '../../lib/row-rules';
import { findRow, publicRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { customerReferenceProblems } from '../customers/order-references';
import { salesOrderView, type SalesOrderRow } from './service';

/**
 * The writes of sales orders: every one audited in its own transaction, the order row locked
 * first; status changes follow SALES_ORDER_TRANSITIONS and are appended to the status history;
 * item changes settle total_order_value in the same transaction.
 */

type CreateInput = z.output<typeof salesOrderCreateSchema>;
type FromQuotationInput = z.output<typeof salesOrderFromQuotationSchema>;
type UpdateInput = Omit<z.output<typeof salesOrderUpdateSchema>, 'expected_version'>;
type ItemInput = z.output<typeof salesOrderItemCreateSchema>;
type ItemUpdateInput = Omit<z.output<typeof salesOrderItemUpdateSchema>, 'expected_version'>;
type SalesOrderItemRow = typeof salesOrderItems.$inferSelect;
type Line = { description: string; quantity: string; unit_price: string };

const refuse = (message: string) => badRequest({ non_field_errors: [message] });
const statusOf = (row: SalesOrderRow): SalesOrderStatus => salesOrderStatusSchema.parse(row.status);


/** The order locked for the rest of the transaction. */
async function lockOrder(tx: Db, id: number): Promise<SalesOrderRow> {
  const [row] = await tx
    .select()
    .from(salesOrders)
    .where(and(eq(salesOrders.id, id), isNull(salesOrders.deleted_at)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The order locked for a change by `actor`: their row rule first (403), then its state. */
async function lockEditableOrder(tx: Db, actor: User, id: number, refusal: (status: SalesOrderStatus) => string): Promise<SalesOrderRow> {
  const row = await lockOrder(tx, id);
  checkEdit('salesOrder', actor, row);
  if (SALES_ORDER_FINAL_STATUSES.includes(statusOf(row))) throw refuse(refusal(statusOf(row)));
  return row;
}

/** Field errors for a customer, branch and quotation that name no live row or do not belong together. */
function referenceProblems(tx: Db, refs: { customer: number; branch?: number | null; quotation?: number | null }): Promise<FieldErrors> {
  return customerReferenceProblems(tx, refs.customer, [
    { field: 'branch', id: refs.branch, table: customerBranches, idColumn: customerBranches.id, customerColumn: customerBranches.customer, otherCustomer: SALES_ORDER_REFUSALS.branchOfOtherCustomer },
    { field: 'quotation', id: refs.quotation, table: quotations, idColumn: quotations.id, customerColumn: quotations.customer, live: isNull(quotations.deleted_at), otherCustomer: SALES_ORDER_REFUSALS.quotationOfOtherCustomer },
  ]);
}

async function recordStatus(tx: Db, actor: User, order: number, from: SalesOrderStatus | null, to: SalesOrderStatus, note = ''): Promise<void> {
  await tx.insert(salesOrderStatusHistory).values({ sales_order: order, from_status: from, to_status: to, note, changed_by: actor.id, created_by: actor.id });
}

const itemValues = (order: number, actor: User, line: Line) => ({ sales_order: order, ...line, amount: lineAmount(line.quantity, line.unit_price), created_by: actor.id });

/** total_order_value follows the live items, summed by the database in exact numeric; the write also moves the order's version and sync cursor. */
async function settleTotal(tx: Db, id: number): Promise<void> {
  await tx
    .update(salesOrders)
    .set({ total_order_value: sql`(SELECT coalesce(sum(${salesOrderItems.amount}), 0) FROM ${salesOrderItems} WHERE ${salesOrderItems.sales_order} = ${id} AND ${salesOrderItems.deleted_at} IS NULL)` })
    .where(eq(salesOrders.id, id));
}

type OrderFields = Omit<CreateInput, 'items'>;

/** Inserts a draft order with its lines and its first history entry (from null to draft). */
async function insertOrder(tx: Db, actor: User, fields: OrderFields, lines: readonly Line[]): Promise<SalesOrderView> {
  const [row] = await tx
    .insert(salesOrders)
    .values({ ...fields, status: 'draft', total_order_value: totalOf(lines.map((l) => lineAmount(l.quantity, l.unit_price))), created_by: actor.id })
    .returning();
  if (lines.length) await tx.insert(salesOrderItems).values(lines.map((line) => itemValues(row!.id, actor, line)));
  await recordStatus(tx, actor, row!.id, null, 'draft');
  return salesOrderView(tx, row!.id);
}

const auditOrder = (action: string, risk: 'low' | 'medium' = 'low', metadata: Record<string, unknown> = {}) => (view: { id: number; status: string; total_order_value: string }) => ({
  action: `sales_order.${action}`,
  target: `sales_orders:${view.id}`,
  risk,
  metadata: { status: view.status, total_order_value: view.total_order_value, ...metadata },
});

/** POST sales-orders/: a draft order with its lines. */
export async function createSalesOrder(db: Db, actor: User, input: CreateInput): Promise<SalesOrderView> {
  const { items, ...fields } = input;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      throwIfAny(await referenceProblems(tx, fields));
      return insertOrder(tx, actor, fields, items);
    },
    auditOrder('create', 'low', { items: items.length }),
  );
}

/**
 * A quotation line as an order line: the discount is taken off the unit price (its gross price ÷
 * quantity, to the paisa, half up), so the order's value is the quotation's before tax; GST is the
 * invoice's (docs/decisions.md 190).
 */
export function orderLineOf(item: { description: string; quantity: string; gross_price: string }): Line {
  return { description: item.description, quantity: item.quantity, unit_price: div(item.gross_price, item.quantity, 2) };
}

/** POST sales-orders/create-from-quotation/: only an accepted quotation, once; nothing on the quotation changes. */
export async function createFromQuotation(db: Db, actor: User, input: FromQuotationInput): Promise<SalesOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [quotation] = await tx.select().from(quotations).where(eq(quotations.id, input.quotation)).for('update');
      if (!quotation) throw invalidPkError('quotation', input.quotation);
      if (quotation.deleted_at) throw fieldError('quotation', QUOTATION_TO_ORDER_REFUSALS.cancelled);
      const status = quotationStatusSchema.parse(quotation.status);
      if (status !== 'accepted') throw fieldError('quotation', QUOTATION_TO_ORDER_REFUSALS[status]);
      const [existing] = await tx
        .select({ id: salesOrders.id })
        .from(salesOrders)
        .where(and(eq(salesOrders.quotation, quotation.id), isNull(salesOrders.deleted_at), sql`${salesOrders.status} <> 'cancelled'`))
        .limit(1);
      if (existing) throw fieldError('quotation', SALES_ORDER_REFUSALS.quotationHasOrder(existing.id));
      const items = await tx
        .select({ description: quotationItems.description, quantity: quotationItems.quantity, gross_price: quotationItems.gross_price })
        .from(quotationItems)
        .where(and(eq(quotationItems.quotation, quotation.id), isNull(quotationItems.deleted_at)))
        .orderBy(asc(quotationItems.id));
      if (!items.length) throw fieldError('quotation', SALES_ORDER_REFUSALS.quotationWithoutItems);
      const { quotation: _, ...own } = input;
      return insertOrder(tx, actor, { ...own, customer: quotation.customer, branch: quotation.branch, quotation: quotation.id }, items.map(orderLineOf));
    },
    auditOrder('create_from_quotation', 'low', { quotation: input.quotation }),
  );
}

/** PATCH sales-orders/{id}/: the header of an order that is neither completed nor cancelled. */
export async function updateSalesOrder(db: Db, actor: User, id: number, input: UpdateInput, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockEditableOrder(tx, actor, id, SALES_ORDER_REFUSALS.finishedOrderEdit);
      const customer = input.customer ?? row.customer;
      // A new customer needs a branch and quotation of its own: the old ones are checked against it too.
      const branch = input.branch === undefined ? row.branch : input.branch;
      const quotation = input.quotation === undefined ? row.quotation : input.quotation;
      throwIfAny(await referenceProblems(tx, { customer, branch, quotation }));
      const orderDate = input.order_date ?? row.order_date;
      const delivery = input.expected_delivery_date === undefined ? row.expected_delivery_date : input.expected_delivery_date;
      if (delivery !== null && delivery < orderDate) throw fieldError('expected_delivery_date', SALES_ORDER_MESSAGES.deliveryBeforeOrder);
      await updateRow(tx, salesOrders, id, input as Partial<typeof salesOrders.$inferInsert>, expected);
      return salesOrderView(tx, id);
    },
    auditOrder('update', 'low', { fields: Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined) }),
  );
}

/** One status step: the row rule, the transition table, the history entry and the audit, in one transaction. */
async function moveStatus(db: Db, actor: User, id: number, next: SalesOrderStatus, note: string, expected: number | undefined, action: string): Promise<SalesOrderView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockOrder(tx, id);
      checkEdit('salesOrder', actor, row);
      const refusal = salesOrderStatusRefusal(statusOf(row), next);
      if (refusal) throw fieldError('status', refusal);
      await updateRow(tx, salesOrders, id, { status: next }, expected);
      await recordStatus(tx, actor, id, statusOf(row), next, note);
      return salesOrderView(tx, id);
    },
    auditOrder(action, next === 'cancelled' ? 'medium' : 'low', { new_status: next, note }),
  );
}

/** PATCH sales-orders/{id}/update-status/ */
export const changeSalesOrderStatus = (db: Db, actor: User, id: number, next: SalesOrderStatus, note: string, expected: number | undefined) =>
  moveStatus(db, actor, id, next, note, expected, 'status');

/** DELETE sales-orders/{id}/: cancels the order (the cancelled step of the table); the row stays, listed as cancelled. */
export const cancelSalesOrder = (db: Db, actor: User, id: number, expected: number | undefined) => moveStatus(db, actor, id, 'cancelled', '', expected, 'cancel');

/* Items */

const publicItem = (row: SalesOrderItemRow) => publicRow(row);
const auditItem = (action: string, risk: 'low' | 'medium' = 'low') => (item: { id: number; sales_order: number }) => ({
  action: `sales_order_item.${action}`,
  target: `sales_order_items:${item.id}`,
  risk,
  metadata: { sales_order: item.sales_order },
});

/** POST sales-order-items/: a line on an order that is neither completed nor cancelled. */
export async function addItem(db: Db, actor: User, input: ItemInput) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [exists] = await tx
        .select({ id: salesOrders.id })
        .from(salesOrders)
        .where(and(eq(salesOrders.id, input.sales_order), isNull(salesOrders.deleted_at)));
      if (!exists) throw invalidPkError('sales_order', input.sales_order);
      await lockEditableOrder(tx, actor, input.sales_order, SALES_ORDER_REFUSALS.finishedOrder);
      const { sales_order, ...line } = input;
      const [row] = await tx.insert(salesOrderItems).values(itemValues(sales_order, actor, line)).returning();
      await settleTotal(tx, sales_order);
      return publicItem(row!);
    },
    auditItem('create'),
  );
}

/** The item and its order, locked for a change by `actor`. */
async function editableItem(tx: Db, actor: User, itemId: number) {
  const item = await findRow(tx, salesOrderItems, itemId);
  await lockEditableOrder(tx, actor, item.sales_order, SALES_ORDER_REFUSALS.finishedOrder);
  return item;
}

/** PATCH sales-order-items/{id}/: the line's fields; its amount and the order's value follow. Moving a line to another order is refused. */
export async function updateItem(db: Db, actor: User, itemId: number, input: ItemUpdateInput, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const item = await editableItem(tx, actor, itemId);
      if (input.sales_order !== undefined && input.sales_order !== item.sales_order) throw fieldError('sales_order', 'An item cannot move to another sales order.');
      const quantity = input.quantity ?? item.quantity;
      const unitPrice = input.unit_price ?? item.unit_price;
      const { sales_order: _, ...changes } = input;
      const row = await updateRow(tx, salesOrderItems, itemId, { ...changes, amount: lineAmount(quantity, unitPrice) }, expected);
      await settleTotal(tx, item.sales_order);
      return publicItem(row);
    },
    auditItem('update'),
  );
}

/** DELETE sales-order-items/{id}/: removes the line (soft delete); the order's value follows. */
export async function deleteItem(db: Db, actor: User, itemId: number, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const item = await editableItem(tx, actor, itemId);
      const row = await updateRow(tx, salesOrderItems, itemId, { deleted_at: sql`now()` as unknown as SalesOrderItemRow['deleted_at'] }, expected);
      await settleTotal(tx, item.sales_order);
      return publicItem(row);
    },
    auditItem('delete', 'medium'),
  );
}

