import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { compare } from '../../../domain/decimal';
import {
  financialYearOf,
  formatInvoiceNumber,
  INVOICE_MESSAGES,
  INVOICE_REFUSALS,
  INVOICE_STATUS_ACTIONS,
  INVOICE_STATUSES,
  invoiceActionRefusal,
  invoiceStatusSchema,
  type InvoiceAction,
  type invoiceCreateSchema,
  type invoiceItemAddSchema,
  type invoiceItemUpdateSchema,
  type InvoiceItem,
  type InvoiceStatus,
  type invoiceStatusUpdateSchema,
  type InvoiceView,
} from '../../../domain/invoice';
import { INVOICE_REASON_REQUIRED } from '../../../domain/invoice-bulk';
import { indianStateSchema, isValidGstin, type IndianState } from '../../../domain/india';
import { labelOf } from '../../../domain/options';
import { invoiceTotals, lineAmount, type InvoiceLineInput } from '../../../domain/totals';
import { isValidDateRange } from '../../../domain/rules/dates';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { customers, invoiceItems, invoiceNumberSequences, invoices, invoiceSettings, invoiceStatusHistory } from '../../db/schema';
import { checkDuty } from '../../lib/duties';
import { badRequest, type FieldErrors, notFound, throwIfAny } from '../../lib/http-error';
import { checkVersion, findRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { customerOrderProblems } from '../customers/order-references';
import { readCompanyProfile } from '../company/service';
import { refuseIfCredited } from '../credit-notes/service';
import { checkScheduleOnApproval } from './instalments';
import { applyAdvances } from './payments';
import { invoiceLines, invoiceView } from './queries';
import { gstRatesInForce } from './tax';

/**
 * The writes of invoices: each audited in its own transaction with the invoice row locked first;
 * every step asks domain/invoice.ts's INVOICE_TRANSITIONS whether the status allows it, every
 * status change is written to the status history, and every change of lines recomputes the
 * invoice's GST with domain/totals.ts, so the stored figures are always what the document prints.
 */

type InvoiceInput = z.output<typeof invoiceCreateSchema>;
type ItemInput = InvoiceInput['items'][number];
type ItemAddInput = z.output<typeof invoiceItemAddSchema>;
type ItemUpdateInput = Omit<z.output<typeof invoiceItemUpdateSchema>, 'expected_version'>;
type StatusInput = z.output<typeof invoiceStatusUpdateSchema>;
type InvoiceRow = typeof invoices.$inferSelect;

export const now = sql`now()` as unknown as string;
const refuse = (message: string) => badRequest({ non_field_errors: [message] });
export const statusOf = (row: InvoiceRow): InvoiceStatus => invoiceStatusSchema.parse(row.status);


/** The live invoice locked for the rest of the transaction, at the version the user saw, passing `guard` (a request's own checks), and allowed `action` in its status. */
export async function lockFor(tx: Db, id: number, action: InvoiceAction, expected?: number, guard?: (row: InvoiceRow) => void): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.deleted_at)))
    .for('update');
  if (!row) throw notFound();
  checkVersion(row, expected);
  guard?.(row);
  const refusal = invoiceActionRefusal(action, statusOf(row));
  if (refusal) throw refuse(refusal);
  return row;
}

/** Field errors for a customer, sales order and job order that name no live row, and GST rates not in force on the invoice date. */
async function referenceProblems(tx: Db, input: Pick<InvoiceInput, 'customer' | 'sales_order' | 'job_order' | 'invoice_date'> & { items?: readonly { tax_rate: string }[] }, itemsField = 'items'): Promise<FieldErrors> {
  const problems = await customerOrderProblems(tx, input);
  Object.assign(problems, await rateProblems(tx, input.invoice_date, input.items ?? [], itemsField));
  return problems;
}

/** Each line's GST rate must be one the tax configurations have in force on the invoice date. */
async function rateProblems(tx: Db, day: string, items: readonly { tax_rate?: string | undefined }[], field: string | ((i: number) => string)): Promise<FieldErrors> {
  if (!items.some((i) => i.tax_rate !== undefined)) return {};
  const rates = await gstRatesInForce(tx, day);
  const problems: FieldErrors = {};
  items.forEach((item, i) => {
    if (item.tax_rate !== undefined && !rates.some((r) => compare(r, item.tax_rate!) === 0)) {
      problems[typeof field === 'string' ? `${field}.${i}.tax_rate` : field(i)] = [INVOICE_REFUSALS.notGstRate(item.tax_rate, rates)];
    }
  });
  return problems;
}

