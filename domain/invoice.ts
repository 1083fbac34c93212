import { z } from 'zod';
import { CONTACT_MESSAGES } from './customer';
import { sign } from './decimal';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, percentInput, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { indianStateSchema } from './india';
import { valuesOf } from './options';
import { isValidEmail } from './rules/contact';
import { isValidDateRange, toIsoDate } from './rules/dates';
import { whenFieldsValid } from './stock';
import { gstNumberInput } from './customer';

/**
 * Invoice statuses (not listed by the spec; business-areas.md §4 names the actions approve,
 * send, cancel, void, mark paid). Overdue is not a status: it is computed from the due date and
 * the outstanding amount (isInvoiceOverdue), so it can never go stale.
 */
export const INVOICE_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'approved', label: 'Approved' },
  { value: 'sent', label: 'Sent' },
  { value: 'partially_paid', label: 'Partially Paid' },
  { value: 'paid', label: 'Paid' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'void', label: 'Void' },
] as const;
export const invoiceStatusSchema = z.enum(valuesOf(INVOICE_STATUSES));
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Statuses in which nothing more is owed, so the invoice cannot be overdue. */
export const INVOICE_SETTLED_STATUSES: readonly InvoiceStatus[] = ['paid', 'cancelled', 'void'];

/** GST components: CGST + SGST within the company's state, IGST across states. */
export const TAX_TYPES = [
  { value: 'CGST', label: 'CGST' },
  { value: 'SGST', label: 'SGST' },
  { value: 'IGST', label: 'IGST' },
] as const;
export const taxTypeSchema = z.enum(valuesOf(TAX_TYPES));
export type TaxType = z.infer<typeof taxTypeSchema>;

/** How often a recurring invoice is raised. */
export const RECURRING_FREQUENCIES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'half_yearly', label: 'Half-Yearly' },
  { value: 'yearly', label: 'Yearly' },
] as const;
export const recurringFrequencySchema = z.enum(valuesOf(RECURRING_FREQUENCIES));
export type RecurringFrequency = z.infer<typeof recurringFrequencySchema>;

export const INVOICE_MESSAGES = {
  dueDate: 'The due date cannot be before the invoice date.',
  endDate: 'The end date cannot be before the next date.',
  hsnCode: 'Enter a valid HSN/SAC code (4 to 8 digits).',
} as const;

/** A money amount in a request that must be more than zero. */
const positiveMoneyInput = () => decimalInput({ min: 0 }).refine((v) => sign(v) > 0, 'Ensure this value is greater than 0.');

const dayNumber = (isoDate: string) => Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / 86_400_000;

type OverdueFields = Pick<Invoice, 'due_date' | 'outstanding_amount' | 'status'>;

/** Overdue: the due date is before today, something is still outstanding, and it is not paid, cancelled or void. */
export function isInvoiceOverdue(invoice: OverdueFields, today: string | Date): boolean {
  return invoice.due_date < toIsoDate(today) && sign(invoice.outstanding_amount) > 0 && !INVOICE_SETTLED_STATUSES.includes(invoice.status);
}

/** Whole days since the due date for an overdue invoice; 0 otherwise. */
export function daysOverdue(invoice: OverdueFields, today: string | Date): number {
  return isInvoiceOverdue(invoice, today) ? dayNumber(toIsoDate(today)) - dayNumber(invoice.due_date) : 0;
}

/** The invoice number for a sequence number: prefix plus the number zero-padded (INV-00042). */
export function formatInvoiceNumber(settings: Pick<InvoiceSettings, 'prefix' | 'number_padding'>, sequence: number): string {
  return `${settings.prefix}${String(sequence).padStart(settings.number_padding, '0')}`;
}

