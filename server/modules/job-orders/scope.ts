import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { jobOrderScopeOf } from '../../../domain/row-rules';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { jobOrders, jobOrderStatusHistory } from '../../db/schema';
import { findRow } from '../../lib/rows';

/**
 * Design's desk: job orders in the Design bucket now, or moved into it before (the history keeps
 * every bucket move). Once in, a job order stays in, so a device's delta never misses it leaving.
 */
const reachedDesign = or(
  eq(jobOrders.bucket, 'Design'),
  sql`exists (select 1 from ${jobOrderStatusHistory} where ${and(eq(jobOrderStatusHistory.job_order, jobOrders.id), eq(jobOrderStatusHistory.kind, 'bucket'), eq(jobOrderStatusHistory.to, 'Design'))})`,
)!;

/** The job orders a user may read (domain/row-rules.ts), as a condition; undefined for all of them. */
export function jobOrderScope(user: User): SQL | undefined {
  return jobOrderScopeOf(user) === 'reached-design' ? reachedDesign : undefined;
}

/** The rows of the job orders a user may read, by the column naming their job order (a job order's products); undefined for all. */
export function jobOrderRowsScope(user: User, jobOrder: AnyColumn, db: Db): SQL | undefined {
  const scope = jobOrderScope(user);
  return scope ? inArray(jobOrder, db.select({ id: jobOrders.id }).from(jobOrders).where(scope)) : undefined;
}

/** Refuses a job order outside the user's row rule with a 404, as if it did not exist. */
export async function assertReadableJobOrder(db: Db, user: User, id: number): Promise<void> {
  const scope = jobOrderScope(user);
  if (scope) await findRow(db, jobOrders, id, scope);
}
