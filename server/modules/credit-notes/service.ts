import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CREDIT_NOTE_MESSAGES,
  CREDIT_NOTE_PAGE_SIZE,
  CREDITABLE_INVOICE_STATUSES,
  creditNoteActionRefusal,
  creditNoteFigures,
  creditNoteStatusSchema,
  formatCreditNoteNumber,
  type CreditNoteAction,
  type creditNoteCreateSchema,
  type CreditNoteView,
} from '../../../domain/credit-note';
import { compare, sign, sub, sum, toMoney } from '../../../domain/decimal';
import { financialYearOf, INVOICE_STATUSES, invoiceStatusSchema } from '../../../domain/invoice';
import { indianStateSchema } from '../../../domain/india';
import { labelOf } from '../../../domain/options';
import { businessToday } from '../../../domain/rules/dates';
import { rupeesInWords } from '../../../domain/rules/numbers';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { creditNoteItems, creditNoteNumberSequences, creditNotes, customers, invoices, receiptAllocations, users } from '../../db/schema';
import { checkDuty } from '../../lib/duties';
import { badRequest, notFound } from '../../lib/http-error';
import { byId, byValue, type ListSpec } from '../../lib/list';
import { checkVersion } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { settleOutstanding } from '../invoices/payments';
import { invoiceLines } from '../invoices/queries';
import { userNameOf } from '../users/names';

/**
 * Credit notes (decision 330): raised as a draft against an issued invoice, approved by another
 * user, who gives it the next number of its financial year's series; approved, it lowers what the
 * invoice's customer owes (server/modules/invoices/payments.ts), and where the customer had
 * already paid more than is now owed, the newest receipt allocations give the difference back to
 * their receipts, where it waits as money on account.
 */

type CreditNoteInput = z.output<typeof creditNoteCreateSchema>;
type CreditNoteRow = typeof creditNotes.$inferSelect;

const now = sql`now()` as unknown as string;
const invalidPk = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** invoices/credit-notes/: newest first, 15 a page; by invoice, customer and status. */
export const creditNoteList: ListSpec<typeof creditNotes> = {
  table: creditNotes,
  pageSize: CREDIT_NOTE_PAGE_SIZE,
  orderings: { id: creditNotes.id, credit_note_date: creditNotes.credit_note_date, total_amount: creditNotes.total_amount, updated_at: creditNotes.updated_at },
  defaultOrdering: '-id',
  filters: { invoice: byId(creditNotes.invoice), customer: byId(creditNotes.customer), status: byValue(creditNotes.status, creditNoteStatusSchema) },
};

const author = alias(users, 'author');
const approver = alias(users, 'approver');
const { txid: _itemTxid, ...itemColumns } = getTableColumns(creditNoteItems);

/** Credit notes as the screens show them: the invoice's number, names, live lines, the amount in words. */
export async function describeCreditNotes(db: Db, rows: readonly CreditNoteRow[]): Promise<CreditNoteView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const names = await db
    .select({ id: creditNotes.id, invoice_number: invoices.invoice_number, customer_name: customers.name, created_by_name: userNameOf(author), approved_by_name: userNameOf(approver) })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoice))
    .innerJoin(customers, eq(customers.id, creditNotes.customer))
    .leftJoin(author, eq(author.id, creditNotes.created_by))
    .leftJoin(approver, eq(approver.id, creditNotes.approved_by))
    .where(inArray(creditNotes.id, ids));
  const items = await db
    .select(itemColumns)
    .from(creditNoteItems)
    .where(and(inArray(creditNoteItems.credit_note, ids), isNull(creditNoteItems.deleted_at)))
    .orderBy(asc(creditNoteItems.id));
  const nameOf = new Map(names.map((n) => [n.id, n]));
  return rows.map(({ txid: _, ...row }) => {
    const { id: __, ...named } = nameOf.get(row.id)!;
    return {
      ...row,
      ...named,
      status: creditNoteStatusSchema.parse(row.status),
      customer_state: indianStateSchema.parse(row.customer_state),
      company_state: indianStateSchema.parse(row.company_state),
      amount_in_words: rupeesInWords(row.total_amount),
      items: items.filter((i) => i.credit_note === row.id),
    };
  });
}

/** GET invoices/credit-notes/{id}/ */
export async function creditNoteView(db: Db, id: number): Promise<CreditNoteView> {
  const [row] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, id), isNull(creditNotes.deleted_at)));
  if (!row) throw notFound();
  return (await describeCreditNotes(db, [row]))[0]!;
}

