import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

describe('LPO lines pending receipt (pending_receipt/)', () => {
  it('lists the lines still to come on LPOs awaiting goods, the earliest expected first and undated last, with what is outstanding', async () => {
    const vendor = await makeVendor(db(), { name: 'Steelmart Traders' });
    const category = (await makeCategory(db())).id;
    const sheet = await makeMaterial(db(), category, { name: 'MS Sheet 2 mm' });
    const pipe = await makeMaterial(db(), category, { name: 'GI Pipe 25 mm', unit: 'MTRS' });
    const undated = await makeLpo(db(), vendor.id, { status: 'sent', lpo_date: '2026-11-01' });
    await makeLpoItem(db(), undated.id, sheet.id, { quantity: '4' });
    const late = await makeLpo(db(), vendor.id, { status: 'partially_received', lpo_date: '2026-10-01', expected_date: '2026-10-10' });
    const partly = await makeLpoItem(db(), late.id, pipe.id, { quantity: '20', quantity_received: '12.5' });
    await makeLpoItem(db(), late.id, sheet.id, { quantity: '5', quantity_received: '5' });
    const soon = await makeLpo(db(), vendor.id, { status: 'approved', lpo_date: '2026-11-02', expected_date: '2026-12-01' });
    await makeLpoItem(db(), soon.id, sheet.id, { quantity: '10' });
    await makeLpoItem(db(), soon.id, pipe.id, { quantity: '3', deleted: true });
    // Not awaiting goods: a draft, a received, a closed and a cancelled LPO.
    for (const status of ['draft', 'received', 'closed', 'cancelled'] as const) await makeLpoItem(db(), (await makeLpo(db(), vendor.id, { status, expected_date: '2026-09-01' })).id, sheet.id);

    const res = await (await as('stores')).get(API.lpos.pendingReceipt);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.count).toBe(3);
    expect(page.results.map((r: { lpo: number; material_name: string; outstanding: string }) => [r.lpo, r.material_name, r.outstanding])).toEqual([
      [late.id, 'GI Pipe 25 mm', '7.500'],
      [soon.id, 'MS Sheet 2 mm', '10.000'],
      [undated.id, 'MS Sheet 2 mm', '4.000'],
    ]);
    expect(page.results[0]).toEqual({
      id: partly.id,
      lpo: late.id,
      lpo_date: '2026-10-01',
      expected_date: '2026-10-10',
      vendor: vendor.id,
      vendor_name: 'Steelmart Traders',
      status: 'partially_received',
      material: pipe.id,
      material_name: 'GI Pipe 25 mm',
      material_unit: 'MTRS',
      quantity: '20.000',
      quantity_received: '12.500',
      outstanding: '7.500',
    });
  });

  it('a line due on its own date goes by that date, a line without one by its LPO’s: the late ones first', async () => {
    const vendor = await makeVendor(db(), { name: 'Steelmart Traders' });
    const category = (await makeCategory(db())).id;
    const [sheet, pipe, angle] = await Promise.all(['MS Sheet 2 mm', 'GI Pipe 25 mm', 'MS Angle 40 mm'].map((name) => makeMaterial(db(), category, { name })));
    // The LPO is expected on 1 December; its pipe was promised for 5 October, its angle for 20 December.
    const split = await makeLpo(db(), vendor.id, { status: 'sent', lpo_date: '2026-10-01', expected_date: '2026-12-01' });
    await makeLpoItem(db(), split.id, sheet!.id);
    await makeLpoItem(db(), split.id, pipe!.id, { expected_date: '2026-10-05' });
    await makeLpoItem(db(), split.id, angle!.id, { expected_date: '2026-12-20' });
    // Another LPO, undated, with one line promised for 15 November.
    const other = await makeLpo(db(), vendor.id, { status: 'approved', lpo_date: '2026-10-02' });
    await makeLpoItem(db(), other.id, sheet!.id);
    await makeLpoItem(db(), other.id, angle!.id, { expected_date: '2026-11-15' });

    const page = (await (await as('stores')).get(API.lpos.pendingReceipt)).json();
    expect(page.results.map((r: { lpo: number; material_name: string; expected_date: string | null }) => [r.lpo, r.material_name, r.expected_date])).toEqual([
      [split.id, 'GI Pipe 25 mm', '2026-10-05'],
      [other.id, 'MS Angle 40 mm', '2026-11-15'],
      [split.id, 'MS Sheet 2 mm', '2026-12-01'],
      [split.id, 'MS Angle 40 mm', '2026-12-20'],
      [other.id, 'MS Sheet 2 mm', null],
    ]);
  });

  it('pages by 15 and answers a page past the end with 404', async () => {
    const vendor = await makeVendor(db());
    const material = await makeMaterial(db(), (await makeCategory(db())).id);
    for (let i = 0; i < 16; i++) await makeLpoItem(db(), (await makeLpo(db(), vendor.id, { status: 'sent' })).id, material.id);
    const purchase = await as('purchase');
    const first = (await purchase.get(API.lpos.pendingReceipt)).json();
    expect([first.count, first.results.length, first.next]).toEqual([16, 15, '/api/v1/lpo/pending_receipt/?page=2']);
    expect((await purchase.get(`${API.lpos.pendingReceipt}?page=3`)).statusCode).toBe(404);
  });

  it('is for those who may read LPOs', async () => {
    await expectAccessMatrix(app(), [{ method: 'GET', url: API.lpos.pendingReceipt, permission: 'lpos.read' }]);
  });
});
