import { z } from 'zod';
import { decimalSchema, idSchema, isoDateSchema, refSchema, requiredText, textInput } from './entity';
import { indianStateSchema } from './india';
import { invoiceCreateSchema, invoiceItemSchema, invoiceListRowSchema, invoiceStatusSchema, invoiceTotalsSchema, type InvoiceListRow } from './invoice';
import { valuesOf } from './options';
import type { Permission } from './permissions';
import { pageParams } from './query-params';

/**
 * Invoices handled many at a time, and the invoice calls that read without saving
 * (business-areas.md §5, §7 "Invoices", §8; issue 20 §1): bulk_operation/, bulk_approve/,
 * bulk_send/, bulk_cancel/, export/, bulk_generate_pdf/, search/, validate/, preview/.
 */

/** The spec's words (business-areas.md §5, §8). */
export const BULK_INVOICE_MESSAGES = { noneSelected: 'No invoices selected for bulk operation' } as const;

/** Cancelling or voiding an invoice, one or many, needs a reason. */
export const INVOICE_REASON_REQUIRED = 'A reason is required to cancel or void an invoice.';

/** A bulk result as the spec words it: '{n} successful, {m} failed'. */
export const bulkResultMessage = (successful: number, failed: number) => `${successful} successful, ${failed} failed`;

/** At most this many invoices in one bulk call (each is its own transaction, a send renders a PDF): decision 323. */
export const MAX_BULK_INVOICES = 100;
/** At most this many invoices in one PDF download (each is rendered): decision 324. */
export const MAX_BULK_PDF_INVOICES = 50;

/**
 * What bulk_operation/ may do to each invoice, the permission it needs (as the single call's) and
 * whether a reason is required: the single calls' steps, nothing more.
 */
export const BULK_INVOICE_OPERATIONS = [
  { value: 'approve', label: 'Approve', permission: 'invoices.approve', needsReason: false },
  { value: 'send', label: 'Send', permission: 'invoices.write', needsReason: false },
  { value: 'send_reminder', label: 'Send reminder', permission: 'invoices.write', needsReason: false },
  { value: 'cancel', label: 'Cancel', permission: 'invoices.write', needsReason: true },
  { value: 'void', label: 'Void', permission: 'invoices.write', needsReason: true },
  { value: 'delete', label: 'Delete', permission: 'invoices.write', needsReason: false },
] as const satisfies readonly { value: string; label: string; permission: Permission; needsReason: boolean }[];
export const bulkInvoiceOperationSchema = z.enum(valuesOf(BULK_INVOICE_OPERATIONS));
export type BulkInvoiceOperation = z.infer<typeof bulkInvoiceOperationSchema>;

export const bulkOperationOf = (operation: BulkInvoiceOperation) => BULK_INVOICE_OPERATIONS.find((o) => o.value === operation)!;

/** The chosen invoices: at least one (else the spec's warning), each once, in the order given. */
const invoiceIdsSchema = (max: number) =>
  z
    .array(refSchema)
    .max(max)
    .optional()
    .refine((ids) => !!ids?.length, BULK_INVOICE_MESSAGES.noneSelected)
    .transform((ids) => [...new Set(ids)]);

const bulkFields = { invoice_ids: invoiceIdsSchema(MAX_BULK_INVOICES), reason: textInput(1000).default(''), notes: textInput(2000).default('') };

/** POST invoices/bulk_approve/ and bulk_send/: the invoices, and the reason and notes their status history records. */
export const bulkInvoicesSchema = z.object(bulkFields);
export type BulkInvoices = z.input<typeof bulkInvoicesSchema>;
/** POST invoices/bulk_cancel/: a reason is required, as for one invoice. */
export const bulkCancelSchema = z.object({ ...bulkFields, reason: requiredText(1000) });
export type BulkCancel = z.input<typeof bulkCancelSchema>;
/** POST invoices/bulk_operation/: the operation by name; cancel and void need a reason. */
export const bulkOperationSchema = z.object({ operation: bulkInvoiceOperationSchema, ...bulkFields }).superRefine((input, ctx) => {
  if (bulkOperationOf(input.operation).needsReason && !input.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: INVOICE_REASON_REQUIRED });
});
export type BulkOperation = z.input<typeof bulkOperationSchema>;

/**
 * The answer of every bulk call: the invoices done (as they are now) and those refused, each with
 * the reason and the error body its single call would have answered (400 field errors, or detail).
 */
