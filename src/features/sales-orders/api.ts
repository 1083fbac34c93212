import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { JobOrderListRow } from '../../../domain/job-order';
import type { Receipt } from '../../../domain/receipt';
import type { SalesOrderListRow, SalesOrderStatus, SalesOrderView } from '../../../domain/sales-order';
import { api } from '../../data/api';
import { downloadFromApi } from '../../ui/download';

/** A page of a server list (DESIGN.md "Lists"). */
export interface ListPage<T> {
  count: number;
  results: T[];
}

/** The list's page size and ordering (business-areas.md §9): 15 a page, newest first. */
export const SALES_ORDER_PAGE_SIZE = 15;
export const SALES_ORDER_ORDERING = '-id';

/** The list's filters as the API takes them (empty ones are left out). */
export type SalesOrderFilters = Partial<Record<'status' | 'customer' | 'start_date' | 'end_date' | 'advance_pending' | 'overdue' | 'search', string>>;

/** The chosen filters (the empty ones left out) in the list's order, as the list and its export take them. */
const listParams = (filters: SalesOrderFilters): Record<string, string> => ({
  ...Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1])),
  ordering: SALES_ORDER_ORDERING,
});

export const salesOrdersQuery = (filters: SalesOrderFilters, page: number) => {
  const params = { ...listParams(filters), page, page_size: SALES_ORDER_PAGE_SIZE };
  return queryOptions({
    queryKey: ['sales-orders', 'list', params],
    queryFn: async () => (await api.get<ListPage<SalesOrderListRow>>(API.salesOrders.list, { params })).data,
    // The page on screen stays until the next one arrives.
    placeholderData: keepPreviousData,
  });
};

/** One page of sales orders, filtered and ordered by the server. */
export const useSalesOrders = (filters: SalesOrderFilters, page: number) => useQuery(salesOrdersQuery(filters, page));

export const salesOrderQuery = (id: number) =>
  queryOptions({ queryKey: ['sales-orders', id], queryFn: async () => (await api.get<SalesOrderView>(API.salesOrders.detail(id))).data });

/** The order with its items and status history. */
export const useSalesOrder = (id: number) => useQuery(salesOrderQuery(id));

/** The job orders raised from the order (one page of up to 100 is all an order has in practice). */
export const useLinkedJobOrders = (id: number) =>
  useQuery({ queryKey: ['sales-orders', id, 'job-orders'], queryFn: async () => (await api.get<ListPage<JobOrderListRow>>(API.salesOrders.jobOrders(id), { params: { page_size: 100 } })).data });

/** The receipts recorded against the order. */
export const useOrderReceipts = (id: number) =>
  useQuery({ queryKey: ['sales-orders', id, 'receipts'], queryFn: async () => (await api.get<ListPage<Receipt>>(API.salesOrders.receipts(id), { params: { page_size: 100 } })).data });

/** PATCH update-status/ at the version shown: the server refuses a step the table does not allow, or a stale one. */
export const updateSalesOrderStatus = async (order: Pick<SalesOrderView, 'id' | 'version'>, status: SalesOrderStatus, note: string) =>
  (await api.patch<SalesOrderView>(API.salesOrders.updateStatus(order.id), { status, note, expected_version: order.version })).data;

/** export/ as CSV with the list's current filters and order, saved as a file (it needs the server; offline it says so). */
export const exportSalesOrders = (filters: SalesOrderFilters) => downloadFromApi(API.salesOrders.export, { ...listParams(filters), format: 'csv' }, 'sales-orders.csv');
