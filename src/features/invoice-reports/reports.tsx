import type { ColumnDef } from '@tanstack/react-table';
import { API } from '../../../domain/api-paths';
import { AGING_BUCKETS, INVOICE_STATUSES, type AgingReport, type DashboardSummary } from '../../../domain/invoice';
import { invoicePeriodQuerySchema, REVENUE_GROUPINGS, revenueQuerySchema, TAX_SECTIONS, taxQuerySchema } from '../../../domain/invoice-report';
import { labelOf } from '../../../domain/options';
import { RECEIPT_MODES } from '../../../domain/receipt';
import type { RouteName } from '../../../domain/routes';
import type { ReportFilter } from '../../ui/ReportFilters';
import { countColumn, dateColumn, drillColumn, figure, linkColumn, numberColumn, optionColumn, textColumn, isTotalsRow, type ReportDef, type ReportDrill, type ReportRow } from '../../ui/ServerReport';
import { secondary } from '../../ui/DataTable';

/** A period of invoice (or receipt) dates, the last `lastDays` days until the user changes it. */
const period = (lastDays: number): ReportFilter => ({ kind: 'period', from: 'date_from', to: 'date_to', lastDays });

const taxColumns = [numberColumn('taxable_amount', 'Taxable'), numberColumn('cgst_amount', 'CGST'), numberColumn('sgst_amount', 'SGST'), numberColumn('igst_amount', 'IGST'), numberColumn('tax_amount', 'Tax')];

/** The period a drill carries from its report: the rows behind a figure are the figure's period's. */
const PERIOD = ['date_from', 'date_to'] as const;
const shownTax = taxColumns.map((c, i) => (i === 0 || i === 4 ? c : secondary(c)));

/** The invoices behind a revenue (or customer billing) figure: of a month, a customer or an HSN code. */
const revenueInvoices: ReportDef = {
  path: API.invoices.reports.revenueInvoices,
  note: 'The issued invoices behind the figure, by date; for an HSN code, each invoice with its lines of that code.',
  columns: [linkColumn('label', 'Invoice', 'invoice-detail', 'invoice'), dateColumn('invoice_date', 'Date'), textColumn('customer_name', 'Customer'), ...shownTax, numberColumn('total_amount', 'Total')],
  rowKey: ['key'],
};

/** The receipts behind a payments (or customer billing) figure: of a month, a mode or a customer. */
const paymentReceipts: ReportDef = {
  path: API.invoices.reports.paymentReceipts,
  note: 'The receipts behind the figure, by date.',
  columns: [textColumn('label', 'Receipt'), dateColumn('receipt_date', 'Date'), textColumn('customer_name', 'Customer'), optionColumn('mode', 'Mode', RECEIPT_MODES), secondary(textColumn('reference', 'Reference')), numberColumn('amount', 'Amount')],
  rowKey: ['key'],
};

const invoicesBehind: ReportDrill = { title: 'Invoices behind the figure', params: ['month', 'customer', 'hsn'], carry: PERIOD, report: revenueInvoices };

/** A revenue row's key as the filter of the invoices behind it: the month, the customer or the HSN code, as the report is grouped. */
const REVENUE_DRILL = { month: 'month', customer: 'customer', category: 'hsn' } as const;
const revenueDrill = (row: ReportRow, search: URLSearchParams) =>
  isTotalsRow(row) ? null : { [REVENUE_DRILL[(search.get('by') ?? REVENUE_GROUPINGS[0].value) as keyof typeof REVENUE_DRILL] ?? 'month']: String(row.key) };
/** A payments figure's receipts: of its month (every month on the totals row) and its mode (every mode in Total). */
const receiptsDrill = (mode: string) => (row: ReportRow) => (isTotalsRow(row) && !mode ? null : { month: isTotalsRow(row) ? '' : String(row.key), mode });
/** A customer's invoices or receipts; the totals row opens none. */
const customerDrill = (drill: string) => (row: ReportRow) => (isTotalsRow(row) ? null : { drill, customer: String(row.customer) });

const revenue: ReportDef = {
  path: API.invoices.reports.revenue,
  note: 'Issued invoices dated in the period (not drafts, cancelled or void): by month, by customer, or by product category (the HSN code of the lines). A total opens the invoices behind it.',
  columns: [textColumn('label', 'Month / customer / HSN'), countColumn('invoices', 'Invoices'), ...shownTax, drillColumn('total_amount', 'Total', 'number', revenueDrill)],
  filter: { fields: [period(365), { kind: 'choice', name: 'by', label: 'Group', options: REVENUE_GROUPINGS }], query: revenueQuerySchema },
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'bar', label: 'Revenue', category: 'label', series: [{ key: 'total_amount', label: 'Total' }] },
  drill: invoicesBehind,
};

