import { API } from '../../../domain/api-paths';
import { JOB_ORDER_EXPENSE_DEFAULT_STATUS, jobOrderExpenseCreateSchema, jobOrderExpenseUpdateSchema, jobOrderExpenseVersionSchema, type JobOrderExpense } from '../../../domain/job-order-expense';
import { defineOperation, ifMatch, localRefSchema, newRow, putServerRow } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/**
 * POST joborders/joborders/{jobId}/expenses/: an expense the foreman records on site, often with
 * no connection. It shows at once as PENDING; the job order goes in the path.
 */
export const createJobOrderExpense = defineOperation({
  name: 'job-order-expense.create',
  permission: 'job-order-expenses.write',
  label: 'New job order expense',
  type: 'jobOrderExpenses',
  schema: jobOrderExpenseCreateSchema,
  creates: true,
  request: ({ job_order, ...expense }) => ({ method: 'POST', url: API.jobOrderExpenses.ofJobOrder(ref(job_order)), body: expense }),
  apply: (mirror, expense, ctx) =>
    mirror.rows('jobOrderExpenses').put(newRow({ ...expense, status: JOB_ORDER_EXPENSE_DEFAULT_STATUS, approved_by: null, approved_at: null, deleted_at: null }, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'jobOrderExpenses', row, ctx),
  describe: (expense) => `${expense.expense_category} ${expense.amount} on job order ${expense.job_order}`,
});

/** PUT joborders/joborders/expenses/{id}/ with If-Match: a pending or rejected expense changed (a rejected one is pending again). */
export const updateJobOrderExpense = defineOperation({
  name: 'job-order-expense.update',
  permission: 'job-order-expenses.write',
  label: 'Job order expense changed',
  type: 'jobOrderExpenses',
  schema: jobOrderExpenseUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PUT', url: API.jobOrderExpenses.detail(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) =>
    mirror.rows('jobOrderExpenses').update(id, { ...changes, status: JOB_ORDER_EXPENSE_DEFAULT_STATUS, approved_by: null, approved_at: null, updated_at: ctx.now } satisfies Partial<JobOrderExpense>),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'jobOrderExpenses', row, ctx),
  describe: (changes) => (changes.amount ? `Amount ${changes.amount}` : `Expense ${changes.id}`),
});

/** DELETE joborders/joborders/expenses/{id}/ with If-Match: a pending or rejected expense removed. */
export const deleteJobOrderExpense = defineOperation({
  name: 'job-order-expense.delete',
  permission: 'job-order-expenses.write',
  label: 'Job order expense deleted',
  type: 'jobOrderExpenses',
  schema: jobOrderExpenseVersionSchema.extend({ id: localRefSchema }),
  rowId: (expense) => expense.id,
  request: ({ id, expected_version }) => ({ method: 'DELETE', url: API.jobOrderExpenses.detail(ref(id)), headers: ifMatch(expected_version) }),
  apply: (mirror, { id }) => mirror.rows('jobOrderExpenses').delete(id),
  reconcile: async () => undefined,
  describe: (expense) => `Expense ${expense.id}`,
});
