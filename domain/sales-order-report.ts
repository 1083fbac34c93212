import { z } from 'zod';
import { decimalSchema, idSchema, isoDateSchema } from './entity';
import { idParam, monthParam, periodInOrder } from './query-params';
import { reportPageParams } from './report';
import { salesOrderStatusSchema } from './sales-order';

/**
 * The sales order reports of the reports area (issue 22 §1, decision 377): by status, by
 * customer, by month (analysis), and the orders awaiting their advance and those overdue. Each
 * answers its rows and a totals row that is their sum (server/lib/report.ts); the period is the
 * order date.
 */
export const salesOrderReportQuerySchema = z.object({ date_from: isoDateSchema.optional(), date_to: isoDateSchema.optional() }).refine(...periodInOrder('date_from', 'date_to'));

/** pending_advance/, overdue/: the period, and a page of the orders when one is asked for (decision 403). */
export const salesOrderListQuerySchema = z.object({ date_from: isoDateSchema.optional(), date_to: isoDateSchema.optional(), ...reportPageParams }).refine(...periodInOrder('date_from', 'date_to'));

/**
 * orders/: the orders behind a figure of status/, customers/ or analysis/ (decision 394): those of
 * the period with the status given, else the booked ones, narrowed to a customer and/or a month.
 */
export const salesOrderDrillQuerySchema = z
  .object({ date_from: isoDateSchema.optional(), date_to: isoDateSchema.optional(), status: salesOrderStatusSchema.optional(), customer: idParam.optional(), month: monthParam.optional(), ...reportPageParams })
  .refine(...periodInOrder('date_from', 'date_to'));

/** status/, customers/, analysis/: a row per status, customer or month (YYYY-MM). */
export const salesOrderGroupRowSchema = z.object({ key: z.string(), label: z.string(), customer: idSchema.nullable(), orders: z.number().int(), total_value: decimalSchema });

/** pending_advance/, overdue/: a row per order. */
export const salesOrderReportOrderSchema = z.object({
  key: z.string(),
  label: z.string(),
  sales_order: idSchema,
  customer_name: z.string(),
  status: z.string(),
  order_date: isoDateSchema,
  expected_delivery_date: isoDateSchema.nullable(),
  days_overdue: z.number().int(),
  total_order_value: decimalSchema,
  advance_amount: decimalSchema,
});

/**
 * profitability/: a row per order booked in the period (decision 392): its value before tax, what
 * its issued invoices (and those of its job orders) bill before tax, what its job orders cost
 * (material consumed and approved expenses, as the job order profitability counts them), and the
 * margin on the order's value.
 */
export const salesOrderProfitabilityRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  sales_order: idSchema,
  customer: idSchema,
  customer_name: z.string(),
  order_date: isoDateSchema,
  status: z.string(),
  order_value: decimalSchema,
  invoiced: decimalSchema,
  material_cost: decimalSchema,
  expense_cost: decimalSchema,
  total_cost: decimalSchema,
  margin: decimalSchema,
  margin_percent: decimalSchema.nullable(),
});

export type SalesOrderGroupRow = z.infer<typeof salesOrderGroupRowSchema>;
export type SalesOrderReportOrder = z.infer<typeof salesOrderReportOrderSchema>;
export type SalesOrderProfitabilityRow = z.infer<typeof salesOrderProfitabilityRowSchema>;
