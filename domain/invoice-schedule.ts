import { z } from 'zod';
import { formatIndian, sign } from './decimal';
import { decimalInput, expectedVersionFields, idSchema, isoDateSchema, percentInput, refSchema, requiredText, textInput } from './entity';
import { invoiceItemCreateSchema, INVOICE_MESSAGES, INVOICE_WITHDRAWN_STATUSES, recurringFrequencySchema, recurringInvoiceSchema, type InvoiceStatus, type RecurringFrequency } from './invoice';
import { isValidDateRange } from './rules/dates';
import { whenFieldsValid } from './stock';

/**
 * Payment schedules, recurring invoices and copies of invoices (business-areas.md §7 "Invoices":
 * payment-schedules/, {id}/create_recurring/, recurring/, duplicate/, create_from_template/,
 * quick_create/; decisions 326 to 329).
 */

/** The months between two periods of each frequency (weekly counts days instead). */
const MONTHS_APART: Record<Exclude<RecurringFrequency, 'weekly'>, number> = { monthly: 1, quarterly: 3, half_yearly: 6, yearly: 12 };

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The date of period `index` (0 is the start date) of a recurring invoice: counted from the start
 * date every time, on the start's day of the month or the month's last day when it has fewer
 * (a start on 31 January gives 28 February, then 31 March), so a short month never shifts the rest.
 */
export function recurringPeriodDate(startDate: string, frequency: RecurringFrequency, index: number): string {
  const [year, month, day] = [Number(startDate.slice(0, 4)), Number(startDate.slice(5, 7)) - 1, Number(startDate.slice(8, 10))];
  if (frequency === 'weekly') return new Date(Date.UTC(year, month, day + 7 * index)).toISOString().slice(0, 10);
  const months = month + MONTHS_APART[frequency] * index;
  const [y, m] = [year + Math.floor(months / 12), ((months % 12) + 12) % 12];
  return new Date(Date.UTC(y, m, Math.min(day, daysInMonth(y, m)))).toISOString().slice(0, 10);
}

/** The period after `raised` periods, or null once the count or the end date is reached. */
export function nextRecurringDate(setup: { start_date: string; frequency: RecurringFrequency; end_date: string | null; occurrences: number | null }, raised: number): string | null {
  if (setup.occurrences !== null && raised >= setup.occurrences) return null;
  const next = recurringPeriodDate(setup.start_date, setup.frequency, raised);
  return setup.end_date !== null && next > setup.end_date ? null : next;
}

export const SCHEDULE_MESSAGES = {
  endDate: 'The end date cannot be before the start date.',
  startInPast: 'The start date cannot be in the past: the first invoice is raised on it.',
  amount: 'Ensure this value is greater than 0.',
} as const;

const positiveMoney = () => decimalInput({ min: 0 }).refine((v) => sign(v) > 0, SCHEDULE_MESSAGES.amount);

/** Refusals of the payment schedule calls (decision 326). */
export const SCHEDULE_REFUSALS = {
  overTotal: (remaining: string, total: string) => `The instalments would add up to more than the invoice's total of ₹${formatIndian(total)}: at most ₹${formatIndian(remaining)} is left to schedule.`,
  issuedFrozen: "An issued invoice's instalments are frozen: only an unpaid instalment's due date may move.",
  paid: 'This instalment is paid: remove the receipt first.',
  settled: 'Nothing is owed on this invoice any more.',
  alreadyPaid: 'This instalment is already paid.',
  notSumming: (scheduled: string, total: string) => `The payment schedule adds up to ₹${formatIndian(scheduled)}, not the invoice's total of ₹${formatIndian(total)}: correct the instalments before approving.`,
  beforeInvoice: 'An instalment cannot fall due before the invoice date.',
} as const;

/**
 * Why an instalment of an invoice in `status` may not change as asked (`amount` or `due_date`
 * given, or deleted), or null: a draft's freely, an issued one's unpaid due date only (decision 326).
 */
export function instalmentChangeRefusal(status: InvoiceStatus, instalment: { is_paid: boolean }, change: { amount?: unknown } | 'delete'): string | null {
  if (status === 'draft') return null;
  if (INVOICE_WITHDRAWN_STATUSES.includes(status)) return SCHEDULE_REFUSALS.settled;
  if (instalment.is_paid) return SCHEDULE_REFUSALS.paid;
  if (change === 'delete' || change.amount !== undefined) return SCHEDULE_REFUSALS.issuedFrozen;
  return null;
}

