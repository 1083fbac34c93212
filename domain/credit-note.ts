import { z } from 'zod';
import { compare, div, max, mul, sign, sub, sum, toMoney, toQuantity, type Decimal } from './decimal';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, positiveQuantityInput, refSchema, requiredText, softDeleteFields, trackedFields } from './entity';
import type { IndianState } from './india';
import { indianStateSchema } from './india';
import { formatInvoiceNumber, INVOICE_MESSAGES, invoiceMoneyFields, lineMoneyFields, type InvoiceItem, type InvoiceStatus } from './invoice';
import { valuesOf } from './options';
import { actionRefusal, type ActionTable } from './state-machine';
import { whenFieldsValid } from './stock';
import { invoiceTotals, invoiceTotalsOfLines, lineAmount, totalOf, type InvoiceLineInput, type InvoiceTotals } from './totals';

/**
 * Credit notes (issue 20 §1, decision 330): an issued invoice's lines and amounts are frozen, so a
 * correction (goods returned, a price reduced) is a credit note against it. Its lines take back
 * at most what is left of each invoice line after the earlier credit notes, with the invoice's
 * GST split, per-line rounding and round off (invoiceTotals); approved by someone other than its
 * maker, it is numbered in a series of its own and reduces what the invoice's customer owes.
 */

export const CREDIT_NOTE_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'approved', label: 'Approved' },
] as const;
export const creditNoteStatusSchema = z.enum(valuesOf(CREDIT_NOTE_STATUSES));
export type CreditNoteStatus = z.infer<typeof creditNoteStatusSchema>;

export type CreditNoteAction = 'approve' | 'delete';
export const CREDIT_NOTE_TRANSITIONS: Readonly<Record<CreditNoteAction, readonly CreditNoteStatus[]>> = {
  approve: ['draft'],
  // An approved credit note is a GST document with a number: it stays in the register.
  delete: ['draft'],
};
const CREDIT_NOTE_ACTIONS: ActionTable<CreditNoteAction, CreditNoteStatus> = {
  noun: 'credit note',
  statuses: CREDIT_NOTE_STATUSES,
  transitions: CREDIT_NOTE_TRANSITIONS,
  words: { approve: 'approved', delete: 'deleted' },
  hints: { approve: { approved: 'it is already approved' }, delete: { approved: 'an issued credit note stays in the register' } },
};
/** Why `action` may not be done to a credit note in `status`, or null. */
export const creditNoteActionRefusal = (action: CreditNoteAction, status: CreditNoteStatus): string | null => actionRefusal(CREDIT_NOTE_ACTIONS, action, status);

/** Invoices a credit note may be raised against: issued, neither cancelled nor void (nothing is owed on those). */
export const CREDITABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = ['approved', 'sent', 'partially_paid', 'paid'];

/** Credit note numbers: 'CN-', the financial year's short years, the number in the year ('CN-26-27/00001'). */
export const CREDIT_NOTE_NUMBERING = { prefix: 'CN-', number_padding: 5 } as const;
export const formatCreditNoteNumber = (financialYear: string, sequence: number): string => formatInvoiceNumber(CREDIT_NOTE_NUMBERING, financialYear, sequence);

export const CREDIT_NOTE_MESSAGES = {
  lineTwice: 'This invoice line is already on this credit note.',
  notInvoiceLine: 'This line is not on the invoice.',
  invoiceNotCreditable: (label: string) => `A ${label.toLowerCase()} invoice cannot be credited: only an issued invoice that is neither cancelled nor void.`,
  beforeInvoice: 'The credit note cannot be dated before its invoice.',
  quantityLeft: (left: Decimal) => `More than is left to credit of this line (${left}).`,
  priceAbove: (price: Decimal) => `More than the invoice's unit price (${price}).`,
  taxableLeft: (left: Decimal) => `The taxable value credited would be more than is left of this line (${left}).`,
  invoiceCredited: (numbers: readonly string[]) => `Credit notes are approved against this invoice (${numbers.join(', ')}): it cannot be cancelled or voided; credit the rest of it instead.`,
  totalLeft: (total: Decimal, left: Decimal) => `The credit note's total (${total}) is more than is left to credit on the invoice (${left}).`,
} as const;

/** A line of a credit note as a request sends it: which invoice line, how many, and (for a price reduction) at what unit price. */
export const creditNoteLineInputSchema = z.object({
  invoice_item: refSchema,
  quantity: positiveQuantityInput(),
  /** The invoice line's unit price when left out; a price reduction credits less. */
  unit_price: decimalInput({ min: 0 }).optional(),
  /** The invoice line's discount in proportion to the quantity when left out. */
  discount: decimalInput({ min: 0 }).optional(),
});
export type CreditNoteLineInput = z.output<typeof creditNoteLineInputSchema>;

