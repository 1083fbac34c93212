import { useLiveQuery } from 'dexie-react-hooks';
import { customerNameKey, type Customer, type CustomerBranch, type CustomerLpoCode } from '../../../domain/customer';
import type { InvoiceListRow } from '../../../domain/invoice';
import type { JobOrder } from '../../../domain/job-order';
import type { Lead } from '../../../domain/lead';
import type { QuotationListRow } from '../../../domain/quotation';
import type { SalesOrderListRow } from '../../../domain/sales-order';
import { mirror } from '../../data/mirror/db';

/** One customer with its branches and LPO codes, from the device; undefined while it answers, customer null when absent. */
export function useCustomer(id: number) {
  return useLiveQuery(async () => {
    const [customer, branches, lpoCodes] = await Promise.all([
      mirror.rowsOf<Customer>('customers').get(id),
      mirror.rowsOf<CustomerBranch>('customerBranches').where('customer').equals(id).toArray(),
      mirror.rowsOf<CustomerLpoCode>('customerLpoCodes').where('customer').equals(id).toArray(),
    ]);
    return {
      customer: customer && !customer.deleted_at ? customer : null,
      branches: branches.sort(byLocation),
      lpoCodes: lpoCodes.sort((a, b) => a.code.localeCompare(b.code)),
    };
  }, [id]);
}

const byLocation = (a: CustomerBranch, b: CustomerBranch) => a.location.localeCompare(b.location) || a.id - b.id;

/** The customer's live job orders on the device, newest first. */
export function useCustomerJobOrders(customer: number) {
  return useLiveQuery(async () => {
    const rows = await mirror.rowsOf<JobOrder>('jobOrders').where('customer').equals(customer).toArray();
    return rows.filter((j) => !j.deleted_at).sort((a, b) => b.id - a.id);
  }, [customer]);
}

/** The customer's live sales orders on the device, newest first (the sales orders list's order). */
export function useCustomerSalesOrders(customer: number) {
  return useLiveQuery(async () => {
    const rows = await mirror.rowsOf<SalesOrderListRow>('salesOrders').where('customer').equals(customer).toArray();
    return rows.filter((o) => !o.deleted_at).sort((a, b) => b.id - a.id);
  }, [customer]);
}

/** The customer's quotations on the device (a sales executive's own, decision 232), newest number first. */
export function useCustomerQuotations(customer: number) {
  return useLiveQuery(async () => {
    const rows = await mirror.rowsOf<QuotationListRow>('quotations').where('customer').equals(customer).toArray();
    return rows.filter((q) => !q.deleted_at).sort((a, b) => b.number - a.number || b.id - a.id);
  }, [customer]);
}

/** The leads on the device that became this customer (the device holds leads only for users who may read them). */
export function useCustomerLeads(customer: number) {
  return useLiveQuery(async () => {
    const rows = await mirror
      .rowsOf<Lead>('leads')
      .filter((l) => l.customer === customer && !l.deleted_at)
      .toArray();
    return rows.sort((a, b) => b.id - a.id);
  }, [customer]);
}

/** Another customer on the device with this name, ignoring case and spaces (the server checks again). */
export async function nameTakenByOther(name: string, self: number | null): Promise<boolean> {
  const key = customerNameKey(name);
  const clash = await mirror
    .rowsOf<Customer>('customers')
    .filter((c) => c.id !== self && !c.deleted_at && customerNameKey(c.name) === key)
    .count();
  return clash > 0;
}

/** Another LPO code of the customer on the device with this code (the server checks again). */
export async function lpoCodeTaken(customer: number, code: string, self: number | null): Promise<boolean> {
  const wanted = code.trim();
  const clash = await mirror
    .rowsOf<CustomerLpoCode>('customerLpoCodes')
    .where('customer')
    .equals(customer)
    .filter((c) => c.id !== self && c.code === wanted)
    .count();
  return clash > 0;
}

/** The version the user saw, for a change to a row the server has (one made offline has none yet). */
export const versionOf = (row: { id: number; version: number }) => (row.id > 0 ? { expected_version: row.version } : {});

/** What a change queued through the outbox tells the user. */
export const CHANGE_SAVED = 'Change saved on this device; it is sent to the server as soon as it can be reached.';

/** The customer's invoices on the device (drafts too), newest first. */
export function useCustomerInvoices(customer: number) {
  return useLiveQuery(async () => {
    const rows = await mirror.rowsOf<InvoiceListRow>('invoices').where('customer').equals(customer).toArray();
    return rows.filter((i) => !i.deleted_at).sort((a, b) => b.id - a.id);
  }, [customer]);
}
