import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { IndianState } from '../../../domain/india';
import type { CreditNoteCreate, CreditNoteView } from '../../../domain/credit-note';
import { FILE_FIELD } from '../../../domain/file';
import type { CurrentRates, InvoiceAttachment, InvoiceCreate, InvoiceReason, InvoiceSend, InvoiceSettings, InvoiceStatus, InvoiceStatusHistoryRow, InvoiceTemplate, InvoiceView, PaymentSchedule, PaymentScheduleCreate, PaymentScheduleUpdate } from '../../../domain/invoice';
import type { RecurringCreate, RecurringRow } from '../../../domain/invoice-schedule';
import type { JobOrderView } from '../../../domain/job-order';
import { MAX_PAGE_SIZE } from '../../../domain/query-params';
import type { InvoiceMarkPaid, ReceiptView } from '../../../domain/receipt';
import type { SalesOrderView } from '../../../domain/sales-order';
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
  send: 'Failed to send invoice',
  reminder: 'Failed to send the payment reminder',
  markPaid: 'Failed to mark invoice as paid',
  pdf: 'Failed to generate PDF',
  templates: 'Failed to load invoice templates',
  payments: 'Failed to load the payments received',
  fromSalesOrder: 'Failed to create invoice from sales order',
  fromJobOrder: 'Failed to create invoice from job order',
  creditNote: 'Failed to create credit note',
  deleteCreditNote: 'Failed to delete credit note',
  schedule: 'Failed to save the instalment',
  deleteInstalment: 'Failed to remove the instalment',
  markInstalmentPaid: 'Failed to mark the instalment paid',
  recurring: 'Failed to set up the recurring invoice',
  stopRecurring: 'Failed to stop the recurring invoice',
  attach: 'Failed to upload the attachment',
  deleteAttachment: 'Failed to delete the attachment',
  download: 'Failed to download the attachment',
  einvoice: 'Failed to download the e-invoice',
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

/** The reason, and the notes when any were written. */
const reasoned = ({ reason, notes }: InvoiceReason) => ({ reason, ...(notes ? { notes } : {}) });

export const cancelInvoice = async (invoice: Pick<InvoiceView, 'id' | 'version'>, why: InvoiceReason) =>
  (await api.post<InvoiceView>(API.invoices.cancel(invoice.id), { ...reasoned(why), expected_version: invoice.version })).data;

export const voidInvoice = async (invoice: Pick<InvoiceView, 'id' | 'version'>, why: InvoiceReason) =>
  (await api.post<InvoiceView>(API.invoices.void(invoice.id), { ...reasoned(why), expected_version: invoice.version })).data;

/** POST invoices/{id}/send/: the PDF mailed to the addresses (none: the customer's); an approved invoice becomes sent. */
export const sendInvoice = async (invoice: Pick<InvoiceView, 'id' | 'version'>, mail: InvoiceSend) =>
  (await api.post<InvoiceView>(API.invoices.send(invoice.id), { ...mail, expected_version: invoice.version })).data;

/** POST invoices/{id}/send_reminder/: an overdue invoice's payment reminder, with the invoice attached. */
export const sendInvoiceReminder = async (invoice: Pick<InvoiceView, 'id' | 'version'>, mail: InvoiceSend) =>
  (await api.post<InvoiceView>(API.invoices.sendReminder(invoice.id), { ...mail, expected_version: invoice.version })).data;

/**
 * POST invoices/{id}/mark_paid/: what is outstanding recorded as received (a receipt allocated to
 * the invoice). The call takes no version: the server allocates the outstanding amount as it
 * stands and refuses an allocation beyond it.
 */
export const markInvoicePaid = async (invoice: Pick<InvoiceView, 'id'>, payment: InvoiceMarkPaid) => (await api.post<InvoiceView>(API.invoices.markPaid(invoice.id), payment)).data;

/** The print choices of generate_pdf/: a template (none: the default one) and whether the payments received show. */
export interface InvoicePrint {
  template: number | null;
  include_payments: boolean;
}

