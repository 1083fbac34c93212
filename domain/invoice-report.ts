import { z } from 'zod';
import { decimalSchema, idSchema, isoDateSchema, percentInput } from './entity';
import { AGING_BUCKETS } from './invoice';
import { idParam, monthParam, periodInOrder } from './query-params';
import { RECEIPT_MODES, receiptModeSchema } from './receipt';
import { reportPageParams } from './report';

/**
 * The invoice reports of the reports area (issue 22 §1, decisions 370–375): revenue, payments,
 * tax, customer billing and the invoices behind an aging bucket. Each answers its rows and a
 * totals row that is the sum of those rows, worked out on the server from the same rows.
 */

/** A report's period (the invoice date, or the receipt date for payments); the end may not come before the start. */
const period = { date_from: isoDateSchema.optional(), date_to: isoDateSchema.optional() };

export const REVENUE_GROUPINGS = [
  { value: 'month', label: 'By month' },
  { value: 'customer', label: 'By customer' },
  { value: 'category', label: 'By product category (HSN)' },
] as const;
export const revenueQuerySchema = z
  .object({ ...period, by: z.enum(['month', 'customer', 'category']).default('month') })
  .refine(...periodInOrder('date_from', 'date_to'));

export const TAX_SECTIONS = [
  { value: 'rate', label: 'By GST rate' },
  { value: 'b2b', label: 'B2B invoices' },
  { value: 'b2c', label: 'B2C summary' },
  { value: 'hsn', label: 'HSN summary' },
] as const;
export const taxQuerySchema = z
  .object({ ...period, section: z.enum(['rate', 'b2b', 'b2c', 'hsn']).default('rate') })
  .refine(...periodInOrder('date_from', 'date_to'));

export const invoicePeriodQuerySchema = z.object(period).refine(...periodInOrder('date_from', 'date_to'));

export const agingInvoicesQuerySchema = z.object({
  bucket: z.enum(AGING_BUCKETS.map((b) => b.key) as [string, ...string[]], { error: 'Not a valid aging bucket.' }),
  customer: idParam.optional(),
  ...reportPageParams,
});

/**
 * revenue_invoices/: the invoices behind a figure of the revenue, customer billing or tax report
 * (decisions 393, 395): those of the period, narrowed to a month, a customer, a place of supply,
 * customers with or without a GSTIN, and the lines of an HSN code (`-` for lines without one, as
 * the reports' row keys), a unit and/or a GST rate; narrowed by lines, each invoice counts only
 * those lines.
 */
export const revenueInvoicesQuerySchema = z
  .object({
    ...period,
    month: monthParam.optional(),
    customer: idParam.optional(),
    place: z.string().max(100).optional(),
    gstin: z.enum(['with', 'without']).optional(),
    hsn: z.string().max(20).optional(),
    unit: z.string().max(20).optional(),
    rate: percentInput().optional(),
    ...reportPageParams,
  })
  .refine(...periodInOrder('date_from', 'date_to'));

/** The filters of revenue_invoices/ that pick lines rather than whole invoices. */
export const LINE_FILTERS = ['hsn', 'unit', 'rate'] as const;

/** payment_receipts/: the receipts behind a figure of the payments (or customer billing) report: the period's, narrowed to a month, a mode and/or a customer. */
export const paymentReceiptsQuerySchema = z
  .object({ ...period, month: monthParam.optional(), mode: receiptModeSchema.optional(), customer: idParam.optional(), ...reportPageParams })
  .refine(...periodInOrder('date_from', 'date_to'));

const taxFigures = { taxable_amount: decimalSchema, cgst_amount: decimalSchema, sgst_amount: decimalSchema, igst_amount: decimalSchema, tax_amount: decimalSchema };

/** revenue/: a row per month (YYYY-MM), customer or HSN code; issued invoices only (not drafts, cancelled or void). */
export const revenueRowSchema = z.object({ key: z.string(), label: z.string(), invoices: z.number().int(), ...taxFigures, total_amount: decimalSchema });

/** payments/: a row per month of receipt dates, the amount collected in each mode and in all. */
const modeFigures = Object.fromEntries(RECEIPT_MODES.map((m) => [m.value, decimalSchema])) as Record<(typeof RECEIPT_MODES)[number]['value'], typeof decimalSchema>;
export const paymentsRowSchema = z.object({ key: z.string(), label: z.string(), receipts: z.number().int(), ...modeFigures, total: decimalSchema });

/**
 * tax/: the GST summary accountants file from, one section at a time: by rate; B2B (an invoice
 * per row, the customer's GSTIN); B2C (no GSTIN: by place of supply and rate); HSN (by code and unit).
 */
export const taxRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  tax_rate: decimalSchema.nullable(),
  invoice: idSchema.nullable(),
  invoice_date: isoDateSchema.nullable(),
  customer_name: z.string().nullable(),
  customer_gstin: z.string().nullable(),
  place_of_supply: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: decimalSchema.nullable(),
  ...taxFigures,
  total_amount: decimalSchema,
});

/** customer_billing/: per customer, what was invoiced and collected in the period and what they owe now. */
export const customerBillingRowSchema = z.object({ key: z.string(), label: z.string(), customer: idSchema, invoices: z.number().int(), invoiced: decimalSchema, collected: decimalSchema, outstanding: decimalSchema });

/** aging_invoices/: the owed invoices behind one aging bucket (of one customer), the oldest due first. */
export const agingInvoiceRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  invoice: idSchema,
  customer: idSchema,
  customer_name: z.string(),
  invoice_date: isoDateSchema,
  due_date: isoDateSchema,
  days_past_due: z.number().int(),
  outstanding_amount: decimalSchema,
});

/** revenue_invoices/: an invoice behind a revenue figure, with its figures (its lines' of the HSN code asked for). */
export const revenueInvoiceRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  invoice: idSchema,
  invoice_date: isoDateSchema,
  customer: idSchema,
  customer_name: z.string(),
  ...taxFigures,
  total_amount: decimalSchema,
});

/** payment_receipts/: a receipt behind a payments figure. */
export const paymentReceiptRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  receipt: idSchema,
  receipt_date: isoDateSchema,
  customer: idSchema,
  customer_name: z.string(),
  mode: receiptModeSchema,
  reference: z.string(),
  amount: decimalSchema,
});

export type RevenueInvoiceRow = z.infer<typeof revenueInvoiceRowSchema>;
export type PaymentReceiptRow = z.infer<typeof paymentReceiptRowSchema>;
export type RevenueRow = z.infer<typeof revenueRowSchema>;
export type PaymentsRow = z.infer<typeof paymentsRowSchema>;
export type TaxRow = z.infer<typeof taxRowSchema>;
export type CustomerBillingRow = z.infer<typeof customerBillingRowSchema>;
export type AgingInvoiceRow = z.infer<typeof agingInvoiceRowSchema>;
