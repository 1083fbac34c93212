import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { add, toMoney } from '../../../domain/decimal';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { invoices, receiptAllocations, receipts } from '../../db/schema';

const total = (column: AnyPgColumn) => ({ rows: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${column}), 0)::text` });

/**
 * What a job order's customer has paid towards it (decision 317): the receipts recorded against
 * the job order in full (advances, whether or not applied to its invoice since) plus what other
 * receipts allocated to the job order's invoices. Null when no live receipt touches the job order.
 * domain/receipt-totals.ts works out the same on the device.
 */
export async function receivedForJobOrder(db: Db, jobOrder: number): Promise<string | null> {
  const [advances] = await db
    .select(total(receipts.amount))
    .from(receipts)
    .where(and(eq(receipts.job_order, jobOrder), isNull(receipts.deleted_at)));
  const [allocated] = await db
    .select(total(receiptAllocations.amount))
    .from(receiptAllocations)
    .innerJoin(receipts, eq(receipts.id, receiptAllocations.receipt))
    .innerJoin(invoices, eq(invoices.id, receiptAllocations.invoice))
    .where(
      and(
        eq(invoices.job_order, jobOrder),
        isNull(receiptAllocations.deleted_at),
        isNull(receipts.deleted_at),
        or(isNull(receipts.job_order), sql`${receipts.job_order} <> ${jobOrder}`),
      ),
    );
  if (!advances!.rows && !allocated!.rows) return null;
  return toMoney(add(advances!.amount, allocated!.amount));
}