/** GET invoices/{id}/generate_pdf/ as a blob, with the session's token. */
export const invoicePdf = async (id: number, print: InvoicePrint) =>
  (await api.get<Blob>(API.invoices.pdf(id), { params: { template: print.template, include_payments: print.include_payments }, responseType: 'blob' })).data;

/** The invoice layouts the PDF may be printed with (a handful: one page of the list holds them). */
export const useInvoiceTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: ['invoices', 'templates'],
    queryFn: async () => (await api.get<{ results: InvoiceTemplate[] }>(API.invoices.templates.list, { params: { page_size: MAX_PAGE_SIZE } })).data.results,
    enabled,
    staleTime: 5 * 60_000,
  });

/** A receipt's money applied to one invoice, with the receipt it came from. */
export interface InvoicePayment {
  receipt: ReceiptView;
  amount: string;
}

/**
 * The payments received against an invoice: the allocations to it on its customer's receipts.
 * receipts/ filters by customer, not by invoice, so the customer's receipts are read (up to
 * MAX_PAGE_SIZE, newest first; decision 320) and their allocations to this invoice kept.
 */
export const useInvoicePayments = (invoice: Pick<InvoiceView, 'id' | 'customer' | 'version'>, enabled: boolean) =>
  useQuery({
    queryKey: ['invoices', invoice.id, 'payments', invoice.version],
    queryFn: async () => {
      const page = (await api.get<{ results: ReceiptView[] }>(API.receipts.list, { params: { customer: invoice.customer, page_size: MAX_PAGE_SIZE } })).data;
      return page.results.flatMap((receipt) => receipt.allocations.filter((a) => a.invoice === invoice.id && !a.deleted_at).map((a): InvoicePayment => ({ receipt, amount: a.amount })));
    },
    enabled,
  });

/** The sales order an invoice is to be made from: its customer and lines. */
export const useSalesOrderToInvoice = (id: number) =>
  useQuery({ queryKey: ['invoices', 'from-sales-order', id], queryFn: async () => (await api.get<SalesOrderView>(API.salesOrders.detail(id))).data, enabled: id > 0 });

/** The job order an invoice is to be made from: its customer and products. */
export const useJobOrderToInvoice = (id: number) =>
  useQuery({ queryKey: ['invoices', 'from-job-order', id], queryFn: async () => (await api.get<JobOrderView>(API.jobOrders.detail(id))).data, enabled: id > 0 });

/** POST invoices/create_from_sales_order/: a draft with the order's lines, dated today, due after the default days. */
export const createInvoiceFromSalesOrder = async (salesOrder: number) => (await api.post<InvoiceView>(API.invoices.createFromSalesOrder, { sales_order: salesOrder })).data;

/** POST invoices/create_from_job_order/: a draft with the job order's products. */
export const createInvoiceFromJobOrder = async (jobOrder: number) => (await api.post<InvoiceView>(API.invoices.createFromJobOrder, { job_order: jobOrder })).data;

/** An invoice's instalments, earliest due first, with whether each is paid (receipts pay them in due order). */
export const useInvoiceSchedule = (id: number) =>
  useQuery({
    queryKey: ['invoices', id, 'schedule'],
    queryFn: async () => (await api.get<{ results: PaymentSchedule[] }>(API.invoices.paymentSchedules.list, { params: { invoice: id } })).data.results,
    enabled: id > 0,
  });

/** An invoice's credit notes (decision 330), newest first, with their lines. */
export const useCreditNotes = (invoice: number) =>
  useQuery({
    queryKey: ['invoices', invoice, 'credit-notes'],
    queryFn: async () => (await api.get<{ results: CreditNoteView[] }>(API.invoices.creditNotes.list, { params: { invoice, page_size: 100 } })).data.results,
    enabled: invoice > 0,
  });

/** POST invoices/credit-notes/: a draft note; the server works out its GST and totals. */
export const createCreditNote = async (note: CreditNoteCreate) => (await api.post<CreditNoteView>(API.invoices.creditNotes.list, note)).data;