/** GET invoices/payment-schedules/?invoice=: one invoice's instalments, earliest due first. */
export const paymentScheduleQuerySchema = z.object({ invoice: refSchema.optional() });

/** Refusals of recurring invoices and copies (decisions 327 to 329). */
export const COPY_REFUSALS = {
  notCopyable: 'A cancelled or void invoice is not copied: copy the invoice that replaced it.',
  missing: (id: number) => `Invalid pk "${id}" - object does not exist.`,
  alreadyRecurring: 'This invoice is already raised on a schedule: stop that schedule first.',
  stopped: 'This schedule is stopped: set up a new one.',
} as const;

/** POST invoices/{id}/create_recurring/: how often, from when, and until when or how many times. */
export const recurringCreateSchema = z
  .object({
    frequency: recurringFrequencySchema,
    start_date: isoDateSchema,
    end_date: isoDateSchema.nullable().default(null),
    occurrences: z.number().int().min(1).max(1000).nullable().default(null),
  })
  .superRefine((setup, ctx) => {
    if (!isValidDateRange(setup.start_date, setup.end_date)) ctx.addIssue({ code: 'custom', path: ['end_date'], message: SCHEDULE_MESSAGES.endDate });
  }, whenFieldsValid);
export type RecurringCreate = z.input<typeof recurringCreateSchema>;

/**
 * PATCH invoices/recurring/{id}/: a schedule stopped (is_active false) or given another end date
 * or count; a stopped schedule stays stopped (set up a new one), so no missed period is raised later.
 */
export const recurringUpdateSchema = z
  .object({
    is_active: z.literal(false, { error: 'A stopped schedule is not started again: set up a new one.' }).optional(),
    end_date: isoDateSchema.nullable().optional(),
    occurrences: z.number().int().min(1).max(1000).nullable().optional(),
    ...expectedVersionFields,
  });
export type RecurringUpdate = z.input<typeof recurringUpdateSchema>;

/** A row of recurring/: the setup, its template's number and customer, and how many invoices it has raised. */
export const recurringRowSchema = recurringInvoiceSchema.extend({
  template_invoice_number: z.string().nullable(),
  customer: idSchema,
  customer_name: z.string(),
  invoices_raised: z.number().int().nonnegative(),
  last_invoice: idSchema.nullable(),
});
export type RecurringRow = z.infer<typeof recurringRowSchema>;

/** The background job's data: the day to raise invoices for (the business day when left out; tests give their own clock). */
export const recurringJobSchema = z.object({ as_of: isoDateSchema.optional() });

/** Dates of a new draft: today and the settings' days when left out. */
const draftDates = {
  invoice_date: isoDateSchema.optional(),
  due_date: isoDateSchema.optional(),
};
const checkDraftDates = (draft: { invoice_date?: string | undefined; due_date?: string | undefined }, ctx: z.RefinementCtx) => {
  if (draft.invoice_date && draft.due_date && !isValidDateRange(draft.invoice_date, draft.due_date)) ctx.addIssue({ code: 'custom', path: ['due_date'], message: INVOICE_MESSAGES.dueDate });
};

/** POST invoices/duplicate/: a new draft copy of an invoice, dated today unless said. */
export const invoiceDuplicateSchema = z.object({ invoice: refSchema, ...draftDates }).superRefine(checkDraftDates, whenFieldsValid);
export type InvoiceDuplicate = z.input<typeof invoiceDuplicateSchema>;

/** POST invoices/create_from_template/: a draft in a template's layout and wording for a customer and its items. */
export const invoiceFromTemplateSchema = z
  .object({
    template: refSchema,
    customer: refSchema,
    items: z.array(invoiceItemCreateSchema).min(1).max(500),
    ...draftDates,
  })
  .superRefine(checkDraftDates, whenFieldsValid);
export type InvoiceFromTemplate = z.input<typeof invoiceFromTemplateSchema>;

/** POST invoices/quick_create/: the fewest fields, one line of quantity 1 at the taxable amount given. */
export const invoiceQuickCreateSchema = z
  .object({
    customer: refSchema,
    description: requiredText(1000),
    amount: positiveMoney(),
    tax_rate: percentInput(),
    hsn_code: textInput(8).regex(/^(\d{4,8})?$/, INVOICE_MESSAGES.hsnCode).default(''),
    ...draftDates,
  })
  .superRefine(checkDraftDates, whenFieldsValid);
export type InvoiceQuickCreate = z.input<typeof invoiceQuickCreateSchema>;
