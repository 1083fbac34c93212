import { API } from '../../../domain/api-paths';
import type { ReceiptCreate, ReceiptView } from '../../../domain/receipt';
import { api } from '../../data/api';

/** What each failure is called, shown with the server's message (else the error's) as the caption. */
export const RECEIPT_FAILURES = {
  list: 'Failed to load receipts',
  create: 'Failed to record receipt',
} as const;

/** POST receipts/: the money received and its allocations; the rest is an advance. */
export const recordReceipt = async (receipt: ReceiptCreate) => (await api.post<ReceiptView>(API.receipts.list, receipt)).data;
