import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { JobOrderProfitabilityRow, JobOrderView } from '../../../domain/job-order';
import type { SalesOrderJobOrderDraft } from '../../../domain/sales-order';
import { api } from '../../data/api';

export const getProfitability = async (jobOrder: number) => (await api.get<JobOrderProfitabilityRow>(API.jobOrders.profitabilityOf(jobOrder))).data;

export const profitabilityQuery = (jobOrder: number) => queryOptions({ queryKey: ['job-orders', jobOrder, 'profitability'], queryFn: () => getProfitability(jobOrder) });

/** One job order's revenue, costs and margin, worked out by the server. */
export const useProfitability = (jobOrder: number) => useQuery(profitabilityQuery(jobOrder));

export const getStatusHistory = async (jobOrder: number) => (await api.get<JobOrderView>(API.jobOrders.detail(jobOrder))).data.status_history;

/** Keyed by the version the device holds: a change that reached the server brings its step, so it is read again. */
export const statusHistoryQuery = (jobOrder: number, version: number) =>
  queryOptions({ queryKey: ['job-orders', jobOrder, 'status-history', version], queryFn: () => getStatusHistory(jobOrder) });

/** Who moved the job order where and when: the server keeps it. */
export const useStatusHistory = (jobOrder: number, version: number) => useQuery(statusHistoryQuery(jobOrder, version));

/** GET sales-orders/{id}/job-order-draft/: the new job order's fields as the sales order gives them. */
export const jobOrderDraftQuery = (salesOrder: number) =>
  queryOptions({
    queryKey: ['sales-orders', salesOrder, 'job-order-draft'],
    queryFn: async () => (await api.get<SalesOrderJobOrderDraft>(API.salesOrders.jobOrderDraft(salesOrder))).data,
    // A draft is read once for the form; it is not refreshed under the user's typing.
    staleTime: Infinity,
  });

/** The draft of a job order raised from a sales order; disabled without one. */
export const useJobOrderDraft = (salesOrder: number | null) => useQuery({ ...jobOrderDraftQuery(salesOrder ?? 0), enabled: salesOrder !== null });
