import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import type { InvoiceListRow } from '../../../domain/invoice';
import { labelOf } from '../../../domain/options';
import { RECEIPT_MODES, type ReceiptMode, type ReceiptView } from '../../../domain/receipt';
import type { RouteName } from '../../../domain/routes';
import { mirror } from '../../data/mirror/db';
import { reloadData } from '../../data/preload';
import { useCurrentRoute } from '../../ui/route';

/** What the receipts screens read from the device: the receipts, the invoices they pay, the customers and job orders they name. */
export const RECEIPT_DATA: readonly DataType[] = ['receipts', 'invoices', 'customers', 'jobOrders'];

/** A receipt changes the invoices it is allocated to: both are read again from the server. */
export const reloadReceipts = () => void reloadData(['receipts', 'invoices']);

export const modeLabel = (mode: ReceiptMode) => labelOf(RECEIPT_MODES, mode);

/** The live receipts the device holds (undefined while it answers). */
export const useReceipts = () => useLiveQuery(async () => (await mirror.rowsOf<ReceiptView>('receipts').toArray()).filter((r) => !r.deleted_at), []);

/** The live invoices the device holds of a customer (all of them when `customer` is null). */
export const useInvoicesOf = (customer: number | null) =>
  useLiveQuery(async () => {
    const table = mirror.rowsOf<InvoiceListRow>('invoices');
    const rows = customer === null ? await table.toArray() : await table.where('customer').equals(customer).toArray();
    return rows.filter((i) => !i.deleted_at);
  }, [customer]);

/** The screens of the area the user came through: /accounts/receipts… for accounts' own routes, /receipts… otherwise. */
export function useReceiptRoutes(): { list: RouteName; job: RouteName } {
  const accounts = useCurrentRoute()?.name.startsWith('accounts-') ?? false;
  return accounts ? { list: 'accounts-receipts', job: 'accounts-job-receipts' } : { list: 'receipts-home', job: 'job-receipts' };
}
