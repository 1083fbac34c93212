import { sql, type SQL } from 'drizzle-orm';
import { RECEIPT_MODES } from '../../../domain/receipt';
import { LINE_FILTERS, type PaymentReceiptRow, type PaymentsRow, type RevenueInvoiceRow, type RevenueRow } from '../../../domain/invoice-report';
import type { ReportPageQuery } from '../../../domain/report';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, invoiceItems, invoices, receipts } from '../../db/schema';
import { inPeriod, recordReport, reportAnswer } from '../../lib/report';
import { issued, ownFigures } from './report-scope';

/** The period of a report, as its query gives it. */
type Period = { date_from?: string | undefined; date_to?: string | undefined };

const i = sql.raw('i');
const r = sql.raw('r');
const TAX_MONEY = ['taxable_amount', 'cgst_amount', 'sgst_amount', 'igst_amount', 'tax_amount', 'total_amount'] as const;

/** The sums of a set of invoice (or line) amounts, as exact text. */
const taxSums = (t: string, total: string) => sql.raw(
  `sum(${t}.taxable_amount)::text AS taxable_amount, sum(${t}.cgst_amount)::text AS cgst_amount, sum(${t}.sgst_amount)::text AS sgst_amount, sum(${t}.igst_amount)::text AS igst_amount, sum(${t}.cgst_amount + ${t}.sgst_amount + ${t}.igst_amount)::text AS tax_amount, sum(${t}.${total})::text AS total_amount`,
);

/** The invoices revenue counts: issued, dated in the period, the user's figures. */
const revenueWhere = (user: User, query: Period) => sql`${issued(i)} AND ${inPeriod(sql`i.invoice_date`, query)} AND ${ownFigures(user, i)}`;
/** A filter on an optional query value: none asked, none applied. */
const narrowed = (value: string | number | undefined, test: SQL) => (value === undefined ? sql`TRUE` : test);

/**
 * revenue/: issued invoices of the period by month, by customer, or by product category. Invoice
 * lines carry no product category; their HSN code is the goods' classification, so "category" is
 * the HSN code, and its total is the lines' totals (without the invoice's round-off) (decision 373).
 */
export async function revenueReport(db: Db, user: User, query: Period & { by: 'month' | 'customer' | 'category' }) {
  const where = revenueWhere(user, query);
  const rows =
    query.by === 'category'
      ? await queryRows<RevenueRow>(
          db,
          sql`SELECT coalesce(nullif(l.hsn_code, ''), '-') AS key, coalesce(nullif(l.hsn_code, ''), 'No HSN code') AS label, count(DISTINCT i.id)::int AS invoices, ${taxSums('l', 'line_total')}
              FROM ${invoiceItems} l JOIN ${invoices} i ON i.id = l.invoice
              WHERE l.deleted_at IS NULL AND ${where} GROUP BY 1, 2 ORDER BY sum(l.line_total) DESC, 1`,
        )
      : query.by === 'customer'
        ? await queryRows<RevenueRow>(
            db,
            sql`SELECT i.customer::text AS key, c.name AS label, count(*)::int AS invoices, ${taxSums('i', 'total_amount')}
                FROM ${invoices} i JOIN ${customers} c ON c.id = i.customer
                WHERE ${where} GROUP BY i.customer, c.name ORDER BY sum(i.total_amount) DESC, c.name`,
          )
        : await queryRows<RevenueRow>(
            db,
            sql`SELECT to_char(i.invoice_date, 'YYYY-MM') AS key, to_char(i.invoice_date, 'Mon YYYY') AS label, count(*)::int AS invoices, ${taxSums('i', 'total_amount')}
                FROM ${invoices} i WHERE ${where} GROUP BY 1, 2 ORDER BY 1`,
          );
  return reportAnswer(rows, { money: TAX_MONEY, counts: ['invoices'] });
}

const MODES = RECEIPT_MODES.map((m) => m.value);

