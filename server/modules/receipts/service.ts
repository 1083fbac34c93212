import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { compare, sub, sum, toMoney } from '../../../domain/decimal';
import { invoiceActionRefusal, invoiceStatusSchema, type InvoiceView } from '../../../domain/invoice';
import { RECEIPT_REFUSALS, receiptModeSchema, type allocationInputSchema, type receiptCreateSchema, type ReceiptView } from '../../../domain/receipt';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { customers, invoices, receiptAllocations, receipts, users } from '../../db/schema';
import { badRequest, type FieldErrors, invalidPk, notFound } from '../../lib/http-error';
import { byId, byValue, fromDate, toDate, type ListSpec } from '../../lib/list';
import { auditedWrite } from '../audit/service';
import { customerOrderProblems } from '../customers/order-references';
import { invoicesAllocatedFrom, settleOutstanding, touchReceipts } from '../invoices/payments';
import { invoiceView } from '../invoices/queries';
import { userNameOf } from '../users/names';

/**
 * Receipts (issue 20 §2): money received from a customer, allocated to its invoices or kept as an
 * advance against a sales order or job order (or on account). Invoices' outstanding amounts and
 * statuses follow every allocation (server/modules/invoices/payments.ts).
 */

type ReceiptInput = z.output<typeof receiptCreateSchema>;
type ReceiptRow = typeof receipts.$inferSelect;
type AllocationInput = z.output<typeof allocationInputSchema>;

const now = sql`now()` as unknown as string;

/** receipts/: newest first, 15 a page; by customer, order, job order, mode and date. */
export const receiptList: ListSpec<typeof receipts> = {
  table: receipts,
  pageSize: 15,
  orderings: { id: receipts.id, receipt_date: receipts.receipt_date, amount: receipts.amount, customer: receipts.customer, updated_at: receipts.updated_at },
  defaultOrdering: '-id',
  filters: {
    customer: byId(receipts.customer),
    sales_order: byId(receipts.sales_order),
    job_order: byId(receipts.job_order),
    mode: byValue(receipts.mode, receiptModeSchema),
    receipt_date_from: fromDate(receipts.receipt_date),
    receipt_date_to: toDate(receipts.receipt_date),
  },
};

const author = alias(users, 'author');
const { txid: _txid, ...allocationColumns } = getTableColumns(receiptAllocations);

/** Receipts as the screens show them: names, live allocations with their invoice numbers, what is left unallocated. */
export async function describeReceipts(db: Db, rows: readonly ReceiptRow[]): Promise<ReceiptView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const names = await db
    .select({ id: receipts.id, customer_name: customers.name, created_by_name: userNameOf(author) })
    .from(receipts)
    .innerJoin(customers, eq(customers.id, receipts.customer))
    .leftJoin(author, eq(author.id, receipts.created_by))
    .where(inArray(receipts.id, ids));
  const allocations = await db
    .select({ ...allocationColumns, invoice_number: invoices.invoice_number })
    .from(receiptAllocations)
    .innerJoin(invoices, eq(invoices.id, receiptAllocations.invoice))
    .where(and(inArray(receiptAllocations.receipt, ids), isNull(receiptAllocations.deleted_at)))
    .orderBy(asc(receiptAllocations.id));
  const nameOf = new Map(names.map((n) => [n.id, n]));
  return rows.map(({ txid: _, ...row }) => {
    const own = allocations.filter((a) => a.receipt === row.id);
    const allocated = sum(own.map((a) => a.amount));
    return {
      ...row,
      mode: receiptModeSchema.parse(row.mode),
      customer_name: nameOf.get(row.id)!.customer_name,
      created_by_name: nameOf.get(row.id)!.created_by_name,
      allocated_amount: toMoney(allocated),
      unallocated_amount: toMoney(sub(row.amount, allocated)),
      allocations: own,
    };
  });
}

/** GET receipts/{id}/ (a removed receipt too, so its history still reads). */
export async function receiptView(db: Db, id: number): Promise<ReceiptView> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  if (!row) throw notFound();
  return (await describeReceipts(db, [row]))[0]!;
}

/** Each allocation names a live, issued invoice of the customer with at least that much outstanding (the invoices locked, in id order). */
async function allocationProblems(tx: Db, customer: number, allocations: readonly AllocationInput[]): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  if (!allocations.length) return problems;
  const ids = [...new Set(allocations.map((a) => a.invoice))].sort((a, b) => a - b);
  const rows = await tx
    .select({ id: invoices.id, customer: invoices.customer, status: invoices.status, outstanding: invoices.outstanding_amount })
    .from(invoices)
    .where(and(inArray(invoices.id, ids), isNull(invoices.deleted_at)))
    .orderBy(asc(invoices.id))
    .for('update');
  const byId = new Map(rows.map((r) => [r.id, r]));
  allocations.forEach((allocation, i) => {
    const field = `allocations.${i}`;
    const invoice = byId.get(allocation.invoice);
    if (!invoice) problems[`${field}.invoice`] = [invalidPk(allocation.invoice)];
    else if (invoice.customer !== customer) problems[`${field}.invoice`] = [RECEIPT_REFUSALS.otherCustomer];
    else {
      const refusal = invoiceActionRefusal('receive', invoiceStatusSchema.parse(invoice.status));
      if (refusal) problems[`${field}.invoice`] = [refusal];
      else if (compare(allocation.amount, invoice.outstanding) > 0) problems[`${field}.amount`] = [RECEIPT_REFUSALS.moreThanOutstanding(invoice.outstanding)];
    }
  });
  return problems;
}