/** The place of supply and the company's side: the customer's state and GSTIN, the company profile's. */
async function partiesOf(tx: Db, customerId: number, given: { customer_state?: IndianState | undefined; company_state?: IndianState | undefined }) {
  const [customer] = await tx.select({ state: customers.state, gstin: customers.gst_number }).from(customers).where(eq(customers.id, customerId));
  const company = await readCompanyProfile(tx);
  return {
    customer_state: given.customer_state ?? indianStateSchema.catch('N/A').parse(customer?.state),
    company_state: given.company_state ?? company.state,
    customer_gstin: customer?.gstin ?? '',
    company_gstin: company.gstin,
  };
}

const lineInput = (item: Pick<InvoiceItem, 'quantity' | 'unit_price' | 'discount' | 'tax_rate'>): InvoiceLineInput => ({
  quantity: item.quantity,
  unit_price: item.unit_price,
  discount: item.discount,
  tax_rate: item.tax_rate,
});

/** The header figures of invoiceTotals, as the invoice row stores them. */
function headerFigures(totals: ReturnType<typeof invoiceTotals>) {
  const { lines: _, intra_state: __, ...figures } = totals;
  return figures;
}

/** Recomputes every live line's GST and the invoice's figures from its lines and states (a draft's outstanding is its total). */
async function settle(tx: Db, id: number): Promise<void> {
  const [row] = await tx.select({ customer_state: invoices.customer_state, company_state: invoices.company_state }).from(invoices).where(eq(invoices.id, id));
  const lines = await invoiceLines(tx, id);
  const totals = invoiceTotals(lines.map(lineInput), indianStateSchema.parse(row!.company_state), indianStateSchema.parse(row!.customer_state));
  for (const [k, line] of lines.entries()) await tx.update(invoiceItems).set(totals.lines[k]!).where(eq(invoiceItems.id, line.id));
  const figures = headerFigures(totals);
  await tx
    .update(invoices)
    .set({ ...figures, outstanding_amount: figures.total_amount })
    .where(eq(invoices.id, id));
}

async function insertLines(tx: Db, invoice: number, actor: User, items: readonly ItemInput[]): Promise<void> {
  if (items.length) await tx.insert(invoiceItems).values(items.map((item) => ({ invoice, ...item, amount: '0', created_by: actor.id })));
}

export async function recordStatus(tx: Db, invoice: number, from: InvoiceStatus | null, to: InvoiceStatus, actor: User, reason = '', notes = ''): Promise<void> {
  await tx.insert(invoiceStatusHistory).values({ invoice, from_status: from, to_status: to, changed_by: actor.id, reason, notes, created_by: actor.id });
}

export const auditInvoice =
  (action: string, risk: 'low' | 'medium' | 'high' = 'low', metadata: Record<string, unknown> = {}) =>
  (view: InvoiceView) => ({
    action: `invoice.${action}`,
    target: `invoices:${view.id}`,
    risk,
    metadata: { status: view.status, invoice_number: view.invoice_number, total_amount: view.total_amount, ...metadata },
  });

/** The checks of a new invoice beyond its schema (references, GST rates in force, the customer's GSTIN), and its parties: a 400 naming the fields. */
export async function checkedParties(tx: Db, input: InvoiceInput) {
  throwIfAny(await referenceProblems(tx, input));
  const parties = await partiesOf(tx, input.customer, { customer_state: input.customer_state, company_state: input.company_state });
  if (parties.customer_gstin && !isValidGstin(parties.customer_gstin)) throw badRequest({ customer: [INVOICE_REFUSALS.customerGstin] });
  return parties;
}

