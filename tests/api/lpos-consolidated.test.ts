import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { PERIOD_OUT_OF_ORDER } from '../../domain/query-params';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { useTestServer } from '../support/server';

/** The consolidated purchase report (GET lpo/consolidated/, issue 19 §2): what was ordered of each material in a period. */

const { as, db } = useTestServer();

async function get(query: Record<string, string | number> = {}, user = 'purchase') {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return (await as(user)).get(search ? `${API.lpos.consolidated}?${search}` : API.lpos.consolidated);
}

describe('consolidated purchases', () => {
  it('sums each material over the live LPOs dated in the period: ordered, received, still to come, value and average rate; the largest value first', async () => {
    const steel = await makeVendor(db());
    const glass = await makeVendor(db());
    const category = await makeCategory(db());
    const sheet = await makeMaterial(db(), category.id, { name: 'MS sheet 2mm', unit: 'PCS' });
    const mirror = await makeMaterial(db(), category.id, { name: 'Mirror 4mm', unit: 'SQMTR' });
    const april = await makeLpo(db(), steel.id, { lpo_date: '2026-04-02', status: 'partially_received' });
    await makeLpoItem(db(), april.id, sheet.id, { quantity: '10', rate: '100.00', quantity_received: '4' });
    await makeLpoItem(db(), april.id, mirror.id, { quantity: '5', rate: '50.00' });
    const later = await makeLpo(db(), glass.id, { lpo_date: '2026-04-20', status: 'closed' });
    await makeLpoItem(db(), later.id, sheet.id, { quantity: '20', rate: '130.00', quantity_received: '15' });
    const cancelled = await makeLpo(db(), steel.id, { lpo_date: '2026-04-21', status: 'cancelled' });
    await makeLpoItem(db(), cancelled.id, sheet.id, { quantity: '99', rate: '1.00' });
    const march = await makeLpo(db(), steel.id, { lpo_date: '2026-03-31' });
    await makeLpoItem(db(), march.id, mirror.id, { quantity: '7', rate: '10.00' });

    const res = await get({ start_date: '2026-04-01', end_date: '2026-04-30' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      count: 2,
      value: '3850.00',
      results: [
        // 10 × 100 + 20 × 130 = 3,600.00 over 30: 120.00; the closed LPO's 5 short will not come.
        { material: sheet.id, material_name: 'MS sheet 2mm', material_unit: 'PCS', lpo_count: 2, ordered: '30.000', received: '19.000', pending: '6.000', value: '3600.00', average_rate: '120.00' },
        { material: mirror.id, material_name: 'Mirror 4mm', material_unit: 'SQMTR', lpo_count: 1, ordered: '5.000', received: '0.000', pending: '5.000', value: '250.00', average_rate: '50.00' },
      ],
    });
    const ofGlass = (await get({ vendor: glass.id })).json();
    expect(ofGlass.results.map((r: { material: number; ordered: string }) => [r.material, r.ordered])).toEqual([[sheet.id, '20.000']]);
  });

  it('refuses a period that ends before it starts, at the end date, and is read by those who read LPOs', async () => {
    const res = await get({ start_date: '2026-04-30', end_date: '2026-04-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ end_date: [PERIOD_OUT_OF_ORDER] });
    expect((await get({}, 'stores')).statusCode).toBe(200);
    expect((await get({}, 'sales.exec')).statusCode).toBe(403);
  });
});
