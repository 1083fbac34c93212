import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { businessToday } from '../../domain/rules/dates';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

type Line = { description: string; hsn_code: string; quantity: string; unit_price: string; tax_rate: string };

/** An invoice made by accounts and, unless `draft`, approved by management. */
async function invoice(customer: number, invoice_date: string, items: Line[], extra: { due_date?: string; sales_order?: number; draft?: boolean } = {}) {
  const made = await (await as('accounts')).post(API.invoices.list, { customer, invoice_date, due_date: extra.due_date ?? invoice_date, sales_order: extra.sales_order ?? null, items });
  expect(made.statusCode, made.body).toBe(201);
  if (extra.draft) return made.json();
  const approved = await (await as('management')).post(API.invoices.approve(made.json().id), {});
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json();
}

async function receipt(customer: number, receipt_date: string, mode: string, invoiceId: number, amount: string) {
  const res = await (await as('accounts')).post(API.receipts.list, { customer, receipt_date, amount, mode, reference: mode === 'cash' ? '' : 'TXN-1', allocations: [{ invoice: invoiceId, amount }] });
  expect(res.statusCode, res.body).toBe(201);
}

const line = (hsn_code: string, quantity: string, unit_price: string, tax_rate: string): Line => ({ description: `Item ${hsn_code}`, hsn_code, quantity, unit_price, tax_rate });

/**
 * Orbit (Maharashtra, registered): A 2 x 1000 at 18% on 10-09-2026 (a sales order of sales.exec),
 * B 1 x 500 at 5% on 05-10-2026. Zenith (Karnataka, unregistered): C 1 x 1000 at 18% (IGST) on
 * 20-10-2026, and a draft that no report counts. Orbit pays 1000 cash on A on 15-10-2026; Zenith
 * pays C in full by UPI on 02-11-2026.
 */
async function company() {
  await makeCompany(db());
  await makeGstRates(db());
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAPFU0939F1ZV' });
  const zenith = await makeCustomer(db(), { name: 'Zenith Stores', state: 'Karnataka' });
  const order = await makeSalesOrder(db(), { customer: orbit.id, status: 'accepted', created_by: await userId(db(), 'sales.exec') });
  const a = await invoice(orbit.id, '2026-09-10', [line('9403', '2', '1000', '18')], { sales_order: order.id });
  const b = await invoice(orbit.id, '2026-10-05', [line('3926', '1', '500', '5')]);
  const c = await invoice(zenith.id, '2026-10-20', [line('9403', '1', '1000', '18')]);
  await invoice(zenith.id, '2026-10-21', [line('9403', '1', '9999', '18')], { draft: true });
  await receipt(orbit.id, '2026-10-15', 'cash', a.id, '1000');
  await receipt(zenith.id, '2026-11-02', 'upi', c.id, '1180');
  return { orbit, zenith, a, b, c };
}