const payments: ReportDef = {
  path: API.invoices.reports.payments,
  note: 'Money received in the period, by the month of the receipt and the mode it came by. A figure opens the receipts behind it.',
  columns: [
    textColumn('label', 'Month'),
    countColumn('receipts', 'Receipts'),
    ...RECEIPT_MODES.map((m) => drillColumn(m.value, m.label, 'number', receiptsDrill(m.value))),
    drillColumn('total', 'Total', 'number', receiptsDrill('')),
  ],
  filter: { fields: [period(365)], query: invoicePeriodQuerySchema },
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'stacked-bar', label: 'Collections by mode', category: 'label', series: RECEIPT_MODES.map((m) => ({ key: m.value, label: m.label })) },
  drill: { title: 'Receipts behind the figure', params: ['month', 'mode'], carry: PERIOD, report: paymentReceipts },
};

const taxFilter = { fields: [period(30), { kind: 'choice', name: 'section', label: 'Summary', options: TAX_SECTIONS }] as const, query: taxQuerySchema };
/** The line filters a tax row's figures open the invoices by (decision 395); every section names them all, so a change of section closes any. */
const TAX_DRILL = ['rate', 'place', 'gstin', 'hsn', 'unit'] as const;
type TaxDrill = (row: ReportRow) => Partial<Record<(typeof TAX_DRILL)[number], string>>;
const taxReport = (note: string, columns: ColumnDef<ReportRow, unknown>[], drillOf?: TaxDrill, chart?: ReportDef['chart']): ReportDef => ({
  path: API.invoices.reports.tax,
  note: drillOf ? `${note} A tax figure opens the invoices behind it.` : note,
  columns: [
    ...columns,
    ...taxColumns.map((c, i) =>
      drillOf && i === 4 ? drillColumn('tax_amount', 'Tax', 'number', (row) => (isTotalsRow(row) ? null : { ...Object.fromEntries(TAX_DRILL.map((name) => [name, ''])), ...drillOf(row) })) : c,
    ),
  ],
  filter: taxFilter,
  unpaged: true,
  rowKey: ['key'],
  ...(chart ? { chart } : {}),
  // B2B's rows are invoices already, but it has the drill too, so leaving a section closes what it opened.
  drill: { title: 'Invoices behind the figure', params: TAX_DRILL, carry: PERIOD, report: revenueInvoices },
});

/** The tax report's sections, as the "Summary" filter picks them: each its own columns. */
export const TAX_REPORTS: Readonly<Record<(typeof TAX_SECTIONS)[number]['value'], ReportDef>> = {
  rate: taxReport('GST of the issued invoices dated in the period, by rate, split into CGST and SGST (within the state) and IGST.', [textColumn('label', 'GST rate')], (row) => ({ rate: String(row.tax_rate) }), {
    kind: 'pie',
    label: 'Tax by rate',
    category: 'label',
    series: [{ key: 'tax_amount', label: 'Tax' }],
  }),
  b2b: taxReport('B2B: each invoice to a customer with a GSTIN, with its place of supply and GST.', [
    linkColumn('label', 'Invoice', 'invoice-detail', 'invoice'),
    dateColumn('invoice_date', 'Date'),
    textColumn('customer_name', 'Customer'),
    secondary(textColumn('customer_gstin', 'GSTIN')),
    secondary(textColumn('place_of_supply', 'Place of supply')),
  ]),
  b2c: taxReport('B2C: invoices to customers without a GSTIN, by place of supply and rate.', [textColumn('place_of_supply', 'Place of supply'), numberColumn('tax_rate', 'Rate %')], (row) => ({
    rate: String(row.tax_rate),
    place: String(row.place_of_supply),
    gstin: 'without',
  })),
  // The row's key is the code (`-` for none) and the unit: the code is its first part.
  hsn: taxReport('HSN summary: the lines by HSN code and unit, with the quantity.', [textColumn('label', 'HSN'), textColumn('unit', 'Unit'), numberColumn('quantity', 'Quantity')], (row) => ({
    hsn: String(row.key).split('/')[0]!,
    unit: String(row.unit),
  })),
};