export const bulkInvoiceResultSchema = z.object({
  operation: bulkInvoiceOperationSchema,
  successful: z.array(z.object({ id: idSchema, invoice_number: z.string().nullable(), status: invoiceStatusSchema })),
  failed: z.array(
    z.object({
      id: z.number().int(),
      status_code: z.number().int(),
      reason: z.string(),
      errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])),
    }),
  ),
  message: z.string(),
});
export type BulkInvoiceResult = z.infer<typeof bulkInvoiceResultSchema>;

/** POST invoices/bulk_generate_pdf/: the invoices' PDFs merged into one, with generate_pdf/'s print choices. */
export const bulkPdfSchema = z.object({
  invoice_ids: invoiceIdsSchema(MAX_BULK_PDF_INVOICES),
  template: refSchema.optional(),
  include_payments: z.boolean().default(false),
});
export type BulkPdf = z.input<typeof bulkPdfSchema>;
export const BULK_PDF_FILE_NAME = 'invoices.pdf';

/** export/?format=: the file the filtered list is written to. */
export const INVOICE_EXPORT_FORMATS = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (.xlsx)' },
] as const;
export const invoiceExportFormatSchema = z.enum(valuesOf(INVOICE_EXPORT_FORMATS));
export type InvoiceExportFormat = z.infer<typeof invoiceExportFormatSchema>;

/** The columns of export/: header, field of the list row, and how a spreadsheet should hold it. */
export const INVOICE_EXPORT_COLUMNS = [
  ['Invoice No.', 'invoice_number', 'text'],
  ['Invoice date', 'invoice_date', 'date'],
  ['Due date', 'due_date', 'date'],
  ['Customer', 'customer_name', 'text'],
  ['Customer GSTIN', 'customer_gstin', 'text'],
  ['Place of supply', 'customer_state', 'text'],
  ['Status', 'status', 'text'],
  ['Taxable value', 'taxable_amount', 'money'],
  ['CGST', 'cgst_amount', 'money'],
  ['SGST', 'sgst_amount', 'money'],
  ['IGST', 'igst_amount', 'money'],
  ['Round off', 'round_off', 'money'],
  ['Total', 'total_amount', 'money'],
  ['Outstanding', 'outstanding_amount', 'money'],
  ['Days overdue', 'days_overdue', 'number'],
  ['Created by', 'created_by_name', 'text'],
] as const satisfies readonly (readonly [string, keyof InvoiceListRow, 'text' | 'date' | 'money' | 'number'])[];

/** GET invoices/search/?q=: the invoice number, the customer's name or GSTIN, or a reference (decision 325). */
export const invoiceSearchQuerySchema = z.object({ q: requiredText(200), ...pageParams }).strict();
export const invoiceSearchPageSchema = z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(invoiceListRowSchema) });

/** POST invoices/validate/ and preview/ take the create's body, checked by the create's schema. */
export const invoiceCheckSchema = invoiceCreateSchema;

/** The figures of one GST rate across the lines: what the invoice's tax summary shows per rate. */
export const taxSplitRowSchema = z.object({
  tax_rate: decimalSchema,
  taxable_amount: decimalSchema,
  cgst_amount: decimalSchema,
  sgst_amount: decimalSchema,
  igst_amount: decimalSchema,
  tax_amount: decimalSchema,
});

/** validate/: the body would be saved; the totals it would get. */
export const invoiceValidationSchema = z.object({ valid: z.literal(true), totals: invoiceTotalsSchema });
export type InvoiceValidation = z.infer<typeof invoiceValidationSchema>;

const previewLineSchema = invoiceItemSchema.pick({
  description: true,
  hsn_code: true,
  unit: true,
  quantity: true,
  unit_price: true,
  discount: true,
  tax_rate: true,
  amount: true,
  taxable_amount: true,
  cgst_amount: true,
  sgst_amount: true,
  igst_amount: true,
  line_total: true,
});

/** preview/: the invoice as it would be issued, unsaved: parties, computed lines, the split by GST rate and the totals. */
export const invoicePreviewSchema = invoiceTotalsSchema.omit({ lines: true }).extend({
  customer: idSchema,
  customer_name: z.string(),
  invoice_date: isoDateSchema,
  due_date: isoDateSchema,
  customer_state: indianStateSchema,
  company_state: indianStateSchema,
  customer_gstin: z.string(),
  company_gstin: z.string(),
  items: z.array(previewLineSchema),
  tax_split: z.array(taxSplitRowSchema),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;