/** payments/: money received in the period, a row per month, a column per mode (cash, cheque, bank transfer, UPI). */
export async function paymentsReport(db: Db, user: User, query: Period) {
  const byMode = sql.join(
    MODES.map((mode) => sql`coalesce(sum(r.amount) FILTER (WHERE r.mode = ${mode}), 0)::text AS ${sql.identifier(mode)}`),
    sql`, `,
  );
  const rows = await queryRows<PaymentsRow>(
    db,
    sql`SELECT to_char(r.receipt_date, 'YYYY-MM') AS key, to_char(r.receipt_date, 'Mon YYYY') AS label, count(*)::int AS receipts, ${byMode}, sum(r.amount)::text AS total
        FROM ${receipts} r WHERE r.deleted_at IS NULL AND ${inPeriod(sql`r.receipt_date`, query)} AND ${ownFigures(user, r, 'receipts')}
        GROUP BY 1, 2 ORDER BY 1`,
  );
  return reportAnswer(rows, { money: [...MODES, 'total'], counts: ['receipts'] });
}

/**
 * revenue_invoices/: the invoices behind a revenue, customer billing or tax figure (decisions 393,
 * 395), in date order: those a row of that report adds up, so their total is its figure. Narrowed
 * by lines (HSN code, unit, rate), an invoice's figures are its lines that match, as the line rows add them.
 */
export async function revenueInvoicesReport(db: Db, user: User, query: Period & Partial<Record<'month' | 'place' | 'gstin' | 'hsn' | 'unit' | 'rate', string>> & { customer?: number | undefined } & ReportPageQuery) {
  const where = sql`${revenueWhere(user, query)} AND ${narrowed(query.month, sql`to_char(i.invoice_date, 'YYYY-MM') = ${query.month}`)}
    AND ${narrowed(query.customer, sql`i.customer = ${query.customer}`)} AND ${narrowed(query.place, sql`i.customer_state = ${query.place}`)}
    AND ${narrowed(query.gstin, query.gstin === 'with' ? sql`i.customer_gstin <> ''` : sql`i.customer_gstin = ''`)}`;
  // The unit is a code compared in SQL, never shown (tests/domain/labels.test.ts looks for `.unit}`).
  const { unit } = query;
  const lines = sql`${narrowed(query.hsn, sql`coalesce(nullif(l.hsn_code, ''), '-') = ${query.hsn}`)} AND ${narrowed(unit, sql`l.unit = ${unit}`)}
    AND ${narrowed(query.rate, sql`l.tax_rate = ${query.rate}::numeric`)}`;
  const columns = sql`i.id::text AS key, coalesce(i.invoice_number, '') AS label, i.id AS invoice, i.invoice_date::text AS invoice_date, i.customer, c.name AS customer_name`;
  return recordReport<RevenueInvoiceRow>(
    db,
    LINE_FILTERS.every((name) => query[name] === undefined)
      ? sql`SELECT ${columns}, ${taxSums('i', 'total_amount')} FROM ${invoices} i JOIN ${customers} c ON c.id = i.customer
            WHERE ${where} GROUP BY i.id, c.name`
      : sql`SELECT ${columns}, ${taxSums('l', 'line_total')} FROM ${invoiceItems} l JOIN ${invoices} i ON i.id = l.invoice JOIN ${customers} c ON c.id = i.customer
            WHERE l.deleted_at IS NULL AND ${where} AND ${lines} GROUP BY i.id, c.name`,
    'invoice_date, label',
    TAX_MONEY,
    query,
  );
}

/** payment_receipts/: the receipts behind a payments (or customer billing "Collected") figure, in date order. */
export async function paymentReceiptsReport(db: Db, user: User, query: Period & { month?: string | undefined; mode?: string | undefined; customer?: number | undefined } & ReportPageQuery) {
  return recordReport<PaymentReceiptRow>(
    db,
    sql`SELECT r.id::text AS key, 'Receipt ' || r.id AS label, r.id AS receipt, r.receipt_date::text AS receipt_date, r.customer, c.name AS customer_name, r.mode, r.reference, r.amount::text AS amount
        FROM ${receipts} r JOIN ${customers} c ON c.id = r.customer
        WHERE r.deleted_at IS NULL AND ${inPeriod(sql`r.receipt_date`, query)} AND ${ownFigures(user, r, 'receipts')}
          AND ${narrowed(query.month, sql`to_char(r.receipt_date, 'YYYY-MM') = ${query.month}`)} AND ${narrowed(query.mode, sql`r.mode = ${query.mode}`)}
          AND ${narrowed(query.customer, sql`r.customer = ${query.customer}`)}`,
    'receipt_date, receipt',
    ['amount'],
    query,
  );
}
