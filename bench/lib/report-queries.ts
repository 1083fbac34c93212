import { sql, type SQL } from 'drizzle-orm';
import { INVOICE_RECEIVABLE_STATUSES, INVOICE_UNISSUED_STATUSES } from '../../domain/invoice';
import { RECEIPT_MODES } from '../../domain/receipt';
import { SALES_ORDER_FINAL_STATUSES } from '../../domain/sales-order';

/**
 * Each report's floor (issue 22 §3): one pass over the same rows the report adds up, written by
 * hand, for the period BENCH_FROM..BENCH_TO. No scope (the bench reads as accounts and management,
 * who see every figure), no rounding, no totals row: what the API adds on top is what is measured.
 */
const from = () => process.env.BENCH_FROM!;
const to = () => process.env.BENCH_TO!;
const today = sql`(now() AT TIME ZONE 'Asia/Kolkata')::date`;
const values = (list: readonly string[]) =>
  sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  );
const issuedIn = (alias: string) => sql`${sql.raw(alias)}.deleted_at IS NULL AND ${sql.raw(alias)}.status NOT IN (${values(INVOICE_UNISSUED_STATUSES)})
  AND ${sql.raw(alias)}.invoice_date BETWEEN ${from()} AND ${to()}`;
const gst = (alias: string, total: string) =>
  sql.raw(`sum(${alias}.taxable_amount), sum(${alias}.cgst_amount), sum(${alias}.sgst_amount), sum(${alias}.igst_amount), sum(${alias}.cgst_amount + ${alias}.sgst_amount + ${alias}.igst_amount), sum(${alias}.${total})`);
const ordersIn = sql`deleted_at IS NULL AND order_date BETWEEN ${from()} AND ${to()}`;
const booked = sql`status NOT IN ('draft', 'cancelled')`;

export const REPORT_QUERIES: Record<string, () => SQL> = {
  'revenue-month': () => sql`SELECT to_char(i.invoice_date, 'YYYY-MM'), to_char(i.invoice_date, 'Mon YYYY'), count(*), ${gst('i', 'total_amount')}
    FROM invoices i WHERE ${issuedIn('i')} GROUP BY 1, 2 ORDER BY 1`,
  'revenue-category': () => sql`SELECT coalesce(nullif(l.hsn_code, ''), '-'), count(DISTINCT i.id), ${gst('l', 'line_total')}
    FROM invoice_items l JOIN invoices i ON i.id = l.invoice WHERE l.deleted_at IS NULL AND ${issuedIn('i')} GROUP BY 1 ORDER BY sum(l.line_total) DESC`,
  payments: () => sql`SELECT to_char(receipt_date, 'YYYY-MM'), count(*), ${sql.join(
    RECEIPT_MODES.map((m) => sql`sum(amount) FILTER (WHERE mode = ${m.value})`),
    sql`, `,
  )}, sum(amount)
    FROM receipts WHERE deleted_at IS NULL AND receipt_date BETWEEN ${from()} AND ${to()} GROUP BY 1 ORDER BY 1`,
  'tax-rate': () => sql`SELECT l.tax_rate, ${gst('l', 'line_total')}
    FROM invoice_items l JOIN invoices i ON i.id = l.invoice WHERE l.deleted_at IS NULL AND ${issuedIn('i')} GROUP BY l.tax_rate ORDER BY l.tax_rate`,
  'customer-billing': () => sql`SELECT c.id, c.name, b.invoices, b.invoiced, p.collected, o.outstanding FROM customers c
    LEFT JOIN (SELECT customer, count(*) AS invoices, sum(total_amount) AS invoiced FROM invoices i WHERE ${issuedIn('i')} GROUP BY customer) b ON b.customer = c.id
    LEFT JOIN (SELECT customer, sum(amount) AS collected FROM receipts WHERE deleted_at IS NULL AND receipt_date BETWEEN ${from()} AND ${to()} GROUP BY customer) p ON p.customer = c.id
    LEFT JOIN (SELECT customer, sum(outstanding_amount) AS outstanding FROM invoices
      WHERE deleted_at IS NULL AND outstanding_amount > 0 AND status IN (${values(INVOICE_RECEIVABLE_STATUSES)}) GROUP BY customer) o ON o.customer = c.id
    WHERE b.customer IS NOT NULL OR p.customer IS NOT NULL OR o.customer IS NOT NULL ORDER BY coalesce(b.invoiced, 0) DESC, c.name`,
  'sales-orders-status': () => sql`SELECT status, count(*), sum(total_order_value) FROM sales_orders WHERE ${ordersIn} GROUP BY status`,
  'sales-orders-customers': () => sql`SELECT o.customer, c.name, count(*), sum(o.total_order_value) FROM sales_orders o JOIN customers c ON c.id = o.customer
    WHERE o.deleted_at IS NULL AND o.order_date BETWEEN ${from()} AND ${to()} AND o.status NOT IN ('draft', 'cancelled')
    GROUP BY o.customer, c.name ORDER BY sum(o.total_order_value) DESC, c.name`,
  'sales-orders-analysis': () => sql`SELECT to_char(order_date, 'YYYY-MM'), count(*), sum(total_order_value) FROM sales_orders WHERE ${ordersIn} AND ${booked} GROUP BY 1 ORDER BY 1`,
  /** The screen's first page of 15 with the count and the totals of every overdue order, in the one pass. */
  'sales-orders-overdue': () => sql`SELECT o.id, o.customer_po_number, c.name, o.status, o.order_date, o.expected_delivery_date, ${today} - o.expected_delivery_date AS days_overdue,
      o.total_order_value, o.advance_amount, count(*) OVER () AS orders, sum(o.total_order_value) OVER () AS total_value, sum(o.advance_amount) OVER () AS total_advance
    FROM sales_orders o JOIN customers c ON c.id = o.customer
    WHERE o.deleted_at IS NULL AND o.order_date BETWEEN ${from()} AND ${to()} AND o.expected_delivery_date < ${today} AND o.status NOT IN (${values(SALES_ORDER_FINAL_STATUSES)})
    ORDER BY days_overdue DESC, o.order_date, o.id LIMIT 15`,
};
