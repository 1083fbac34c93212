import { API } from '../../../domain/api-paths';
import { BULK_PDF_FILE_NAME, type BulkInvoiceResult, type InvoiceExportFormat } from '../../../domain/invoice-bulk';
import { api } from '../../data/api';
import { downloadWith } from '../../ui/download';
import { INVOICE_FAILURES } from './api';

/** The invoices list's actions on many invoices: each needs the server (numbering, mail, files). */

export type BulkAction = 'approve' | 'send' | 'cancel';

const BULK_PATHS: Record<BulkAction, string> = { approve: API.invoices.bulkApprove, send: API.invoices.bulkSend, cancel: API.invoices.bulkCancel };

/** The spec's words when a bulk call as a whole fails (business-areas.md §8), the server's message as the caption. */
export const BULK_FAILURES = {
  approve: INVOICE_FAILURES.approve,
  send: 'Failed to send invoice',
  cancel: INVOICE_FAILURES.cancel,
  pdf: 'Failed to generate PDF',
} as const;

/** POST bulk_approve/, bulk_send/ or bulk_cancel/: the invoices done and those refused, each with why. */
export const runBulk = async (action: BulkAction, invoiceIds: readonly number[], reason = '') =>
  (await api.post<BulkInvoiceResult>(BULK_PATHS[action], { invoice_ids: invoiceIds, ...(reason && { reason }) })).data;

/** GET export/: the list narrowed as the screen narrows it, as CSV or .xlsx. */
export const exportInvoices = (format: InvoiceExportFormat, filters: Record<string, string>) =>
  downloadWith(() => api.get<Blob>(API.invoices.export, { params: { ...filters, format }, responseType: 'blob' }), `invoices.${format}`);

/** POST bulk_generate_pdf/: the chosen invoices in one PDF. */
export const downloadInvoicePdfs = (invoiceIds: readonly number[]) =>
  downloadWith(() => api.post<Blob>(API.invoices.bulkPdf, { invoice_ids: invoiceIds }, { responseType: 'blob' }), BULK_PDF_FILE_NAME, BULK_FAILURES.pdf);
