import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { IndianState } from '../../../domain/india';
import type { CurrentRates, InvoiceCreate, InvoiceSettings, InvoiceStatus, InvoiceStatusHistoryRow, InvoiceView, PaymentSchedule } from '../../../domain/invoice';
import { api } from '../../data/api';
import { companyProfile } from '../../data/documents';
import { ifMatch } from '../../data/outbox/operations';

/** The spec's words for each failure (business-areas.md §8), shown with the server's message (else the error's) as the caption. */
export const INVOICE_FAILURES = {
  list: 'Failed to load invoices',
  detail: 'Failed to load invoice details',
  create: 'Failed to create invoice',
  update: 'Failed to update invoice',
  delete: 'Failed to delete invoice',
  status: 'Failed to update invoice status',
  approve: 'Failed to approve invoice',
  cancel: 'Failed to cancel invoice',
} as const;

export const invoiceQuery = (id: number) => queryOptions({ queryKey: ['invoices', id], queryFn: async () => (await api.get<InvoiceView>(API.invoices.detail(id))).data });

/** An invoice with its live lines, approver and amount in words, from the server. */
export const useInvoice = (id: number, enabled = true) => useQuery({ ...invoiceQuery(id), enabled: enabled && id > 0 });

/** An invoice's status changes, oldest first, with who made them and why. */
export const useInvoiceHistory = (id: number) =>
  useQuery({ queryKey: ['invoices', id, 'history'], queryFn: async () => (await api.get<InvoiceStatusHistoryRow[]>(API.invoices.statusHistory, { params: { invoice: id } })).data, enabled: id > 0 });

/** The letterhead's state decides CGST + SGST or IGST; the one kept last answers offline. */
export const useCompanyProfile = () => useQuery({ queryKey: ['company-profile'], queryFn: companyProfile, staleTime: 5 * 60_000 });

/** The GST rates a line may carry today, for a customer in `customerState` (none asked before a customer is chosen). */
export const useCurrentRates = (customerState: IndianState | null) =>
  useQuery({
    queryKey: ['invoices', 'current-rates', customerState],
    queryFn: async () => (await api.get<CurrentRates>(API.invoices.currentRates, { params: { customer_state: customerState } })).data,
    enabled: customerState !== null,
    staleTime: 5 * 60_000,
  });

/** The invoicing settings: a new invoice's due days, terms and notes. */
export const useInvoiceSettings = (enabled: boolean) =>
  useQuery({ queryKey: ['invoices', 'settings'], queryFn: async () => (await api.get<InvoiceSettings>(API.invoices.settings)).data, enabled, staleTime: 5 * 60_000 });

/** POST invoices/: a new draft. */
export const createInvoice = async (invoice: InvoiceCreate) => (await api.post<InvoiceView>(API.invoices.list, invoice)).data;

/** PUT invoices/{id}/: the draft as a whole, at the version the user opened. */
export const replaceInvoice = async (invoice: Pick<InvoiceView, 'id' | 'version'>, changes: InvoiceCreate) =>
  (await api.put<InvoiceView>(API.invoices.detail(invoice.id), { ...changes, expected_version: invoice.version })).data;

/** DELETE invoices/{id}/: a draft gone (an issued invoice is cancelled or voided instead). */
export const deleteInvoice = async (invoice: Pick<InvoiceView, 'id' | 'version'>) => {
  await api.delete(API.invoices.detail(invoice.id), { headers: ifMatch(invoice.version) });
};

/** The steps taken at the version shown (a stale one is refused with 409). */
export const approveInvoice = async (invoice: Pick<InvoiceView, 'id' | 'version'>) => (await api.post<InvoiceView>(API.invoices.approve(invoice.id), { expected_version: invoice.version })).data;

export const updateInvoiceStatus = async (invoice: Pick<InvoiceView, 'id' | 'version'>, status: InvoiceStatus) =>
  (await api.post<InvoiceView>(API.invoices.updateStatus(invoice.id), { status, expected_version: invoice.version })).data;

export const cancelInvoice = async (invoice: Pick<InvoiceView, 'id' | 'version'>, reason: string) =>
  (await api.post<InvoiceView>(API.invoices.cancel(invoice.id), { reason, expected_version: invoice.version })).data;

export const voidInvoice = async (invoice: Pick<InvoiceView, 'id' | 'version'>, reason: string) =>
  (await api.post<InvoiceView>(API.invoices.void(invoice.id), { reason, expected_version: invoice.version })).data;

/** An invoice's instalments, earliest due first, with whether each is paid (receipts pay them in due order). */
export const useInvoiceSchedule = (id: number) =>
  useQuery({
    queryKey: ['invoices', id, 'schedule'],
    queryFn: async () => (await api.get<{ results: PaymentSchedule[] }>(API.invoices.paymentSchedules.list, { params: { invoice: id } })).data.results,
    enabled: id > 0,
  });
