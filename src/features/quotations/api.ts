import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { QuotationDecision, QuotationRevision, QuotationView } from '../../../domain/quotation';
import type { QuotationDiff } from '../../../domain/quotation-diff';
import type { SalesOrderView } from '../../../domain/sales-order';
import { api } from '../../data/api';
import { ifMatch } from '../../data/outbox/operations';

/** A page of a server list (DESIGN.md "Lists"). */
export interface ListPage<T> {
  count: number;
  results: T[];
}

/** The quotation lists page by 15 (business-areas.md §9, decision 209's module). */
export const QUOTATION_PAGE_SIZE = 15;

/** The choices of the quotation's PDF (pdf/{id}/ and {id}/print_pdf/): a title and what shows. */
export interface PrintOptions {
  title: string;
  show_code: boolean;
  show_image: boolean;
  show_discount: boolean;
}
export const DEFAULT_PRINT_OPTIONS: PrintOptions = { title: '', show_code: true, show_image: true, show_discount: true };

/** The print choices as print_pdf/ takes them: flags as true/false, a title only when one is given. */
export const printParams = (options: PrintOptions): Record<string, string> => ({
  ...(options.title.trim() ? { title: options.title.trim() } : {}),
  show_code: String(options.show_code),
  show_image: String(options.show_image),
  show_discount: String(options.show_discount),
});

export const quotationQuery = (id: number) =>
  queryOptions({ queryKey: ['quotations', id], queryFn: async () => (await api.get<QuotationView>(API.quotations.detail(id))).data });

/** A quotation with its live items and its revisions; a temp id (made on the device) is never asked for. */
export const useQuotation = (id: number) => useQuery({ ...quotationQuery(id), enabled: id > 0 });

/** One revision as it stood (GET {id}/version/{v}/); none asked for while `revision` is null. */
export const useRevision = (id: number, revision: number | null) =>
  useQuery({
    queryKey: ['quotations', id, 'version', revision],
    queryFn: async () => (await api.get<QuotationRevision>(API.quotations.version(id, revision!))).data,
    enabled: revision !== null,
  });

/** What changed from one revision to another (GET {id}/compare/?from=&to=). */
export const useComparison = (id: number, from: number, to: number) =>
  useQuery({ queryKey: ['quotations', id, 'compare', from, to], queryFn: async () => (await api.get<QuotationDiff>(API.quotations.compare(id), { params: { from, to } })).data });

/** A page of the cancelled quotations, the latest cancelled first. */
export const useCancelledQuotations = (page: number) =>
  useQuery({
    queryKey: ['quotations', 'cancelled', page],
    queryFn: async () => (await api.get<ListPage<QuotationView>>(API.quotations.deleted, { params: { page, page_size: QUOTATION_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });

/** PATCH {id}/status/ at the version shown: accepted or rejected. */
export const decideQuotation = async (quotation: Pick<QuotationView, 'id' | 'version'>, status: QuotationDecision) =>
  (await api.patch<QuotationView>(API.quotations.status(quotation.id), { status, expected_version: quotation.version })).data;

/** POST {id}/send/: the PDF to the addresses given, the quotation becomes Sent. */
export const sendQuotation = async (id: number, emailAddresses: readonly string[]) => (await api.post<QuotationView>(API.quotations.send(id), { email_addresses: emailAddresses })).data;

/** DELETE {id}/ at the version shown: the quotation moves to the cancelled list. */
export const cancelQuotation = async (quotation: Pick<QuotationView, 'id' | 'version'>) => {
  await api.delete(API.quotations.detail(quotation.id), { headers: ifMatch(quotation.version) });
};

/** The quotation's PDF with the print choices, as bytes to preview. */
export const quotationPdf = async (id: number, options: PrintOptions) => (await api.get<Blob>(API.quotations.printPdf(id), { params: printParams(options), responseType: 'blob' })).data;

/** POST sales-orders/create-from-quotation/: the accepted quotation's customer, branch and lines become an order dated `orderDate`. */
export const createSalesOrder = async (quotation: number, orderDate: string, customerPoNumber: string) =>
  (await api.post<SalesOrderView>(API.salesOrders.createFromQuotation, { quotation, order_date: orderDate, customer_po_number: customerPoNumber })).data;

/** The quotation as the edit form loads it (online): the detail's own query, so a save's refresh reaches both. */
export const useQuotationToEdit = (id: number | null) => useQuery({ ...quotationQuery(id ?? 0), enabled: id !== null });
