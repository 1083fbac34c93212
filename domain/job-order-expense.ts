import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, expectedVersionFields, idSchema, isoDateSchema, isoDateTimeSchema, refSchema, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';

/** Expense statuses (business-areas.md §4): PENDING on create, then approved or rejected. */
export const JOB_ORDER_EXPENSE_STATUSES = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
] as const;
export const jobOrderExpenseStatusSchema = z.enum(valuesOf(JOB_ORDER_EXPENSE_STATUSES));
export type JobOrderExpenseStatus = z.infer<typeof jobOrderExpenseStatusSchema>;
/** Expense default status (business-areas.md §9). */
export const JOB_ORDER_EXPENSE_DEFAULT_STATUS: JobOrderExpenseStatus = 'PENDING';

/** What a job order's money was spent on, beyond stores materials. */
export const JOB_ORDER_EXPENSE_CATEGORIES = [
  { value: 'transport', label: 'Transport' },
  { value: 'labour', label: 'Labour' },
  { value: 'installation', label: 'Installation' },
  { value: 'outsourcing', label: 'Outsourcing' },
  { value: 'material-purchase', label: 'Material Purchase' },
  { value: 'travel', label: 'Travel' },
  { value: 'food-accommodation', label: 'Food & Accommodation' },
  { value: 'miscellaneous', label: 'Miscellaneous' },
] as const;
export const jobOrderExpenseCategorySchema = z.enum(valuesOf(JOB_ORDER_EXPENSE_CATEGORIES));
export type JobOrderExpenseCategory = z.infer<typeof jobOrderExpenseCategorySchema>;

/** Job order expense (business-areas.md §3). */
export const jobOrderExpenseSchema = z.object({
  id: idSchema,
  job_order: idSchema,
  expense_category: jobOrderExpenseCategorySchema,
  description: z.string(),
  expense_date: isoDateSchema,
  amount: decimalSchema,
  status: jobOrderExpenseStatusSchema,
  approved_by: idSchema.nullable(),
  approved_at: isoDateTimeSchema.nullable(),
  ...trackedFields,
  ...softDeleteFields,
});
export type JobOrderExpense = z.infer<typeof jobOrderExpenseSchema>;

/** A new expense (always PENDING); `job_order` is the job of the {jobId}/expenses/ path. */
export const jobOrderExpenseCreateSchema = z.object({
  job_order: refSchema,
  expense_category: jobOrderExpenseCategorySchema,
  description: textInput(500).default(''),
  expense_date: isoDateSchema,
  amount: decimalInput({ min: 0.01 }),
});
export type JobOrderExpenseCreate = z.input<typeof jobOrderExpenseCreateSchema>;
/** The body of POST {jobId}/expenses/: the job order is the path's (a `job_order` sent in the body is ignored). */
export const jobOrderExpenseBodySchema = jobOrderExpenseCreateSchema.omit({ job_order: true });
/** PUT expenses/{id}/: the fields to change (a pending or rejected expense), with the version the user saw. */
export const jobOrderExpenseUpdateSchema = updateSchemaOf(jobOrderExpenseCreateSchema);
export type JobOrderExpenseUpdate = z.input<typeof jobOrderExpenseUpdateSchema>;

/** PATCH expenses/{id}/approve/: the decision; the approver is the signed-in user. */
export const jobOrderExpenseApprovalSchema = z.object({
  status: z.enum(['APPROVED', 'REJECTED']).default('APPROVED'),
  approved_by: refSchema.optional(),
  ...expectedVersionFields,
});
export type JobOrderExpenseApproval = z.input<typeof jobOrderExpenseApprovalSchema>;

/** DELETE has no body: the version comes as If-Match; this is what the outbox keeps of a removal. */
export const jobOrderExpenseVersionSchema = jobOrderExpenseUpdateSchema.pick({ expected_version: true });

/** GET expenses/summary/?job_order=: one job order's figures, or every job order's. */
export const jobOrderExpenseSummaryQuerySchema = z.object({ job_order: z.coerce.number().pipe(refSchema).optional() }).strict();

/** An approved expense is booked: it is neither edited nor deleted (docs/decisions.md 101). */
export const jobOrderExpenseEditable = (expense: { status: string }) => expense.status !== 'APPROVED';
/** Only a pending expense is decided; a rejected one is edited (back to pending) first. */
export const jobOrderExpenseDecidable = (expense: { status: string }) => expense.status === 'PENDING';

/** The notices of business-areas.md §8, and the server's refusals. */
export const JOB_ORDER_EXPENSE_MESSAGES = {
  created: 'Expense created successfully',
  updated: 'Expense updated successfully',
  deleted: 'Expense deleted successfully',
  approved: 'Expense approved successfully',
  rejected: 'Expense rejected',
  loadFailed: 'Failed to load expenses',
  createFailed: 'Failed to create expense',
  updateFailed: 'Failed to update expense',
  deleteFailed: 'Failed to delete expense',
  approvedLocked: 'An approved expense cannot be edited or deleted.',
  notPending: 'Only a pending expense can be approved or rejected.',
  jobOrderClosed: 'Expenses cannot be recorded against a closed or cancelled job order.',
} as const;

/** GET expenses/summary/ (business-areas.md §3): totals, and per category. */
export const jobOrderExpenseSummarySchema = z.object({
  total_expenses: decimalSchema,
  approved_expenses: decimalSchema,
  pending_expenses: decimalSchema,
  expenses_by_category: z.array(z.object({ expense_category: jobOrderExpenseCategorySchema, total: decimalSchema })),
});
export type JobOrderExpenseSummary = z.infer<typeof jobOrderExpenseSummarySchema>;
