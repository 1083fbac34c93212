import { z } from 'zod';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { valuesOf } from './options';
import { isValidDateRange, toIsoDate } from './rules/dates';

/** Sales order statuses and their colours (business-areas.md §4), in the spec's order. */
export const SALES_ORDER_STATUSES = [
  { value: 'draft', label: 'Draft', color: 'grey' },
  { value: 'sent', label: 'Sent', color: 'blue' },
  { value: 'accepted', label: 'Accepted', color: 'green' },
  { value: 'in_production', label: 'In Production', color: 'orange' },
  { value: 'completed', label: 'Completed', color: 'positive' },
  { value: 'cancelled', label: 'Cancelled', color: 'negative' },
] as const;
export const salesOrderStatusSchema = z.enum(valuesOf(SALES_ORDER_STATUSES));
export type SalesOrderStatus = z.infer<typeof salesOrderStatusSchema>;

/** Statuses after which an order can no longer be late. */
const FINISHED_STATUSES: readonly SalesOrderStatus[] = ['completed', 'cancelled'];

export const SALES_ORDER_MESSAGES = {
  deliveryBeforeOrder: 'Expected delivery date cannot be before the order date.',
} as const;

/**
 * Overdue (business-areas.md §4): the expected delivery date is before `today` and the order is
 * neither completed nor cancelled. `today` is a YYYY-MM-DD day or a Date (its local day).
 */
export function isSalesOrderOverdue(order: Pick<SalesOrder, 'expected_delivery_date' | 'status'>, today: string | Date): boolean {
  return order.expected_delivery_date !== null && order.expected_delivery_date < toIsoDate(today) && !FINISHED_STATUSES.includes(order.status);
}

/** An accepted order still awaiting its advance: what the pending-advance count and report list. */
export const isAdvancePending = (order: Pick<SalesOrder, 'advance_pending' | 'status'>): boolean => order.advance_pending && order.status === 'accepted';

