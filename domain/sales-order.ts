import { z } from 'zod';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
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
  quantity: decimalInput({ digits: 14, scale: 3, min: 0.001 }),
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
