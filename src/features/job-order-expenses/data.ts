import { useLiveQuery } from 'dexie-react-hooks';
import type { Customer } from '../../../domain/customer';
import type { DataType } from '../../../domain/data-types';
import { isJobOrderOpen, jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import type { JobOrderExpense, JobOrderExpenseStatus } from '../../../domain/job-order-expense';
import { mirror } from '../../data/mirror/db';

/** What the expense screens read from the device. */
export const EXPENSE_DATA: readonly DataType[] = ['jobOrderExpenses', 'jobOrders', 'customers'];

/** The caption of a notice for a write the outbox keeps until the connection is back. */
export const SAVED_OFFLINE = 'Saved on this device. It is sent when the connection is back.';

export const EXPENSE_STATUS_PALETTE: Readonly<Record<JobOrderExpenseStatus, string>> = { PENDING: 'orange', APPROVED: 'green', REJECTED: 'red' };

/** An expense in the list with its job order's label. */
export interface ExpenseRow {
  expense: JobOrderExpense;
  jobOrderLabel: string;
}

/** Every live expense on the device, newest first; undefined while the device answers. */
export function useExpenseRows(): ExpenseRow[] | undefined {
  return useLiveQuery(async () => {
    const expenses = (await mirror.rowsOf<JobOrderExpense>('jobOrderExpenses').toArray()).filter((e) => !e.deleted_at);
    const jobs = new Map(
      ((await mirror.rowsOf<JobOrder>('jobOrders').bulkGet([...new Set(expenses.map((e) => e.job_order))])) as (JobOrder | undefined)[]).filter((j): j is JobOrder => !!j).map((j) => [j.id, j]),
    );
    return expenses.map((expense) => {
      const job = jobs.get(expense.job_order);
      return { expense, jobOrderLabel: job ? jobOrderLabel(job) : String(expense.job_order) };
    });
  }, []);
}

export interface JobOrderOption {
  value: string;
  label: string;
}

/**
 * Job orders on the device as the spec's dropdowns label them (id and created date, plus the
 * customer), newest first; `openOnly` for where expenses are recorded.
 */
export function useJobOrderOptions(openOnly: boolean): JobOrderOption[] | undefined {
  return useLiveQuery(async () => {
    const jobs = (await mirror.rowsOf<JobOrder>('jobOrders').toArray()).filter((j) => (openOnly ? isJobOrderOpen(j) : !j.deleted_at)).sort((a, b) => b.id - a.id);
    const customers = new Map(((await mirror.rowsOf<Customer>('customers').bulkGet(jobs.map((j) => j.customer))) as (Customer | undefined)[]).filter((c): c is Customer => !!c).map((c) => [c.id, c.name]));
    return jobs.map((j) => ({ value: String(j.id), label: [jobOrderLabel(j), customers.get(j.customer)].filter(Boolean).join(' · ') }));
  }, [openOnly]);
}

/** One expense from the device (null when it is not there); undefined while it answers or when no id is given. */
export function useExpense(id: number | null): JobOrderExpense | null | undefined {
  return useLiveQuery(async () => (id === null ? undefined : ((await mirror.rowsOf<JobOrderExpense>('jobOrderExpenses').get(id)) ?? null)), [id]);
}
