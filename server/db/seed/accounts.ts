import { sql } from 'drizzle-orm';
import { creditNoteFigures, formatCreditNoteNumber } from '../../../domain/credit-note';
import { financialYearOf, formatInvoiceNumber, RECURRING_FREQUENCIES, TAX_TYPES, type InvoiceStatus } from '../../../domain/invoice';
import { invoiceTotals } from '../../../domain/totals';
import { RECEIPT_MODES, type ReceiptMode } from '../../../domain/receipt';
import { queryRows, type Db } from '../client';
import {
  creditNoteItems,
  creditNoteNumberSequences,
  creditNotes,
  invoiceItems,
  invoiceNumberSequences,
  invoices,
  invoiceSettings,
  invoiceStatusHistory,
  invoiceTemplates,
  paymentSchedules,
  receiptAllocations,
  receipts,
  recurringInvoices,
  taxConfigurations,
} from '../schema';
import { COMPANY, HISTORY_DAYS, type CustomerRef, type SeedContext } from './context';
import type { JobInvoicer } from './production';
import { sumOf, type Line } from './products';
import type { SalesOrderRef } from './sales';
import { money, qty, rupees, units } from './values';

const PREFIX = 'INV-';
const PADDING = 5;
const DUE_DAYS = 30;
const DAY = 86_400_000;

/** The settings row as the demo company keeps it. */
const INVOICE_SETTINGS = {
  prefix: PREFIX,
  number_padding: PADDING,
  default_due_days: DUE_DAYS,
  default_terms: 'Payment within 30 days of the invoice date. Interest at 18% p.a. on overdue amounts. Subject to Pune jurisdiction.',
  default_notes: 'Thank you for your business.',
};

interface InvoiceLine {
  description: string;
  hsn: string;
  quantity: number;
  price: number;
  taxRate: number;
}

/** The lifecycle an invoice went through up to its status. */
const PATHS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['draft'],
  approved: ['draft', 'approved'],
  sent: ['draft', 'approved', 'sent'],
  partially_paid: ['draft', 'approved', 'sent', 'partially_paid'],
  paid: ['draft', 'approved', 'sent', 'paid'],
  cancelled: ['draft', 'approved', 'cancelled'],
  void: ['draft', 'approved', 'sent', 'void'],
};

const SERVICES: readonly InvoiceLine[] = [
  { description: 'Annual maintenance of display fixtures', hsn: '998717', quantity: units(1), price: rupees(48_000), taxRate: 18 },
  { description: 'Installation and fitting charges', hsn: '995468', quantity: units(1), price: rupees(12_500), taxRate: 18 },
  { description: 'Transportation charges', hsn: '996791', quantity: units(1), price: rupees(6_500), taxRate: 12 },
  { description: 'Design and 3D visualisation', hsn: '998391', quantity: units(1), price: rupees(25_000), taxRate: 18 },
  { description: 'Printed gift bags', hsn: '4819', quantity: units(500), price: rupees(42), taxRate: 5 },
];

/** The last invoice number used in each financial year, and under `CN:` and the year the last credit note number. */
export type InvoiceNumbers = Map<string, number>;
const CREDIT_KEY = 'CN:';
/** Every fourth invoice left sent and unpaid got a credit note: a tenth off its first line's price (decision 330). */
const CREDIT_EVERY = 4;
const CREDIT_REASON = 'Price reduced by a tenth for a late delivery, as agreed with the customer.';

/**
 * Invoices, numbered within each financial year as they are issued (INV-26-27/00001; a draft has
 * no number yet): each with its lines and GST as domain/totals.ts computes them, the status
 * history that led to its status, and instalments; every paid instalment is a receipt, and the
 * outstanding amount is the total less the paid instalments (nothing for paid, cancelled and
 * void invoices).
 */
export class Invoicing implements JobInvoicer {
  private readonly recurringCandidates: number[] = [];
  private sentCount = 0;

  constructor(
    private readonly ctx: SeedContext,
    /** Continued from the database's sequences in a scale run; read back for the sequences table. */
    readonly numbers: InvoiceNumbers,
  ) {}

  private numberFor(status: InvoiceStatus, invoiceDate: string): { invoice_number: string | null; financial_year: string | null } {
    if (status === 'draft') return { invoice_number: null, financial_year: null };
    const financial_year = financialYearOf(invoiceDate);
    const sequence = (this.numbers.get(financial_year) ?? 0) + 1;
    this.numbers.set(financial_year, sequence);
    return { invoice_number: formatInvoiceNumber({ prefix: PREFIX, number_padding: PADDING }, financial_year, sequence), financial_year };
  }

