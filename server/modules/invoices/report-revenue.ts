import { sql } from 'drizzle-orm';
import { RECEIPT_MODES } from '../../../domain/receipt';
import type { PaymentsRow, RevenueRow } from '../../../domain/invoice-report';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, invoiceItems, invoices, receipts } from '../../db/schema';
import { inPeriod, reportAnswer } from '../../lib/report';
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

/**
 * revenue/: issued invoices of the period by month, by customer, or by product category. Invoice
 * lines carry no product category; their HSN code is the goods' classification, so "category" is
 * the HSN code, and its total is the lines' totals (without the invoice's round-off) (decision 373).
 */
export async function revenueReport(db: Db, user: User, query: Period & { by: 'month' | 'customer' | 'category' }) {
  const where = sql`${issued(i)} AND ${inPeriod(sql`i.invoice_date`, query)} AND ${ownFigures(user, i)}`;
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
