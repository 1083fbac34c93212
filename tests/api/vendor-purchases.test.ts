import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import type { LpoStatus } from '../../domain/lpo';
import { PERIOD_OUT_OF_ORDER } from '../../domain/query-params';
import { businessToday } from '../../domain/rules/dates';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeGra, makeGraItem, makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { lpoItems } from '../../server/db/schema';
import { useTestServer } from '../support/server';

/** What the company buys from a vendor (issue 19 §1): open LPOs, GRAs, price history, deliveries, vendor-wise purchases. */

const { as, db } = useTestServer();

async function get(path: string, query: Record<string, string | number> = {}, user = 'purchase') {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return (await as(user)).get(search ? `${path}?${search}` : path);
}

async function ok<T>(path: string, query: Record<string, string | number> = {}, user = 'purchase'): Promise<T> {
  const res = await get(path, query, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function material(name: string) {
  return makeMaterial(db(), (await makeCategory(db())).id, { name, unit: 'SHEET' });
}

describe("a vendor's open LPOs", () => {
  it('lists its LPOs awaiting goods with what is still to come, the late ones first; received, cancelled and other vendors’ LPOs are left out', async () => {
    const vendor = await makeVendor(db(), { name: 'Acrylic Sheets India' });
    const other = await makeVendor(db());
    const sheet = await material('Acrylic sheet 5mm');
    const dueLater = await makeLpo(db(), vendor.id, { lpo_date: '2026-01-10', expected_date: businessToday(10), status: 'sent', total_amount: '100.00' });
    await makeLpoItem(db(), dueLater.id, sheet.id, { quantity: '5', rate: '20.00' });
    const late = await makeLpo(db(), vendor.id, { lpo_date: '2026-01-05', expected_date: '2026-01-20', status: 'partially_received', total_amount: '1000.00' });
    await makeLpoItem(db(), late.id, sheet.id, { quantity: '10', rate: '100.00', quantity_received: '4' });
    await makeLpo(db(), vendor.id, { status: 'received' });
    await makeLpo(db(), vendor.id, { status: 'cancelled' });
    await makeLpo(db(), other.id, { status: 'approved' });

    const body = await ok<{ count: number; pending_value: string; results: unknown[] }>(API.vendors.openLpos, { vendor: vendor.id });

    expect(body).toEqual({
      count: 2,
      pending_value: '700.00',
      results: [
        { id: late.id, lpo_date: '2026-01-05', expected_date: '2026-01-20', status: 'partially_received', total_amount: '1000.00', pending_value: '600.00', late: true },
        { id: dueLater.id, lpo_date: '2026-01-10', expected_date: businessToday(10), status: 'sent', total_amount: '100.00', pending_value: '100.00', late: false },
      ],
    });
  });

  it('an LPO is late when a line still to come is past its own expected date, though the LPO’s date is ahead (decision 297)', async () => {
    const vendor = await makeVendor(db());
    const sheet = await material('Acrylic sheet 5mm');
    const pipe = await material('MS pipe 25mm');
    const lpo = await makeLpo(db(), vendor.id, { lpo_date: '2026-01-05', expected_date: businessToday(10), status: 'sent' });
    await makeLpoItem(db(), lpo.id, sheet.id);
    const promised = await makeLpoItem(db(), lpo.id, pipe.id, { expected_date: '2026-01-20' });
    const open = async () => (await ok<{ results: { late: boolean; pending_value: string }[] }>(API.vendors.openLpos, { vendor: vendor.id })).results.map((r) => [r.late, r.pending_value]);
    // Both lines, 10 × 100.00 each, are still to come.
    expect(await open()).toEqual([[true, '2000.00']]);
    // Once the pipe has all come, nothing still to come is late.
    await db().update(lpoItems).set({ quantity_received: promised.quantity }).where(eq(lpoItems.id, promised.id));
    expect(await open()).toEqual([[false, '1000.00']]);
  });

  it('answers 404 for a vendor that does not exist and 400 naming the field for a vendor that is not a number', async () => {
    expect((await get(API.vendors.openLpos, { vendor: 999_999 })).statusCode).toBe(404);
    const bad = await get(API.vendors.openLpos, { vendor: 'steel' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['vendor']);
  });
});

describe("a vendor's GRAs", () => {
  it('pages its GRAs in force, the latest first, each valued at its accepted quantities and rates', async () => {
    const vendor = await makeVendor(db());
    const sheet = await material('Clear acrylic 3mm');
    const lpo = await makeLpo(db(), vendor.id, { status: 'partially_received' });
    const line = await makeLpoItem(db(), lpo.id, sheet.id, { quantity: '100', rate: '12.50' });
    const first = await makeGra(db(), lpo, { gra_date: '2026-02-01' });
    await makeGraItem(db(), first.id, line, { quantity_received: '10', quantity_accepted: '8' });
    const second = await makeGra(db(), lpo, { gra_date: '2026-03-01' });
    await makeGraItem(db(), second.id, line, { quantity_received: '20' });
    const cancelled = await makeGra(db(), lpo, { gra_date: '2026-03-05', cancelled: true });
    await makeGraItem(db(), cancelled.id, line, { quantity_received: '5' });

    const body = await ok<{ count: number; results: { id: number; gra_date: string; value: string }[] }>(API.vendors.gras, { vendor: vendor.id });

    expect(body.count).toBe(2);
    expect(body.results.map(({ id, gra_date, value }) => ({ id, gra_date, value }))).toEqual([
      { id: second.id, gra_date: '2026-03-01', value: '250.00' },
      { id: first.id, gra_date: '2026-02-01', value: '100.00' },
    ]);
  });
});

describe("a vendor's price history and deliveries", () => {
  it('gives each material its last, lowest and highest rate over the GRAs in force, the latest bought first', async () => {
    const vendor = await makeVendor(db());
    const sheet = await material('Acrylic sheet 5mm');
    const pipe = await material('MS pipe 25mm');
    const lpo = await makeLpo(db(), vendor.id, { status: 'partially_received' });
    const sheetLine = await makeLpoItem(db(), lpo.id, sheet.id, { rate: '100.00' });
    const pipeLine = await makeLpoItem(db(), lpo.id, pipe.id, { rate: '40.00' });
    const january = await makeGra(db(), lpo, { gra_date: '2026-01-20' });
    await makeGraItem(db(), january.id, sheetLine, { quantity_received: '2', rate: '100.00' });
    await makeGraItem(db(), january.id, pipeLine, { quantity_received: '3' });
    const february = await makeGra(db(), lpo, { gra_date: '2026-02-10' });
    await makeGraItem(db(), february.id, sheetLine, { quantity_received: '2', rate: '92.50' });
    const withdrawn = await makeGra(db(), lpo, { gra_date: '2026-03-01', cancelled: true });
    await makeGraItem(db(), withdrawn.id, sheetLine, { quantity_received: '1', rate: '150.00' });

    const body = await ok<{ count: number; results: unknown[] }>(API.vendors.priceHistory, { vendor: vendor.id });

    expect(body.results).toEqual([
      { material: sheet.id, material_name: 'Acrylic sheet 5mm', material_unit: 'SHEET', receipts: 2, last_rate: '92.50', last_date: '2026-02-10', lowest_rate: '92.50', highest_rate: '100.00' },
      { material: pipe.id, material_name: 'MS pipe 25mm', material_unit: 'SHEET', receipts: 1, last_rate: '40.00', last_date: '2026-01-20', lowest_rate: '40.00', highest_rate: '40.00' },
    ]);
  });

  it('counts an LPO whose goods have all come as on time when each line’s last receipt is not after its due date: its own expected date, else the LPO’s (decisions 290, 297)', async () => {
    const vendor = await makeVendor(db());
    const sheet = await material('Acrylic sheet 5mm');
    const pipe = await material('MS pipe 25mm');
    /** An LPO of the sheet and the pipe, each line due on its own date or the LPO's, received on the days given. */
    async function delivered(status: LpoStatus, expected: string | undefined, lines: [{ due?: string; days: string[] }, { due?: string; days: string[] }]) {
      const lpo = await makeLpo(db(), vendor.id, { status, expected_date: expected });
      for (const [i, line] of lines.entries()) {
        const item = await makeLpoItem(db(), lpo.id, [sheet, pipe][i]!.id, line.due ? { expected_date: line.due } : {});
        for (const day of line.days) await makeGraItem(db(), (await makeGra(db(), lpo, { gra_date: day })).id, item);
      }
    }
    // On time: both lines came by 25 January, the LPO's date.
    await delivered('received', '2026-01-25', [{ days: ['2026-01-20'] }, { days: ['2026-01-22', '2026-01-25'] }]);
    // Late: the pipe's last part came on 10 February, after 1 February.
    await delivered('received', '2026-02-01', [{ days: ['2026-01-30'] }, { days: ['2026-01-30', '2026-02-10'] }]);
    // On time: the pipe was promised for 10 March, after the LPO's 1 March, and came on 5 March.
    await delivered('received', '2026-03-01', [{ days: ['2026-02-28'] }, { due: '2026-03-10', days: ['2026-03-05'] }]);
    // Late: the LPO has no date, but the sheet was promised for 1 April and came on 3 April.
    await delivered('received', undefined, [{ due: '2026-04-01', days: ['2026-04-03'] }, { days: ['2026-04-02'] }]);
    // Not yet all come, closed short, or without any due date: not counted.
    await delivered('partially_received', '2026-01-01', [{ days: ['2026-02-01'] }, { days: [] }]);
    await delivered('closed', '2026-01-01', [{ days: ['2026-02-01'] }, { days: [] }]);
    await delivered('received', undefined, [{ days: ['2026-02-01'] }, { days: ['2026-02-01'] }]);

    const body = await ok<{ deliveries: unknown }>(API.vendors.priceHistory, { vendor: vendor.id });

    expect(body.deliveries).toEqual({ on_time: 2, late: 2, on_time_percent: '50.0' });
  });

  it('has no on-time rate before any LPO of the vendor was fully received', async () => {
    const vendor = await makeVendor(db());
    expect(await ok(API.vendors.priceHistory, { vendor: vendor.id })).toEqual({ count: 0, results: [], deliveries: { on_time: 0, late: 0, on_time_percent: null } });
  });
});

describe('vendor-wise purchases', () => {
  it('sums each vendor’s live LPOs and GRAs in force in the period, the largest orders first, with the totals', async () => {
    const steel = await makeVendor(db(), { name: 'Steelmart' });
    const glass = await makeVendor(db(), { name: 'Clearview Glass' });
    await makeVendor(db(), { name: 'Never bought from' });
    const sheet = await material('MS sheet 2mm');
    const steelLpo = await makeLpo(db(), steel.id, { lpo_date: '2026-04-02', total_amount: '5000.00', status: 'partially_received' });
    await makeLpo(db(), steel.id, { lpo_date: '2026-04-20', total_amount: '2500.50' });
    await makeLpo(db(), steel.id, { lpo_date: '2026-04-21', total_amount: '9999.00', status: 'cancelled' });
    await makeLpo(db(), steel.id, { lpo_date: '2026-03-31', total_amount: '7000.00' });
    await makeLpo(db(), glass.id, { lpo_date: '2026-04-15', total_amount: '1200.00' });
    const line = await makeLpoItem(db(), steelLpo.id, sheet.id, { quantity: '50', rate: '100.00' });
    const gra = await makeGra(db(), steelLpo, { gra_date: '2026-04-10' });
    await makeGraItem(db(), gra.id, line, { quantity_received: '12', quantity_accepted: '10' });

    const body = await ok(API.vendors.vendorWise, { start_date: '2026-04-01', end_date: '2026-04-30' });

    expect(body).toEqual({
      count: 2,
      ordered_value: '8700.50',
      received_value: '1000.00',
      results: [
        { vendor: steel.id, vendor_name: 'Steelmart', lpo_count: 2, ordered_value: '7500.50', gra_count: 1, received_value: '1000.00' },
        { vendor: glass.id, vendor_name: 'Clearview Glass', lpo_count: 1, ordered_value: '1200.00', gra_count: 0, received_value: '0.00' },
      ],
    });
  });

  it('refuses a period that ends before it starts, at the end date', async () => {
    const res = await get(API.vendors.vendorWise, { start_date: '2026-04-30', end_date: '2026-04-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ end_date: [PERIOD_OUT_OF_ORDER] });
  });

  it('is a purchase report: stores reads a vendor’s record but not every vendor’s purchases', async () => {
    const vendor = await makeVendor(db());
    expect((await get(API.vendors.vendorWise, {}, 'stores')).statusCode).toBe(403);
    expect((await get(API.vendors.vendorWise, {}, 'accounts')).statusCode).toBe(200);
    expect((await get(API.vendors.openLpos, { vendor: vendor.id }, 'stores')).statusCode).toBe(200);
    expect((await get(API.vendors.priceHistory, { vendor: vendor.id }, 'sales.exec')).statusCode).toBe(403);
  });
});
