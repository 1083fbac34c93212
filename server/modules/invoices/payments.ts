import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { add, compare, sign, sub } from '../../../domain/decimal';
import { INVOICE_WITHDRAWN_STATUSES, invoiceStatusSchema, type InvoiceStatus } from '../../../domain/invoice';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { creditNotes, invoices, invoiceStatusHistory, receiptAllocations, receipts } from '../../db/schema';
import { followSchedule } from './instalments';

/**
 * What customers owe: an issued invoice's outstanding amount is its total less the live
 * allocations of receipts to it and its approved credit notes (decision 330), and its status
 * follows (partially paid, paid, or back to sent or approved when a receipt is removed). Receipts
 * and their allocations are the only way money reaches an invoice.
 */

const allocatedTo = (invoice: number) =>
  sql<string>`(SELECT coalesce(sum(${receiptAllocations.amount}), 0) FROM ${receiptAllocations} WHERE ${receiptAllocations.invoice} = ${invoice} AND ${receiptAllocations.deleted_at} IS NULL)::text`;

const creditedTo = (invoice: number) =>
  sql<string>`(SELECT coalesce(sum(${creditNotes.total_amount}), 0) FROM ${creditNotes} WHERE ${creditNotes.invoice} = ${invoice} AND ${creditNotes.status} = 'approved' AND ${creditNotes.deleted_at} IS NULL)::text`;

/** The status an issued invoice has with `allocated` of its `total` received and `credited` taken back by credit notes: paid when nothing is left. */
function statusFor(row: { status: string; sent_at: string | null }, total: string, allocated: string, credited: string): InvoiceStatus {
  if (compare(add(allocated, credited), total) >= 0) return 'paid';
  if (sign(allocated) > 0) return 'partially_paid';
  return row.sent_at ? 'sent' : 'approved';
}

/** Recomputes the outstanding amount and payment status of invoices (locked by the caller's transaction), recording each status change. */
export async function settleOutstanding(tx: Db, actor: User, invoiceIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(invoiceIds)].sort((a, b) => a - b)) {
    const [row] = await tx
      .select({ status: invoices.status, sent_at: invoices.sent_at, total: invoices.total_amount, allocated: allocatedTo(id), credited: creditedTo(id) })
      .from(invoices)
      .where(eq(invoices.id, id))
      .for('update');
    const current = invoiceStatusSchema.parse(row!.status);
    if (current === 'draft' || INVOICE_WITHDRAWN_STATUSES.includes(current)) continue;
    const status = statusFor(row!, row!.total, row!.allocated, row!.credited);
    await tx
      .update(invoices)
      .set({ outstanding_amount: sub(sub(row!.total, row!.allocated), row!.credited), status, paid_at: status === 'paid' ? sql`coalesce(${invoices.paid_at}, now())` : null })
      .where(eq(invoices.id, id));
    // Credited money counts as paid towards the instalments: they sum to the total, and a credit note lowers what is owed.
    await followSchedule(tx, id, add(row!.allocated, row!.credited));
    if (status !== current) await tx.insert(invoiceStatusHistory).values({ invoice: id, from_status: current, to_status: status, changed_by: actor.id, created_by: actor.id });
  }
}

/**
 * Advances applied to a newly issued invoice: receipts of its customer against its sales order or
 * job order with money not yet allocated, oldest first, until the invoice is paid or the
 * advances are used up (decision 311).
 */
export async function applyAdvances(tx: Db, actor: User, invoiceId: number): Promise<void> {
  const [invoice] = await tx
    .select({ customer: invoices.customer, sales_order: invoices.sales_order, job_order: invoices.job_order, outstanding: invoices.outstanding_amount })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice || (invoice.sales_order === null && invoice.job_order === null)) return;
  const against = or(invoice.sales_order === null ? undefined : eq(receipts.sales_order, invoice.sales_order), invoice.job_order === null ? undefined : eq(receipts.job_order, invoice.job_order));
  const advances = await tx
    .select({ id: receipts.id, unallocated: sql<string>`(${receipts.amount} - coalesce((SELECT sum(a.amount) FROM ${receiptAllocations} a WHERE a.receipt = ${receipts.id} AND a.deleted_at IS NULL), 0))::text` })
    .from(receipts)
    .where(and(eq(receipts.customer, invoice.customer), isNull(receipts.deleted_at), against))
    .orderBy(asc(receipts.receipt_date), asc(receipts.id))
    .for('update');
  let owed = invoice.outstanding;
  for (const advance of advances) {
    if (sign(owed) <= 0) break;
    if (sign(advance.unallocated) <= 0) continue;
    const amount = compare(advance.unallocated, owed) < 0 ? advance.unallocated : owed;
    await tx.insert(receiptAllocations).values({ receipt: advance.id, invoice: invoiceId, amount, created_by: actor.id });
    await touchReceipts(tx, [advance.id]);
    owed = sub(owed, amount);
  }
  if (compare(owed, invoice.outstanding) !== 0) await settleOutstanding(tx, actor, [invoiceId]);
}

/**
 * Receipts whose allocations changed after they were recorded, marked written (their version and
 * sync position move), so a device's next delta sync brings their allocated and unallocated amounts.
 */
export async function touchReceipts(tx: Db, receiptIds: readonly number[]): Promise<void> {
  if (receiptIds.length) await tx.update(receipts).set({ updated_at: sql`now()` as unknown as string }).where(inArray(receipts.id, [...receiptIds]));
}

/** The live allocations' invoices of receipts (to settle after the receipts change). */
export async function invoicesAllocatedFrom(tx: Db, receiptIds: readonly number[]): Promise<number[]> {
  if (!receiptIds.length) return [];
  const rows = await tx
    .select({ invoice: receiptAllocations.invoice })
    .from(receiptAllocations)
    .where(and(inArray(receiptAllocations.receipt, [...receiptIds]), isNull(receiptAllocations.deleted_at)));
  return rows.map((r) => r.invoice);
}
