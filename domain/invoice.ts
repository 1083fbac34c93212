import { z } from 'zod';
import { CONTACT_MESSAGES } from './customer';
import { compare, formatIndian, sign } from './decimal';
import { decimalInput, decimalSchema, expectedVersionFields, idSchema, isoDateSchema, isoDateTimeSchema, percentInput, positiveQuantityInput, refSchema, requiredText, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';
import { indianStateSchema } from './india';
import { valuesOf } from './options';
import { flagParam, idParam, pageParams, periodInOrder } from './query-params';
import { isValidEmail } from './rules/contact';
import { formatDisplayDate, isValidDateRange, toIsoDate } from './rules/dates';
import { actionRefusal, type ActionTable } from './state-machine';
import { whenFieldsValid } from './stock';
import { lineAmount } from './totals';

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
/** Statuses of an invoice withdrawn: it no longer counts, and its order may be invoiced again. */
export const INVOICE_WITHDRAWN_STATUSES: readonly InvoiceStatus[] = ['cancelled', 'void'];
/** Statuses of an invoice not (or no longer) issued: left out of what was billed. */
export const INVOICE_UNISSUED_STATUSES: readonly InvoiceStatus[] = ['draft', ...INVOICE_WITHDRAWN_STATUSES];

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
  hsnCode: 'Enter a valid HSN/SAC code (4 to 8 digits).',
  discount: 'The discount cannot be more than the line amount.',
} as const;

/** A money amount in a request that must be more than zero. */
const positiveMoneyInput = () => decimalInput({ min: 0 }).refine((v) => sign(v) > 0, 'Ensure this value is greater than 0.');

const dayNumber = (isoDate: string) => Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / 86_400_000;

type OverdueFields = Pick<Invoice, 'due_date' | 'outstanding_amount' | 'status'>;

/** Issued invoices that may still owe something: approved, sent or partially paid (a draft owes nothing yet). */
const OWING_STATUSES: readonly InvoiceStatus[] = ['approved', 'sent', 'partially_paid'];

/** Overdue: an issued invoice past its due date with something still outstanding (a draft is not yet owed). */
export function isInvoiceOverdue(invoice: OverdueFields, today: string | Date): boolean {
  return invoice.due_date < toIsoDate(today) && sign(invoice.outstanding_amount) > 0 && OWING_STATUSES.includes(invoice.status);
}

/** Whole days since the due date for an overdue invoice; 0 otherwise. */
export function daysOverdue(invoice: OverdueFields, today: string | Date): number {
  return isInvoiceOverdue(invoice, today) ? dayNumber(toIsoDate(today)) - dayNumber(invoice.due_date) : 0;
}

/**
 * The financial year (April to March) an invoice date falls in, as GST returns name it:
 * '2026-11-27' and '2027-03-31' are in '2026-27'.
 */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * An invoice number: the prefix, the financial year's two short years and the number within that
 * year zero-padded ('INV-26-27/00042'), at most 16 characters as GST allows (decision 305).
 */
export function formatInvoiceNumber(settings: { prefix: string; number_padding: number }, financialYear: string, sequence: number): string {
  return `${settings.prefix}${financialYear.slice(2)}/${String(sequence).padStart(settings.number_padding, '0')}`;
}

/** What can be done to an invoice; INVOICE_TRANSITIONS lists the statuses each may start from. */
export type InvoiceAction = 'edit' | 'approve' | 'send' | 'cancel' | 'void' | 'receive' | 'delete';

export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceAction, readonly InvoiceStatus[]>> = {
  // An approved invoice is a tax invoice with a number: its lines and amounts are frozen.
  edit: ['draft'],
  approve: ['draft'],
  // Sending again (a lost mail, a reminder) keeps its status.
  send: ['approved', 'sent', 'partially_paid'],
  // Cancelled before the customer has it; once sent it is voided instead. A draft has no number
  // to keep in the register (and a cancelled invoice keeps its number): it is deleted instead.
  cancel: ['approved'],
  void: ['sent'],
  // Receipts are allocated to an issued invoice that still has something outstanding.
  receive: OWING_STATUSES,
  // Only a draft (no number yet) may disappear; an issued invoice stays in the register.
  delete: ['draft'],
};

