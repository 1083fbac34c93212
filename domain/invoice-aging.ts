import { sign, sum, toMoney } from './decimal';
import { AGING_BUCKETS, INVOICE_RECEIVABLE_STATUSES, type AgingReport, type Invoice } from './invoice';
import { isoDayAfter } from './rules/dates';

/** What the aging reads of an invoice. */
type Owing = Pick<Invoice, 'due_date' | 'outstanding_amount' | 'status' | 'deleted_at'>;

/** The figures of the aging report without its customers: each bucket's amount and count, and the total owed. */
export type AgingFigures = Pick<AgingReport, 'buckets' | 'total'>;

/** An invoice still owed: issued, neither paid nor withdrawn, with something outstanding (aging_report/'s rows). */
export const isReceivable = (invoice: Owing): boolean => !invoice.deleted_at && INVOICE_RECEIVABLE_STATUSES.includes(invoice.status) && sign(invoice.outstanding_amount) > 0;

/** In a bucket of days past due on `today`: its due date lies between today − to and today − from days (either open). */
const dueIn = (bucket: (typeof AGING_BUCKETS)[number], dueDate: string, today: string) =>
  (bucket.to === null || dueDate >= isoDayAfter(today, -bucket.to)) && (bucket.from === null || dueDate <= isoDayAfter(today, -bucket.from));

/**
 * The aging report's figures worked out from the invoices a device holds, by the rule of the
 * server's aging_report/ (server/modules/invoices/reports.ts): the same invoices (isReceivable)
 * and the same buckets (AGING_BUCKETS). accounts-home shows them when the server cannot answer.
 */
export function agingOf(invoices: readonly Owing[], today: string): AgingFigures {
  const owed = invoices.filter(isReceivable);
  return {
    buckets: AGING_BUCKETS.map((bucket) => {
      const inBucket = owed.filter((i) => dueIn(bucket, i.due_date, today));
      return { key: bucket.key, label: bucket.label, amount: toMoney(sum(inBucket.map((i) => i.outstanding_amount))), count: inBucket.length };
    }),
    total: toMoney(sum(owed.map((i) => i.outstanding_amount))),
  };
}