  forJobOrder(job: { id: number; customer: CustomerRef; lines: Line[]; at: number }) {
    const { rng, cal } = this.ctx;
    const age = cal.age(job.at);
    const status: InvoiceStatus = age > 75 ? rng.weighted([['paid', 80], ['partially_paid', 12], ['sent', 8]]) : rng.weighted([['sent', 45], ['partially_paid', 25], ['paid', 30]]);
    const lines = job.lines.map((l) => ({ description: l.description, hsn: l.product.hsn, quantity: l.quantity, price: l.price, taxRate: 18 }));
    const invoice = this.add({ customer: job.customer, job: job.id, at: job.at, lines, status });
    return { number: invoice.number ?? '', date: cal.date(job.at), total: invoice.total };
  }

  /** Some completed sales orders without a job order, billed directly. */
  forSalesOrders(orders: SalesOrderRef[]): void {
    const { rng, cal } = this.ctx;
    for (const order of orders.filter((o) => o.status === 'completed' && o.job === undefined && rng.chance(0.4))) {
      const at = cal.after(order.at, rng.int(15, 60), rng.int(0, 300));
      const status: InvoiceStatus = cal.age(at) > 60 ? 'paid' : rng.pick(['sent', 'partially_paid', 'paid'] as const);
      const lines = order.lines.map((l) => ({ description: l.description, hsn: l.product.hsn, quantity: l.quantity, price: l.price, taxRate: 18 }));
      this.add({ customer: order.customer, order: order.id, at, lines, status });
    }
  }

  /** Service invoices in every status (and a few deleted drafts), some of those sent raised again on a schedule. */
  standalone(count: number, customers: CustomerRef[]): void {
    const { rng, cal } = this.ctx;
    const statuses: [InvoiceStatus | 'deleted', number][] = [
      ['draft', 10],
      ['approved', 8],
      ['sent', 24],
      ['partially_paid', 12],
      ['paid', 30],
      ['cancelled', 6],
      ['void', 5],
      ['deleted', 3],
    ];
    for (let i = 0; i < count; i++) {
      const status = rng.cover(i, statuses);
      const customer = rng.pick(customers);
      const at = Math.max(status === 'draft' || status === 'approved' || status === 'deleted' ? cal.ago(rng.int(0, 20), rng.int(10, 500)) : this.ctx.pastInstant(1.3), cal.after(customer.since, 1));
      const lines = rng.sample(SERVICES, rng.int(1, 2));
      const invoice = this.add({ customer, at, lines, status: status === 'deleted' ? 'draft' : status, deleted: status === 'deleted' });
      if (status === 'sent' || status === 'partially_paid' || status === 'paid') this.recurringCandidates.push(invoice.id);
    }
    RECURRING_FREQUENCIES.forEach((frequency, i) => {
      const template = this.recurringCandidates[i];
      if (template === undefined) return;
      const at = cal.ago(rng.int(10, 200));
      const next = cal.dayAfter(cal.now, rng.int(1, 90));
      this.ctx.data.add(recurringInvoices, {
        template_invoice: template,
        frequency: frequency.value,
        start_date: next,
        next_date: next,
        occurrences: null,
        end_date: rng.chance(0.5) ? cal.dayAfter(cal.now, rng.int(180, 720)) : null,
        is_active: i !== RECURRING_FREQUENCIES.length - 1,
        created_by: this.ctx.user('accounts'),
        created_at: cal.ts(at),
        updated_at: cal.ts(at),
        deleted_at: null,
      });
    });
  }