const INVOICE_ACTIONS: ActionTable<InvoiceAction, InvoiceStatus> = {
  noun: 'invoice',
  statuses: INVOICE_STATUSES,
  transitions: INVOICE_TRANSITIONS,
  words: { edit: 'changed', approve: 'approved', send: 'sent', cancel: 'cancelled', void: 'voided', receive: 'paid against', delete: 'deleted' },
  hints: {
    edit: { approved: 'its lines and amounts are frozen; cancel it and raise a new one', sent: 'its lines and amounts are frozen; void it and raise a new one' },
    approve: { approved: 'it is already approved' },
    send: { draft: 'approve it first' },
    cancel: { draft: 'it has no number yet; delete it instead', sent: 'the customer has it; void it instead', partially_paid: 'payments are recorded against it', paid: 'it is paid' },
    void: { draft: 'delete or cancel it instead', approved: 'it was never sent; cancel it instead', partially_paid: 'remove its payments first', paid: 'remove its payments first' },
    receive: { draft: 'approve it first', paid: 'nothing is outstanding' },
    delete: { approved: 'an issued invoice stays in the register; cancel it instead', sent: 'an issued invoice stays in the register; void it instead' },
  },
};

/** Why `action` may not be done to an invoice in `status` ("A sent invoice cannot be cancelled: the customer has it; void it instead."), or null. */
export const invoiceActionRefusal = (action: InvoiceAction, status: InvoiceStatus): string | null => actionRefusal(INVOICE_ACTIONS, action, status);

/** The status update_status/ may set, and the action each is: paid and partially paid follow receipts, never a request. */
export const INVOICE_STATUS_ACTIONS: Partial<Record<InvoiceStatus, InvoiceAction>> = { approved: 'approve', sent: 'send', cancelled: 'cancel', void: 'void' };

/**
 * What domain/totals.ts computes for a line: `amount` is quantity × unit price, `taxable_amount`
 * that less the discount, and the GST components are on the taxable amount at `tax_rate` percent.
 */
export const lineMoneyFields = {
  amount: decimalSchema,
  taxable_amount: decimalSchema,
  cgst_amount: decimalSchema,
  sgst_amount: decimalSchema,
  igst_amount: decimalSchema,
  line_total: decimalSchema,
};

/** What domain/totals.ts computes for a whole invoice from its lines. */
export const invoiceMoneyFields = {
  subtotal: decimalSchema,
  discount_amount: decimalSchema,
  taxable_amount: decimalSchema,
  cgst_amount: decimalSchema,
  sgst_amount: decimalSchema,
  igst_amount: decimalSchema,
  tax_amount: decimalSchema,
  round_off: decimalSchema,
  total_amount: decimalSchema,
};