/** The live invoice locked for the rest of the transaction, if it may be credited (a 400 on `field` naming why not). */
async function lockInvoice(tx: Db, id: number, field: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.deleted_at)))
    .for('update');
  if (!invoice) throw badRequest({ [field]: [invalidPk(id)] });
  const status = invoiceStatusSchema.parse(invoice.status);
  if (!CREDITABLE_INVOICE_STATUSES.includes(status)) throw badRequest({ [field]: [CREDIT_NOTE_MESSAGES.invoiceNotCreditable(labelOf(INVOICE_STATUSES, status))] });
  return invoice;
}

/** The figures of a credit note against the locked invoice, after its other live credit notes; a 400 naming each problem. */
async function figuresFor(tx: Db, invoice: typeof invoices.$inferSelect, items: CreditNoteInput['items'], except?: number) {
  const others = and(eq(creditNotes.invoice, invoice.id), isNull(creditNotes.deleted_at), except === undefined ? undefined : ne(creditNotes.id, except));
  const earlierNotes = await tx.select({ total: creditNotes.total_amount }).from(creditNotes).where(others);
  const earlierLines = await tx
    .select({ invoice_item: creditNoteItems.invoice_item, quantity: creditNoteItems.quantity, taxable_amount: creditNoteItems.taxable_amount, cgst_amount: creditNoteItems.cgst_amount, sgst_amount: creditNoteItems.sgst_amount, igst_amount: creditNoteItems.igst_amount })
    .from(creditNoteItems)
    .innerJoin(creditNotes, eq(creditNotes.id, creditNoteItems.credit_note))
    .where(and(others, isNull(creditNoteItems.deleted_at)));
  const figures = creditNoteFigures(
    {
      lines: await invoiceLines(tx, invoice.id),
      total_amount: invoice.total_amount,
      customer_state: indianStateSchema.parse(invoice.customer_state),
      company_state: indianStateSchema.parse(invoice.company_state),
    },
    earlierLines,
    earlierNotes.map((n) => n.total),
    items,
  );
  if (!figures.ok) throw badRequest(figures.problems);
  return figures;
}

const auditCreditNote =
  (action: string, risk: 'low' | 'medium' | 'high', metadata: Record<string, unknown> = {}) =>
  (view: CreditNoteView) => ({
    action: `credit_note.${action}`,
    target: `credit_notes:${view.id}`,
    risk,
    metadata: { invoice: view.invoice, invoice_number: view.invoice_number, credit_note_number: view.credit_note_number, total_amount: view.total_amount, ...metadata },
  });

/** POST invoices/credit-notes/: a draft against an issued invoice, its GST worked out as the invoice's. */
export async function createCreditNote(db: Db, actor: User, input: CreditNoteInput): Promise<CreditNoteView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const invoice = await lockInvoice(tx, input.invoice, 'invoice');
      const credit_note_date = input.credit_note_date ?? businessToday();
      if (credit_note_date < invoice.invoice_date) throw badRequest({ credit_note_date: [CREDIT_NOTE_MESSAGES.beforeInvoice] });
      const { lines, totals } = await figuresFor(tx, invoice, input.items);
      const { lines: lineTotals, intra_state: _, ...figures } = totals;
      const [row] = await tx
        .insert(creditNotes)
        .values({
          invoice: invoice.id,
          customer: invoice.customer,
          credit_note_date,
          reason: input.reason,
          ...figures,
          customer_state: invoice.customer_state,
          company_state: invoice.company_state,
          status: 'draft',
          created_by: actor.id,
        })
        .returning({ id: creditNotes.id });
      await tx.insert(creditNoteItems).values(lines.map((line, i) => ({ credit_note: row!.id, ...line, ...lineTotals[i]!, created_by: actor.id })));
      return creditNoteView(tx, row!.id);
    },
    auditCreditNote('create', 'medium', { items: input.items.length }),
  );
}

/** A 400 when credit notes are approved against the invoice: it is corrected by them, and can no longer be cancelled or voided. */
export async function refuseIfCredited(tx: Db, invoiceId: number): Promise<void> {
  const notes = await tx
    .select({ number: creditNotes.credit_note_number })
    .from(creditNotes)
    .where(and(eq(creditNotes.invoice, invoiceId), eq(creditNotes.status, 'approved'), isNull(creditNotes.deleted_at)))
    .orderBy(asc(creditNotes.id));
  if (notes.length) throw badRequest({ non_field_errors: [CREDIT_NOTE_MESSAGES.invoiceCredited(notes.map((n) => n.number!))] });
}

/** The live credit note locked, at the version the user saw, allowed `action` in its status. */
async function lockCreditNote(tx: Db, id: number, action: CreditNoteAction, expected: number | undefined): Promise<CreditNoteRow> {
  const [row] = await tx
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, id), isNull(creditNotes.deleted_at)))
    .for('update');
  if (!row) throw notFound();
  checkVersion(row, expected);
  const refusal = creditNoteActionRefusal(action, creditNoteStatusSchema.parse(row.status));
  if (refusal) throw badRequest({ non_field_errors: [refusal] });
  return row;
}