  private add(spec: { customer: CustomerRef; job?: number; order?: number; at: number; lines: InvoiceLine[]; status: InvoiceStatus; deleted?: boolean }): { id: number; number: string | null; total: number } {
    const { rng, cal, data } = this.ctx;
    const accounts = this.ctx.user('accounts');
    const number = this.numberFor(spec.status, cal.date(spec.at));
    const items = spec.lines.map((l) => ({ quantity: qty(l.quantity), unit_price: money(l.price), discount: '0', tax_rate: String(l.taxRate) }));
    const totals = invoiceTotals(items, COMPANY.state, spec.customer.state);
    // In paise: a grand total is whole rupees.
    const total = Number(totals.total_amount.replace('.', ''));
    const path = PATHS[spec.status];
    // Each step a little after the last, never later than now.
    const steps = [spec.at];
    for (let s = 1; s < path.length; s++) steps.push(cal.after(steps[s - 1]!, path[s] === 'paid' || path[s] === 'partially_paid' ? rng.int(10, 45) : rng.int(0, 2), rng.int(20, 300)));
    const stepAt = (status: InvoiceStatus) => {
      const s = path.indexOf(status);
      return s < 0 ? null : steps[s]!;
    };
    const instalments = ['sent', 'partially_paid', 'paid'].includes(spec.status) ? (spec.status === 'partially_paid' ? rng.int(2, 3) : rng.int(1, 3)) : 0;
    const paidCount = spec.status === 'paid' ? instalments : spec.status === 'partially_paid' ? rng.int(1, instalments - 1) : 0;
    const parts = split(total, instalments);
    const paidAmount = sumOf(parts.slice(0, paidCount));
    const settled = spec.status === 'paid' || spec.status === 'cancelled' || spec.status === 'void';
    const last = steps[steps.length - 1]!;
    const credit = spec.status === 'sent' && !spec.deleted && this.sentCount++ % CREDIT_EVERY === 0 ? this.creditOf(spec, items, totals) : null;
    const credited = credit ? Number(credit.totals.total_amount.replace('.', '')) : 0;
    const deletedAt = spec.deleted ? cal.ts(cal.after(spec.at, 0, rng.int(30, 300))) : null;
    const id = data.add(invoices, {
      ...number,
      invoice_date: cal.date(spec.at),
      due_date: cal.dayAfter(spec.at, DUE_DAYS),
      status: spec.status,
      customer: spec.customer.id,
      sales_order: spec.order ?? null,
      job_order: spec.job ?? null,
      subtotal: totals.subtotal,
      discount_amount: totals.discount_amount,
      taxable_amount: totals.taxable_amount,
      cgst_amount: totals.cgst_amount,
      sgst_amount: totals.sgst_amount,
      igst_amount: totals.igst_amount,
      tax_amount: totals.tax_amount,
      round_off: totals.round_off,
      total_amount: totals.total_amount,
      outstanding_amount: money(settled ? 0 : total - paidAmount - credited),
      customer_state: spec.customer.state,
      company_state: COMPANY.state,
      customer_gstin: spec.customer.gstin,
      company_gstin: COMPANY.gst,
      notes: INVOICE_SETTINGS.default_notes,
      terms: INVOICE_SETTINGS.default_terms,
      approved_by: stepAt('approved') === null ? null : this.ctx.user('management'),
      approved_at: ts(cal, stepAt('approved')),
      sent_at: ts(cal, stepAt('sent')),
      paid_at: ts(cal, stepAt('paid')),
      cancelled_at: ts(cal, stepAt('cancelled')),
      cancellation_reason: spec.status === 'cancelled' ? 'Raised on the wrong customer branch.' : null,
      voided_at: ts(cal, stepAt('void')),
      void_reason: spec.status === 'void' ? 'Duplicate of a manual invoice; voided.' : null,
      created_by: accounts,
      created_at: cal.ts(spec.at),
      updated_at: deletedAt ?? cal.ts(last),
      deleted_at: deletedAt,
    });
    const itemIds = spec.lines.map((line, k) =>
      data.add(invoiceItems, {
        invoice: id,
        description: line.description,
        hsn_code: line.hsn,
        quantity: items[k]!.quantity,
        unit_price: items[k]!.unit_price,
        tax_rate: money(line.taxRate * 100),
        ...totals.lines[k]!,
        created_by: accounts,
        created_at: cal.ts(spec.at),
        updated_at: cal.ts(spec.at),
        deleted_at: null,
      }),
    );
    if (credit) this.addCreditNote(id, spec.customer, itemIds, credit, last);
    path.forEach((to, s) => {
      data.add(invoiceStatusHistory, {
        invoice: id,
        from_status: s === 0 ? null : path[s - 1]!,
        to_status: to,
        changed_by: to === 'approved' ? this.ctx.user('management') : accounts,
        reason: to === 'cancelled' ? 'Raised on the wrong customer branch.' : to === 'void' ? 'Duplicate of a manual invoice.' : '',
        notes: '',
        created_by: accounts,
        created_at: cal.ts(steps[s]!),
        updated_at: cal.ts(steps[s]!),
      });
    });
    const sent = stepAt('sent') ?? spec.at;
    parts.forEach((amount, k) => {
      const due = sent + (k + 1) * DUE_DAYS * DAY;
      const paid = k < paidCount ? (k === paidCount - 1 ? last : Math.min(last, cal.after(sent, rng.int(5, 25) * (k + 1)))) : null;
      data.add(paymentSchedules, {
        invoice: id,
        due_date: cal.date(due),
        amount: money(amount),
        is_paid: paid !== null,
        paid_at: ts(cal, paid),
        created_by: accounts,
        created_at: cal.ts(sent),
        updated_at: cal.ts(paid ?? sent),
        deleted_at: null,
      });
      if (paid !== null) {
        const receipt = this.receive(spec.customer, amount, paid, { job: spec.job ?? null, order: spec.order ?? null });
        data.add(receiptAllocations, { receipt, invoice: id, amount: money(amount), created_by: accounts, created_at: cal.ts(paid), updated_at: cal.ts(paid), deleted_at: null });
      }
    });
    return { id, number: number.invoice_number, total };
  }

