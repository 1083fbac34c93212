import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { businessToday } from '../../domain/rules/dates';
import { jobOrders, stockTransactions } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeJobOrderExpense } from '../support/factories-expenses';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeJobOrder } from '../support/factories-requisitions';
import { makeCustomer, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

/**
 * Orbit: #1 accepted 05-09-2026, 2 x 5000, advance 3000 awaited, due 5 days ago (sales.exec's);
 * #2 completed 10-10-2026, 4000, due 20 days ago; #6 accepted 25-10-2026, 2500, advance 500
 * awaited, due in 10 days. Zenith: #3 in production 15-10-2026, 3 x 1500, due 12 days ago;
 * #4 cancelled 20-10-2026, 9999; #5 draft 21-10-2026, 100.
 */
async function orders() {
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail LLP' });
  const zenith = await makeCustomer(db(), { name: 'Zenith Stores' });
  const exec = await userId(db(), 'sales.exec');
  const one = await makeSalesOrder(db(), { customer: orbit.id, status: 'accepted', order_date: '2026-09-05', items: [{ quantity: '2', unit_price: '5000' }], advance_pending: true, advance_amount: '3000', expected_delivery_date: businessToday(-5), created_by: exec });
  await makeSalesOrder(db(), { customer: orbit.id, status: 'completed', order_date: '2026-10-10', items: [{ quantity: '1', unit_price: '4000' }], expected_delivery_date: businessToday(-20) });
  const three = await makeSalesOrder(db(), { customer: zenith.id, status: 'in_production', order_date: '2026-10-15', items: [{ quantity: '3', unit_price: '1500' }], expected_delivery_date: businessToday(-12) });
  await makeSalesOrder(db(), { customer: zenith.id, status: 'cancelled', order_date: '2026-10-20', items: [{ quantity: '1', unit_price: '9999' }], expected_delivery_date: businessToday(-30) });
  await makeSalesOrder(db(), { customer: zenith.id, status: 'draft', order_date: '2026-10-21', items: [{ quantity: '1', unit_price: '100' }] });
  const six = await makeSalesOrder(db(), { customer: orbit.id, status: 'accepted', order_date: '2026-10-25', items: [{ quantity: '1', unit_price: '2500' }], advance_pending: true, advance_amount: '500', expected_delivery_date: businessToday(10) });
  return { orbit, zenith, one, three, six };
}

const SEP_OCT = { date_from: '2026-09-01', date_to: '2026-10-31' };
const read = async (user: string, path: string, query: Record<string, string> = SEP_OCT) => {
  const res = await (await as(user)).get(`${path}?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const pick = (rows: Record<string, unknown>[], ...fields: string[]) => rows.map((r) => fields.map((f) => r[f]));

describe('the sales order reports', () => {
  it('by status counts every order of the period in the spec order of statuses; the totals are the sum of the rows', async () => {
    await orders();
    const report = await read('management', API.salesOrders.reports.status);
    expect(pick(report.results, 'label', 'orders', 'total_value')).toEqual([
      ['Draft', 1, '100.00'],
      ['Accepted', 2, '12500.00'],
      ['In Production', 1, '4500.00'],
      ['Completed', 1, '4000.00'],
      ['Cancelled', 1, '9999.00'],
    ]);
    expect(report.totals).toEqual({ key: 'total', label: 'Total', orders: 6, total_value: '31099.00' });
  });

  it('by customer and by month add the orders booked (neither draft nor cancelled)', async () => {
    const { orbit, zenith } = await orders();
    const customers = await read('management', API.salesOrders.reports.customers);
    expect(pick(customers.results, 'customer', 'label', 'orders', 'total_value')).toEqual([
      [orbit.id, 'Orbit Retail LLP', 3, '16500.00'],
      [zenith.id, 'Zenith Stores', 1, '4500.00'],
    ]);
    expect(customers.totals).toMatchObject({ orders: 4, total_value: '21000.00' });
    const months = await read('management', API.salesOrders.reports.analysis);
    expect(pick(months.results, 'key', 'label', 'orders', 'total_value')).toEqual([
      ['2026-09', 'Sep 2026', 1, '10000.00'],
      ['2026-10', 'Oct 2026', 3, '11000.00'],
    ]);
    expect(months.totals).toMatchObject({ orders: 4, total_value: '21000.00' });
  });

  it('a figure of status, customer or month opens the orders behind it, totalling the figure', async () => {
    const { orbit, one, six } = await orders();
    const figure = async (path: string, key: string) => (await read('management', path)).results.find((r: { key: string }) => r.key === key).total_value;
    const behind = (query: Record<string, string>) => read('management', API.salesOrders.reports.orders, { ...SEP_OCT, ...query });

    const accepted = await behind({ status: 'accepted' });
    expect(pick(accepted.results, 'sales_order', 'total_order_value')).toEqual([
      [one.id, '10000.00'],
      [six.id, '2500.00'],
    ]);
    expect([accepted.totals.total_order_value, await figure(API.salesOrders.reports.status, 'accepted')]).toEqual(['12500.00', '12500.00']);
    // By status a cancelled order is its own figure; by customer or month only booked orders count.
    expect((await behind({ status: 'cancelled' })).totals.total_order_value).toBe('9999.00');
    const ofOrbit = await behind({ customer: String(orbit.id) });
    expect([ofOrbit.count, ofOrbit.totals.total_order_value, await figure(API.salesOrders.reports.customers, String(orbit.id))]).toEqual([3, '16500.00', '16500.00']);
    const october = await behind({ month: '2026-10' });
    expect([october.count, october.totals.total_order_value, await figure(API.salesOrders.reports.analysis, '2026-10')]).toEqual([3, '11000.00', '11000.00']);

    expect(pick((await read('sales.exec', API.salesOrders.reports.orders, { ...SEP_OCT, status: 'accepted' })).results, 'sales_order')).toEqual([[one.id]]);
    const bad = await (await as('management')).get(`${API.salesOrders.reports.orders}?status=shipped&month=2026-13`);
    expect([bad.statusCode, Object.keys(bad.json()).sort()]).toEqual([400, ['month', 'status']]);
  });

  it('pending advance lists accepted orders still awaiting their advance; overdue those past their delivery date and not completed or cancelled', async () => {
    const { one, three, six } = await orders();
    const pending = await read('management', API.salesOrders.reports.pendingAdvance);
    expect(pick(pending.results, 'sales_order', 'customer_name', 'days_overdue', 'total_order_value', 'advance_amount')).toEqual([
      [one.id, 'Orbit Retail LLP', 5, '10000.00', '3000.00'],
      [six.id, 'Orbit Retail LLP', 0, '2500.00', '500.00'],
    ]);
    expect(pending.totals).toMatchObject({ total_order_value: '12500.00', advance_amount: '3500.00' });
    const overdue = await read('management', API.salesOrders.reports.overdue);
    expect(pick(overdue.results, 'sales_order', 'status', 'days_overdue', 'total_order_value')).toEqual([
      [three.id, 'in_production', 12, '4500.00'],
      [one.id, 'accepted', 5, '10000.00'],
    ]);
    expect(overdue.totals.total_order_value).toBe('14500.00');
  });

  it('a page of the overdue orders holds page_size orders and the totals of every one; without a page every order comes; past the end is 404', async () => {
    const { one, three } = await orders();
    const first = await read('management', API.salesOrders.reports.overdue, { ...SEP_OCT, page: '1', page_size: '1' });
    expect([first.count, pick(first.results, 'sales_order'), first.totals.total_order_value]).toEqual([2, [[three.id]], '14500.00']);
    const second = await read('management', API.salesOrders.reports.overdue, { ...SEP_OCT, page: '2', page_size: '1' });
    expect([second.count, pick(second.results, 'sales_order'), second.totals.total_order_value]).toEqual([2, [[one.id]], '14500.00']);
    expect((await read('management', API.salesOrders.reports.overdue)).results).toHaveLength(2);
    const past = await (await as('management')).get(`${API.salesOrders.reports.overdue}?page=3&page_size=1`);
    expect([past.statusCode, past.json()]).toEqual([404, { detail: 'Invalid page.' }]);
    const bad = await (await as('management')).get(`${API.salesOrders.reports.orders}?page=0&page_size=x`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { page: ['Invalid page.'], page_size: ['A valid integer is required.'] }]);
  });

  it('an empty period has no rows and zero totals; an end before the start is refused at date_to', async () => {
    await orders();
    expect(await read('management', API.salesOrders.reports.status, { date_from: '2025-01-01', date_to: '2025-01-31' })).toEqual({ count: 0, results: [], totals: { key: 'total', label: 'Total', orders: 0, total_value: '0.00' } });
    for (const path of Object.values(API.salesOrders.reports)) {
      const res = await (await as('management')).get(`${path}?date_from=2026-10-01&date_to=2026-09-30`);
      expect([res.statusCode, res.json()], path).toEqual([400, { date_to: ['The end date cannot be before the start date.'] }]);
    }
  });

  it('a sales executive sees only the orders they took, in the reports and the dashboard figures', async () => {
    const { one } = await orders();
    const status = await read('sales.exec', API.salesOrders.reports.status);
    expect(pick(status.results, 'key', 'orders', 'total_value')).toEqual([['accepted', 1, '10000.00']]);
    expect(pick((await read('sales.exec', API.salesOrders.reports.overdue)).results, 'sales_order')).toEqual([[one.id]]);
    expect(await read('sales.exec', API.salesOrders.dashboardStats, {})).toMatchObject({ total_orders: 1, total_value: '10000.00', overdue_count: 1, pending_advance_count: 1 });
    expect((await read('sales.manager', API.salesOrders.reports.status)).totals.orders).toBe(6);
  });

  it('every role reads them as the matrix allows sales-orders.read (profitability job-orders.reports), others get 403', async () => {
    const { profitability, ...orderReports } = API.salesOrders.reports;
    await expectAccessMatrix(app(), [
      ...Object.values(orderReports).map((url) => ({ method: 'GET' as const, url, permission: 'sales-orders.read' as const })),
      { method: 'GET' as const, url: profitability, permission: 'job-orders.reports' as const },
    ]);
  });
});

/**
 * Orbit: A (sales.exec's) accepted 05-10-2026, 2 x 5000 = 10000, with job orders J1 and J2.
 * J1: 4 sheets issued at 120.50 and 1 returned (361.50), expenses 250 approved (99 pending, not a
 * cost); J2: 100 screws at 0.35 (35.00), expense 400 approved. Invoiced: 4000 on A and 2500 on J1
 * (and A) before tax (18%), a draft of 999 on J2 that is not. Zenith: B in production 20-10-2026,
 * 3 x 1500 = 4500, invoiced 1000 (5%), no job orders. Not in October's report: a draft and a
 * cancelled order of October, and a completed order of September.
 */
async function profitableOrders() {
  await makeCompany(db());
  await makeGstRates(db());
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra' });
  const zenith = await makeCustomer(db(), { name: 'Zenith Stores', state: 'Maharashtra' });
  const a = await makeSalesOrder(db(), { customer: orbit.id, status: 'accepted', order_date: '2026-10-05', items: [{ quantity: '2', unit_price: '5000' }], created_by: await userId(db(), 'sales.exec') });
  const b = await makeSalesOrder(db(), { customer: zenith.id, status: 'in_production', order_date: '2026-10-20', items: [{ quantity: '3', unit_price: '1500' }] });
  await makeSalesOrder(db(), { customer: zenith.id, status: 'draft', order_date: '2026-10-21', items: [{ quantity: '1', unit_price: '100' }] });
  await makeSalesOrder(db(), { customer: zenith.id, status: 'cancelled', order_date: '2026-10-22', items: [{ quantity: '1', unit_price: '9999' }] });
  await makeSalesOrder(db(), { customer: orbit.id, status: 'completed', order_date: '2026-09-20', items: [{ quantity: '1', unit_price: '700' }] });
  const jobFor = async () => {
    const job = await makeJobOrder(db(), { customer: orbit.id });
    await db().update(jobOrders).set({ sales_order: a.id }).where(eq(jobOrders.id, job.id));
    return job.id;
  };
  const [j1, j2] = [await jobFor(), await jobFor()];
  const category = await makeCategory(db());
  const sheet = await makeMaterial(db(), category.id, { name: 'Acrylic sheet' });
  const screws = await makeMaterial(db(), category.id, { name: 'Screws' });
  const ledger = (job_order: number, material: number, transaction_type: 'issue' | 'return', quantity: string, rate: string) =>
    db().insert(stockTransactions).values({ material, transaction_type, quantity, rate, transaction_date: '2026-10-10', job_order, status: 'completed' } as typeof stockTransactions.$inferInsert);
  await ledger(j1, sheet.id, 'issue', '-4', '120.50');
  await ledger(j1, sheet.id, 'return', '1', '120.50');
  await ledger(j2, screws.id, 'issue', '-100', '0.35');
  await makeJobOrderExpense(db(), j1, { amount: '250.00', status: 'APPROVED' });
  await makeJobOrderExpense(db(), j1, { amount: '99.00', status: 'PENDING' });
  await makeJobOrderExpense(db(), j2, { amount: '400.00', status: 'APPROVED' });
  const invoice = async (customer: number, order: { sales_order?: number; job_order?: number }, unit_price: string, tax_rate: string, draft = false) => {
    const made = await (await as('accounts')).post(API.invoices.list, {
      customer,
      invoice_date: '2026-10-25',
      due_date: '2026-11-24',
      sales_order: order.sales_order ?? null,
      job_order: order.job_order ?? null,
      items: [{ description: 'Display units', hsn_code: '9403', quantity: '1', unit_price, tax_rate }],
    });
    expect(made.statusCode, made.body).toBe(201);
    if (!draft) expect((await (await as('management')).post(API.invoices.approve(made.json().id), {})).statusCode).toBe(200);
  };
  await invoice(orbit.id, { sales_order: a.id }, '4000', '18');
  // Made from J1, it names both the job order and its sales order: it counts once.
  await invoice(orbit.id, { sales_order: a.id, job_order: j1 }, '2500', '18');
  await invoice(orbit.id, { job_order: j2 }, '999', '18', true);
  await invoice(zenith.id, { sales_order: b.id }, '1000', '5');
  return { orbit, zenith, a, b };
}

const OCTOBER = { date_from: '2026-10-01', date_to: '2026-10-31' };
const PROFIT_FIGURES = ['sales_order', 'customer_name', 'order_value', 'invoiced', 'material_cost', 'expense_cost', 'total_cost', 'margin', 'margin_percent'];

describe('sales order profitability', () => {
  it("each order booked in the period: its value, what is invoiced on it and its job orders, what its job orders cost, and the margin on its value; the totals are the rows' sums", async () => {
    const { a, b } = await profitableOrders();
    const report = await read('management', API.salesOrders.reports.profitability, OCTOBER);
    expect(pick(report.results, ...PROFIT_FIGURES)).toEqual([
      // 10000 - (361.50 + 35.00 + 250.00 + 400.00) = 8953.50, 89.535% rounded half away from zero.
      [a.id, 'Orbit Retail LLP', '10000.00', '6500.00', '396.50', '650.00', '1046.50', '8953.50', '89.54'],
      [b.id, 'Zenith Stores', '4500.00', '1000.00', '0.00', '0.00', '0.00', '4500.00', '100.00'],
    ]);
    // 13453.50 / 14500 = 92.78%
    expect(report.totals).toEqual({ key: 'total', label: 'Total', order_value: '14500.00', invoiced: '7500.00', material_cost: '396.50', expense_cost: '650.00', total_cost: '1046.50', margin: '13453.50', margin_percent: '92.78' });
  });

  it('the job order profitability counts the same costs for the job orders of the order', async () => {
    const { a } = await profitableOrders();
    const jobs = (await read('management', API.jobOrders.profitability, {})).results as { total_cost: string }[];
    const order = (await read('management', API.salesOrders.reports.profitability, OCTOBER)).results.find((r: { sales_order: number }) => r.sales_order === a.id);
    expect(jobs.map((j) => j.total_cost).sort()).toEqual(['435.00', '611.50']);
    expect(order.total_cost).toBe('1046.50');
  });

  it('an empty period has no rows and zero totals, no margin %', async () => {
    await profitableOrders();
    expect(await read('management', API.salesOrders.reports.profitability, { date_from: '2025-01-01', date_to: '2025-01-31' })).toEqual({
      count: 0,
      results: [],
      totals: { key: 'total', label: 'Total', order_value: '0.00', invoiced: '0.00', material_cost: '0.00', expense_cost: '0.00', total_cost: '0.00', margin: '0.00', margin_percent: null },
    });
  });

  it("costs and margins are for those who read job order profitability: a sales executive is refused, the sales manager reads every order; an end before the start is a 400", async () => {
    const { a, b } = await profitableOrders();
    const refused = await (await as('sales.exec')).get(`${API.salesOrders.reports.profitability}?date_from=2026-10-01&date_to=2026-10-31`);
    expect(refused.statusCode).toBe(403);
    const manager = await read('sales.manager', API.salesOrders.reports.profitability, OCTOBER);
    expect(pick(manager.results, 'sales_order', 'margin')).toEqual([
      [a.id, '8953.50'],
      [b.id, '4500.00'],
    ]);
    const bad = await (await as('sales.manager')).get(`${API.salesOrders.reports.profitability}?date_from=2026-10-31&date_to=2026-10-01`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { date_to: ['The end date cannot be before the start date.'] }]);
  });
});