/** POST invoices/: a draft (no number until approved) with its lines, GST computed, the parties' states and GSTINs as they are now. */
export async function createInvoice(db: Db, actor: User, input: InvoiceInput): Promise<InvoiceView> {
  const { items, customer_state: _customerState, company_state: _companyState, ...fields } = input;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const parties = await checkedParties(tx, input);
      const [row] = await tx
        .insert(invoices)
        .values({ ...fields, ...parties, sales_order: fields.sales_order ?? null, job_order: fields.job_order ?? null, status: 'draft', created_by: actor.id })
        .returning({ id: invoices.id });
      await insertLines(tx, row!.id, actor, items);
      await settle(tx, row!.id);
      await recordStatus(tx, row!.id, null, 'draft', actor);
      return invoiceView(tx, row!.id);
    },
    auditInvoice('create', 'low', { items: items.length }),
  );
}

/**
 * PUT and PATCH invoices/{id}/: a draft's header (and, when `items` is sent, its lines replaced
 * as a whole). The states and GSTINs are read again, since the customer may have changed.
 */
export async function updateInvoice(db: Db, actor: User, id: number, changes: Partial<InvoiceInput>, expected: number | undefined): Promise<InvoiceView> {
  const { items, customer_state, company_state, ...fields } = changes;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockFor(tx, id, 'edit', expected);
      const merged = {
        customer: fields.customer ?? row.customer,
        sales_order: fields.sales_order === undefined ? row.sales_order : fields.sales_order,
        job_order: fields.job_order === undefined ? row.job_order : fields.job_order,
        invoice_date: fields.invoice_date ?? row.invoice_date,
        due_date: fields.due_date ?? row.due_date,
      };
      if (!isValidDateRange(merged.invoice_date, merged.due_date)) throw badRequest({ due_date: [INVOICE_MESSAGES.dueDate] });
      const lines = items ?? (await invoiceLines(tx, id));
      throwIfAny(await referenceProblems(tx, { ...merged, items: lines }));
      const parties = await partiesOf(tx, merged.customer, {
        customer_state: customer_state ?? (fields.customer ? undefined : indianStateSchema.parse(row.customer_state)),
        company_state: company_state ?? indianStateSchema.parse(row.company_state),
      });
      await updateRow(tx, invoices, id, { ...fields, ...merged, ...parties }, undefined);
      if (items) {
        await tx.update(invoiceItems).set({ deleted_at: now }).where(and(eq(invoiceItems.invoice, id), isNull(invoiceItems.deleted_at)));
        await insertLines(tx, id, actor, items);
      }
      await settle(tx, id);
      return invoiceView(tx, id);
    },
    auditInvoice('update', 'low', { fields: Object.keys(changes) }),
  );
}

/** DELETE invoices/{id}/: only a draft, which has no number yet, so the register keeps no gap. */
export async function deleteInvoice(db: Db, actor: User, id: number, expected: number | undefined): Promise<InvoiceView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockFor(tx, id, 'delete', expected);
      const view = await invoiceView(tx, id);
      await tx.update(invoices).set({ deleted_at: now }).where(eq(invoices.id, id));
      return view;
    },
    auditInvoice('delete', 'medium'),
  );
}

/**
 * The next number of the invoice date's financial year: the upsert locks the year's row until
 * the transaction ends, so concurrent approvals queue, and a rolled-back approval gives its
 * number back: no gap, no duplicate.
 */
async function takeInvoiceNumber(tx: Db, invoiceDate: string): Promise<{ invoice_number: string; financial_year: string }> {
  const financial_year = financialYearOf(invoiceDate);
  const [sequence] = await tx
    .insert(invoiceNumberSequences)
    .values({ financial_year, last_number: 1 })
    .onConflictDoUpdate({ target: invoiceNumberSequences.financial_year, set: { last_number: sql`${invoiceNumberSequences.last_number} + 1` } })
    .returning({ last_number: invoiceNumberSequences.last_number });
  const [settings] = await tx.select({ prefix: invoiceSettings.prefix, number_padding: invoiceSettings.number_padding }).from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  return { invoice_number: formatInvoiceNumber(settings ?? { prefix: 'INV-', number_padding: 5 }, financial_year, sequence!.last_number), financial_year };
}