/** A line of an invoice, with its computed amounts. */
export const invoiceItemSchema = z.object({
  id: idSchema,
  invoice: idSchema,
  description: z.string(),
  hsn_code: z.string(),
  unit: z.string(),
  quantity: decimalSchema,
  unit_price: decimalSchema,
  discount: decimalSchema,
  tax_rate: decimalSchema,
  ...lineMoneyFields,
  ...trackedFields,
  ...softDeleteFields,
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

/** The units GST invoices may name (the e-invoice's UQC codes most used here). */
export const INVOICE_UNITS = [
  { value: 'NOS', label: 'Nos' },
  { value: 'PCS', label: 'Pcs' },
  { value: 'SET', label: 'Sets' },
  { value: 'SQF', label: 'Sq ft' },
  { value: 'SQM', label: 'Sq m' },
  { value: 'MTR', label: 'Metres' },
  { value: 'KGS', label: 'Kg' },
  { value: 'BOX', label: 'Boxes' },
  { value: 'OTH', label: 'Others' },
] as const;
export const invoiceUnitSchema = z.enum(valuesOf(INVOICE_UNITS));

const invoiceItemFields = z.object({
  description: requiredText(1000),
  hsn_code: textInput(8).regex(/^(\d{4,8})?$/, INVOICE_MESSAGES.hsnCode).default(''),
  unit: invoiceUnitSchema.default('NOS'),
  quantity: positiveQuantityInput(),
  unit_price: decimalInput({ min: 0 }),
  discount: decimalInput({ min: 0 }).default('0'),
  tax_rate: percentInput().default('0'),
});

/** The discount is money off the line: never more than quantity × unit price. */
function checkDiscount(item: { quantity?: string; unit_price?: string; discount?: string }, ctx: z.RefinementCtx): void {
  if (item.quantity === undefined || item.unit_price === undefined || item.discount === undefined) return;
  if (compare(item.discount, lineAmount(item.quantity, item.unit_price)) > 0) ctx.addIssue({ code: 'custom', path: ['discount'], message: INVOICE_MESSAGES.discount });
}

/** An invoice line as sent inside its invoice; the server computes its amounts. */
export const invoiceItemCreateSchema = invoiceItemFields.superRefine(checkDiscount, whenFieldsValid);
export type InvoiceItemCreate = z.input<typeof invoiceItemCreateSchema>;
/** POST invoices/items/: a line added to an existing invoice. */
export const invoiceItemAddSchema = invoiceItemFields.extend({ invoice: refSchema }).superRefine(checkDiscount, whenFieldsValid);
export type InvoiceItemAdd = z.input<typeof invoiceItemAddSchema>;
/** PATCH invoices/items/{id}/ */
export const invoiceItemUpdateSchema = updateSchemaOf(invoiceItemFields);
export type InvoiceItemUpdate = z.input<typeof invoiceItemUpdateSchema>;

/**
 * Invoice (business-areas.md §3). customer_name, created_by_name, is_overdue and days_overdue
 * are added to it by the API from the customer, the creator and isInvoiceOverdue.
 */
export const invoiceSchema = z.object({
  id: idSchema,
  /** Given when the invoice is approved, consecutive within its financial year; null while a draft. */
  invoice_number: z.string().nullable(),
  financial_year: z.string().nullable(),
  invoice_date: isoDateSchema,
  due_date: isoDateSchema,
  status: invoiceStatusSchema,
  customer: idSchema,
  sales_order: idSchema.nullable(),
  job_order: idSchema.nullable(),
  ...invoiceMoneyFields,
  outstanding_amount: decimalSchema,
  /** Place of supply. */
  customer_state: indianStateSchema,
  company_state: indianStateSchema,
  /** The GSTINs as they were when the invoice was made (empty: an unregistered buyer, B2C). */
  customer_gstin: z.string(),
  company_gstin: z.string(),
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
const invoiceFields = z.object({
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
});
const checkInvoiceDates = (invoice: { invoice_date?: string; due_date?: string }, ctx: z.RefinementCtx) => {
  if (!isValidDateRange(invoice.invoice_date, invoice.due_date)) ctx.addIssue({ code: 'custom', path: ['due_date'], message: INVOICE_MESSAGES.dueDate });
};
export const invoiceCreateSchema = invoiceFields.superRefine(checkInvoiceDates, whenFieldsValid);
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;
/** PUT invoices/{id}/: a draft as a whole, at the version the user saw. */
export const invoiceReplaceSchema = invoiceFields.extend(expectedVersionFields).superRefine(checkInvoiceDates, whenFieldsValid);
/** PATCH invoices/{id}/ */
export const invoiceUpdateSchema = updateSchemaOf(invoiceFields);
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

/**
 * The invoicing settings (one row): numbering and the defaults of a new invoice. The company's
 * name, address, GSTIN and state are the company profile's (domain/company.ts), never copied here.
 */
export const invoiceSettingsRowSchema = z.object({
  id: idSchema,
  prefix: z.string(),
  number_padding: z.number().int().positive(),
  default_due_days: z.number().int().nonnegative(),
  default_terms: z.string(),
  default_notes: z.string(),
  ...trackedFields,
});
/** GET invoices/settings/: the row, and the number the next approved invoice of this financial year gets. */
export const invoiceSettingsSchema = invoiceSettingsRowSchema.extend({ financial_year: z.string(), next_number: z.number().int().positive(), next_invoice_number: z.string() });
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

/** Longest invoice number GST allows. */
export const INVOICE_NUMBER_MAX_LENGTH = 16;
const INVOICE_PREFIX = /^[A-Z1-9][A-Z0-9/-]*$/;
export const INVOICE_SETTINGS_MESSAGES = {
  prefix: 'The prefix may hold capital letters, digits, "/" and "-", and starts with a letter or a digit from 1 to 9.',
  tooLong: `The invoice number would be longer than the ${INVOICE_NUMBER_MAX_LENGTH} characters GST allows: shorten the prefix or the padding.`,
  nextNumberUsed: (last: number) => `Invoice numbers up to ${last} of this financial year are already used: the next number must be more than that.`,
} as const;

const invoiceSettingsFields = z.object({
  prefix: textInput(10).regex(INVOICE_PREFIX, INVOICE_SETTINGS_MESSAGES.prefix).default('INV-'),
  /** The next number of the current financial year (a company moving to FabOps mid-year starts after its last one). */
  next_number: z.number().int().min(1).optional(),
  number_padding: z.number().int().min(1).max(8).default(5),
  default_due_days: z.number().int().min(0).max(365).default(30),
  default_terms: textInput(4000).default(''),
  default_notes: textInput(2000).default(''),
});
export const checkInvoiceNumberLength = (settings: { prefix?: string; number_padding?: number }, ctx: z.RefinementCtx) => {
  if (settings.prefix === undefined || settings.number_padding === undefined) return;
  if (formatInvoiceNumber({ prefix: settings.prefix, number_padding: settings.number_padding }, '2000-01', 1).length > INVOICE_NUMBER_MAX_LENGTH) {
    ctx.addIssue({ code: 'custom', path: ['prefix'], message: INVOICE_SETTINGS_MESSAGES.tooLong });
  }
};
/** PUT invoices/settings/: the whole settings. */
export const invoiceSettingsCreateSchema = invoiceSettingsFields.superRefine(checkInvoiceNumberLength, whenFieldsValid);
export type InvoiceSettingsCreate = z.input<typeof invoiceSettingsCreateSchema>;
/** PATCH invoices/settings/: some of them (the length is checked against the saved ones by the server). */
export const invoiceSettingsUpdateSchema = updateSchemaOf(invoiceSettingsFields);
export type InvoiceSettingsUpdate = z.input<typeof invoiceSettingsUpdateSchema>;

/** A file attached to an invoice; path, name, type and size are set by the server from the upload. */
export const invoiceAttachmentSchema = z.object({
  id: idSchema,
  invoice: idSchema,
  file_path: z.string(),
  /** The stored file (files module); null once the file itself was removed. */
  file: idSchema.nullable(),
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

/** An invoice raised again every period from a template invoice, until the end date or count, or stopped (created with domain/invoice-schedule.ts recurringCreateSchema). */
export const recurringInvoiceSchema = z.object({
  id: idSchema,
  template_invoice: idSchema,
  frequency: recurringFrequencySchema,
  start_date: isoDateSchema,
  next_date: isoDateSchema,
  end_date: isoDateSchema.nullable(),
  occurrences: z.number().int().positive().nullable(),
  is_active: z.boolean(),
  ...trackedFields,
  ...softDeleteFields,
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;

/** Invoices page by 15, newest first by id (business-areas.md §9). */
export const INVOICE_PAGE_SIZE = 15;
/** The page of a report of invoices (overdue_invoices/). */
export const invoicePageQuerySchema = z.object(pageParams);

/** What the API adds to an invoice row for the list: names, and overdue computed on the business day. */
export const invoiceListRowSchema = invoiceSchema.extend({
  customer_name: z.string(),
  created_by_name: z.string(),
  is_overdue: z.boolean(),
  days_overdue: z.number().int().nonnegative(),
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

/** GET invoices/{id}/: the row with its live lines, who approved it, and the amount in words. */
export const invoiceViewSchema = invoiceListRowSchema.extend({
  approved_by_name: z.string(),
  amount_in_words: z.string(),
  items: z.array(invoiceItemSchema),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** `?status_in=sent,partially_paid`: any of the statuses. */
export const invoiceStatusListParam = z
  .string()
  .max(200)
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(invoiceStatusSchema).min(1));

/** POST invoices/{id}/approve/: nothing but the version the approver saw. */
export const invoiceStepSchema = z.object(expectedVersionFields).default({});
/** POST invoices/{id}/cancel/ and void/: the reason is required (and the version the user saw). */
export const invoiceReasonStepSchema = invoiceReasonSchema.extend(expectedVersionFields);
/** POST invoices/{id}/update_status/ with the version. */
export const invoiceStatusStepSchema = invoiceStatusUpdateSchema.extend(expectedVersionFields);

/** GET invoices/status-history/?invoice=: an invoice's status changes, oldest first, with who made them. */
export const invoiceStatusHistoryQuerySchema = z.object({ invoice: idParam });
export const invoiceStatusHistoryRowSchema = invoiceStatusHistorySchema.extend({ changed_by_name: z.string() });
export type InvoiceStatusHistoryRow = z.infer<typeof invoiceStatusHistoryRowSchema>;

/** GET invoices/current_rates/?customer_state=&company_state=: the active GST rates and how they split. */
export const currentRatesQuerySchema = z.object({ customer_state: indianStateSchema, company_state: indianStateSchema.optional() });
export const currentRatesSchema = z.object({
  intra_state: z.boolean(),
  /** The whole GST rates a line may carry (the active IGST rates), lowest first. */
  gst_rates: z.array(decimalSchema),
  /** The active configurations that apply: CGST and SGST inside the state, IGST across. */
  configurations: z.array(taxConfigurationSchema),
});
export type CurrentRates = z.infer<typeof currentRatesSchema>;

/** POST invoices/calculate_tax/: a form's lines and states, answered with the totals the invoice would get. */
export const calculateTaxSchema = z.object({
  items: z.array(invoiceItemCreateSchema).min(1).max(500),
  customer_state: indianStateSchema,
  company_state: indianStateSchema.optional(),
});
export type CalculateTax = z.input<typeof calculateTaxSchema>;
export const invoiceTotalsSchema = z.object({
  lines: z.array(z.object(lineMoneyFields)),
  intra_state: z.boolean(),
  ...invoiceMoneyFields,
  amount_in_words: z.string(),
});

/** Server refusals of the invoice calls (each a 400 naming its field, or non_field_errors). */
export const INVOICE_REFUSALS = {
  notGstRate: (rate: string, rates: readonly string[]) => `${rate} % is not a GST rate in the tax configurations (${rates.join(', ')}).`,
  customerGstin: "The customer's GSTIN does not pass its check: correct it on the customer before invoicing.",
  paidByReceipts: 'An invoice becomes paid or partially paid when receipts are recorded against it.',
  sameStatus: (label: string) => `The invoice is already ${label.toLowerCase()}.`,
  draftOnly: 'Only a draft invoice is changed this way.',
  lastLine: 'An invoice needs at least one item: delete the draft instead.',
} as const;

// Invoice settings API (helper)

/** Refusals of the invoice templates' calls (decision 306): there is always a default once there is one. */
export const INVOICE_TEMPLATE_REFUSALS = {
  deleteDefault: 'This template is the default for new invoices: make another template the default first, then delete this one.',
  unsetDefault: 'There must be a default template: make another template the default instead.',
  defaultTaken: 'Another template was made the default at the same moment: reload the templates and try again.',
} as const;

/** Job orders invoiced once their goods have left: dispatched or closed (decision 314). */
export const INVOICEABLE_JOB_ORDER_STATUSES = ['dispatched', 'closed'] as const;
/** Sales orders the customer has confirmed: accepted, in production or completed. */
export const INVOICEABLE_SALES_ORDER_STATUSES = ['accepted', 'in_production', 'completed'] as const;

/** POST invoices/create_from_job_order/ and create_from_sales_order/: the order, and the dates (today and the default due days when left out). */
export const invoiceFromJobOrderSchema = z.object({ job_order: refSchema, invoice_date: isoDateSchema.optional(), due_date: isoDateSchema.optional() });
export const invoiceFromSalesOrderSchema = z.object({ sales_order: refSchema, invoice_date: isoDateSchema.optional(), due_date: isoDateSchema.optional() });

/** A row of invoiceable_job_orders/ and invoiceable_sales_orders/: an order with nothing invoiced yet. */
export const invoiceableOrderSchema = z.object({
  id: idSchema,
  customer: idSchema,
  customer_name: z.string(),
  status: z.string(),
  date: isoDateSchema,
  value: decimalSchema,
});
export type InvoiceableOrder = z.infer<typeof invoiceableOrderSchema>;

export const INVOICE_SOURCE_REFUSALS = {
  jobOrderNotDispatched: 'Only a dispatched or closed job order is invoiced: its goods have not left yet.',
  salesOrderNotConfirmed: 'Only an accepted, in-production or completed sales order is invoiced.',
  /** A draft is deleted (it has no number to cancel); an issued invoice is cancelled or voided. */
  alreadyInvoiced: (invoice: { number: string | null; id: number }) =>
    invoice.number ? `This order is already invoiced (${invoice.number}): cancel or void that invoice first.` : `This order already has a draft invoice (draft #${invoice.id}): delete that draft first.`,
  noLines: 'The order has no lines to invoice.',
} as const;

/** POST invoices/{id}/send/ (and send_email/, send_reminder/) with the version the user saw. */
export const invoiceSendStepSchema = invoiceSendSchema.extend(expectedVersionFields);

/** GET invoices/{id}/generate_pdf/?template=&include_payments=: a layout's title, and what was received so far. */
export const invoicePdfQuerySchema = z
  .object({
    template: idParam.optional(),
    include_payments: flagParam.optional(),
  })
  .strict();

/** The PDF's file name: the invoice number with "/" made safe ("INV-26-27-00001.pdf"), a draft by its id. */
export const invoiceFileName = (invoice: Pick<Invoice, 'id' | 'invoice_number'>) => `${invoice.invoice_number ? invoice.invoice_number.replaceAll('/', '-') : `Draft-invoice-${invoice.id}`}.pdf`;

const invoiceWords = (invoice: Pick<Invoice, 'invoice_number' | 'id'>) => invoice.invoice_number ?? `draft ${invoice.id}`;

/** The mail that carries an invoice to the customer. */
export function invoiceMail(invoice: Pick<Invoice, 'id' | 'invoice_number' | 'invoice_date' | 'due_date' | 'total_amount'>, companyName: string, notes: string) {
  return {
    subject: `Tax invoice ${invoiceWords(invoice)}${companyName ? ` from ${companyName}` : ''}`,
    text: [
      notes.trim(),
      `Please find attached our tax invoice ${invoiceWords(invoice)} of ${formatDisplayDate(invoice.invoice_date)} for ₹${formatIndian(invoice.total_amount)}, due on ${formatDisplayDate(invoice.due_date)}.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    filename: invoiceFileName(invoice),
  };
}

/** The reminder of an overdue invoice: how much is still owed and for how long. */
export function invoiceReminderMail(invoice: Pick<Invoice, 'id' | 'invoice_number' | 'invoice_date' | 'due_date' | 'total_amount' | 'outstanding_amount'>, days: number, companyName: string, notes: string) {
  return {
    subject: `Payment reminder: invoice ${invoiceWords(invoice)}${companyName ? ` from ${companyName}` : ''}`,
    text: [
      notes.trim(),
      `Our invoice ${invoiceWords(invoice)} of ${formatDisplayDate(invoice.invoice_date)} fell due on ${formatDisplayDate(invoice.due_date)}, ${days} ${days === 1 ? 'day' : 'days'} ago; ₹${formatIndian(invoice.outstanding_amount)} of ₹${formatIndian(invoice.total_amount)} is still to be paid. The invoice is attached.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    filename: invoiceFileName(invoice),
  };
}

export const INVOICE_SEND_REFUSALS = {
  noAddress: 'The customer has no e-mail address: give the address to send the invoice to.',
  notOverdue: 'Only an overdue invoice gets a payment reminder.',
} as const;

/** The aging buckets of what customers owe, by days past the due date ("current": not yet due). */
export const AGING_BUCKETS = [
  { key: 'current', label: 'Not yet due', from: null, to: 0 },
  { key: 'days_1_30', label: '1-30 days', from: 1, to: 30 },
  { key: 'days_31_60', label: '31-60 days', from: 31, to: 60 },
  { key: 'days_61_90', label: '61-90 days', from: 61, to: 90 },
  { key: 'days_over_90', label: 'Over 90 days', from: 91, to: null },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]['key'];

/** Statuses of invoices that may still owe something: issued, neither paid, cancelled nor void (receipts are allocated to these). */
export const INVOICE_RECEIVABLE_STATUSES: readonly InvoiceStatus[] = OWING_STATUSES;

const bucketAmounts = z.object(Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, decimalSchema])) as Record<AgingBucket, typeof decimalSchema>);

/** GET invoices/aging_report/: outstanding by customer and bucket on the business day, the largest debtor first. */
export const agingReportSchema = z.object({
  as_of: isoDateSchema,
  buckets: z.array(z.object({ key: z.string(), label: z.string(), amount: decimalSchema, count: z.number().int() })),
  customers: z.array(bucketAmounts.extend({ customer: idSchema, customer_name: z.string(), total: decimalSchema })),
  total: decimalSchema,
});
export type AgingReport = z.infer<typeof agingReportSchema>;

/** GET invoices/dashboard_summary/?date_from=&date_to=: the accounts desk's figures for a period (this month by default). */
export const dashboardSummaryQuerySchema = z.object({ date_from: isoDateSchema.optional(), date_to: isoDateSchema.optional() }).refine(...periodInOrder('date_from', 'date_to'));
export const dashboardSummarySchema = z.object({
  date_from: isoDateSchema,
  date_to: isoDateSchema,
  invoiced_count: z.number().int(),
  invoiced_amount: decimalSchema,
  collected_amount: decimalSchema,
  outstanding_amount: decimalSchema,
  overdue_count: z.number().int(),
  overdue_amount: decimalSchema,
  to_approve_count: z.number().int(),
  by_status: z.array(z.object({ status: invoiceStatusSchema, count: z.number().int(), amount: decimalSchema })),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
