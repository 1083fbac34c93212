import { sql, type SQL } from 'drizzle-orm';
import type { TaxRow } from '../../../domain/invoice-report';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { customers, invoiceItems, invoices } from '../../db/schema';
import { inPeriod, reportAnswer } from '../../lib/report';
import { issued, ownFigures } from './report-scope';

type TaxSection = 'rate' | 'b2b' | 'b2c' | 'hsn';

const i = sql.raw('i');

/** The GST of a set of invoice lines: taxable value, each component, the tax and the lines' total. */
const LINE_TAX = sql.raw(
  'sum(l.taxable_amount)::text AS taxable_amount, sum(l.cgst_amount)::text AS cgst_amount, sum(l.sgst_amount)::text AS sgst_amount, sum(l.igst_amount)::text AS igst_amount, sum(l.cgst_amount + l.sgst_amount + l.igst_amount)::text AS tax_amount, sum(l.line_total)::text AS total_amount',
);

/** What each section groups the lines by, and the descriptive fields of its rows (the others are null). */
const SECTIONS: Record<TaxSection, { fields: SQL; b2b?: boolean; group: SQL; order: SQL }> = {
  rate: {
    fields: sql`l.tax_rate::text AS key, (trim(trailing '.' FROM trim(trailing '0' FROM l.tax_rate::text)) || '%') AS label, l.tax_rate::text AS tax_rate, NULL::int AS invoice, NULL::date AS invoice_date, NULL AS customer_name, NULL AS customer_gstin, NULL AS place_of_supply, NULL AS unit, NULL AS quantity`,
    group: sql`l.tax_rate`,
    order: sql`l.tax_rate`,
  },
  b2b: {
    fields: sql`i.id::text AS key, coalesce(i.invoice_number, '') AS label, NULL AS tax_rate, i.id AS invoice, i.invoice_date::text AS invoice_date, c.name AS customer_name, i.customer_gstin, i.customer_state AS place_of_supply, NULL AS unit, NULL AS quantity`,
    b2b: true,
    group: sql`i.id, c.name`,
    order: sql`i.invoice_date, i.invoice_number`,
  },
  b2c: {
    fields: sql`(i.customer_state || '/' || l.tax_rate::text) AS key, i.customer_state AS label, l.tax_rate::text AS tax_rate, NULL::int AS invoice, NULL::date AS invoice_date, NULL AS customer_name, NULL AS customer_gstin, i.customer_state AS place_of_supply, NULL AS unit, NULL AS quantity`,
    b2b: false,
    group: sql`i.customer_state, l.tax_rate`,
    order: sql`i.customer_state, l.tax_rate`,
  },
  hsn: {
    fields: sql`(coalesce(nullif(l.hsn_code, ''), '-') || '/' || l.unit) AS key, coalesce(nullif(l.hsn_code, ''), 'No HSN code') AS label, NULL AS tax_rate, NULL::int AS invoice, NULL::date AS invoice_date, NULL AS customer_name, NULL AS customer_gstin, NULL AS place_of_supply, l.unit, sum(l.quantity)::text AS quantity`,
    group: sql`l.hsn_code, l.unit`,
    order: sql`l.hsn_code, l.unit`,
  },
};

/**
 * tax/: the GST of the issued invoices dated in the period, from their lines (decision 374): by
 * rate; B2B, an invoice per row for customers with a GSTIN; B2C, customers without one, by place
 * of supply and rate; HSN, by code and unit with the quantity. Each section's totals are the
 * period's whole GST, so the sections agree with one another.
 */
export async function taxReport(db: Db, user: User, query: { date_from?: string | undefined; date_to?: string | undefined; section: TaxSection }) {
  const section = SECTIONS[query.section];
  const registered = section.b2b === undefined ? sql`TRUE` : section.b2b ? sql`i.customer_gstin <> ''` : sql`i.customer_gstin = ''`;
  const rows = await queryRows<TaxRow>(
    db,
    sql`SELECT ${section.fields}, ${LINE_TAX}
        FROM ${invoiceItems} l JOIN ${invoices} i ON i.id = l.invoice JOIN ${customers} c ON c.id = i.customer
        WHERE l.deleted_at IS NULL AND ${issued(i)} AND ${inPeriod(sql`i.invoice_date`, query)} AND ${ownFigures(user, i)} AND ${registered}
        GROUP BY ${section.group} ORDER BY ${section.order}`,
  );
  return reportAnswer(rows, { money: ['taxable_amount', 'cgst_amount', 'sgst_amount', 'igst_amount', 'tax_amount', 'total_amount'] });
}