/** A status step that stamps the invoice: lock, ask the state machine, write, record the history. */
async function step(tx: Db, actor: User, id: number, action: InvoiceAction, to: InvoiceStatus, expected: number | undefined, stamp: (row: InvoiceRow) => Promise<Partial<InvoiceRow>> | Partial<InvoiceRow>, why: { reason?: string; notes?: string } = {}, guard?: (row: InvoiceRow) => void) {
  const row = await lockFor(tx, id, action, expected, guard);
  await tx
    .update(invoices)
    .set({ ...(await stamp(row)), status: to })
    .where(eq(invoices.id, id));
  await recordStatus(tx, id, statusOf(row), to, actor, why.reason, why.notes);
  // A newly issued invoice takes the advances already received against its order.
  if (to === 'approved') await applyAdvances(tx, actor, id);
  return invoiceView(tx, id);
}

const STEPS: Record<'approved' | 'sent' | 'cancelled' | 'void', { action: InvoiceAction; risk: 'medium' | 'high'; stamp: (tx: Db, actor: User, row: InvoiceRow, reason: string) => Promise<Partial<InvoiceRow>> | Partial<InvoiceRow> }> = {
  approved: {
    action: 'approve',
    risk: 'medium',
    stamp: async (tx, actor, row) => {
      checkDuty('invoice', row, actor);
      await checkScheduleOnApproval(tx, row);
      return { ...(await takeInvoiceNumber(tx, row.invoice_date)), approved_by: actor.id, approved_at: now };
    },
  },
  sent: { action: 'send', risk: 'medium', stamp: () => ({ sent_at: now }) },
  // Nothing is owed on a cancelled or void invoice.
  cancelled: {
    action: 'cancel',
    risk: 'high',
    stamp: async (tx, _actor, row, reason) => {
      await refuseIfCredited(tx, row.id);
      return { cancelled_at: now, cancellation_reason: reason, outstanding_amount: '0' };
    },
  },
  void: {
    action: 'void',
    risk: 'high',
    stamp: async (tx, _actor, row, reason) => {
      await refuseIfCredited(tx, row.id);
      return { voided_at: now, void_reason: reason, outstanding_amount: '0' };
    },
  },
};

/** A status step by its target status, audited as invoice.<action>. */
function moveTo(db: Db, actor: User, id: number, to: keyof typeof STEPS, expected: number | undefined, why: { reason?: string; notes?: string } = {}, guard?: (row: InvoiceRow) => void): Promise<InvoiceView> {
  const { action, risk, stamp } = STEPS[to];
  return auditedWrite(db, actor, (tx) => step(tx, actor, id, action, to, expected, (row) => stamp(tx, actor, row, why.reason ?? ''), why, guard), auditInvoice(action, risk, { ...why }));
}

/** POST invoices/{id}/approve/: the tax invoice is issued with the next number of its financial year; never by its maker. */
export const approveInvoice = (db: Db, actor: User, id: number, expected: number | undefined, why: { reason?: string; notes?: string } = {}) => moveTo(db, actor, id, 'approved', expected, why);

/** POST invoices/{id}/cancel/: before the customer has it (draft or approved), with a reason; nothing is owed after. */
export const cancelInvoice = (db: Db, actor: User, id: number, why: { reason: string; notes: string }, expected: number | undefined) => moveTo(db, actor, id, 'cancelled', expected, why);

/** POST invoices/{id}/void/: a sent invoice nullified (a duplicate, a wrong customer), with a reason; it keeps its number in the register. */
export const voidInvoice = (db: Db, actor: User, id: number, why: { reason: string; notes: string }, expected: number | undefined) => moveTo(db, actor, id, 'void', expected, why);

/**
 * POST invoices/{id}/update_status/: the generic step, for the statuses a request may set
 * (approved, sent, cancelled, void); paid and partially paid follow receipts. Approving needs
 * invoices.approve, as the approve route does.
 */