  /** The figures of a tenth off the first line's price, worked out as the API would (domain/credit-note.ts). */
  private creditOf(spec: { customer: CustomerRef; lines: InvoiceLine[] }, items: { quantity: string; unit_price: string; discount: string; tax_rate: string }[], totals: ReturnType<typeof invoiceTotals>) {
    const figures = creditNoteFigures(
      {
        lines: items.map((item, k) => ({ id: k + 1, description: spec.lines[k]!.description, hsn_code: spec.lines[k]!.hsn, unit: 'NOS', ...item, ...totals.lines[k]! })),
        total_amount: totals.total_amount,
        customer_state: spec.customer.state,
        company_state: COMPANY.state,
      },
      [],
      [],
      [{ invoice_item: 1, quantity: items[0]!.quantity, unit_price: money(Math.round(spec.lines[0]!.price / 10)), discount: '0' }],
    );
    if (!figures.ok) throw new Error(`A demo credit note does not hold: ${JSON.stringify(figures.problems)}`);
    return figures;
  }

  private addCreditNote(invoice: number, customer: CustomerRef, itemIds: number[], credit: Extract<ReturnType<typeof creditNoteFigures>, { ok: true }>, at: number): void {
    const { cal, data } = this.ctx;
    const financial_year = financialYearOf(cal.date(at));
    const sequence = (this.numbers.get(CREDIT_KEY + financial_year) ?? 0) + 1;
    this.numbers.set(CREDIT_KEY + financial_year, sequence);
    const { lines, intra_state: _, ...figures } = credit.totals;
    const made = { created_by: this.ctx.user('accounts'), created_at: cal.ts(at), updated_at: cal.ts(at), deleted_at: null };
    const note = data.add(creditNotes, {
      credit_note_number: formatCreditNoteNumber(financial_year, sequence),
      financial_year,
      invoice,
      customer: customer.id,
      credit_note_date: cal.date(at),
      status: 'approved',
      reason: CREDIT_REASON,
      ...figures,
      customer_state: customer.state,
      company_state: COMPANY.state,
      approved_by: this.ctx.user('management'),
      approved_at: cal.ts(at),
      ...made,
    });
    credit.lines.forEach((line, k) => data.add(creditNoteItems, { credit_note: note, ...line, invoice_item: itemIds[line.invoice_item - 1]!, ...lines[k]!, ...made }));
  }

  private receiptCount = 0;

  /** Money received from a customer, in one of the modes (anything but cash with its reference). */
  receive(customer: CustomerRef, amount: number, at: number, against: { job: number | null; order: number | null }): number {
    const { rng, cal, data } = this.ctx;
    const mode: ReceiptMode = rng.cover(this.receiptCount++, RECEIPT_MODES.map((m) => [m.value, m.value === 'cash' ? 1 : 3] as const));
    const reference = mode === 'cash' ? '' : mode === 'cheque' ? `CHQ ${rng.digits(6)}` : mode === 'upi' ? `UPI ${rng.digits(12)}` : `NEFT ${rng.letters(4)}${rng.digits(10)}`;
    return data.add(receipts, {
      sales_order: against.order,
      job_order: against.job,
      customer: customer.id,
      receipt_date: cal.date(at),
      amount: money(amount),
      mode,
      reference,
      remarks: '',
      created_by: this.ctx.user('accounts'),
      created_at: cal.ts(at),
      updated_at: cal.ts(at),
      deleted_at: null,
    });
  }

  /** Advances received with sales orders (the orders' advance amounts). */
  advances(orders: SalesOrderRef[]): void {
    for (const order of orders) {
      if (order.advance > 0) this.receive(order.customer, order.advance, this.ctx.cal.after(order.at, 2), { job: null, order: order.id });
    }
  }
}