/** POST invoices/credit-notes/: the invoice, why, the date (today when left out) and the lines credited. */
export const creditNoteCreateSchema = z
  .object({
    invoice: refSchema,
    credit_note_date: isoDateSchema.optional(),
    reason: requiredText(1000),
    items: z.array(creditNoteLineInputSchema).min(1).max(500),
  })
  .superRefine((note, ctx) => {
    note.items.forEach((line, i) => {
      if (note.items.findIndex((other) => other.invoice_item === line.invoice_item) < i) ctx.addIssue({ code: 'custom', path: ['items', i, 'invoice_item'], message: CREDIT_NOTE_MESSAGES.lineTwice });
    });
  }, whenFieldsValid);
export type CreditNoteCreate = z.input<typeof creditNoteCreateSchema>;

export const creditNoteSchema = z.object({
  id: idSchema,
  credit_note_number: z.string().nullable(),
  financial_year: z.string().nullable(),
  invoice: idSchema,
  customer: idSchema,
  credit_note_date: isoDateSchema,
  status: creditNoteStatusSchema,
  reason: z.string(),
  ...invoiceMoneyFields,
  customer_state: indianStateSchema,
  company_state: indianStateSchema,
  approved_by: idSchema.nullable(),
  approved_at: isoDateTimeSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const creditNoteItemSchema = z.object({
  id: idSchema,
  credit_note: idSchema,
  invoice_item: idSchema,
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
export type CreditNoteItem = z.infer<typeof creditNoteItemSchema>;

/** GET invoices/credit-notes/{id}/ and the list rows: the note with its invoice's number, names, lines and the amount in words. */
export const creditNoteViewSchema = creditNoteSchema.extend({
  invoice_number: z.string().nullable(),
  customer_name: z.string(),
  created_by_name: z.string(),
  approved_by_name: z.string(),
  amount_in_words: z.string(),
  items: z.array(creditNoteItemSchema),
});
export type CreditNoteView = z.infer<typeof creditNoteViewSchema>;

/** The credit note list: by invoice, customer and status, newest first. */
export const CREDIT_NOTE_PAGE_SIZE = 15;

/** An invoice line as a credit note reads it. */
export type CreditedInvoiceLine = Pick<InvoiceItem, 'id' | 'description' | 'hsn_code' | 'unit' | 'quantity' | 'unit_price' | 'discount' | 'tax_rate' | 'taxable_amount' | 'cgst_amount' | 'sgst_amount' | 'igst_amount'>;
/** A line of an earlier (live) credit note of the same invoice. */
export type EarlierCreditLine = { invoice_item: number } & Pick<CreditNoteItem, 'quantity' | 'taxable_amount' | 'cgst_amount' | 'sgst_amount' | 'igst_amount'>;

export interface CreditNoteInvoice {
  lines: readonly CreditedInvoiceLine[];
  total_amount: Decimal;
  customer_state: IndianState;
  company_state: IndianState;
}

/** A credit note line ready to store: the invoice line's description, HSN, unit and rate, and the quantity, price and discount credited. */
export type CreditNoteLine = Pick<CreditNoteItem, 'invoice_item' | 'description' | 'hsn_code' | 'unit' | 'tax_rate' | 'quantity' | 'unit_price' | 'discount'>;

/** What is left to credit of an invoice line's quantity after the earlier (live) credit notes' lines. */
export const quantityLeftToCredit = (line: Pick<CreditedInvoiceLine, 'id' | 'quantity'>, earlier: readonly Pick<EarlierCreditLine, 'invoice_item' | 'quantity'>[]): Decimal =>
  toQuantity(sub(line.quantity, sum(earlier.filter((e) => e.invoice_item === line.id).map((e) => e.quantity))));

type TaxKey = 'cgst_amount' | 'sgst_amount' | 'igst_amount';
const min = (a: Decimal, b: Decimal) => (compare(a, b) <= 0 ? a : b);

export type CreditNoteFigures = { ok: true; lines: CreditNoteLine[]; totals: InvoiceTotals } | { ok: false; problems: Record<string, string[]> };

/**
 * The lines and GST of a credit note against `invoice`, or the problems with it: each line names a
 * line of the invoice and credits no more of its quantity and taxable value than the earlier
 * credit notes left, at no more than the invoice's unit price; the discount is the invoice line's
 * in proportion to the quantity unless given (for the rest of a line at its price, what takes
 * the rest of its value). The rest of a line takes the rest of its GST, a part
 * never more GST than is left; a note taking back all that is left of the invoice is what is left
 * of its total (so the notes add up to the invoice to the paisa), any other note at most that
 * (the earlier notes' totals in `earlierTotals`; decision 330).
 */
export function creditNoteFigures(invoice: CreditNoteInvoice, earlier: readonly EarlierCreditLine[], earlierTotals: readonly Decimal[], requested: readonly CreditNoteLineInput[]): CreditNoteFigures {
  const problems: Record<string, string[]> = {};
  const lines: CreditNoteLine[] = [];
  const leftOf = (id: number) => {
    const line = invoice.lines.find((l) => l.id === id)!;
    const before = earlier.filter((e) => e.invoice_item === id);
    return (key: TaxKey | 'taxable_amount') => toMoney(sub(line[key], totalOf(before.map((e) => e[key]))));
  };
  requested.forEach((request, i) => {
    const line = invoice.lines.find((l) => l.id === request.invoice_item);
    if (!line) {
      problems[`items.${i}.invoice_item`] = [CREDIT_NOTE_MESSAGES.notInvoiceLine];
      return;
    }
    const unit_price = request.unit_price ?? line.unit_price;
    const quantityLeft = quantityLeftToCredit(line, earlier);
    // The rest of a line at its price takes the rest of its value (the discount's paise that proportion left over included).
    const rest = compare(request.quantity, quantityLeft) === 0 && compare(unit_price, line.unit_price) === 0;
    const discount = request.discount ?? (rest ? max(toMoney(sub(lineAmount(request.quantity, unit_price), leftOf(line.id)('taxable_amount'))), '0.00') : div(mul(line.discount, request.quantity), line.quantity, 2));
    if (compare(request.quantity, quantityLeft) > 0) problems[`items.${i}.quantity`] = [CREDIT_NOTE_MESSAGES.quantityLeft(quantityLeft)];
    if (compare(unit_price, line.unit_price) > 0) problems[`items.${i}.unit_price`] = [CREDIT_NOTE_MESSAGES.priceAbove(line.unit_price)];
    if (compare(discount, lineAmount(request.quantity, unit_price)) > 0) problems[`items.${i}.discount`] = [INVOICE_MESSAGES.discount];
    lines.push({ invoice_item: line.id, description: line.description, hsn_code: line.hsn_code, unit: line.unit, tax_rate: line.tax_rate, quantity: request.quantity, unit_price, discount });
  });
  if (Object.keys(problems).length) return { ok: false, problems };
  const computed = invoiceTotals(lines as InvoiceLineInput[], invoice.company_state, invoice.customer_state);
  const figures = computed.lines.map((figure, i) => {
    const left = leftOf(lines[i]!.invoice_item);
    const taxableLeft = left('taxable_amount');
    if (compare(figure.taxable_amount, taxableLeft) > 0) problems[`items.${i}`] = [CREDIT_NOTE_MESSAGES.taxableLeft(taxableLeft)];
    // The rest of a line takes the rest of its GST; a part never more GST than is left (rounding per line could give a paisa more).
    const takesRest = compare(figure.taxable_amount, taxableLeft) === 0;
    const tax = (key: TaxKey) => (takesRest ? left(key) : min(figure[key], left(key)));
    const [cgst_amount, sgst_amount, igst_amount] = [tax('cgst_amount'), tax('sgst_amount'), tax('igst_amount')];
    return { ...figure, cgst_amount, sgst_amount, igst_amount, line_total: totalOf([figure.taxable_amount, cgst_amount, sgst_amount, igst_amount]) };
  });
  if (Object.keys(problems).length) return { ok: false, problems };
  const totals = invoiceTotalsOfLines(figures, computed.intra_state);
  const totalLeft = toMoney(sub(invoice.total_amount, totalOf(earlierTotals)));
  // What is left of every line taken back: the note is what is left of the invoice's total, the round off taking up the rupee rounding.
  const takesAll = invoice.lines.every((line) => {
    const k = lines.findIndex((l) => l.invoice_item === line.id);
    return sign(sub(leftOf(line.id)('taxable_amount'), k < 0 ? '0' : figures[k]!.taxable_amount)) === 0;
  });
  if (takesAll) return { ok: true, lines, totals: { ...totals, total_amount: totalLeft, round_off: toMoney(sub(totalLeft, totalOf([totals.taxable_amount, totals.tax_amount]))) } };
  if (compare(totals.total_amount, totalLeft) > 0) problems.non_field_errors = [CREDIT_NOTE_MESSAGES.totalLeft(totals.total_amount, totalLeft)];
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, lines, totals };
}
