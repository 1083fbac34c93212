import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { JobOrderExpenseSummary } from '../../../domain/job-order-expense';
import { api } from '../../data/api';

/** The server's totals for one job order ('' for all). */
export const getExpenseSummary = async (jobOrder: string) =>
  (await api.get<JobOrderExpenseSummary>(API.jobOrderExpenses.summary, { params: jobOrder ? { job_order: jobOrder } : {} })).data;

export const expenseSummaryQuery = (jobOrder: string) => queryOptions({ queryKey: ['job-order-expenses', 'summary', jobOrder], queryFn: () => getExpenseSummary(jobOrder) });

export const useExpenseSummary = (jobOrder: string) => useQuery(expenseSummaryQuery(jobOrder));