/** Sales order (business-areas.md §3); total_order_value is the sum of its items' amounts. */
export const salesOrderSchema = z.object({
  id: idSchema,
  customer_po_number: z.string(),
  order_date: isoDateSchema,
  total_order_value: decimalSchema,
  status: salesOrderStatusSchema,
  expected_delivery_date: isoDateSchema.nullable(),
  customer: idSchema,
  branch: idSchema.nullable(),
  quotation: idSchema.nullable(),
  advance_pending: z.boolean(),
  advance_amount: decimalSchema,
  remarks: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type SalesOrder = z.infer<typeof salesOrderSchema>;

/** A sales order line; amount = quantity × unit_price. */
export const salesOrderItemSchema = z.object({
  id: idSchema,
  sales_order: idSchema,
  description: z.string(),
  quantity: decimalSchema,
  unit_price: decimalSchema,
  amount: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type SalesOrderItem = z.infer<typeof salesOrderItemSchema>;

/** A line as a client sends it (inside a new order); the server computes the amount. */
export const salesOrderLineInputSchema = z.object({
  description: requiredText(2000),
  quantity: positiveQuantityInput(),
  unit_price: decimalInput({ min: 0 }),
});
/** POST sales-order-items/ */
export const salesOrderItemCreateSchema = salesOrderLineInputSchema.extend({ sales_order: refSchema });
export type SalesOrderItemCreate = z.input<typeof salesOrderItemCreateSchema>;
/** PATCH sales-order-items/{id}/ */
export const salesOrderItemUpdateSchema = updateSchemaOf(salesOrderItemCreateSchema);
export type SalesOrderItemUpdate = z.input<typeof salesOrderItemUpdateSchema>;

const salesOrderFields = z.object({
  customer_po_number: textInput(100).default(''),
  order_date: isoDateSchema,
  expected_delivery_date: isoDateSchema.nullable().default(null),
  customer: refSchema,
  branch: refSchema.nullable().default(null),
  quotation: refSchema.nullable().default(null),
  advance_pending: z.boolean().default(false),
  advance_amount: decimalInput({ min: 0 }).default('0'),
  remarks: textInput(2000).default(''),
});

/**
 * POST sales-orders/: a new order starts as draft (status changes go through update-status);
 * its lines may come with it, the server computes amounts and total_order_value.
 */
export const salesOrderCreateSchema = salesOrderFields.extend({ items: z.array(salesOrderLineInputSchema).max(500).default([]) }).superRefine((order, ctx) => {
  if (!isValidDateRange(order.order_date, order.expected_delivery_date)) {
    ctx.addIssue({ code: 'custom', path: ['expected_delivery_date'], message: SALES_ORDER_MESSAGES.deliveryBeforeOrder });
  }
});
export type SalesOrderCreate = z.input<typeof salesOrderCreateSchema>;
/** PATCH sales-orders/{id}/ (lines have their own calls). */
export const salesOrderUpdateSchema = updateSchemaOf(salesOrderFields);
export type SalesOrderUpdate = z.input<typeof salesOrderUpdateSchema>;

/** PATCH sales-orders/{id}/update-status/ ; the change is appended to the status history. */
export const salesOrderStatusUpdateSchema = z.object({
  status: salesOrderStatusSchema,
  note: textInput(1000).default(''),
});
export type SalesOrderStatusUpdate = z.input<typeof salesOrderStatusUpdateSchema>;

/** One status change of a sales order (written by the server). */
export const salesOrderStatusHistorySchema = z.object({
  id: idSchema,
  sales_order: idSchema,
  from_status: salesOrderStatusSchema.nullable(),
  to_status: salesOrderStatusSchema,
  changed_by: idSchema.nullable(),
  changed_at: isoDateTimeSchema,
  note: z.string(),
  ...trackedFields,
});
export type SalesOrderStatusHistory = z.infer<typeof salesOrderStatusHistorySchema>;

/* ---------------------------------------------------------------------------------------------
 * Sales orders API (issue 18 §4): the status table, refusals, notices and the shapes the calls answer.
 * ------------------------------------------------------------------------------------------- */

/**
 * The status steps a sales order may take (business-areas.md §4 leaves them unsaid; docs/decisions.md
 * S1): as ERPNext and Odoo users expect, a draft or sent order is confirmed or called off, a sent
 * one may go back to draft for changes, a confirmed one goes to production or is called off, and
 * production ends in completion. Completed and cancelled are final.
 */
export const SALES_ORDER_TRANSITIONS: Readonly<Record<SalesOrderStatus, readonly SalesOrderStatus[]>> = {
  draft: ['sent', 'accepted', 'cancelled'],
  sent: ['accepted', 'cancelled', 'draft'],
  accepted: ['in_production', 'cancelled'],
  in_production: ['completed'],
  completed: [],
  cancelled: [],
};

/** Statuses whose order and lines take no more changes. */
export const SALES_ORDER_FINAL_STATUSES: readonly SalesOrderStatus[] = ['completed', 'cancelled'];

const statusWords = (status: SalesOrderStatus) => SALES_ORDER_STATUSES.find((s) => s.value === status)!.label.toLowerCase();
const article = (word: string) => (/^[aeiou]/.test(word) ? 'An' : 'A');

/** Why an order in `from` may not move to `to` ("A completed order cannot move to draft."), or null. */
export function salesOrderStatusRefusal(from: SalesOrderStatus, to: SalesOrderStatus): string | null {
  if (from === to) return `The order is already ${statusWords(to)}.`;
  if (SALES_ORDER_TRANSITIONS[from].includes(to)) return null;
  const words = statusWords(from);
  return `${article(words)} ${words} order cannot move to ${statusWords(to)}.`;
}

/** Quotation statuses (domain/quotation.ts) and why each but accepted may not become an order; a deleted quotation is cancelled. */
export const QUOTATION_TO_ORDER_REFUSALS = {
  draft: 'A draft quotation cannot become a sales order: send it and record that the customer accepted it first.',
  sent: 'The customer has not accepted this quotation yet: record its acceptance first.',
  rejected: 'A rejected quotation cannot become a sales order.',
  cancelled: 'A cancelled quotation cannot become a sales order.',
} as const;

/** Server refusals of the sales order calls (each a 400 naming its field, or non_field_errors). */
export const SALES_ORDER_REFUSALS = {
  finishedOrder: (status: SalesOrderStatus) => `The items of a ${statusWords(status)} order cannot be changed.`,
  finishedOrderEdit: (status: SalesOrderStatus) => `A ${statusWords(status)} order cannot be changed.`,
  quotationHasOrder: (order: number) => `This quotation already has sales order ${order}.`,
  quotationWithoutItems: 'This quotation has no items to order.',
  branchOfOtherCustomer: 'This branch belongs to another customer.',
  quotationOfOtherCustomer: "This quotation is another customer's.",
} as const;

/**
 * What the sales order screens tell the user (business-areas.md §8), as data: failures as
 * negative notices, successes as positive ones.
 */
export const SALES_ORDER_NOTICES = {
  created: 'Sales order created successfully',
  createFailed: 'Failed to create sales order',
  createdFromQuotation: 'Sales order created from quotation successfully',
  createFromQuotationFailed: 'Failed to create sales order from quotation',
  updated: 'Sales order updated successfully',
  updateFailed: 'Failed to update sales order',
  statusUpdated: 'Sales order status updated successfully',
  statusUpdateFailed: 'Failed to update sales order status',
  deleted: 'Sales order deleted successfully',
  deleteFailed: 'Failed to delete sales order',
  itemAdded: 'Item added successfully',
  itemAddFailed: 'Failed to add item',
  itemUpdated: 'Item updated successfully',
  itemUpdateFailed: 'Failed to update item',
  itemDeleted: 'Item deleted successfully',
  itemDeleteFailed: 'Failed to delete item',
} as const;

/** POST sales-orders/create-from-quotation/: the quotation gives customer, branch and lines; the rest is the order's own. */
export const salesOrderFromQuotationSchema = z
  .object({
    quotation: refSchema,
    customer_po_number: textInput(100).default(''),
    order_date: isoDateSchema,
    expected_delivery_date: isoDateSchema.nullable().default(null),
    advance_pending: z.boolean().default(false),
    advance_amount: decimalInput({ min: 0 }).default('0'),
    remarks: textInput(2000).default(''),
  })
  .superRefine((order, ctx) => {
    if (!isValidDateRange(order.order_date, order.expected_delivery_date)) {
      ctx.addIssue({ code: 'custom', path: ['expected_delivery_date'], message: SALES_ORDER_MESSAGES.deliveryBeforeOrder });
    }
  });
export type SalesOrderFromQuotation = z.input<typeof salesOrderFromQuotationSchema>;

/** A row of the sales order lists and the export: the order with the names a screen shows and whether it is late. */
export const salesOrderListRowSchema = salesOrderSchema.extend({
  customer_name: z.string(),
  created_by_name: z.string(),
  is_overdue: z.boolean(),
  is_advance_pending: z.boolean(),
});
export type SalesOrderListRow = z.infer<typeof salesOrderListRowSchema>;

/** GET sales-orders/{id}/: the order, its live items and its status history, newest first. */
export const salesOrderViewSchema = salesOrderListRowSchema.extend({
  items: z.array(salesOrderItemSchema),
  status_history: z.array(salesOrderStatusHistorySchema),
});
export type SalesOrderView = z.infer<typeof salesOrderViewSchema>;

/** GET sales-orders/dashboard_stats/: every figure over live orders, money exact. */
export const salesOrderDashboardSchema = z.object({
  total_orders: z.number().int(),
  by_status: z.array(z.object({ status: salesOrderStatusSchema, label: z.string(), color: z.string(), count: z.number().int(), value: decimalSchema })),
  /** Orders that are not cancelled. */
  total_value: decimalSchema,
  overdue_count: z.number().int(),
  pending_advance_count: z.number().int(),
  pending_advance_value: decimalSchema,
  this_month_value: decimalSchema,
  last_month_value: decimalSchema,
  /** this month − last month. */
  month_change: decimalSchema,
});
export type SalesOrderDashboard = z.infer<typeof salesOrderDashboardSchema>;

/** GET sales-orders/{id}/job-order-draft/: what the job order create screen prefills from an order. */
export const salesOrderJobOrderDraftSchema = z.object({
  customer: idSchema,
  branch: idSchema.nullable(),
  sales_executive: idSchema.nullable(),
  purchase_order: z.string(),
  purchase_order_date: isoDateSchema,
  quotation: idSchema.nullable(),
  sales_order: idSchema,
  advance_amount: decimalSchema,
  job_order_items: z.array(
    z.object({ product: z.string(), description: z.string(), quantity: decimalSchema, unit_price: decimalSchema, sales_order_item: idSchema }),
  ),
});
export type SalesOrderJobOrderDraft = z.infer<typeof salesOrderJobOrderDraftSchema>;

/** The columns of export/?format=csv, in order (header, then the row's field). */
export const SALES_ORDER_EXPORT_COLUMNS = [
  ['Order No.', 'id'],
  ['Order date', 'order_date'],
  ['Customer', 'customer_name'],
  ['Customer PO', 'customer_po_number'],
  ['Status', 'status'],
  ['Expected delivery', 'expected_delivery_date'],
  ['Order value', 'total_order_value'],
  ['Advance pending', 'advance_pending'],
  ['Advance amount', 'advance_amount'],
  ['Overdue', 'is_overdue'],
  ['Created by', 'created_by_name'],
  ['Remarks', 'remarks'],
] as const satisfies readonly (readonly [string, keyof SalesOrderListRow])[];
