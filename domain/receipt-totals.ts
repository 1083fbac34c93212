import { compare, sign, sub, sum, toMoney, type Decimal } from './decimal';
import { invoiceActionRefusal, type InvoiceStatus } from './invoice';

/**
 * Receipts' figures the screens work out on the device, exactly (domain/decimal.ts): how a
 * receipt is spread over a customer's open invoices, and what a job order has received.
 */

/** An invoice a receipt may be allocated to: issued, not paid in full (INVOICE_TRANSITIONS.receive). */
export const takesReceipts = (invoice: { status: InvoiceStatus; outstanding_amount: Decimal; deleted_at?: string | null }) =>
  !invoice.deleted_at && invoiceActionRefusal('receive', invoice.status) === null && sign(invoice.outstanding_amount) > 0;

/** Oldest first: by invoice date, then by id (the order they were raised in). */
export const oldestFirst = <T extends { id: number; invoice_date: string }>(a: T, b: T) => a.invoice_date.localeCompare(b.invoice_date) || a.id - b.id;

/**
 * `amount` spread over invoices in the order given (oldest first), each at most its outstanding:
 * what goes to each, '0' once the money is used up (an invalid or empty amount spreads nothing).
 */
export function spreadOldestFirst(amount: Decimal, invoices: readonly { outstanding_amount: Decimal }[]): Decimal[] {
  let left = amount;
  return invoices.map(({ outstanding_amount: owed }) => {
    if (sign(left) <= 0) return '0';
    const part = compare(left, owed) < 0 ? left : owed;
    left = sub(left, part);
    return toMoney(part);
  });
}

interface ReceiptFigures {
  amount: Decimal;
  job_order: number | null;
  deleted_at: string | null;
  allocations: readonly { invoice: number; amount: Decimal }[];
}

/**
 * What a job order has received (decision 317): its receipts (advances, applied to its invoice or
 * not) in full, and what other receipts allocated to its invoices (`invoiceIds`).
 */
export function receivedForJobOrder(jobOrder: number, invoiceIds: ReadonlySet<number>, receipts: readonly ReceiptFigures[]): Decimal {
  const live = receipts.filter((r) => !r.deleted_at);
  const advances = live.filter((r) => r.job_order === jobOrder).map((r) => r.amount);
  const allocated = live.filter((r) => r.job_order !== jobOrder).flatMap((r) => r.allocations.filter((a) => invoiceIds.has(a.invoice)).map((a) => a.amount));
  return toMoney(sum([...advances, ...allocated]));
}