export async function updateInvoiceStatus(db: Db, actor: User, id: number, input: StatusInput, expected: number | undefined, mayApprove: boolean): Promise<InvoiceView> {
  const action = INVOICE_STATUS_ACTIONS[input.status];
  await findRow(db, invoices, id);
  if (input.status === 'paid' || input.status === 'partially_paid') throw badRequest({ status: [INVOICE_REFUSALS.paidByReceipts] });
  if (!action) throw badRequest({ status: [`An invoice cannot move back to ${labelOf(INVOICE_STATUSES, input.status).toLowerCase()}.`] });
  if ((input.status === 'cancelled' || input.status === 'void') && !input.reason) throw badRequest({ reason: [INVOICE_REASON_REQUIRED] });
  // Checked on the locked row: the status may change between the request and the lock.
  const allowed = (row: InvoiceRow) => {
    if (statusOf(row) === input.status) throw badRequest({ status: [INVOICE_REFUSALS.sameStatus(labelOf(INVOICE_STATUSES, input.status))] });
    if (input.status === 'approved' && !mayApprove) throw badRequest({ status: ['Approving an invoice needs an accounts manager or management.'] });
  };
  return moveTo(db, actor, id, input.status as keyof typeof STEPS, expected, { reason: input.reason, notes: input.notes }, allowed);
}

/** POST invoices/items/: a line added to a draft. */
export async function addInvoiceItem(db: Db, actor: User, input: ItemAddInput): Promise<InvoiceItem> {
  const { invoice, ...item } = input;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockFor(tx, invoice, 'edit');
      throwIfAny(await rateProblems(tx, row.invoice_date, [item], () => 'tax_rate'));
      const [line] = await tx
        .insert(invoiceItems)
        .values({ invoice, ...item, amount: '0', created_by: actor.id })
        .returning({ id: invoiceItems.id });
      await settle(tx, invoice);
      return itemOf(tx, line!.id);
    },
    (line) => ({ action: 'invoice.item_add', target: `invoice_items:${line.id}`, risk: 'low', metadata: { invoice: line.invoice, line_total: line.line_total } }),
  );
}

async function itemOf(tx: Db, id: number): Promise<InvoiceItem> {
  const { txid: _, ...line } = await findRow(tx, invoiceItems, id);
  return line;
}

/** The line and its draft invoice, both locked, at the line's version. */
async function lockLine(tx: Db, id: number, expected: number | undefined) {
  const line = await findRow(tx, invoiceItems, id);
  const invoice = await lockFor(tx, line.invoice, 'edit');
  checkVersion(line, expected);
  return { line, invoice };
}

/** PATCH invoices/items/{id}/: a draft's line changed; the invoice's GST follows. */
export async function updateInvoiceItem(db: Db, actor: User, id: number, changes: ItemUpdateInput, expected: number | undefined): Promise<InvoiceItem> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { line, invoice } = await lockLine(tx, id, expected);
      throwIfAny(await rateProblems(tx, invoice.invoice_date, [changes], () => 'tax_rate'));
      const next = { ...line, ...changes };
      if (compare(next.discount, lineAmount(next.quantity, next.unit_price)) > 0) throw badRequest({ discount: [INVOICE_MESSAGES.discount] });
      await updateRow(tx, invoiceItems, id, changes, undefined);
      await settle(tx, line.invoice);
      return itemOf(tx, id);
    },
    (line) => ({ action: 'invoice.item_update', target: `invoice_items:${line.id}`, risk: 'low', metadata: { invoice: line.invoice, fields: Object.keys(changes) } }),
  );
}

/** DELETE invoices/items/{id}/: a draft's line removed; a draft keeps at least one line. */
export async function deleteInvoiceItem(db: Db, actor: User, id: number, expected: number | undefined): Promise<InvoiceItem> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { line } = await lockLine(tx, id, expected);
      const live = await tx
        .select({ id: invoiceItems.id })
        .from(invoiceItems)
        .where(and(eq(invoiceItems.invoice, line.invoice), isNull(invoiceItems.deleted_at)));
      if (live.length <= 1) throw refuse(INVOICE_REFUSALS.lastLine);
      await tx.update(invoiceItems).set({ deleted_at: now }).where(eq(invoiceItems.id, id));
      await settle(tx, line.invoice);
      const { txid: _, ...removed } = await findRow(tx, invoiceItems, id, undefined, { includeDeleted: true });
      return removed;
    },
    (line) => ({ action: 'invoice.item_delete', target: `invoice_items:${line.id}`, risk: 'low', metadata: { invoice: line.invoice } }),
  );
}