const read = async (user: string, path: string, query: Record<string, string> = {}) => {
  const res = await (await as(user)).get(`${path}?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const SEP_OCT = { date_from: '2026-09-01', date_to: '2026-10-31' };
const NIL = { igst_amount: '0.00' };

describe('the invoice reports', () => {
  it('revenue adds the issued invoices by month, customer and HSN category, and the totals are the sum of the rows', async () => {
    const { orbit, zenith } = await company();
    const byMonth = await read('accounts', API.invoices.reports.revenue, SEP_OCT);
    expect(byMonth.results).toEqual([
      { key: '2026-09', label: 'Sep 2026', invoices: 1, taxable_amount: '2000.00', cgst_amount: '180.00', sgst_amount: '180.00', ...NIL, tax_amount: '360.00', total_amount: '2360.00' },
      { key: '2026-10', label: 'Oct 2026', invoices: 2, taxable_amount: '1500.00', cgst_amount: '12.50', sgst_amount: '12.50', igst_amount: '180.00', tax_amount: '205.00', total_amount: '1705.00' },
    ]);
    expect(byMonth.totals).toEqual({ key: 'total', label: 'Total', invoices: 3, taxable_amount: '3500.00', cgst_amount: '192.50', sgst_amount: '192.50', igst_amount: '180.00', tax_amount: '565.00', total_amount: '4065.00' });

    const byCustomer = await read('accounts', API.invoices.reports.revenue, { ...SEP_OCT, by: 'customer' });
    expect(byCustomer.results.map((r: Record<string, unknown>) => [r.key, r.label, r.invoices, r.total_amount])).toEqual([
      [String(orbit.id), 'Orbit Retail LLP', 2, '2885.00'],
      [String(zenith.id), 'Zenith Stores', 1, '1180.00'],
    ]);
    expect(byCustomer.totals.total_amount).toBe('4065.00');

    const byCategory = await read('accounts', API.invoices.reports.revenue, { ...SEP_OCT, by: 'category' });
    expect(byCategory.results.map((r: Record<string, unknown>) => [r.label, r.invoices, r.taxable_amount, r.tax_amount, r.total_amount])).toEqual([
      ['9403', 2, '3000.00', '540.00', '3540.00'],
      ['3926', 1, '500.00', '25.00', '525.00'],
    ]);
    expect(byCategory.totals).toMatchObject({ invoices: 3, taxable_amount: '3500.00', tax_amount: '565.00', total_amount: '4065.00' });
  });

  it('payments add the receipts of the period by month and mode', async () => {
    await company();
    const payments = await read('accounts', API.invoices.reports.payments, { date_from: '2026-10-01', date_to: '2026-11-30' });
    expect(payments.results).toEqual([
      { key: '2026-10', label: 'Oct 2026', receipts: 1, cash: '1000.00', cheque: '0.00', bank_transfer: '0.00', upi: '0.00', total: '1000.00' },
      { key: '2026-11', label: 'Nov 2026', receipts: 1, cash: '0.00', cheque: '0.00', bank_transfer: '0.00', upi: '1180.00', total: '1180.00' },
    ]);
    expect(payments.totals).toEqual({ key: 'total', label: 'Total', receipts: 2, cash: '1000.00', cheque: '0.00', bank_transfer: '0.00', upi: '1180.00', total: '2180.00' });
  });

  it('tax summarises GST by rate, B2B invoice, B2C place of supply and HSN, each section totalling the period', async () => {
    const { a, b } = await company();
    const byRate = await read('accounts', API.invoices.reports.tax, SEP_OCT);
    expect(byRate.results.map((r: Record<string, unknown>) => [r.label, r.taxable_amount, r.cgst_amount, r.sgst_amount, r.igst_amount, r.tax_amount])).toEqual([
      ['5%', '500.00', '12.50', '12.50', '0.00', '25.00'],
      ['18%', '3000.00', '180.00', '180.00', '180.00', '540.00'],
    ]);
    expect(byRate.totals).toMatchObject({ taxable_amount: '3500.00', cgst_amount: '192.50', sgst_amount: '192.50', igst_amount: '180.00', tax_amount: '565.00' });

    const b2b = await read('accounts', API.invoices.reports.tax, { ...SEP_OCT, section: 'b2b' });
    expect(b2b.results.map((r: Record<string, unknown>) => [r.invoice, r.customer_gstin, r.place_of_supply, r.taxable_amount, r.tax_amount, r.total_amount])).toEqual([
      [a.id, '27AAPFU0939F1ZV', 'Maharashtra', '2000.00', '360.00', '2360.00'],
      [b.id, '27AAPFU0939F1ZV', 'Maharashtra', '500.00', '25.00', '525.00'],
    ]);
    expect(b2b.totals).toMatchObject({ taxable_amount: '2500.00', tax_amount: '385.00' });

    const b2c = await read('accounts', API.invoices.reports.tax, { ...SEP_OCT, section: 'b2c' });
    expect(b2c.results.map((r: Record<string, unknown>) => [r.place_of_supply, r.tax_rate, r.taxable_amount, r.igst_amount])).toEqual([['Karnataka', '18.00', '1000.00', '180.00']]);

    const hsn = await read('accounts', API.invoices.reports.tax, { ...SEP_OCT, section: 'hsn' });
    expect(hsn.results.map((r: Record<string, unknown>) => [r.label, r.unit, r.quantity, r.taxable_amount, r.tax_amount])).toEqual([
      ['3926', 'NOS', '1.000', '500.00', '25.00'],
      ['9403', 'NOS', '3.000', '3000.00', '540.00'],
    ]);
    expect(hsn.totals).toMatchObject({ taxable_amount: '3500.00', tax_amount: '565.00' });
  });

  it('customer billing shows what each customer was invoiced and paid in the period and owes today', async () => {
    const { orbit, zenith } = await company();
    const billing = await read('accounts', API.invoices.reports.customerBilling, SEP_OCT);
    expect(billing.results).toEqual([
      { key: String(orbit.id), label: 'Orbit Retail LLP', customer: orbit.id, invoices: 2, invoiced: '2885.00', collected: '1000.00', outstanding: '1885.00' },
      { key: String(zenith.id), label: 'Zenith Stores', customer: zenith.id, invoices: 1, invoiced: '1180.00', collected: '0.00', outstanding: '0.00' },
    ]);
    expect(billing.totals).toEqual({ key: 'total', label: 'Total', invoices: 3, invoiced: '4065.00', collected: '1000.00', outstanding: '1885.00' });
  });

  it('drilling into an aging bucket lists the owed invoices behind it, totalling the bucket', async () => {
    await makeCompany(db());
    await makeGstRates(db());
    const orbit = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra' });
    const late = await invoice(orbit.id, businessToday(-100), [line('9403', '1', '4000', '0')], { due_date: businessToday(-75) });
    await invoice(orbit.id, businessToday(-100), [line('9403', '1', '3000', '0')], { due_date: businessToday(-62) });
    await invoice(orbit.id, businessToday(-40), [line('9403', '1', '2000', '0')], { due_date: businessToday(-10) });
    await receipt(orbit.id, businessToday(), 'cash', late.id, '500');

    const bucket = await read('accounts', API.invoices.reports.agingInvoices, { bucket: 'days_61_90' });
    expect(bucket.results.map((r: Record<string, unknown>) => [r.days_past_due, r.outstanding_amount])).toEqual([
      [75, '3500.00'],
      [62, '3000.00'],
    ]);
    expect(bucket.totals.outstanding_amount).toBe('6500.00');
    const aging = await read('accounts', API.invoices.agingReport);
    expect(aging.buckets.find((b: { key: string }) => b.key === 'days_61_90').amount).toBe(bucket.totals.outstanding_amount);
    // A page of the bucket (decision 403): its invoices, and the totals of the whole bucket.
    const second = await read('accounts', API.invoices.reports.agingInvoices, { bucket: 'days_61_90', page: '2', page_size: '1' });
    expect([second.count, second.results.map((r: Record<string, unknown>) => r.days_past_due), second.totals.outstanding_amount]).toEqual([2, [62], '6500.00']);

    const bad = await (await as('accounts')).get(`${API.invoices.reports.agingInvoices}?bucket=days_1_2`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { bucket: ['Not a valid aging bucket.'] }]);
  });

  it("a revenue figure opens the invoices behind it, whose total is the figure, by month, customer and HSN code", async () => {
    const { orbit, a, b, c } = await company();
    const figure = async (by: string, key: string) => (await read('accounts', API.invoices.reports.revenue, { ...SEP_OCT, by })).results.find((r: { key: string }) => r.key === key);
    const behind = (query: Record<string, string>) => read('accounts', API.invoices.reports.revenueInvoices, { ...SEP_OCT, ...query });
    const taxFigures = (row: Record<string, unknown>) => Object.fromEntries(['taxable_amount', 'cgst_amount', 'sgst_amount', 'igst_amount', 'tax_amount', 'total_amount'].map((k) => [k, row[k]]));

    const october = await behind({ month: '2026-10' });
    expect(october.results.map((r: Record<string, unknown>) => [r.invoice, r.customer_name, r.invoice_date, r.total_amount])).toEqual([
      [b.id, 'Orbit Retail LLP', '2026-10-05', '525.00'],
      [c.id, 'Zenith Stores', '2026-10-20', '1180.00'],
    ]);
    expect(october.totals).toMatchObject({ total_amount: '1705.00' });
    expect(october.totals).toMatchObject(taxFigures(await figure('month', '2026-10')));

    const ofOrbit = await behind({ customer: String(orbit.id) });
    expect(ofOrbit.results.map((r: Record<string, unknown>) => [r.invoice, r.total_amount])).toEqual([
      [a.id, '2360.00'],
      [b.id, '525.00'],
    ]);
    expect(ofOrbit.totals.total_amount).toBe('2885.00');
    expect(ofOrbit.totals).toMatchObject(taxFigures(await figure('customer', String(orbit.id))));

    // HSN 9403: A's 2 x 1000 at 18% and C's 1 x 1000 at 18%; B's 3926 line is not behind it.
    const ofHsn = await behind({ hsn: '9403' });
    expect(ofHsn.results.map((r: Record<string, unknown>) => [r.invoice, r.taxable_amount, r.tax_amount, r.total_amount])).toEqual([
      [a.id, '2000.00', '360.00', '2360.00'],
      [c.id, '1000.00', '180.00', '1180.00'],
    ]);
    expect(ofHsn.totals).toMatchObject({ taxable_amount: '3000.00', tax_amount: '540.00', total_amount: '3540.00' });
    expect(ofHsn.totals).toMatchObject(taxFigures(await figure('category', '9403')));
  });

  it('a tax figure opens the invoices behind it (by rate, B2C place and rate, HSN code and unit), totalling its row', async () => {
    const { a, b, c } = await company();
    const section = async (name: string, key: string) => (await read('accounts', API.invoices.reports.tax, { ...SEP_OCT, section: name })).results.find((r: { key: string }) => r.key === key);
    const behind = (query: Record<string, string>) => read('accounts', API.invoices.reports.revenueInvoices, { ...SEP_OCT, ...query });
    const figures = (row: Record<string, unknown>) => Object.fromEntries(['taxable_amount', 'cgst_amount', 'sgst_amount', 'igst_amount', 'tax_amount', 'total_amount'].map((k) => [k, row[k]]));

    // 18%: A's 2000 (CGST 180 + SGST 180) and C's 1000 (IGST 180).
    const at18 = await behind({ rate: '18.00' });
    expect(at18.results.map((r: Record<string, unknown>) => [r.invoice, r.taxable_amount, r.tax_amount])).toEqual([
      [a.id, '2000.00', '360.00'],
      [c.id, '1000.00', '180.00'],
    ]);
    expect(at18.totals).toMatchObject({ taxable_amount: '3000.00', tax_amount: '540.00' });
    expect(at18.totals).toMatchObject(figures(await section('rate', '18.00')));

    const karnataka = await behind({ rate: '18.00', place: 'Karnataka', gstin: 'without' });
    expect(karnataka.results.map((r: Record<string, unknown>) => [r.invoice, r.igst_amount])).toEqual([[c.id, '180.00']]);
    expect(karnataka.totals).toMatchObject(figures(await section('b2c', 'Karnataka/18.00')));
    expect((await behind({ rate: '18.00', gstin: 'with' })).results.map((r: Record<string, unknown>) => r.invoice)).toEqual([a.id]);

    const hsn = await behind({ hsn: '3926', unit: 'NOS' });
    expect(hsn.results.map((r: Record<string, unknown>) => [r.invoice, r.taxable_amount, r.tax_amount])).toEqual([[b.id, '500.00', '25.00']]);
    expect(hsn.totals).toMatchObject(figures(await section('hsn', '3926/NOS')));
  });

  it('a payments figure opens the receipts of its month (and mode) behind it, whose total is the figure', async () => {
    const { orbit, zenith } = await company();
    const period = { date_from: '2026-10-01', date_to: '2026-11-30' };
    const payments = await read('accounts', API.invoices.reports.payments, period);
    const november = payments.results.find((r: { key: string }) => r.key === '2026-11');
    const upi = await read('accounts', API.invoices.reports.paymentReceipts, { ...period, month: '2026-11', mode: 'upi' });
    expect(upi.results.map((r: Record<string, unknown>) => [r.customer, r.receipt_date, r.mode, r.amount])).toEqual([[zenith.id, '2026-11-02', 'upi', '1180.00']]);
    expect(upi.totals.amount).toBe(november.upi);
    const octoberCash = await read('accounts', API.invoices.reports.paymentReceipts, { ...period, month: '2026-10', mode: 'cash' });
    expect(octoberCash.results.map((r: Record<string, unknown>) => [r.customer, r.amount])).toEqual([[orbit.id, '1000.00']]);
    expect((await read('accounts', API.invoices.reports.paymentReceipts, { ...period, month: '2026-10', mode: 'upi' })).totals.amount).toBe('0.00');
    const all = await read('accounts', API.invoices.reports.paymentReceipts, period);
    expect(all.totals.amount).toBe(payments.totals.total);
    expect(all.totals.amount).toBe('2180.00');
  });

  it("a customer billing figure opens the customer's invoices (Invoiced) or receipts (Collected) of the period, totalling it", async () => {
    const { orbit, a, b } = await company();
    const billing = await read('accounts', API.invoices.reports.customerBilling, SEP_OCT);
    const row = billing.results.find((r: { customer: number }) => r.customer === orbit.id);
    const invoiced = await read('accounts', API.invoices.reports.revenueInvoices, { ...SEP_OCT, customer: String(orbit.id) });
    expect(invoiced.results.map((r: Record<string, unknown>) => r.invoice)).toEqual([a.id, b.id]);
    expect([invoiced.totals.total_amount, row.invoiced]).toEqual(['2885.00', '2885.00']);
    const collected = await read('accounts', API.invoices.reports.paymentReceipts, { ...SEP_OCT, customer: String(orbit.id) });
    expect(collected.results.map((r: Record<string, unknown>) => [r.receipt_date, r.mode, r.amount])).toEqual([['2026-10-15', 'cash', '1000.00']]);
    expect([collected.totals.amount, row.collected]).toEqual(['1000.00', '1000.00']);
  });

  it('the rows behind a figure refuse a month, mode, customer, rate or GSTIN choice that is not one', async () => {
    const get = async (path: string, query: string) => {
      const res = await (await as('accounts')).get(`${path}?${query}`);
      return [res.statusCode, res.json()];
    };
    expect(await get(API.invoices.reports.revenueInvoices, 'month=2026-13')).toEqual([400, { month: ['Enter a month as YYYY-MM.'] }]);
    expect((await get(API.invoices.reports.revenueInvoices, 'rate=180'))[0]).toBe(400);
    expect((await get(API.invoices.reports.revenueInvoices, 'gstin=maybe'))[0]).toBe(400);
    expect((await get(API.invoices.reports.paymentReceipts, 'mode=barter'))[0]).toBe(400);
    expect((await get(API.invoices.reports.paymentReceipts, 'customer=abc'))[0]).toBe(400);
  });

  it('an empty period has no rows and zero totals', async () => {
    await company();
    const empty = await read('accounts', API.invoices.reports.revenue, { date_from: '2025-01-01', date_to: '2025-01-31' });
    expect(empty).toEqual({ count: 0, results: [], totals: { key: 'total', label: 'Total', invoices: 0, taxable_amount: '0.00', cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '0.00', tax_amount: '0.00', total_amount: '0.00' } });
  });

  it('an end before the start is refused at date_to', async () => {
    for (const path of [API.invoices.reports.revenue, API.invoices.reports.payments, API.invoices.reports.tax, API.invoices.reports.customerBilling, API.invoices.reports.revenueInvoices, API.invoices.reports.paymentReceipts]) {
      const res = await (await as('accounts')).get(`${path}?date_from=2026-10-01&date_to=2026-09-30`);
      expect([res.statusCode, res.json()], path).toEqual([400, { date_to: ['The end date cannot be before the start date.'] }]);
    }
  });

  it('a sales executive sees the figures of their own orders only; a sales manager sees all', async () => {
    await company();
    const own = await read('sales.exec', API.invoices.reports.revenue, SEP_OCT);
    expect(own.results.map((r: Record<string, unknown>) => [r.key, r.total_amount])).toEqual([['2026-09', '2360.00']]);
    expect(own.totals.total_amount).toBe('2360.00');
    const paid = await read('sales.exec', API.invoices.reports.payments, { date_from: '2026-10-01', date_to: '2026-11-30' });
    expect(paid.totals).toMatchObject({ receipts: 1, total: '1000.00' });
    const summary = await read('sales.exec', API.invoices.dashboardSummary, SEP_OCT);
    expect(summary).toMatchObject({ invoiced_count: 1, invoiced_amount: '2360.00', outstanding_amount: '1360.00' });
    const all = await read('sales.manager', API.invoices.reports.revenue, SEP_OCT);
    expect(all.totals.total_amount).toBe('4065.00');
    const behind = await read('sales.exec', API.invoices.reports.revenueInvoices, SEP_OCT);
    expect([behind.count, behind.totals.total_amount]).toEqual([1, '2360.00']);
    expect((await read('sales.exec', API.invoices.reports.paymentReceipts, { date_from: '2026-10-01', date_to: '2026-11-30' })).totals.amount).toBe('1000.00');
  });

  it('every role reads them as the matrix allows invoices.read, others get 403', async () => {
    const paths = Object.values(API.invoices.reports).map((path) => (path === API.invoices.reports.agingInvoices ? `${path}?bucket=current` : path));
    await expectAccessMatrix(app(), paths.map((url) => ({ method: 'GET' as const, url, permission: 'invoices.read' as const })));
  });
});
