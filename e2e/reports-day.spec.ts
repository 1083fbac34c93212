import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { API } from '../domain/api-paths';
import { formatIndian } from '../domain/decimal';
import type { AgingReport } from '../domain/invoice';
import { apiGet, menuLink, signIn } from './support';

/**
 * Management's morning (issue 22 §3): from the reports home to what customers owe by age, into
 * the invoices 61 to 90 days past due, and out as a workbook that carries the same figures.
 */

interface AgingInvoices {
  results: { label: string; customer_name: string; days_past_due: number; outstanding_amount: string }[];
  totals: { outstanding_amount: string };
}

test('management opens the invoice ageing report, drills into the 61-90 days figure and exports those invoices with the same figures', async ({ page, request }) => {
  // The server's own figures, read as management reads them.
  const aging = await apiGet<AgingReport>(request, API.invoices.agingReport, {}, 'management');
  const bucket = aging.buckets.find((b) => b.key === 'days_61_90')!;
  expect(Number(bucket.amount), 'the demo company has invoices 61 to 90 days past due').toBeGreaterThan(0);
  const behind = await apiGet<AgingInvoices>(request, API.invoices.reports.agingInvoices, { bucket: 'days_61_90' }, 'management');
  expect(behind.totals.outstanding_amount).toBe(bucket.amount);
  expect(behind.results.every((row) => row.days_past_due >= 61 && row.days_past_due <= 90)).toBe(true);

  await signIn(page, 'management');
  await menuLink(page, 'Reports').click();
  await expect(page).toHaveURL(/\/reports$/);
  // Jobs is the tab the reports home opens on.
  await expect(page.getByRole('tab', { name: 'Jobs' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Invoice ageing' }).click();
  await expect(page).toHaveURL(/\/reports\/invoices\/aging$/);

  const report = page.getByRole('region', { name: 'Invoice ageing' });
  // The report's own table (the chart beside it has a data table of its own).
  const table = report.getByRole('table', { name: 'Invoice ageing', exact: true });
  await expect(table.getByRole('columnheader', { name: '61-90 days' })).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.indexOf('61-90 days');
  expect(column, `the buckets as columns: ${headers.join(', ')}`).toBeGreaterThan(0);
  // The totals row closes the table; its 61-90 figure is the bucket's, and opens the invoices behind it.
  const totals = table.getByRole('row').last();
  await expect(totals.getByRole('cell').first()).toHaveText('Total');
  const figure = totals.getByRole('cell').nth(column);
  await expect(figure).toHaveText(formatIndian(bucket.amount));
  await figure.getByRole('link').click();

  const drill = page.getByRole('region', { name: 'Invoices behind the figure' });
  await expect(page).toHaveURL(/bucket=days_61_90/);
  const rows = drill.getByRole('table', { name: 'Invoices behind the figure', exact: true }).getByRole('row');
  // A header, a page of invoices (15 at most, decision 403), the totals of them all.
  await expect(rows).toHaveCount(Math.min(behind.results.length, 15) + 2);
  await expect(rows.nth(1)).toContainText(behind.results[0]!.label);
  await expect(rows.last()).toContainText(formatIndian(bucket.amount));

  const [download] = await Promise.all([page.waitForEvent('download'), drill.getByRole('button', { name: 'Export xlsx' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^invoices-behind-the-figure-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getCell('A1').value).toBe('Invoices behind the figure');
  const header = (sheet.getRow(3).values as unknown[]).slice(1);
  expect(header).toEqual(['Invoice', 'Customer', 'Date', 'Due', 'Days past due', 'Outstanding']);
  const outstanding = header.indexOf('Outstanding') + 1;
  const invoiceRows = sheet.getRows(4, behind.results.length)!;
  expect(invoiceRows.map((row) => [row.getCell(1).value, row.getCell(2).value, row.getCell(5).value, row.getCell(outstanding).value])).toEqual(
    behind.results.map((row) => [row.label, row.customer_name, row.days_past_due, Number(row.outstanding_amount)]),
  );
  // The totals row of the sheet is the bucket's figure, and the sum of the invoices above it.
  const totalsRow = sheet.getRow(4 + behind.results.length);
  expect(totalsRow.getCell(outstanding).value).toBe(Number(bucket.amount));
  expect(sheet.rowCount).toBe(4 + behind.results.length);

  // Back to the report drops the invoices.
  await drill.getByRole('link', { name: 'Back to the report' }).click();
  await expect(drill).toHaveCount(0);
  await expect(page).not.toHaveURL(/bucket=/);
});
