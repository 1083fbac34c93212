import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { jobOrderExpenses, jobOrders } from '../../db/schema';
import {
  JOB_ORDER_EXPENSE_DEFAULT_STATUS,
  JOB_ORDER_EXPENSE_MESSAGES,
  jobOrderExpenseCategorySchema,
  jobOrderExpenseDecidable,
  jobOrderExpenseEditable,
  jobOrderExpenseStatusSchema,
  type JobOrderExpense,
  type JobOrderExpenseSummary,
  type jobOrderExpenseApprovalSchema,
  type jobOrderExpenseBodySchema,
  type jobOrderExpenseUpdateSchema,
} from '../../../domain/job-order-expense';
import { isJobOrderOpen } from '../../../domain/job-order';
import type { User } from '../../../domain/user';
import { checkDuty } from '../../lib/duties';
import { fieldError, HttpError, invalidPkError, notFound } from '../../lib/http-error';
import { byId, byValue, fromDate, toDate, type ListSpec } from '../../lib/list';
import { checkEdit } from '../../lib/row-rules';
import { publicRow, softDeleteRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';

type ExpenseRow = typeof jobOrderExpenses.$inferSelect;
type BodyInput = z.output<typeof jobOrderExpenseBodySchema>;
type UpdateInput = Omit<z.output<typeof jobOrderExpenseUpdateSchema>, 'expected_version'>;
type Decision = z.output<typeof jobOrderExpenseApprovalSchema>['status'];

/** Job order lists page by 15 (business-areas.md §9); expenses follow their job order. */
export const JOB_ORDER_EXPENSE_PAGE_SIZE = 15;

/** expenses/ and {jobId}/expenses/: the mirrored list (deleted expenses come in deltas and leave the device). */
export const jobOrderExpenseList: ListSpec<typeof jobOrderExpenses> = {
  table: jobOrderExpenses,
  pageSize: JOB_ORDER_EXPENSE_PAGE_SIZE,
  orderings: {
    id: jobOrderExpenses.id,
    expense_date: jobOrderExpenses.expense_date,
    amount: jobOrderExpenses.amount,
    status: jobOrderExpenses.status,
    created_at: jobOrderExpenses.created_at,
    updated_at: jobOrderExpenses.updated_at,
  },
  defaultOrdering: '-id',
  search: [jobOrderExpenses.description],
  filters: {
    job_order: byId(jobOrderExpenses.job_order),
    status: byValue(jobOrderExpenses.status, jobOrderExpenseStatusSchema),
    expense_category: byValue(jobOrderExpenses.expense_category, jobOrderExpenseCategorySchema),
    start_date: fromDate(jobOrderExpenses.expense_date),
    end_date: toDate(jobOrderExpenses.expense_date),
  },
};

/** The rows of one job order's list: 404 when the job order does not exist. */
export async function jobOrderScope(db: Db, jobOrder: number) {
  const [job] = await db
    .select({ id: jobOrders.id })
    .from(jobOrders)
    .where(and(eq(jobOrders.id, jobOrder), isNull(jobOrders.deleted_at)));
  if (!job) throw notFound();
  return eq(jobOrderExpenses.job_order, jobOrder);
}

const asExpense = (row: ExpenseRow) => publicRow(row) as JobOrderExpense;

/** GET expenses/{id}/: a live expense. */
export async function findExpense(db: Db, id: number): Promise<JobOrderExpense> {
  const [row] = await db
    .select()
    .from(jobOrderExpenses)
    .where(and(eq(jobOrderExpenses.id, id), isNull(jobOrderExpenses.deleted_at)));
  if (!row) throw notFound();
  return asExpense(row);
}

/**
 * The job order an expense is booked on, share-locked for the transaction so it cannot be
 * closed or cancelled while the expense is written; refused unless it is open.
 */
async function openJobOrder(tx: Db, id: number, missing: () => HttpError): Promise<void> {
  const [job] = await tx.select().from(jobOrders).where(eq(jobOrders.id, id)).for('share');
  if (!job || job.deleted_at) throw missing();
  if (!isJobOrderOpen(job)) throw fieldError('job_order', JOB_ORDER_EXPENSE_MESSAGES.jobOrderClosed);
}

/** The live expense, locked for the rest of the transaction. */
async function lockExpense(tx: Db, id: number): Promise<ExpenseRow> {
  const [row] = await tx.select().from(jobOrderExpenses).where(eq(jobOrderExpenses.id, id)).for('update');
  if (!row || row.deleted_at) throw notFound();
  return row;
}

/**
 * The expense locked for a change or removal: only by whoever recorded it or an approver (the
 * row rule), while it is undecided or rejected and its job order is open.
 */
async function lockEditableExpense(tx: Db, actor: User, id: number): Promise<ExpenseRow> {
  const row = await lockExpense(tx, id);
  checkEdit('jobOrderExpense', actor, row);
  if (!jobOrderExpenseEditable(row)) throw new HttpError(400, { detail: JOB_ORDER_EXPENSE_MESSAGES.approvedLocked });
  await openJobOrder(tx, row.job_order, () => notFound());
  return row;
}


const expenseAudit = (name: string, risk: 'low' | 'medium', metadata: Record<string, unknown> = {}) => (row: ExpenseRow) => ({
  action: `job_order_expense.${name}`,
  target: `job_order_expenses:${row.id}`,
  risk,
  metadata: { job_order: row.job_order, expense_category: row.expense_category, amount: row.amount, status: row.status, ...metadata },
});

/** POST {jobId}/expenses/: a new expense of an open job order, always PENDING. */
export async function createExpense(db: Db, actor: User, jobOrder: number, input: BodyInput): Promise<JobOrderExpense> {
  const row = await auditedWrite(
    db,
    actor,
    async (tx) => {
      await openJobOrder(tx, jobOrder, () => notFound());
      const [created] = await tx
        .insert(jobOrderExpenses)
        .values({ ...input, job_order: jobOrder, status: JOB_ORDER_EXPENSE_DEFAULT_STATUS, created_by: actor.id })
        .returning();
      return created!;
    },
    expenseAudit('create', 'low'),
  );
  return asExpense(row);
}

/**
 * PUT expenses/{id}/: changes a pending or rejected expense. A rejected one goes back to PENDING
 * (its decision cleared), so it is decided again as it now reads.
 */
export async function updateExpense(db: Db, actor: User, id: number, input: UpdateInput, expected: number | undefined): Promise<JobOrderExpense> {
  const row = await auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await lockEditableExpense(tx, actor, id);
      if (input.job_order !== undefined && input.job_order !== current.job_order) await openJobOrder(tx, input.job_order, () => invalidPkError('job_order', input.job_order!));
      const reopened = current.status === 'REJECTED' ? { status: JOB_ORDER_EXPENSE_DEFAULT_STATUS, approved_by: null, approved_at: null } : {};
      return updateRow(tx, jobOrderExpenses, id, { ...input, ...reopened }, expected);
    },
    expenseAudit('update', 'low', { fields: Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined) }),
  );
  return asExpense(row);
}