/** POST invoices/credit-notes/{id}/approve/: numbered, at the version shown. */
export const approveCreditNote = async (note: Pick<CreditNoteView, 'id' | 'version'>) => (await api.post<CreditNoteView>(API.invoices.creditNotes.approve(note.id), { expected_version: note.version })).data;

/** DELETE invoices/credit-notes/{id}/: a draft note gone, at the version shown. */
export const deleteCreditNote = async (note: Pick<CreditNoteView, 'id' | 'version'>) => {
  await api.delete(API.invoices.creditNotes.detail(note.id), { headers: ifMatch(note.version) });
};

/** The instalment calls of payment-schedules/ (decision 326). */
export const createInstalment = async (instalment: PaymentScheduleCreate) => (await api.post<PaymentSchedule>(API.invoices.paymentSchedules.list, instalment)).data;

export const updateInstalment = async (instalment: Pick<PaymentSchedule, 'id' | 'version'>, changes: PaymentScheduleUpdate) =>
  (await api.patch<PaymentSchedule>(API.invoices.paymentSchedules.detail(instalment.id), { ...changes, expected_version: instalment.version })).data;

export const deleteInstalment = async (instalment: Pick<PaymentSchedule, 'id' | 'version'>) => {
  await api.delete(API.invoices.paymentSchedules.detail(instalment.id), { headers: ifMatch(instalment.version) });
};

/** POST payment-schedules/{id}/mark_paid/: a receipt of what is owed through the instalment. */
export const markInstalmentPaid = async (instalment: Pick<PaymentSchedule, 'id'>, payment: InvoiceMarkPaid) => (await api.post<PaymentSchedule>(API.invoices.paymentScheduleMarkPaid(instalment.id), payment)).data;

/** The recurring setups made from an invoice (recurring/?template_invoice=), the next to run first. */
export const useRecurringOf = (invoice: number) =>
  useQuery({
    queryKey: ['invoices', invoice, 'recurring'],
    queryFn: async () => (await api.get<{ results: RecurringRow[] }>(API.invoices.recurring, { params: { template_invoice: invoice } })).data.results,
    enabled: invoice > 0,
  });

/** POST invoices/{id}/create_recurring/ */
export const createRecurring = async (invoice: number, setup: RecurringCreate) => (await api.post<RecurringRow>(API.invoices.createRecurring(invoice), setup)).data;

/** PATCH recurring/{id}/ with is_active false: the setup raises no more invoices. */
export const stopRecurring = async (setup: Pick<RecurringRow, 'id' | 'version'>) => (await api.patch<RecurringRow>(API.invoices.recurringDetail(setup.id), { is_active: false, expected_version: setup.version })).data;

/** An invoice's attachments (decision 332). */
export const useInvoiceAttachments = (invoice: number) =>
  useQuery({
    queryKey: ['invoices', invoice, 'attachments'],
    queryFn: async () => (await api.get<{ results: InvoiceAttachment[] }>(API.invoices.attachments.list, { params: { invoice, page_size: MAX_PAGE_SIZE } })).data.results,
    enabled: invoice > 0,
  });

/** POST invoices/attachments/ as multipart: the invoice, the description and the file. */
export const uploadInvoiceAttachment = async (invoice: number, file: File, description: string) => {
  const form = new FormData();
  form.append('invoice', String(invoice));
  form.append('description', description);
  form.append(FILE_FIELD, file);
  return (await api.post<InvoiceAttachment>(API.invoices.attachments.list, form)).data;
};

export const deleteInvoiceAttachment = async (attachment: Pick<InvoiceAttachment, 'id'>) => {
  await api.delete(API.invoices.attachments.detail(attachment.id));
};

/** The attachment's bytes, at its file_path (files/{id}/content/). */
export const attachmentContent = (attachment: Pick<InvoiceAttachment, 'file_path'>) => api.get<Blob>(attachment.file_path, { responseType: 'blob' });

/** GET invoices/{id}/einvoice/: the INV-01 payload (decision 331). */
export const invoiceEinvoice = (invoice: number) => api.get<Blob>(API.invoices.einvoice(invoice), { responseType: 'blob' });