const customerBilling: ReportDef = {
  path: API.invoices.reports.customerBilling,
  note: 'Per customer: the invoices dated in the period, what was received in it, and what the customer owes today. Invoiced and Collected open the invoices and receipts behind them.',
  columns: [
    linkColumn('label', 'Customer', 'customer-detail', 'customer'),
    countColumn('invoices', 'Invoices'),
    drillColumn('invoiced', 'Invoiced', 'number', customerDrill('invoices')),
    drillColumn('collected', 'Collected', 'number', customerDrill('receipts')),
    numberColumn('outstanding', 'Outstanding'),
  ],
  filter: { fields: [period(30)], query: invoicePeriodQuerySchema },
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'bar', label: 'Invoiced and collected', category: 'label', series: [{ key: 'invoiced', label: 'Invoiced' }, { key: 'collected', label: 'Collected' }] },
  drill: [
    { ...invoicesBehind, name: 'invoices', title: 'Invoices of the customer', params: ['customer'] },
    { name: 'receipts', title: 'Receipts of the customer', params: ['customer'], carry: PERIOD, report: paymentReceipts },
  ],
};

/** The owed invoices behind an aging bucket (of one customer). */
const agingInvoices: ReportDef = {
  path: API.invoices.reports.agingInvoices,
  note: 'The invoices that still owe, most days past due first.',
  columns: [
    linkColumn('label', 'Invoice', 'invoice-detail', 'invoice'),
    textColumn('customer_name', 'Customer'),
    secondary(dateColumn('invoice_date', 'Date')),
    dateColumn('due_date', 'Due'),
    countColumn('days_past_due', 'Days past due'),
    numberColumn('outstanding_amount', 'Outstanding'),
  ],
  rowKey: ['key'],
};

/** The aging report in the frame's shape: a row per customer, its totals the buckets' totals (which the server sums from the same rows). */
function agingPage(answer: AgingReport) {
  const totals: ReportRow = { key: 'total', label: 'Total', total: answer.total, ...Object.fromEntries(answer.buckets.map((b) => [b.key, b.amount])) };
  return { count: answer.customers.length, results: answer.customers.map((c) => ({ ...c, key: String(c.customer), label: c.customer_name })), totals };
}

const aging: ReportDef = {
  path: API.invoices.agingReport,
  note: 'What each customer owes today by days past the due date. A figure opens the invoices behind it.',
  columns: [
    linkColumn('label', 'Customer', 'customer-detail', 'customer'),
    ...AGING_BUCKETS.map((b) => drillColumn(b.key, b.label, 'number', (row) => ({ bucket: b.key, customer: row.customer == null ? '' : String(row.customer) }))),
    numberColumn('total', 'Total'),
  ],
  select: agingPage,
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'stacked-bar', label: 'Outstanding by customer and age', category: 'label', series: AGING_BUCKETS.map((b) => ({ key: b.key, label: b.label })) },
  drill: { title: 'Invoices behind the figure', params: ['bucket', 'customer'], report: agingInvoices },
};

/** The accounts desk's summary for a period: the figures, and the invoices by status. */
const dashboard: ReportDef = {
  path: API.invoices.dashboardSummary,
  note: 'Invoiced and collected in the period; outstanding, overdue and drafts to approve today.',
  columns: [optionColumn('status', 'Status', INVOICE_STATUSES), countColumn('count', 'Invoices'), numberColumn('amount', 'Amount')],
  figures: [
    figure('invoiced_amount', 'Invoiced'),
    figure('collected_amount', 'Collected'),
    figure('outstanding_amount', 'Outstanding'),
    figure('overdue_amount', 'Overdue'),
    figure('overdue_count', 'Overdue invoices', 'count'),
    figure('to_approve_count', 'Drafts to approve', 'count'),
  ],
  filter: { fields: [period(30)], query: invoicePeriodQuerySchema },
  select: (answer: DashboardSummary) => ({ ...answer, count: answer.by_status.length, results: answer.by_status.map((row) => ({ ...row, key: row.status, label: labelOf(INVOICE_STATUSES, row.status) })) }),
  unpaged: true,
  rowKey: ['key'],
  chart: { kind: 'pie', label: 'Invoices by status', category: 'label', series: [{ key: 'amount', label: 'Amount' }] },
};

/** The invoice reports by the route that shows them (the tax report's sections are TAX_REPORTS). */
export const REPORTS: Readonly<Partial<Record<RouteName, ReportDef>>> = {
  'invoices-reports-dashboard': dashboard,
  'invoices-reports-revenue': revenue,
  'invoices-reports-payments': payments,
  'invoices-reports-tax': TAX_REPORTS.rate,
  'invoices-reports-customer-billing': customerBilling,
  'invoices-reports-aging': aging,
};

/** The invoice reports' landing, in this order. */
export const INVOICE_REPORT_LINKS: readonly RouteName[] = ['invoices-reports-dashboard', 'invoices-reports-revenue', 'invoices-reports-payments', 'invoices-reports-tax', 'invoices-reports-customer-billing', 'invoices-reports-aging'];