/** The next number of the financial year's credit note series, taken as invoice numbers are: no gap, no duplicate. */
async function takeCreditNoteNumber(tx: Db, day: string): Promise<{ credit_note_number: string; financial_year: string }> {
  const financial_year = financialYearOf(day);
  const [sequence] = await tx
    .insert(creditNoteNumberSequences)
    .values({ financial_year, last_number: 1 })
    .onConflictDoUpdate({ target: creditNoteNumberSequences.financial_year, set: { last_number: sql`${creditNoteNumberSequences.last_number} + 1` } })
    .returning({ last_number: creditNoteNumberSequences.last_number });
  return { credit_note_number: formatCreditNoteNumber(financial_year, sequence!.last_number), financial_year };
}

/**
 * What the customer paid beyond what the invoice now asks: the newest allocations to it give that
 * much back to their receipts (an allocation freed whole is removed), so the money is on account.
 * Returns the allocations changed, for the audit log.
 */
async function releaseOverpayment(tx: Db, invoiceId: number, total: string, credited: string): Promise<{ allocation: number; receipt: number; released: string }[]> {
  const allocations = await tx
    .select({ id: receiptAllocations.id, receipt: receiptAllocations.receipt, amount: receiptAllocations.amount })
    .from(receiptAllocations)
    .where(and(eq(receiptAllocations.invoice, invoiceId), isNull(receiptAllocations.deleted_at)))
    .orderBy(desc(receiptAllocations.id))
    .for('update');
  let excess = toMoney(sub(sum([credited, ...allocations.map((a) => a.amount)]), total));
  const released: { allocation: number; receipt: number; released: string }[] = [];
  for (const allocation of allocations) {
    if (sign(excess) <= 0) break;
    const amount = compare(allocation.amount, excess) <= 0 ? allocation.amount : excess;
    const rest = toMoney(sub(allocation.amount, amount));
    await tx
      .update(receiptAllocations)
      .set(sign(rest) > 0 ? { amount: rest } : { deleted_at: now })
      .where(eq(receiptAllocations.id, allocation.id));
    released.push({ allocation: allocation.id, receipt: allocation.receipt, released: amount });
    excess = toMoney(sub(excess, amount));
  }
  return released;
}

/**
 * POST invoices/credit-notes/{id}/approve/: never by its maker; checked again against the invoice
 * as it is now, numbered, and the invoice's outstanding amount and status follow.
 */
export async function approveCreditNote(db: Db, actor: User, id: number, expected: number | undefined): Promise<CreditNoteView> {
  let released: Awaited<ReturnType<typeof releaseOverpayment>> = [];
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockCreditNote(tx, id, 'approve', expected);
      checkDuty('credit-note', row, actor);
      const invoice = await lockInvoice(tx, row.invoice, 'non_field_errors');
      const items = await tx
        .select({ invoice_item: creditNoteItems.invoice_item, quantity: creditNoteItems.quantity, unit_price: creditNoteItems.unit_price, discount: creditNoteItems.discount })
        .from(creditNoteItems)
        .where(and(eq(creditNoteItems.credit_note, id), isNull(creditNoteItems.deleted_at)));
      await figuresFor(tx, invoice, items, id);
      await tx
        .update(creditNotes)
        .set({ ...(await takeCreditNoteNumber(tx, row.credit_note_date)), status: 'approved', approved_by: actor.id, approved_at: now })
        .where(eq(creditNotes.id, id));
      const [credited] = await tx
        .select({ total: sql<string>`coalesce(sum(${creditNotes.total_amount}), 0)::text` })
        .from(creditNotes)
        .where(and(eq(creditNotes.invoice, invoice.id), eq(creditNotes.status, 'approved'), isNull(creditNotes.deleted_at)));
      released = await releaseOverpayment(tx, invoice.id, invoice.total_amount, credited!.total);
      await settleOutstanding(tx, actor, [invoice.id]);
      return creditNoteView(tx, id);
    },
    (view) => auditCreditNote('approve', 'high', { released })(view),
  );
}

/** DELETE invoices/credit-notes/{id}/: only a draft, which has no number yet. */
export async function deleteCreditNote(db: Db, actor: User, id: number, expected: number | undefined): Promise<CreditNoteView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockCreditNote(tx, id, 'delete', expected);
      const view = await creditNoteView(tx, id);
      await tx.update(creditNotes).set({ deleted_at: now }).where(eq(creditNotes.id, id));
      return view;
    },
    auditCreditNote('delete', 'medium'),
  );
}