/** A line of an invoice: `amount` is quantity × unit price before tax; tax is at `tax_rate` percent. */
export const invoiceItemSchema = z.object({
  id: idSchema,
  invoice: idSchema,
  description: z.string(),
  hsn_code: z.string(),
  quantity: decimalSchema,
  unit_price: decimalSchema,
  tax_rate: decimalSchema,
  amount: decimalSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

/** An invoice line as sent inside its invoice; the server computes the amount. */
export const invoiceItemCreateSchema = z.object({
  description: requiredText(1000),
  hsn_code: textInput(8).regex(/^(\d{4,8})?$/, INVOICE_MESSAGES.hsnCode).default(''),
  quantity: positiveQuantityInput(),
  unit_price: decimalInput({ min: 0 }),
  tax_rate: percentInput().default('0'),
});
export type InvoiceItemCreate = z.input<typeof invoiceItemCreateSchema>;
/** POST invoices/items/: a line added to an existing invoice. */
export const invoiceItemAddSchema = invoiceItemCreateSchema.extend({ invoice: refSchema });
export type InvoiceItemAdd = z.input<typeof invoiceItemAddSchema>;
/** PATCH invoices/items/{id}/ */
export const invoiceItemUpdateSchema = updateSchemaOf(invoiceItemCreateSchema);
export type InvoiceItemUpdate = z.input<typeof invoiceItemUpdateSchema>;

/**
 * Invoice (business-areas.md §3). customer_name, created_by_name, is_overdue and days_overdue
 * are added to it by the API from the customer, the creator and isInvoiceOverdue.
 */
export const invoiceSchema = z.object({
  id: idSchema,
  invoice_number: z.string(),
  invoice_date: isoDateSchema,
  due_date: isoDateSchema,
  status: invoiceStatusSchema,
  customer: idSchema,
  sales_order: idSchema.nullable(),
  job_order: idSchema.nullable(),
  subtotal: decimalSchema,
  tax_amount: decimalSchema,
  total_amount: decimalSchema,
  outstanding_amount: decimalSchema,
  customer_state: indianStateSchema,
  company_state: indianStateSchema,
  notes: z.string(),
  terms: z.string(),
  approved_by: idSchema.nullable(),
  approved_at: isoDateTimeSchema.nullable(),
  sent_at: isoDateTimeSchema.nullable(),
  paid_at: isoDateTimeSchema.nullable(),
  cancelled_at: isoDateTimeSchema.nullable(),
  cancellation_reason: z.string().nullable(),
  voided_at: isoDateTimeSchema.nullable(),
  void_reason: z.string().nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * POST invoices/: customer, invoice date, due date and at least one item (business-areas.md §5).
 * The number comes from the settings; the states default to the customer's and the company's.
 */
export const invoiceCreateSchema = z
  .object({
    customer: refSchema,
    invoice_date: isoDateSchema,
    due_date: isoDateSchema,
    sales_order: refSchema.nullable().optional(),
    job_order: refSchema.nullable().optional(),
    customer_state: indianStateSchema.optional(),
    company_state: indianStateSchema.optional(),
    notes: textInput(2000).default(''),
    terms: textInput(4000).default(''),
    items: z.array(invoiceItemCreateSchema).min(1).max(500),
  })
  .superRefine((invoice, ctx) => {
    if (!isValidDateRange(invoice.invoice_date, invoice.due_date)) ctx.addIssue({ code: 'custom', path: ['due_date'], message: INVOICE_MESSAGES.dueDate });
  }, whenFieldsValid);
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;
/** PATCH invoices/{id}/ */
export const invoiceUpdateSchema = updateSchemaOf(invoiceCreateSchema);
export type InvoiceUpdate = z.input<typeof invoiceUpdateSchema>;

/** POST invoices/{id}/update_status/ */
export const invoiceStatusUpdateSchema = z.object({
  status: invoiceStatusSchema,
  reason: textInput(1000).default(''),
  notes: textInput(2000).default(''),
});
export type InvoiceStatusUpdate = z.input<typeof invoiceStatusUpdateSchema>;

/** POST invoices/{id}/cancel/ and {id}/void/: a reason is required. */
export const invoiceReasonSchema = z.object({ reason: requiredText(1000), notes: textInput(2000).default('') });
export type InvoiceReason = z.input<typeof invoiceReasonSchema>;

/** POST invoices/{id}/send/: the addresses to send to (none: the customer's). */
export const invoiceSendSchema = z.object({
  email_addresses: z.array(textInput(254).refine(isValidEmail, CONTACT_MESSAGES.email)).max(20).default([]),
  notes: textInput(2000).default(''),
});
export type InvoiceSend = z.input<typeof invoiceSendSchema>;

/** A GST rate of one component, from its effective date while active. */
export const taxConfigurationSchema = z.object({
  id: idSchema,
  name: z.string(),
  tax_type: taxTypeSchema,
  rate: decimalSchema,
  is_active: z.boolean(),
  effective_from: isoDateSchema,
  ...trackedFields,
  ...softDeleteFields,
});
export type TaxConfiguration = z.infer<typeof taxConfigurationSchema>;
/** POST invoices/tax-configurations/ */
export const taxConfigurationCreateSchema = z.object({
  name: requiredText(100),
  tax_type: taxTypeSchema,
  rate: percentInput(),
  is_active: z.boolean().default(true),
  effective_from: isoDateSchema,
});
export type TaxConfigurationCreate = z.input<typeof taxConfigurationCreateSchema>;
export const taxConfigurationUpdateSchema = updateSchemaOf(taxConfigurationCreateSchema);
export type TaxConfigurationUpdate = z.input<typeof taxConfigurationUpdateSchema>;

/** A layout for the invoice PDF; `content` is the layout's definition. */
export const invoiceTemplateSchema = z.object({
  id: idSchema,
  name: z.string(),
  content: z.record(z.string(), z.unknown()),
  is_default: z.boolean(),
  ...trackedFields,
  ...softDeleteFields,
});
export type InvoiceTemplate = z.infer<typeof invoiceTemplateSchema>;
/** POST invoices/templates/; making one the default unsets the previous default. */
export const invoiceTemplateCreateSchema = z.object({
  name: requiredText(100),
  content: z.record(z.string(), z.unknown()).default({}),
  is_default: z.boolean().default(false),
});
export type InvoiceTemplateCreate = z.input<typeof invoiceTemplateCreateSchema>;
export const invoiceTemplateUpdateSchema = updateSchemaOf(invoiceTemplateCreateSchema);
export type InvoiceTemplateUpdate = z.input<typeof invoiceTemplateUpdateSchema>;

/** The invoicing settings (one row): numbering, default due days and terms, the company's GST details. */
export const invoiceSettingsSchema = z.object({
  id: idSchema,
  prefix: z.string(),
  next_number: z.number().int().positive(),
  number_padding: z.number().int().positive(),
  default_due_days: z.number().int().nonnegative(),
  company_name: z.string(),
  company_address: z.string(),
  company_gst_number: z.string(),
  company_state: indianStateSchema,
  default_terms: z.string(),
  default_notes: z.string(),
  ...trackedFields,
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
/** PUT invoices/settings/: the whole settings row. */
export const invoiceSettingsCreateSchema = z.object({
  prefix: textInput(20).default('INV-'),
  next_number: z.number().int().min(1).default(1),
  number_padding: z.number().int().min(1).max(10).default(5),
  default_due_days: z.number().int().min(0).max(365).default(30),
  company_name: textInput(200).default(''),
  company_address: textInput(1000).default(''),
  company_gst_number: gstNumberInput(),
  company_state: indianStateSchema.default('N/A'),
  default_terms: textInput(4000).default(''),
  default_notes: textInput(2000).default(''),
});
export type InvoiceSettingsCreate = z.input<typeof invoiceSettingsCreateSchema>;
export const invoiceSettingsUpdateSchema = updateSchemaOf(invoiceSettingsCreateSchema);
export type InvoiceSettingsUpdate = z.input<typeof invoiceSettingsUpdateSchema>;

/** A file attached to an invoice; path, name, type and size are set by the server from the upload. */
export const invoiceAttachmentSchema = z.object({
  id: idSchema,
  invoice: idSchema,
  file_path: z.string(),
  original_name: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  description: z.string(),
  ...trackedFields,
  ...softDeleteFields,
});
export type InvoiceAttachment = z.infer<typeof invoiceAttachmentSchema>;
/** The fields of POST invoices/attachments/ besides the file part (multipart: coerce `invoice` first). */
export const invoiceAttachmentCreateSchema = z.object({
  invoice: refSchema,
  description: textInput(500).default(''),
});
export type InvoiceAttachmentCreate = z.input<typeof invoiceAttachmentCreateSchema>;
/** An attachment stays on its invoice; only the description changes. */
export const invoiceAttachmentUpdateSchema = updateSchemaOf(invoiceAttachmentCreateSchema.omit({ invoice: true }));
export type InvoiceAttachmentUpdate = z.input<typeof invoiceAttachmentUpdateSchema>;

/** An instalment of an invoice; marked paid with payment-schedules/{id}/mark_paid/. */
export const paymentScheduleSchema = z.object({
  id: idSchema,
  invoice: idSchema,
  due_date: isoDateSchema,
  amount: decimalSchema,
  is_paid: z.boolean(),
  paid_at: isoDateTimeSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type PaymentSchedule = z.infer<typeof paymentScheduleSchema>;
/** POST invoices/payment-schedules/ */
export const paymentScheduleCreateSchema = z.object({
  invoice: refSchema,
  due_date: isoDateSchema,
  amount: positiveMoneyInput(),
});
export type PaymentScheduleCreate = z.input<typeof paymentScheduleCreateSchema>;
/** An instalment stays on its invoice. */
export const paymentScheduleUpdateSchema = updateSchemaOf(paymentScheduleCreateSchema.omit({ invoice: true }));
export type PaymentScheduleUpdate = z.input<typeof paymentScheduleUpdateSchema>;

/**
 * A status change of an invoice (who, from, to, why). Written by the server with every status
 * change, never by a client, so it has no create or update schema.
 */
export const invoiceStatusHistorySchema = z.object({
  id: idSchema,
  invoice: idSchema,
  from_status: invoiceStatusSchema.nullable(),
  to_status: invoiceStatusSchema,
  changed_by: idSchema.nullable(),
  reason: z.string(),
  notes: z.string(),
  ...trackedFields,
});
export type InvoiceStatusHistory = z.infer<typeof invoiceStatusHistorySchema>;

/** An invoice raised again every period from a template invoice, until the end date or stopped. */
export const recurringInvoiceSchema = z.object({
  id: idSchema,
  template_invoice: idSchema,
  frequency: recurringFrequencySchema,
  next_date: isoDateSchema,
  end_date: isoDateSchema.nullable(),
  is_active: z.boolean(),
  ...trackedFields,
  ...softDeleteFields,
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;
/** POST invoices/{id}/create_recurring/ (the template invoice may come from the path). */
export const recurringInvoiceCreateSchema = z
  .object({
    template_invoice: refSchema,
    frequency: recurringFrequencySchema,
    next_date: isoDateSchema,
    end_date: isoDateSchema.nullable().optional(),
    is_active: z.boolean().default(true),
  })
  .superRefine((recurring, ctx) => {
    if (!isValidDateRange(recurring.next_date, recurring.end_date)) ctx.addIssue({ code: 'custom', path: ['end_date'], message: INVOICE_MESSAGES.endDate });
  }, whenFieldsValid);
export type RecurringInvoiceCreate = z.input<typeof recurringInvoiceCreateSchema>;
export const recurringInvoiceUpdateSchema = updateSchemaOf(recurringInvoiceCreateSchema);
export type RecurringInvoiceUpdate = z.input<typeof recurringInvoiceUpdateSchema>;
