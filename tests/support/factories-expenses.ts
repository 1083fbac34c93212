import type { Db } from '../../server/db/client';
import { jobOrderExpenses } from '../../server/db/schema';
import type { JobOrderExpenseCategory, JobOrderExpenseStatus } from '../../domain/job-order-expense';
import { userId } from './factories';

/** A job order expense made directly in the database, in whatever state a test needs. */
export async function makeJobOrderExpense(
  db: Db,
  jobOrder: number,
  values: { expense_category?: JobOrderExpenseCategory; amount?: string; status?: JobOrderExpenseStatus; expense_date?: string; description?: string; deleted?: boolean; approved_by?: string } = {},
) {
  const status = values.status ?? 'PENDING';
  const decided = status !== 'PENDING';
  const [row] = await db
    .insert(jobOrderExpenses)
    .values({
      job_order: jobOrder,
      expense_category: values.expense_category ?? 'transport',
      description: values.description ?? 'Tempo to site',
      expense_date: values.expense_date ?? '2026-11-18',
      amount: values.amount ?? '1500.00',
      status,
      approved_by: decided ? await userId(db, values.approved_by ?? 'management') : null,
      approved_at: decided ? new Date().toISOString() : null,
      created_by: await userId(db, 'foreman'),
      deleted_at: values.deleted ? new Date().toISOString() : null,
    })
    .returning();
  return row!;
}
