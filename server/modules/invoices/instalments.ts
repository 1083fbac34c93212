import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { add, compare } from '../../../domain/decimal';
import { SCHEDULE_REFUSALS } from '../../../domain/invoice-schedule';
import type { Db } from '../../db/client';
import { invoices, paymentSchedules } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

/**
 * How an invoice's instalments follow its money (decision 327): what has been received pays the
 * instalments in the order they fall due, so an instalment is paid exactly when the receipts
 * allocated to the invoice cover it and every instalment due before it.
 */

/** The live instalments of an invoice, earliest due first (locked when the caller writes them). */
export function liveInstalments(tx: Db, invoice: number) {
  return tx
    .select()
    .from(paymentSchedules)
    .where(and(eq(paymentSchedules.invoice, invoice), isNull(paymentSchedules.deleted_at)))
    .orderBy(asc(paymentSchedules.due_date), asc(paymentSchedules.id));
}

/** Marks the instalments `allocated` covers paid (stamped now the first time) and the others unpaid again. */
export async function followSchedule(tx: Db, invoice: number, allocated: string): Promise<void> {
  let through = '0';
  for (const instalment of await liveInstalments(tx, invoice)) {
    through = add(through, instalment.amount);
    const paid = compare(through, allocated) <= 0;
    if (paid === instalment.is_paid) continue;
    await tx
      .update(paymentSchedules)
      .set({ is_paid: paid, paid_at: paid ? sql`now()` : null })
      .where(eq(paymentSchedules.id, instalment.id));
  }
}

/** What the instalments of an invoice add up to. */
export async function scheduledTotal(tx: Db, invoice: number): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${paymentSchedules.amount}), 0)::text` })
    .from(paymentSchedules)
    .where(and(eq(paymentSchedules.invoice, invoice), isNull(paymentSchedules.deleted_at)));
  return row!.total;
}

/** Approval refuses an invoice whose instalments, if it has any, do not add up to its grand total (decision 326). */
export async function checkScheduleOnApproval(tx: Db, invoice: Pick<typeof invoices.$inferSelect, 'id' | 'total_amount'>): Promise<void> {
  const instalments = await liveInstalments(tx, invoice.id);
  if (!instalments.length) return;
  const scheduled = await scheduledTotal(tx, invoice.id);
  if (compare(scheduled, invoice.total_amount) !== 0) throw badRequest({ non_field_errors: [SCHEDULE_REFUSALS.notSumming(scheduled, invoice.total_amount)] });
}
