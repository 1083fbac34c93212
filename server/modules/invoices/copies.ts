import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { invoiceStatusSchema, invoiceUnitSchema, type InvoiceView } from '../../../domain/invoice';
import { COPY_REFUSALS, type invoiceDuplicateSchema, type invoiceFromTemplateSchema, type invoiceQuickCreateSchema } from '../../../domain/invoice-schedule';
import { indianStateSchema } from '../../../domain/india';
import { businessToday, isoDayAfter, isValidDateRange } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { invoices, invoiceTemplates } from '../../db/schema';
import { badRequest, HttpError } from '../../lib/http-error';
import { readInvoiceSettings } from '../invoice-settings/service';
import { invoiceLines } from './queries';
import { createInvoice } from './writes';

/**
 * New drafts made from what exists (business-areas.md §7 duplicate/, create_from_template/,
 * quick_create/, and each period of a recurring invoice): every one goes through createInvoice,
 * so its totals, GST and (on approval) its number follow the same rules as any other (decision 328).
 */

type DraftDates = { invoice_date?: string | undefined; due_date?: string | undefined };

/** The dates of a new draft: today (or the date given) and the settings' days after it, unless a due date is given. */
export async function draftDates(db: Db, dates: DraftDates): Promise<{ invoice_date: string; due_date: string }> {
  const settings = await readInvoiceSettings(db);
  const invoice_date = dates.invoice_date ?? businessToday();
  const due_date = dates.due_date ?? isoDayAfter(invoice_date, settings.default_due_days);
  if (!isValidDateRange(invoice_date, due_date)) throw badRequest({ due_date: ['The due date cannot be before the invoice date.'] });
  return { invoice_date, due_date };
}

/**
 * What a copy of an invoice keeps: its customer and place of supply, notes, terms and lines (not
 * its sales order or job order: an order is invoiced once). Refused for a cancelled or void invoice.
 */
export async function copyOf(db: Db, id: number, field: string) {
  const [source] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.deleted_at)));
  if (!source) throw badRequest({ [field]: [COPY_REFUSALS.missing(id)] });
  const status = invoiceStatusSchema.parse(source.status);
  if (status === 'cancelled' || status === 'void') throw badRequest({ [field]: [COPY_REFUSALS.notCopyable] });
  const lines = await invoiceLines(db, id);
  return {
    customer: source.customer,
    customer_state: indianStateSchema.parse(source.customer_state),
    notes: source.notes,
    terms: source.terms,
    items: lines.map((line) => ({ description: line.description, hsn_code: line.hsn_code, unit: invoiceUnitSchema.parse(line.unit), quantity: line.quantity, unit_price: line.unit_price, discount: line.discount, tax_rate: line.tax_rate })),
  };
}

/** POST invoices/duplicate/: a new draft copy of an invoice, dated today unless said. */
export async function duplicateInvoice(db: Db, actor: User, input: z.output<typeof invoiceDuplicateSchema>): Promise<InvoiceView> {
  const copy = await copyOf(db, input.invoice, 'invoice');
  return createInvoice(db, actor, { ...copy, ...(await draftDates(db, input)) });
}

const textOf = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/** POST invoices/create_from_template/: a draft for the customer and items given, worded as the template says (its notes and terms, else the settings'). */
export async function invoiceFromTemplate(db: Db, actor: User, input: z.output<typeof invoiceFromTemplateSchema>): Promise<InvoiceView> {
  const [template] = await db
    .select()
    .from(invoiceTemplates)
    .where(and(eq(invoiceTemplates.id, input.template), isNull(invoiceTemplates.deleted_at)));
  if (!template) throw badRequest({ template: [COPY_REFUSALS.missing(input.template)] });
  const settings = await readInvoiceSettings(db);
  const { template: _, invoice_date, due_date, ...fields } = input;
  return createInvoice(db, actor, {
    ...fields,
    ...(await draftDates(db, { invoice_date, due_date })),
    notes: textOf(template.content.notes, settings.default_notes),
    terms: textOf(template.content.terms, settings.default_terms),
  });
}

/** POST invoices/quick_create/: one line of quantity 1 at the amount given (before GST), the dates and wording from the settings. */
export async function quickCreateInvoice(db: Db, actor: User, input: z.output<typeof invoiceQuickCreateSchema>): Promise<InvoiceView> {
  const settings = await readInvoiceSettings(db);
  const { description, amount, tax_rate, hsn_code, invoice_date, due_date, customer } = input;
  const line = { description, hsn_code, unit: 'NOS' as const, quantity: '1', unit_price: amount, discount: '0', tax_rate };
  try {
    return await createInvoice(db, actor, { customer, ...(await draftDates(db, { invoice_date, due_date })), notes: settings.default_notes, terms: settings.default_terms, items: [line] });
  } catch (error) {
    throw error instanceof HttpError && error.statusCode === 400 ? new HttpError(400, onOneLine(error.body)) : error;
  }
}

/** The one line's field errors ('items.0.tax_rate') named as quick_create/'s fields ('tax_rate'). */
const onOneLine = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).map(([field, messages]) => [field.replace(/^items\.0\./, ''), messages]));