/** DELETE expenses/{id}/: a pending or rejected expense is removed (soft: kept for history and sync). */
export async function deleteExpense(db: Db, actor: User, id: number, expected: number | undefined): Promise<JobOrderExpense> {
  const row = await auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockEditableExpense(tx, actor, id);
      return softDeleteRow(tx, jobOrderExpenses, id, expected);
    },
    expenseAudit('delete', 'medium'),
  );
  return asExpense(row);
}

/**
 * PATCH expenses/{id}/approve/: a pending expense approved or rejected. The decider recorded is
 * the signed-in user, whatever `approved_by` the client sent. Allowed on a closed job order too:
 * costs incurred before it closed are still settled.
 */
export async function decideExpense(db: Db, actor: User, id: number, decision: Decision, sentApprover: number | undefined, expected: number | undefined): Promise<JobOrderExpense> {
  const row = await auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await lockExpense(tx, id);
      // Rejecting one's own expense withdraws it; approving it needs someone else.
      if (decision === 'APPROVED') checkDuty('job-order-expense', current, actor);
      if (!jobOrderExpenseDecidable(current)) throw new HttpError(400, { detail: JOB_ORDER_EXPENSE_MESSAGES.notPending });
      return updateRow(tx, jobOrderExpenses, id, { status: decision, approved_by: actor.id, approved_at: sql`now()` as unknown as string }, expected);
    },
    expenseAudit(decision === 'APPROVED' ? 'approve' : 'reject', 'medium', sentApprover !== undefined && sentApprover !== actor.id ? { approved_by_sent: sentApprover } : {}),
  );
  return asExpense(row);
}

/**
 * GET expenses/summary/: exact sums of the live expenses (of one job order, or all). Rejected
 * expenses are not costs of the job: the total is approved + pending, and so are the categories.
 */
export async function expenseSummary(db: Db, jobOrder: number | undefined): Promise<JobOrderExpenseSummary> {
  const where = and(isNull(jobOrderExpenses.deleted_at), ne(jobOrderExpenses.status, 'REJECTED'), jobOrder === undefined ? undefined : eq(jobOrderExpenses.job_order, jobOrder));
  const money = (total: ReturnType<typeof sql>) => sql<string>`coalesce(${total}, 0)::numeric(16,2)::text`;
  const [totals] = await db
    .select({
      total_expenses: money(sql`sum(${jobOrderExpenses.amount})`),
      approved_expenses: money(sql`sum(${jobOrderExpenses.amount}) filter (where ${jobOrderExpenses.status} = 'APPROVED')`),
      pending_expenses: money(sql`sum(${jobOrderExpenses.amount}) filter (where ${jobOrderExpenses.status} = 'PENDING')`),
    })
    .from(jobOrderExpenses)
    .where(where);
  const categories = await db
    .select({ expense_category: jobOrderExpenses.expense_category, total: money(sql`sum(${jobOrderExpenses.amount})`) })
    .from(jobOrderExpenses)
    .where(where)
    .groupBy(jobOrderExpenses.expense_category)
    .orderBy(asc(jobOrderExpenses.expense_category));
  return {
    ...totals!,
    expenses_by_category: categories.map((c) => ({ expense_category: jobOrderExpenseCategorySchema.parse(c.expense_category), total: c.total })),
  };
}
