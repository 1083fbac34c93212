import './setup';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { routeByName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { fakeServer } from './support';
import InvoiceReportScreen from '../../src/features/invoice-reports/InvoiceReportScreen';
import SalesOrderReportScreen from '../../src/features/sales-order-reports/SalesOrderReportScreen';
import JobOrderReportScreen from '../../src/features/job-orders/JobOrderReportScreen';
import { reportDocument, reportWorkbook, type ReportFile } from '../../src/ui/report-export';
import { exportColumns } from '../../src/ui/ServerReport';

/** Issue 22 §1: every report shows its period's rows with a totals row, exports and prints, refuses an end before its start, and opens the rows behind a figure. */

const revenue = {
  count: 2,
  results: [
    { key: '2026-09', label: 'Sep 2026', invoices: 1, taxable_amount: '200000.00', cgst_amount: '18000.00', sgst_amount: '18000.00', igst_amount: '0.00', tax_amount: '36000.00', total_amount: '236000.00' },
    { key: '2026-10', label: 'Oct 2026', invoices: 2, taxable_amount: '1500.00', cgst_amount: '12.50', sgst_amount: '12.50', igst_amount: '180.00', tax_amount: '205.00', total_amount: '1705.00' },
  ],
  totals: { key: 'total', label: 'Total', invoices: 3, taxable_amount: '201500.00', cgst_amount: '18012.50', sgst_amount: '18012.50', igst_amount: '180.00', tax_amount: '36205.00', total_amount: '237705.00' },
};

const show = (name: 'invoices-reports-revenue' | 'invoices-reports-aging' | 'invoices-reports-customer-billing' | 'invoices-reports-tax', query = '') => renderRoute(name, InvoiceReportScreen, `${routeByName(name).path}${query}`, ['invoice-detail', 'customer-detail']);
/** The rows of the report's own table (the chart's table of figures is another). */
const tableRows = () => within(screen.getByRole('cell', { name: 'Total' }).closest('table')!).getAllByRole('row');
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const fieldOf = (message: HTMLElement) => message.closest('[data-scope="field"][data-part="root"]')?.querySelector('label')?.textContent;

afterEach(() => cleanup());

describe('the report frame', () => {
  it('shows the rows with the totals row last, in Indian grouping, and offers xlsx, PDF and print', async () => {
    const server = fakeServer().on('GET', '/invoices/reports/revenue/', { status: 200, data: revenue });
    show('invoices-reports-revenue', '?date_from=2026-09-01&date_to=2026-10-31&by=month');
    await screen.findByRole('cell', { name: 'Sep 2026' });
    const rows = tableRows();
    expect(cells(rows[1]!)).toEqual(['Sep 2026', '1', '2,00,000.00', '18,000.00', '18,000.00', '0.00', '36,000.00', '2,36,000.00']);
    expect(cells(rows.at(-1)!)).toEqual(['Total', '3', '2,01,500.00', '18,012.50', '18,012.50', '180.00', '36,205.00', '2,37,705.00']);
    expect(server.calls('GET', '/invoices/reports/revenue/')[0]!.config.params).toEqual({ date_from: '2026-09-01', date_to: '2026-10-31', by: 'month' });
    for (const name of ['Export xlsx', 'Export PDF', 'Print']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Revenue' })).toBeTruthy();
  });

  it('shows the end-before-start message at To and does not ask the server again', async () => {
    const server = fakeServer().on('GET', '/invoices/reports/revenue/', { status: 200, data: revenue });
    show('invoices-reports-revenue', '?date_from=2026-09-01&date_to=2026-10-31&by=month');
    await screen.findByRole('cell', { name: 'Sep 2026' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01-11-2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '01-10-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(fieldOf(await screen.findByText('The end date cannot be before the start date.'))).toBe('To');
    expect(server.calls('GET', '/invoices/reports/revenue/')).toHaveLength(1);
  });

  it('drills from an aging figure into the invoices behind it', async () => {
    const server = fakeServer()
      .on('GET', '/invoices/aging_report/', {
        status: 200,
        data: {
          as_of: '2026-12-07',
          buckets: [
            { key: 'current', label: 'Not yet due', amount: '0.00', count: 0 },
            { key: 'days_1_30', label: '1-30 days', amount: '0.00', count: 0 },
            { key: 'days_31_60', label: '31-60 days', amount: '0.00', count: 0 },
            { key: 'days_61_90', label: '61-90 days', amount: '6500.00', count: 2 },
            { key: 'days_over_90', label: 'Over 90 days', amount: '0.00', count: 0 },
          ],
          customers: [{ customer: 7, customer_name: 'Orbit Retail LLP', current: '0.00', days_1_30: '0.00', days_31_60: '0.00', days_61_90: '6500.00', days_over_90: '0.00', total: '6500.00' }],
          total: '6500.00',
        },
      })
      .on('GET', '/invoices/reports/aging_invoices/', {
        status: 200,
        data: {
          count: 1,
          results: [{ key: '31', label: 'INV/2026-27/0031', invoice: 31, customer: 7, customer_name: 'Orbit Retail LLP', invoice_date: '2026-08-29', due_date: '2026-09-23', days_past_due: 75, outstanding_amount: '6500.00' }],
          totals: { key: 'total', label: 'Total', outstanding_amount: '6500.00' },
        },
      });
    show('invoices-reports-aging');
    await screen.findByRole('cell', { name: 'Orbit Retail LLP' });
    const [, orbit, total] = tableRows();
    expect(cells(total!)).toEqual(['Total', '0.00', '0.00', '0.00', '6,500.00', '0.00', '6,500.00']);
    fireEvent.click(within(orbit!).getByRole('link', { name: '6,500.00' }));
    await screen.findByText('Invoices behind the figure');
    expect(await screen.findByRole('link', { name: 'INV/2026-27/0031' })).toBeTruthy();
    expect(server.calls('GET', '/invoices/reports/aging_invoices/')[0]!.config.params).toEqual({ bucket: 'days_61_90', customer: '7', page: 1, page_size: 15 });
    fireEvent.click(screen.getByRole('link', { name: 'Back to the report' }));
    await waitFor(() => expect(screen.queryByText('Invoices behind the figure')).toBeNull());
  });
});

describe('the rows behind a revenue or billing figure', () => {
  const invoicesBehind = {
    count: 2,
    results: [
      { key: '32', label: 'INV/2026-27/0032', invoice: 32, invoice_date: '2026-10-05', customer: 7, customer_name: 'Orbit Retail LLP', taxable_amount: '500.00', cgst_amount: '12.50', sgst_amount: '12.50', igst_amount: '0.00', tax_amount: '25.00', total_amount: '525.00' },
      { key: '33', label: 'INV/2026-27/0033', invoice: 33, invoice_date: '2026-10-20', customer: 8, customer_name: 'Zenith Stores', taxable_amount: '1000.00', cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '180.00', tax_amount: '180.00', total_amount: '1180.00' },
    ],
    totals: { key: 'total', label: 'Total', taxable_amount: '1500.00', cgst_amount: '12.50', sgst_amount: '12.50', igst_amount: '180.00', tax_amount: '205.00', total_amount: '1705.00' },
  };

  it("a month's revenue opens its invoices, asked for with the report's period, totalling the figure; another grouping closes them", async () => {
    const server = fakeServer().on('GET', '/invoices/reports/revenue/', { status: 200, data: revenue }).on('GET', '/invoices/reports/revenue_invoices/', { status: 200, data: invoicesBehind });
    show('invoices-reports-revenue', '?date_from=2026-09-01&date_to=2026-10-31&by=month');
    await screen.findByRole('cell', { name: 'Oct 2026' });
    // The totals row is no one list of invoices: its figure is not a link.
    expect(within(tableRows().at(-1)!).queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '1,705.00' }));
    await screen.findByText('Invoices behind the figure');
    expect(await screen.findByRole('link', { name: 'INV/2026-27/0033' })).toBeTruthy();
    expect(server.calls('GET', '/invoices/reports/revenue_invoices/')[0]!.config.params).toEqual({ date_from: '2026-09-01', date_to: '2026-10-31', month: '2026-10', page: 1, page_size: 15 });
    // Both tables end with the same total: the report's October row and the invoices behind it.
    expect(screen.getAllByRole('cell', { name: '1,705.00' }).length).toBeGreaterThanOrEqual(2);
    // Another grouping: the month's invoices no longer belong to a figure on screen.
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: 'customer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.queryByText('Invoices behind the figure')).toBeNull());
    expect(server.calls('GET', '/invoices/reports/revenue_invoices/')).toHaveLength(1);
  });

  it("an HSN row's tax opens the invoices with lines of that code and unit", async () => {
    const taxes = { taxable_amount: '1500.00', cgst_amount: '12.50', sgst_amount: '12.50', igst_amount: '180.00', tax_amount: '205.00', total_amount: '1705.00' };
    const row = { key: '9403/NOS', label: '9403', tax_rate: null, invoice: null, invoice_date: null, customer_name: null, customer_gstin: null, place_of_supply: null, unit: 'NOS', quantity: '2.000', ...taxes };
    const server = fakeServer()
      .on('GET', '/invoices/reports/tax/', { status: 200, data: { count: 1, results: [row], totals: { key: 'total', label: 'Total', ...taxes } } })
      .on('GET', '/invoices/reports/revenue_invoices/', { status: 200, data: invoicesBehind });
    show('invoices-reports-tax', '?date_from=2026-10-01&date_to=2026-10-31&section=hsn');
    await screen.findByRole('cell', { name: '9403' });
    fireEvent.click(screen.getByRole('link', { name: '205.00' }));
    await screen.findByText('Invoices behind the figure');
    expect(server.calls('GET', '/invoices/reports/revenue_invoices/')[0]!.config.params).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31', hsn: '9403', unit: 'NOS', page: 1, page_size: 15 });
  });

  it("a customer's Collected opens their receipts of the period, Invoiced their invoices", async () => {
    const server = fakeServer()
      .on('GET', '/invoices/reports/customer_billing/', {
        status: 200,
        data: { count: 1, results: [{ key: '7', label: 'Orbit Retail LLP', customer: 7, invoices: 2, invoiced: '2885.00', collected: '1000.00', outstanding: '1885.00' }], totals: { key: 'total', label: 'Total', invoices: 2, invoiced: '2885.00', collected: '1000.00', outstanding: '1885.00' } },
      })
      .on('GET', '/invoices/reports/payment_receipts/', {
        status: 200,
        data: { count: 1, results: [{ key: '4', label: 'Receipt 4', receipt: 4, receipt_date: '2026-10-15', customer: 7, customer_name: 'Orbit Retail LLP', mode: 'cash', reference: '', amount: '1000.00' }], totals: { key: 'total', label: 'Total', amount: '1000.00' } },
      })
      .on('GET', '/invoices/reports/revenue_invoices/', { status: 200, data: invoicesBehind });
    show('invoices-reports-customer-billing', '?date_from=2026-09-01&date_to=2026-10-31');
    const [, orbit] = await waitFor(() => tableRows());
    fireEvent.click(within(orbit!).getByRole('link', { name: '1,000.00' }));
    await screen.findByText('Receipts of the customer');
    expect(await screen.findByRole('cell', { name: 'Receipt 4' })).toBeTruthy();
    expect(screen.queryByText('Invoices of the customer')).toBeNull();
    expect(server.calls('GET', '/invoices/reports/payment_receipts/')[0]!.config.params).toEqual({ date_from: '2026-09-01', date_to: '2026-10-31', customer: '7', page: 1, page_size: 15 });
    fireEvent.click(within(orbit!).getByRole('link', { name: '2,885.00' }));
    await screen.findByText('Invoices of the customer');
    expect(screen.queryByText('Receipts of the customer')).toBeNull();
    expect(server.calls('GET', '/invoices/reports/revenue_invoices/')[0]!.config.params).toEqual({ date_from: '2026-09-01', date_to: '2026-10-31', customer: '7', page: 1, page_size: 15 });
  });
});

describe('the orders behind a sales order figure', () => {
  it("a status's value opens its orders of the period", async () => {
    const server = fakeServer()
      .on('GET', '/salesorders/reports/status/', {
        status: 200,
        data: { count: 1, results: [{ key: 'accepted', label: 'Accepted', customer: null, orders: 2, total_value: '12500.00' }], totals: { key: 'total', label: 'Total', orders: 2, total_value: '12500.00' } },
      })
      .on('GET', '/salesorders/reports/orders/', {
        status: 200,
        data: {
          count: 1,
          results: [{ key: '11', label: 'SO-11 · PO-7', sales_order: 11, customer_name: 'Orbit Retail LLP', status: 'accepted', order_date: '2026-10-05', expected_delivery_date: null, days_overdue: 0, total_order_value: '12500.00', advance_amount: '0.00' }],
          totals: { key: 'total', label: 'Total', total_order_value: '12500.00', advance_amount: '0.00' },
        },
      });
    const name = 'sales-orders-reports-status';
    renderRoute(name, SalesOrderReportScreen, `${routeByName(name).path}?date_from=2026-10-01&date_to=2026-10-31`, ['sales-order-detail']);
    await screen.findByRole('cell', { name: 'Accepted' });
    fireEvent.click(screen.getByRole('link', { name: '12,500.00' }));
    await screen.findByText('Orders behind the figure');
    expect(await screen.findByRole('link', { name: 'SO-11 · PO-7' })).toBeTruthy();
    expect(server.calls('GET', '/salesorders/reports/orders/')[0]!.config.params).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31', status: 'accepted', page: 1, page_size: 15 });
  });
});

describe('sales order profitability', () => {
  it('shows each order with its value, invoiced, cost and margin, and the totals row', async () => {
    const server = fakeServer().on('GET', '/salesorders/reports/profitability/', {
      status: 200,
      data: {
        count: 2,
        results: [
          { key: '11', label: 'SO-11', sales_order: 11, customer: 3, customer_name: 'Orbit Retail LLP', order_date: '2026-10-05', status: 'accepted', order_value: '10000.00', invoiced: '6500.00', material_cost: '396.50', expense_cost: '650.00', total_cost: '1046.50', margin: '8953.50', margin_percent: '89.54' },
          { key: '12', label: 'SO-12', sales_order: 12, customer: 4, customer_name: 'Zenith Stores', order_date: '2026-10-20', status: 'in_production', order_value: '4500.00', invoiced: '1000.00', material_cost: '0.00', expense_cost: '0.00', total_cost: '0.00', margin: '4500.00', margin_percent: '100.00' },
        ],
        totals: { key: 'total', label: 'Total', order_value: '14500.00', invoiced: '7500.00', material_cost: '396.50', expense_cost: '650.00', total_cost: '1046.50', margin: '13453.50', margin_percent: '92.78' },
      },
    });
    const name = 'sales-orders-reports-profitability';
    renderRoute(name, SalesOrderReportScreen, `${routeByName(name).path}?date_from=2026-10-01&date_to=2026-10-31`, ['sales-order-detail']);
    expect(await screen.findByRole('heading', { name: 'Sales order profitability' })).toBeTruthy();
    await screen.findByRole('link', { name: 'SO-11' });
    const rows = tableRows();
    expect(cells(rows[1]!)).toEqual(['SO-11', 'Orbit Retail LLP', '05-10-2026', '10,000.00', '6,500.00', '396.50', '650.00', '1,046.50', '8,953.50', '89.54']);
    expect(cells(rows.at(-1)!)).toEqual(['Total', '', '', '14,500.00', '7,500.00', '396.50', '650.00', '1,046.50', '13,453.50', '92.78']);
    expect(server.calls('GET', '/salesorders/reports/profitability/')[0]!.config.params).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31' });
  });
});

describe('job order profitability in the frame', () => {
  it('closes its table with a "Total" row, not a link to a job order, and exports the job order column', async () => {
    fakeServer().on('GET', '/joborders/joborders/profitability/', {
      status: 200,
      data: {
        count: 1,
        next: null,
        previous: null,
        totals: { revenue: '1300.00', material_cost: '396.50', expense_cost: '250.00', total_cost: '646.50', margin: '653.50', margin_percent: '50.27' },
        results: [{ job_order: 501, label: 'JO-501', customer_name: 'Orbit Retail LLP', status: 'closed', revenue: '1300.00', material_cost: '396.50', expense_cost: '250.00', total_cost: '646.50', margin: '653.50', margin_percent: '50.27' }],
      },
    });
    renderRoute('profitability-report', JobOrderReportScreen, routeByName('profitability-report').path, ['profitability-details']);
    expect(await screen.findByRole('link', { name: 'JO-501' })).toBeTruthy();
    const total = tableRows().at(-1)!;
    expect(cells(total)).toEqual(['Total', '', '', '1,300.00', '396.50', '250.00', '646.50', '653.50', '50.27']);
    expect(within(total).queryByRole('link')).toBeNull();
    const { REPORTS } = await import('../../src/features/job-orders/reports');
    expect(exportColumns(REPORTS['profitability-report']!.columns).map((c) => c.header)[0]).toBe('Job order');
  });
});

describe('a report as a file', () => {
  const file: ReportFile = {
    title: 'Revenue',
    subtitle: 'From 01-09-2026 to 31-10-2026',
    columns: [
      { field: 'label', header: 'Month', format: 'text' },
      { field: 'invoices', header: 'Invoices', format: 'count' },
      { field: 'total_amount', header: 'Total', format: 'number' },
    ],
    rows: revenue.results,
    totals: revenue.totals,
  };

  it('the workbook holds the title, the period, the rows and the totals, figures as numbers', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await reportWorkbook(file)).arrayBuffer());
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Revenue']);
    expect(values(2)).toEqual(['From 01-09-2026 to 31-10-2026']);
    expect(values(3)).toEqual(['Month', 'Invoices', 'Total']);
    expect(values(4)).toEqual(['Sep 2026', 1, 236000]);
    expect(values(5)).toEqual(['Oct 2026', 2, 1705]);
    expect(values(6)).toEqual(['Total', 3, 237705]);
  });

  it('the PDF table has the header, the rows and the totals as the screen writes them', () => {
    const content = reportDocument(file).content as { table?: { body: { text: string }[][] } }[];
    const body = content.find((c) => c.table)!.table!.body.map((row) => row.map((cell) => cell.text));
    expect(body).toEqual([
      ['Month', 'Invoices', 'Total'],
      ['Sep 2026', '1', '2,36,000.00'],
      ['Oct 2026', '2', '1,705.00'],
      ['Total', '3', '2,37,705.00'],
    ]);
  });
});
