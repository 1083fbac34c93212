import { useLiveQuery } from 'dexie-react-hooks';
import { sum, toMoney } from '../../../domain/decimal';
import { agingOf, type AgingFigures } from '../../../domain/invoice-aging';
import type { InvoiceListRow } from '../../../domain/invoice';
import type { Receipt } from '../../../domain/receipt';
import { businessToday } from '../../../domain/rules/dates';
import { mirror } from '../../data/mirror/db';

/** What accounts-home reads from the device: the invoices and receipts mirrored for accounts. */
export interface AccountsDeviceFigures {
  today: string;
  /** Drafts waiting for an approver, the oldest first. */
  drafts: InvoiceListRow[];
  /** Received from the first of this month to today. */
  collected: string;
  receipts: number;
  /** What is owed, aged by the aging report's rule; shown when the server cannot answer. */
  aging: AgingFigures;
}

export function useAccountsDeviceFigures(): AccountsDeviceFigures | undefined {
  return useLiveQuery(async () => {
    const today = businessToday();
    const monthStart = `${today.slice(0, 8)}01`;
    const [invoices, receipts] = await Promise.all([mirror.rowsOf<InvoiceListRow>('invoices').toArray(), mirror.rowsOf<Receipt>('receipts').toArray()]);
    const live = invoices.filter((i) => !i.deleted_at);
    const thisMonth = receipts.filter((r) => !r.deleted_at && r.receipt_date >= monthStart && r.receipt_date <= today);
    return {
      today,
      drafts: live.filter((i) => i.status === 'draft').sort((a, b) => a.id - b.id),
      collected: toMoney(sum(thisMonth.map((r) => r.amount))),
      receipts: thisMonth.length,
      aging: agingOf(live, today),
    };
  }, []);
}
