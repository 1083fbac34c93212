import { z } from 'zod';
import { decimalSchema, idSchema, isoDateSchema } from './entity';
import { periodInOrder } from './query-params';

/**
 * The sales order reports of the reports area (issue 22 §1, decision 377): by status, by
 * customer, by month (analysis), and the orders awaiting their advance and those overdue. Each
 * answers its rows and a totals row that is their sum (server/lib/report.ts); the period is the
 * order date.
 */
export const salesOrderReportQuerySchema = z.object({ date_from: isoDateSchema.optional(), date_to: isoDateSchema.optional() }).refine(...periodInOrder('date_from', 'date_to'));

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

export type SalesOrderGroupRow = z.infer<typeof salesOrderGroupRowSchema>;
export type SalesOrderReportOrder = z.infer<typeof salesOrderReportOrderSchema>;
