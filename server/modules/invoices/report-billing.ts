import { sql, type SQL } from 'drizzle-orm';
import { AGING_BUCKETS, INVOICE_RECEIVABLE_STATUSES } from '../../../domain/invoice';
import type { AgingInvoiceRow, CustomerBillingRow } from '../../../domain/invoice-report';
import type { ReportPageQuery } from '../../../domain/report';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, invoices, receipts } from '../../db/schema';
import { TODAY } from '../../lib/business-day';
import { inPeriod, recordReport, reportAnswer } from '../../lib/report';
import { issued, ownFigures } from './report-scope';

const i = sql.raw('i');
const r = sql.raw('r');

/** Invoices that still owe something, as the aging report reads them. */
const owing = (alias: SQL): SQL =>
  sql`${alias}.deleted_at IS NULL AND ${alias}.outstanding_amount > 0 AND ${alias}.status IN (${sql.join(
    INVOICE_RECEIVABLE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;

/**
 * customer_billing/: per customer, the issued invoices dated in the period and their amount, the
 * receipts dated in it, and what the customer owes today; customers with none of the three are left out.
 */
export async function customerBillingReport(db: Db, user: User, query: { date_from?: string | undefined; date_to?: string | undefined }) {
  const rows = await queryRows<CustomerBillingRow>(
    db,
    sql`WITH billed AS (
          SELECT i.customer, count(*)::int AS invoices, sum(i.total_amount) AS invoiced FROM ${invoices} i
          WHERE ${issued(i)} AND ${inPeriod(sql`i.invoice_date`, query)} AND ${ownFigures(user, i)} GROUP BY i.customer),
        collected AS (
          SELECT r.customer, sum(r.amount) AS collected FROM ${receipts} r
          WHERE r.deleted_at IS NULL AND ${inPeriod(sql`r.receipt_date`, query)} AND ${ownFigures(user, r, 'receipts')} GROUP BY r.customer),
        owed AS (
          SELECT i.customer, sum(i.outstanding_amount) AS outstanding FROM ${invoices} i WHERE ${owing(i)} AND ${ownFigures(user, i)} GROUP BY i.customer)
        SELECT c.id::text AS key, c.name AS label, c.id AS customer, coalesce(b.invoices, 0) AS invoices,
          coalesce(b.invoiced, 0)::numeric(14, 2)::text AS invoiced, coalesce(p.collected, 0)::numeric(14, 2)::text AS collected, coalesce(o.outstanding, 0)::numeric(14, 2)::text AS outstanding
        FROM ${customers} c LEFT JOIN billed b ON b.customer = c.id LEFT JOIN collected p ON p.customer = c.id LEFT JOIN owed o ON o.customer = c.id
        WHERE b.customer IS NOT NULL OR p.customer IS NOT NULL OR o.customer IS NOT NULL
        ORDER BY coalesce(b.invoiced, 0) DESC, c.name`,
  );
  return reportAnswer(rows, { money: ['invoiced', 'collected', 'outstanding'], counts: ['invoices'] });
}

/** aging_invoices/: the owed invoices behind one bucket of the aging report (of one customer), most days past due first. */
export async function agingInvoicesReport(db: Db, user: User, query: { bucket: string; customer?: number | undefined } & ReportPageQuery) {
  const bucket = AGING_BUCKETS.find((b) => b.key === query.bucket)!;
  const pastDue = sql`(${TODAY} - i.due_date)`;
  return recordReport<AgingInvoiceRow>(
    db,
    sql`SELECT i.id::text AS key, coalesce(i.invoice_number, '') AS label, i.id AS invoice, i.customer, c.name AS customer_name, i.invoice_date::text AS invoice_date, i.due_date::text AS due_date,
          ${pastDue}::int AS days_past_due, i.outstanding_amount::text AS outstanding_amount
        FROM ${invoices} i JOIN ${customers} c ON c.id = i.customer
        WHERE ${owing(i)} AND ${ownFigures(user, i)}
          AND (${bucket.from}::int IS NULL OR ${pastDue} >= ${bucket.from}::int) AND (${bucket.to}::int IS NULL OR ${pastDue} <= ${bucket.to}::int)
          AND (${query.customer ?? null}::int IS NULL OR i.customer = ${query.customer ?? null}::int)`,
    'days_past_due DESC, label',
    ['outstanding_amount'],
    query,
  );
}
