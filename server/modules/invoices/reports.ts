import { and, count, eq, gte, inArray, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { sum as total, toMoney } from '../../../domain/decimal';
import { AGING_BUCKETS, INVOICE_RECEIVABLE_STATUSES, INVOICE_UNISSUED_STATUSES, invoiceStatusSchema, type AgingBucket, type AgingReport, type DashboardSummary } from '../../../domain/invoice';
import { businessToday } from '../../../domain/rules/dates';
import { queryRows, type Db } from '../../db/client';
import { customers, invoices, receipts } from '../../db/schema';
import { TODAY } from '../../lib/business-day';
import { overdueCondition } from './queries';
import { ownFigures } from './report-scope';
import type { User } from '../../../domain/user';

/**
 * What customers owe (issue 20 §1, §3): the aging report, and the accounts desk's summary for a
 * period. Both read the invoices' outstanding amounts, which receipts keep (payments.ts).
 */

const receivable = and(isNull(invoices.deleted_at), inArray(invoices.status, [...INVOICE_RECEIVABLE_STATUSES]), sql`${invoices.outstanding_amount} > 0`);

/** aging_report/: the outstanding of each customer by bucket, the largest debtor first, and each bucket's total and count. */
export async function agingReport(db: Db, user: User): Promise<AgingReport> {
  // The owed invoices with their days past due on the company's day (0 or less is not yet due),
  // worked out once per invoice: each bucket's sum and count read it, and computing the business
  // day in every one of them made the report 1.7x one raw pass on PostgreSQL (issue 20 §5's bench).
  const o = db
    .select({ customer: invoices.customer, outstanding_amount: invoices.outstanding_amount, past_due: sql<number>`(${TODAY} - ${invoices.due_date})`.as('past_due') })
    .from(invoices)
    .where(and(receivable, ownFigures(user, sql`${invoices}`)))
    .as('owed');
  /** The condition of an aging bucket (AGING_BUCKETS: from and to days past due, either open). */
  const inBucket = (bucket: (typeof AGING_BUCKETS)[number]): SQL =>
    sql.join([bucket.from === null ? sql`TRUE` : sql`${o.past_due} >= ${bucket.from}`, bucket.to === null ? sql`TRUE` : sql`${o.past_due} <= ${bucket.to}`], sql` AND `);
  const amounts = Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, sql<string>`coalesce(sum(${o.outstanding_amount}) FILTER (WHERE ${inBucket(b)}), 0)::text`]));
  const counts = Object.fromEntries(AGING_BUCKETS.map((b) => [`${b.key}_count`, sql<number>`(count(*) FILTER (WHERE ${inBucket(b)}))::int`.mapWith(Number)]));
  const rows = await db
    .select({ customer: o.customer, customer_name: customers.name, total: sql<string>`sum(${o.outstanding_amount})::text`, ...amounts, ...counts })
    .from(o)
    .innerJoin(customers, eq(customers.id, o.customer))
    .groupBy(o.customer, customers.name)
    .orderBy(sql`sum(${o.outstanding_amount}) DESC`, customers.name);
  const money = (row: Record<string, unknown>, key: string) => toMoney(row[key] as string);
  return {
    as_of: businessToday(),
    buckets: AGING_BUCKETS.map((b) => ({
      key: b.key,
      label: b.label,
      amount: toMoney(total(rows.map((r) => (r as Record<string, unknown>)[b.key] as string))),
      count: rows.reduce((n, r) => n + ((r as Record<string, unknown>)[`${b.key}_count`] as number), 0),
    })),
    customers: rows.map((r) => ({
      customer: r.customer,
      customer_name: r.customer_name,
      ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, money(r, b.key)])) as Record<AgingBucket, string>),
      total: toMoney(r.total),
    })),
    total: toMoney(total(rows.map((r) => r.total))),
  };
}

/** dashboard_summary/: invoiced and collected in the period (this month by default); outstanding, overdue and drafts to approve now. */
export async function dashboardSummary(db: Db, user: User, query: { date_from?: string | undefined; date_to?: string | undefined }): Promise<DashboardSummary> {
  const today = businessToday();
  const date_from = query.date_from ?? `${today.slice(0, 8)}01`;
  const date_to = query.date_to ?? today;
  const own = ownFigures(user, sql`${invoices}`);
  const inPeriod = and(isNull(invoices.deleted_at), own, gte(invoices.invoice_date, date_from), lte(invoices.invoice_date, date_to));
  const [invoiced] = await db
    .select({ count: count(), amount: sql<string>`coalesce(sum(${invoices.total_amount}), 0)::text` })
    .from(invoices)
    .where(and(inPeriod, notInArray(invoices.status, [...INVOICE_UNISSUED_STATUSES])));
  const [collected] = await queryRows<{ amount: string }>(
    db,
    sql`SELECT coalesce(sum(${receipts.amount}), 0)::text AS amount FROM ${receipts} WHERE ${receipts.deleted_at} IS NULL AND ${ownFigures(user, sql`${receipts}`, 'receipts')} AND ${receipts.receipt_date} BETWEEN ${date_from} AND ${date_to}`,
  );
  const [owed] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${invoices.outstanding_amount}), 0)::text`,
      overdue_count: sql<number>`(count(*) FILTER (WHERE ${overdueCondition}))::int`.mapWith(Number),
      overdue_amount: sql<string>`coalesce(sum(${invoices.outstanding_amount}) FILTER (WHERE ${overdueCondition}), 0)::text`,
    })
    .from(invoices)
    .where(and(receivable, own));
  const [drafts] = await db
    .select({ count: count() })
    .from(invoices)
    .where(and(isNull(invoices.deleted_at), own, eq(invoices.status, 'draft')));
  const byStatus = await db
    .select({ status: invoices.status, count: count(), amount: sql<string>`coalesce(sum(${invoices.total_amount}), 0)::text` })
    .from(invoices)
    .where(inPeriod)
    .groupBy(invoices.status)
    .orderBy(invoices.status);
  return {
    date_from,
    date_to,
    invoiced_count: invoiced!.count,
    invoiced_amount: toMoney(invoiced!.amount),
    collected_amount: toMoney(collected!.amount),
    outstanding_amount: toMoney(owed!.outstanding),
    overdue_count: owed!.overdue_count,
    overdue_amount: toMoney(owed!.overdue_amount),
    to_approve_count: drafts!.count,
    by_status: byStatus.map((r) => ({ status: invoiceStatusSchema.parse(r.status), count: r.count, amount: toMoney(r.amount) })),
  };
}