const ts = (cal: SeedContext['cal'], at: number | null) => (at === null ? null : cal.ts(at));

/** A total in `n` instalments of whole rupees, the last taking the remainder. */
function split(total: number, n: number): number[] {
  if (n === 0) return [];
  const share = Math.floor(total / n / 100) * 100;
  return Array.from({ length: n }, (_, k) => (k === n - 1 ? total - share * (n - 1) : share));
}

/** GST rates (CGST + SGST within the state, IGST across), one of them retired; invoice layouts. */
export function generateTaxSetup(ctx: SeedContext): void {
  const { cal, data } = ctx;
  const accounts = ctx.user('accounts');
  const start = cal.ago(HISTORY_DAYS, 800);
  const at = cal.ts(start);
  // The slabs since GST 2.0 (22-09-2025): nil, 5 %, 18 % and 40 %; 12 % and 28 % retired.
  const rates: [string, (typeof TAX_TYPES)[number]['value'], number, boolean][] = [
    ['CGST 9%', 'CGST', 9, true],
    ['SGST 9%', 'SGST', 9, true],
    ['IGST 18%', 'IGST', 18, true],
    ['CGST 2.5%', 'CGST', 2.5, true],
    ['SGST 2.5%', 'SGST', 2.5, true],
    ['IGST 5%', 'IGST', 5, true],
    ['CGST 20%', 'CGST', 20, true],
    ['SGST 20%', 'SGST', 20, true],
    ['IGST 40%', 'IGST', 40, true],
    ['GST nil', 'IGST', 0, true],
    ['IGST 12% (retired)', 'IGST', 12, false],
    ['CGST 14% (retired)', 'CGST', 14, false],
  ];
  for (const [name, tax_type, rate, is_active] of rates) {
    data.add(taxConfigurations, { name, tax_type, rate: money(rate * 100), is_active, effective_from: cal.date(start), created_by: accounts, created_at: at, updated_at: at, deleted_at: null });
  }
  const templates: [string, Record<string, unknown>, boolean][] = [
    ['Standard Tax Invoice', { layout: 'classic', show_hsn: true, show_bank_details: true, bank: 'HDFC Bank, Bhosari branch, A/c 50200012345678, IFSC HDFC0001234' }, true],
    ['Proforma Invoice', { layout: 'classic', title: 'Proforma Invoice', show_hsn: true, show_bank_details: true }, false],
    ['Export Invoice (LUT)', { layout: 'modern', title: 'Export Invoice', show_hsn: true, currency: 'USD', footer: 'Supply meant for export under LUT without payment of IGST.' }, false],
  ];
  for (const [name, content, is_default] of templates) {
    data.add(invoiceTemplates, { name, content, is_default, created_by: accounts, created_at: at, updated_at: at, deleted_at: null });
  }
}

/** Where a scale run continues the numbering: the last number of each financial year. */
export async function invoiceNumbersInUse(db: Db): Promise<InvoiceNumbers> {
  const rows = await queryRows<{ financial_year: string; last_number: number }>(db, sql`SELECT financial_year, last_number FROM invoice_number_sequences`);
  const credits = await queryRows<{ financial_year: string; last_number: number }>(db, sql`SELECT financial_year, last_number FROM credit_note_number_sequences`);
  return new Map([...rows.map((r) => [r.financial_year, r.last_number] as const), ...credits.map((r) => [CREDIT_KEY + r.financial_year, r.last_number] as const)]);
}

/** The settings row, and each financial year's sequence at the last number generated. */
export async function saveInvoiceSettings(db: Db, numbers: InvoiceNumbers, at: string): Promise<void> {
  await db
    .insert(invoiceSettings)
    .values({ id: 1, ...INVOICE_SETTINGS, created_at: at, updated_at: at })
    .onConflictDoNothing();
  for (const [key, last_number] of numbers) {
    if (key.startsWith(CREDIT_KEY)) {
      const financial_year = key.slice(CREDIT_KEY.length);
      await db
        .insert(creditNoteNumberSequences)
        .values({ financial_year, last_number })
        .onConflictDoUpdate({ target: creditNoteNumberSequences.financial_year, set: { last_number: sql`GREATEST(${creditNoteNumberSequences.last_number}, ${last_number})` } });
      continue;
    }
    const financial_year = key;
    await db
      .insert(invoiceNumberSequences)
      .values({ financial_year, last_number })
      .onConflictDoUpdate({ target: invoiceNumberSequences.financial_year, set: { last_number: sql`GREATEST(${invoiceNumberSequences.last_number}, ${last_number})` } });
  }
}
