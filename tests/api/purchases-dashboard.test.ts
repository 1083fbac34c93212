import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { materials, stockAdjustments } from '../../server/db/schema';
import { PURCHASE_MONTHS, PURCHASES_LIST_LIMIT, TOP_VENDOR_COUNT, type PurchasesDashboard } from '../../domain/dashboard';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial, userId } from '../support/factories';
import { makeGra, makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { makeJobOrder, makeLedgerRow, makeRequisition } from '../support/factories-requisitions';
import { useTestServer } from '../support/server';
import { businessToday } from '../../domain/rules/dates';

const { app, db, as } = useTestServer({ seed: 'users' });

async function dashboard(username = 'stores'): Promise<PurchasesDashboard> {
  const res = await (await as(username)).get('/dashboard/purchases/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Calendar arithmetic on YYYY-MM-DD days, in the company's time zone (IST), as the dashboard counts. */
const today = businessToday();
const day = (d: Date) => d.toISOString().slice(0, 10);
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
const addDays = (iso: string, n: number) => day(new Date(at(iso).getTime() + n * 86_400_000));
const monthStart = (offset: number) => day(new Date(Date.UTC(at(today).getUTCFullYear(), at(today).getUTCMonth() + offset, 1)));
const quarterStart = day(new Date(Date.UTC(at(today).getUTCFullYear(), Math.floor(at(today).getUTCMonth() / 3) * 3, 1)));

const material = async (values: { name: string; quantity: string; reorder_level: string; average_cost?: string; unit?: 'PCS' | 'KG' }) => {
  const category = await makeCategory(db());
  const row = await makeMaterial(db(), category.id, values);
  if (values.average_cost) await db().update(materials).set({ average_cost: values.average_cost }).where(eq(materials.id, row.id));
  return row;
};

describe('the stores and purchase dashboard (GET /dashboard/purchases/)', () => {
  it("lists stores' queue oldest first with the days each has waited, and counts all of it", async () => {
    const stock = await material({ name: 'Clear acrylic 3mm', quantity: '100', reorder_level: '0' });
    const open = await makeJobOrder(db());
    const closed = await makeJobOrder(db(), { closed: true });
    const line = [{ material: stock.id }];
    const waited = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const first = await makeRequisition(db(), { job_order: open.id, created_at: waited(3), lines: line });
    const shortfall = await makeRequisition(db(), { job_order: open.id, requisition_type: 'shortfall', approved: true, created_at: waited(1), lines: line });
    for (let i = 0; i < PURCHASES_LIST_LIMIT; i += 1) await makeRequisition(db(), { job_order: open.id, lines: line });
    // Not stores' to serve: re-work waiting for approval, a closed job order's, one issued in full, a consumables one closed.
    await makeRequisition(db(), { job_order: open.id, requisition_type: 're-work', lines: line });
    await makeRequisition(db(), { job_order: closed.id, lines: line });
    await makeRequisition(db(), { job_order: open.id, completed: true, lines: [{ material: stock.id, quantity_issued: '10' }] });
    await makeRequisition(db(), { job_order: null, closed: true, lines: line });

    const { stores_queue } = await dashboard();
    expect(stores_queue.count).toBe(PURCHASES_LIST_LIMIT + 2);
    expect(stores_queue.results).toHaveLength(PURCHASES_LIST_LIMIT);
    expect(stores_queue.results.slice(0, 2).map((r) => r.id)).toEqual([first.id, shortfall.id]);
    expect(stores_queue.results[0]).toMatchObject({ requisition_type: 'standard', requested_by_name: 'Suresh Patil', customer_name: expect.any(String), created: addDays(today, -3), days_waiting: 3 });
    expect(stores_queue.results[1]).toMatchObject({ requisition_type: 'shortfall', days_waiting: 1 });
    expect(stores_queue.results[2]).toMatchObject({ days_waiting: 0 });
  });

  it('lists materials at or below reorder level least covered first, whatever their unit, with the shortfall', async () => {
    const empty = await material({ name: 'MS pipe 25mm', quantity: '0', reorder_level: '10' });
    const half = await material({ name: 'Clear acrylic 3mm', quantity: '5', reorder_level: '10' });
    // The largest shortfall in its own unit, but the best covered of the three.
    const most = await material({ name: 'Aluminium sheet', quantity: '80', reorder_level: '100', unit: 'KG' });
    await material({ name: 'Screws', quantity: '50', reorder_level: '10' });
    await material({ name: 'Glue', quantity: '0', reorder_level: '0' });
    // Free stock is on hand less what is reserved: 12 on hand with 4 reserved is below 10.
    const reserved = await material({ name: 'Brass rod', quantity: '12', reorder_level: '10' });
    await makeRequisition(db(), { job_order: (await makeJobOrder(db())).id, lines: [{ material: reserved.id, quantity_reserved: '4' }] });

    const { reorder } = await dashboard('purchase');
    expect(reorder.count).toBe(4);
    expect(reorder.results.map((m) => m.id)).toEqual([empty.id, half.id, most.id, reserved.id]);
    expect(reorder.results[0]).toMatchObject({ available: '0.000', reorder_level: '10.000', shortfall: '10.000', unit: 'PCS' });
    expect(reorder.results[2]).toMatchObject({ available: '80.000', shortfall: '20.000', unit: 'KG' });
    expect(reorder.results[3]).toMatchObject({ available: '8.000', shortfall: '2.000' });
  });

  it('counts adjustments waiting for approval, material lines issued today that stand, and values the stock exactly', async () => {
    const sheet = await material({ name: 'Clear acrylic 3mm', quantity: '5', reorder_level: '0', average_cost: '100.1000' });
    const pipe = await material({ name: 'MS pipe 25mm', quantity: '80', reorder_level: '0', average_cost: '2.2500' });
    await material({ name: 'Screws', quantity: '50', reorder_level: '0', average_cost: '0.3330' });
    const stores = await userId(db(), 'stores');
    await db()
      .insert(stockAdjustments)
      .values([
        { material: sheet.id, quantity: '-1', reason: 'Broken', created_by: stores },
        { material: pipe.id, quantity: '2', reason: 'Count', created_by: stores },
        { material: pipe.id, quantity: '3', reason: 'Count', status: 'approved', created_by: stores },
        { material: pipe.id, quantity: '4', reason: 'Count', status: 'rejected', created_by: stores },
      ]);
    await makeLedgerRow(db(), { material: sheet.id, transaction_type: 'issue', quantity: '-1' });
    await makeLedgerRow(db(), { material: pipe.id, transaction_type: 'issue', quantity: '-2' });
    await makeLedgerRow(db(), { material: pipe.id, transaction_type: 'issue', quantity: '-3', transaction_date: addDays(day(new Date()), -1) });
    const reversed = await makeLedgerRow(db(), { material: pipe.id, transaction_type: 'issue', quantity: '-4' });
    await makeLedgerRow(db(), { material: pipe.id, transaction_type: 'issue', quantity: '4', reverses: reversed.id });

    const d = await dashboard();
    expect(d.adjustments_awaiting_approval).toBe(2);
    expect(d.issued_today).toBe(2);
    // 5 × 100.10 + 80 × 2.25 + 50 × 0.333 = 500.50 + 180.00 + 16.65
    expect(d.stock_value).toBe('697.15');
  });

  it("sums this month's standing receipts at their rates and counts this month's live GRAs", async () => {
    const sheet = await material({ name: 'Clear acrylic 3mm', quantity: '0', reorder_level: '0' });
    await makeLedgerRow(db(), { material: sheet.id, transaction_type: 'receipt', quantity: '3', rate: '10.50', transaction_date: today });
    await makeLedgerRow(db(), { material: sheet.id, transaction_type: 'receipt', quantity: '0.333', rate: '0.10', transaction_date: monthStart(0) });
    await makeLedgerRow(db(), { material: sheet.id, transaction_type: 'receipt', quantity: '7', rate: '99.00', transaction_date: addDays(monthStart(0), -1) });
    const wrong = await makeLedgerRow(db(), { material: sheet.id, transaction_type: 'receipt', quantity: '5', rate: '20.00', transaction_date: today });
    await makeLedgerRow(db(), { material: sheet.id, transaction_type: 'receipt', quantity: '-5', rate: '20.00', transaction_date: today, reverses: wrong.id });
    const lpo = await makeLpo(db(), (await makeVendor(db())).id, { lpo_date: monthStart(-1), status: 'received' });
    await makeGra(db(), lpo, { gra_date: today });
    await makeGra(db(), lpo, { gra_date: monthStart(0) });
    await makeGra(db(), lpo, { gra_date: today, cancelled: true });
    await makeGra(db(), lpo, { gra_date: today, deleted: true });
    await makeGra(db(), lpo, { gra_date: addDays(monthStart(0), -1) });

    // 3 × 10.50 + 0.333 × 0.10 = 31.5333
    expect((await dashboard()).receipts_this_month).toEqual({ lines: 2, value: '31.53', gras: 2 });
  });

  it('counts LPOs awaiting goods, values what is still to come at the ordered rates and counts those overdue', async () => {
    const vendor = (await makeVendor(db())).id;
    const sheet = await material({ name: 'Clear acrylic 3mm', quantity: '0', reorder_level: '0' });
    const pipe = await material({ name: 'MS pipe 25mm', quantity: '0', reorder_level: '0' });
    const late = await makeLpo(db(), vendor, { lpo_date: monthStart(-1), expected_date: addDays(today, -1), status: 'partially_received' });
    await makeLpoItem(db(), late.id, sheet.id, { quantity: '10', rate: '12.50', quantity_received: '4' });
    await makeLpoItem(db(), late.id, pipe.id, { quantity: '2.555', rate: '0.50' });
    await makeLpoItem(db(), late.id, pipe.id, { quantity: '5', rate: '100.00', deleted: true });
    const onTime = await makeLpo(db(), vendor, { lpo_date: today, expected_date: addDays(today, 7) });
    // Received beyond what was ordered leaves nothing to come, not a negative amount.
    await makeLpoItem(db(), onTime.id, sheet.id, { quantity: '2', rate: '50.00', quantity_received: '3' });
    await makeLpo(db(), vendor, { lpo_date: today });
    await makeLpo(db(), vendor, { lpo_date: today, expected_date: addDays(today, -9), status: 'received' });
    await makeLpo(db(), vendor, { lpo_date: today, expected_date: addDays(today, -9), status: 'closed' });
    await makeLpo(db(), vendor, { lpo_date: today, expected_date: addDays(today, -9), cancelled: true });
    await makeLpo(db(), vendor, { lpo_date: today, expected_date: addDays(today, -9), deleted: true });

    // (10 − 4) × 12.50 + round(2.555 × 0.50, 2) = 75.00 + 1.28
    expect((await dashboard('purchase')).lpos_pending_receipt).toEqual({ count: 3, value: '76.28', overdue: 1 });
  });

  it('sums live LPOs per month over the last six months, and ranks vendors by LPO value this quarter', async () => {
    const names = ['Acme Acrylics', 'Bharat Metals', 'Chennai Glass', 'Delhi Hardware', 'Eastern Paints', 'Famous Fasteners'];
    const vendors = [];
    for (const name of names) vendors.push(await makeVendor(db(), { name }));
    const [a, b, c, d, e, f] = vendors.map((v) => v.id) as [number, number, number, number, number, number];
    const lpo = (vendor: number, lpo_date: string, total_amount: string, extra: { cancelled?: boolean; deleted?: boolean } = {}) =>
      makeLpo(db(), vendor, { lpo_date, total_amount, status: extra.cancelled ? 'cancelled' : 'received', ...extra });
    await lpo(a, today, '0.10');
    await lpo(a, today, '0.20');
    await lpo(b, today, '5000.00');
    await lpo(c, quarterStart, '400.00');
    await lpo(d, today, '300.00');
    await lpo(e, today, '200.00');
    await lpo(f, today, '100.00');
    await lpo(f, addDays(quarterStart, -1), '99999.00');
    await lpo(a, today, '7777.00', { cancelled: true });
    await lpo(a, today, '8888.00', { deleted: true });
    await lpo(c, monthStart(-5), '1234.56');
    await lpo(c, addDays(monthStart(-5), -1), '4321.00');

    const figures = await dashboard('management');
    expect(figures.monthly_purchases).toHaveLength(PURCHASE_MONTHS);
    expect(figures.monthly_purchases[0]).toEqual({ month: monthStart(-5).slice(0, 7), total: '1234.56' });
    const thisMonth = figures.monthly_purchases.at(-1)!;
    expect(thisMonth.month).toBe(today.slice(0, 7));
    // The quarter-start LPO falls in this month only when the quarter began this month.
    expect(thisMonth.total).toBe(quarterStart.slice(0, 7) === thisMonth.month ? '6000.30' : '5600.30');

    expect(figures.quarter_start).toBe(quarterStart);
    expect(figures.top_vendors).toHaveLength(TOP_VENDOR_COUNT);
    expect(figures.top_vendors.map((v) => v.name)).toEqual(['Bharat Metals', 'Chennai Glass', 'Delhi Hardware', 'Eastern Paints', 'Famous Fasteners']);
    expect(figures.top_vendors[0]).toEqual({ id: b, name: 'Bharat Metals', lpo_count: 1, total_value: '5000.00' });
  });

  it('answers zeros and empty lists when there is nothing to show', async () => {
    const d = await dashboard();
    expect(d).toMatchObject({
      today,
      stores_queue: { count: 0, results: [] },
      reorder: { count: 0, results: [] },
      adjustments_awaiting_approval: 0,
      issued_today: 0,
      stock_value: '0.00',
      receipts_this_month: { lines: 0, value: '0.00', gras: 0 },
      lpos_pending_receipt: { count: 0, value: '0.00', overdue: 0 },
      top_vendors: [],
    });
    expect(d.monthly_purchases.every((m) => m.total === '0.00')).toBe(true);
  });

  it('refuses query parameters with 400', async () => {
    const stores = await as('stores');
    expect((await stores.get('/dashboard/purchases/?page=2')).statusCode).toBe(400);
    expect((await stores.get('/dashboard/purchases/?start_date=2025-01-01')).statusCode).toBe(400);
  });

  it('opens for stores, purchase and management and no one else', async () => {
    await expectAccessMatrix(app(), [{ method: 'GET', url: '/dashboard/purchases/', permission: 'dashboard.purchases' }]);
  });
});