function throwIfAny(problems: FieldErrors): void {
  if (Object.keys(problems).length) throw badRequest(problems);
}

async function allocate(tx: Db, actor: User, receipt: number, allocations: readonly AllocationInput[]): Promise<void> {
  if (!allocations.length) return;
  await tx.insert(receiptAllocations).values(allocations.map((a) => ({ receipt, invoice: a.invoice, amount: a.amount, created_by: actor.id })));
  await settleOutstanding(
    tx,
    actor,
    allocations.map((a) => a.invoice),
  );
}

const auditReceipt = (action: string, risk: 'low' | 'medium' | 'high', metadata: Record<string, unknown> = {}) => (view: ReceiptView) => ({
  action: `receipt.${action}`,
  target: `receipts:${view.id}`,
  risk,
  metadata: { amount: view.amount, customer: view.customer, allocations: view.allocations.map((a) => ({ invoice: a.invoice, amount: a.amount })), ...metadata },
});

/** POST receipts/: the money received and its allocations to invoices; the rest is an advance. */
export async function createReceipt(db: Db, actor: User, input: ReceiptInput): Promise<ReceiptView> {
  const { allocations, ...fields } = input;
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      throwIfAny({ ...(await customerOrderProblems(tx, fields)), ...(await allocationProblems(tx, fields.customer, allocations)) });
      const [row] = await tx
        .insert(receipts)
        .values({ ...fields, created_by: actor.id })
        .returning({ id: receipts.id });
      await allocate(tx, actor, row!.id, allocations);
      return receiptView(tx, row!.id);
    },
    auditReceipt('create', 'medium'),
  );
}

/** POST receipts/{id}/allocate/: more of a receipt's unallocated money (an advance) applied to invoices. */
export async function allocateReceipt(db: Db, actor: User, id: number, allocations: readonly AllocationInput[]): Promise<ReceiptView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [row] = await tx
        .select()
        .from(receipts)
        .where(and(eq(receipts.id, id), isNull(receipts.deleted_at)))
        .for('update');
      if (!row) throw notFound();
      const { unallocated_amount: unallocated } = await receiptView(tx, id);
      if (compare(sum(allocations.map((a) => a.amount)), unallocated) > 0) throw badRequest({ allocations: [RECEIPT_REFUSALS.moreThanUnallocated(unallocated)] });
      throwIfAny(await allocationProblems(tx, row.customer, allocations));
      await allocate(tx, actor, id, allocations);
      await touchReceipts(tx, [id]);
      return receiptView(tx, id);
    },
    auditReceipt('allocate', 'medium'),
  );
}

/** DELETE receipts/{id}/ with a reason: a receipt recorded in error; its allocations go and the invoices owe again. */
export async function deleteReceipt(db: Db, actor: User, id: number, reason: string): Promise<ReceiptView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [row] = await tx
        .select({ id: receipts.id })
        .from(receipts)
        .where(and(eq(receipts.id, id), isNull(receipts.deleted_at)))
        .for('update');
      if (!row) throw notFound();
      const affected = await invoicesAllocatedFrom(tx, [id]);
      await tx.update(receiptAllocations).set({ deleted_at: now }).where(and(eq(receiptAllocations.receipt, id), isNull(receiptAllocations.deleted_at)));
      await tx.update(receipts).set({ deleted_at: now, remarks: sql`trim(${receipts.remarks} || ' Removed: ' || ${reason})` }).where(eq(receipts.id, id));
      await settleOutstanding(tx, actor, affected);
      return receiptView(tx, id);
    },
    auditReceipt('delete', 'high', { reason }),
  );
}

/**
 * POST invoices/{id}/mark_paid/: the rest of an invoice received in one receipt (mode, reference,
 * date), allocated to it, so the invoice is paid and the money is on record (decision 312).
 */
export async function markInvoicePaid(db: Db, actor: User, invoiceId: number, payment: Pick<ReceiptInput, 'receipt_date' | 'mode' | 'reference' | 'remarks'>): Promise<InvoiceView> {
  const invoice = await invoiceView(db, invoiceId);
  const refusal = invoiceActionRefusal('receive', invoice.status);
  if (refusal) throw badRequest({ non_field_errors: [refusal] });
  await createReceipt(db, actor, {
    ...payment,
    customer: invoice.customer,
    sales_order: invoice.sales_order,
    job_order: invoice.job_order,
    amount: invoice.outstanding_amount,
    allocations: [{ invoice: invoiceId, amount: invoice.outstanding_amount }],
  });
  return invoiceView(db, invoiceId);
}
