import { z } from 'zod';
import { valuesOf } from './options';
import { decimalInput, decimalSchema, idSchema, isoDateSchema, isoDateTimeSchema, refSchema, softDeleteFields, textInput, trackedFields, updateSchemaOf } from './entity';

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
export const jobOrderExpenseUpdateSchema = updateSchemaOf(jobOrderExpenseCreateSchema);
export type JobOrderExpenseUpdate = z.input<typeof jobOrderExpenseUpdateSchema>;

/** PATCH expenses/{id}/approve/: the decision; the approver is the signed-in user. */
export const jobOrderExpenseApprovalSchema = z.object({
  status: z.enum(['APPROVED', 'REJECTED']).default('APPROVED'),
  approved_by: refSchema.optional(),
});

/** GET expenses/summary/ (business-areas.md §3): totals, and per category. */
export const jobOrderExpenseSummarySchema = z.object({
  total_expenses: decimalSchema,
  approved_expenses: decimalSchema,
  pending_expenses: decimalSchema,
  expenses_by_category: z.array(z.object({ expense_category: jobOrderExpenseCategorySchema, total: decimalSchema })),
});
export type JobOrderExpenseSummary = z.infer<typeof jobOrderExpenseSummarySchema>;
