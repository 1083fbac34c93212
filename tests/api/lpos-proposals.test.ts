import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { lpos } from '../../server/db/schema';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeGra, makeGraItem, makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { makeRequisition } from '../support/factories-requisitions';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();

/**
 * Glass is short by 30 (reorder level 50, 20 on hand) and was last bought from Balaji at 520.00
 * (a GRA on 1 February after LPOs from Navkar at 500.00 and Balaji at 510.00); screws are not
 * short and were last ordered from Balaji at 2.50 (a later cancelled LPO from Navkar does not
 * count); hinges were never bought. Balaji charges 18 % GST on glass (Navkar 12 %); the screws
 * were ordered without GST.
 */
async function purchaseHistory() {
  const navkar = await makeVendor(db(), { name: 'Navkar Glass House' });
  const balaji = await makeVendor(db(), { name: 'Balaji Hardware Mart' });
  const category = await makeCategory(db());
  const glass = await makeMaterial(db(), category.id, { name: 'Toughened glass 8mm', unit: 'SQMTR', quantity: '20', reorder_level: '50' });
  const screws = await makeMaterial(db(), category.id, { name: 'SS screws 1in', unit: 'PCS', quantity: '100', reorder_level: '100' });
  const hinges = await makeMaterial(db(), category.id, { name: 'Glass hinges', unit: 'PCS', quantity: '4', reorder_level: '10' });
  const fromNavkar = await makeLpo(db(), navkar.id, { lpo_date: '2026-01-10', status: 'received' });
  await makeLpoItem(db(), fromNavkar.id, glass.id, { rate: '500.00', tax_rate: '12.00' });
  const fromBalaji = await makeLpo(db(), balaji.id, { lpo_date: '2026-01-20', status: 'received' });
  const glassLine = await makeLpoItem(db(), fromBalaji.id, glass.id, { rate: '510.00', tax_rate: '18.00' });
  const gra = await makeGra(db(), fromBalaji, { gra_date: '2026-02-01' });
  await makeGraItem(db(), gra.id, glassLine, { rate: '520.00' });
  const screwsLpo = await makeLpo(db(), balaji.id, { lpo_date: '2025-12-01', status: 'received' });
  await makeLpoItem(db(), screwsLpo.id, screws.id, { rate: '2.50' });
  const cancelled = await makeLpo(db(), navkar.id, { lpo_date: '2026-03-01', status: 'cancelled' });
  await makeLpoItem(db(), cancelled.id, screws.id, { rate: '9.99' });
  return { navkar, balaji, glass, screws, hinges };
}

describe('POST proposals/reorder/', () => {
  it('groups the materials by their last vendor, short-by quantities, last rates and that vendor’s last GST rates prefilled, never-bought materials last without a vendor', async () => {
    const { balaji, glass, screws, hinges } = await purchaseHistory();
    const res = await (await as('purchase')).post(API.lpos.fromReorder, { materials: [{ material: glass.id }, { material: screws.id, quantity: '250' }, { material: hinges.id }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      proposals: [
        {
          vendor: balaji.id,
          vendor_name: 'Balaji Hardware Mart',
          requisition: null,
          lpo_items: [
            { material: glass.id, material_name: 'Toughened glass 8mm', material_unit: 'SQMTR', quantity: '30.000', rate: '520.00', tax_rate: '18.00' },
            { material: screws.id, material_name: 'SS screws 1in', material_unit: 'PCS', quantity: '250', rate: '2.50', tax_rate: '0.00' },
          ],
        },
        { vendor: null, vendor_name: null, requisition: null, lpo_items: [{ material: hinges.id, material_name: 'Glass hinges', material_unit: 'PCS', quantity: '6.000', rate: '0.00', tax_rate: '0.00' }] },
      ],
    });
  });

  it('saves nothing: a proposal becomes an LPO only when posted to lpos/', async () => {
    const { glass } = await purchaseHistory();
    const before = await db().select().from(lpos);
    const purchase = await as('purchase');
    const { proposals } = (await purchase.post(API.lpos.fromReorder, { materials: [{ material: glass.id }] })).json();
    expect(await db().select().from(lpos)).toHaveLength(before.length);
    const [proposal] = proposals;
    const res = await purchase.post(API.lpos.list, {
      vendor: proposal.vendor,
      lpo_date: '2026-03-10',
      lpo_items: proposal.lpo_items.map((l: { material: number; quantity: string; rate: string; tax_rate: string }) => ({ material: l.material, quantity: l.quantity, rate: l.rate, tax_rate: l.tax_rate })),
    });
    expect(res.statusCode, res.body).toBe(201);
    // 30 × 520.00 = 15600.00, and 18 % GST on it 2808.00
    expect(res.json()).toMatchObject({ status: 'draft', subtotal: '15600.00', tax_amount: '2808.00', total_amount: '18408.00' });
  });

  it('names the field of each bad input', async () => {
    const { glass, screws } = await purchaseHistory();
    const purchase = await as('purchase');
    const cases: [unknown, Record<string, string[]> | string][] = [
      [{}, 'materials'],
      [{ materials: [] }, 'materials'],
      [{ materials: [{ material: 999999 }] }, { 'materials.0.material': ['Invalid pk "999999" - object does not exist.'] }],
      [{ materials: [{ material: screws.id }] }, { 'materials.0.quantity': ['This material is not below its reorder level: give the quantity to order.'] }],
      [{ materials: [{ material: glass.id, quantity: '0' }] }, 'materials.0.quantity'],
      [{ materials: [{ material: glass.id }, { material: glass.id }] }, { 'materials.1.material': ['This material is already in the list.'] }],
    ];
    for (const [body, expected] of cases) {
      const res = await purchase.post(API.lpos.fromReorder, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (typeof expected === 'string') expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([expected]);
      else expect(res.json()).toEqual(expected);
    }
  });

  it('is purchase’s: stores and sales are refused', async () => {
    const { glass } = await purchaseHistory();
    for (const username of ['stores', 'sales.exec']) expect((await (await as(username)).post(API.lpos.fromReorder, { materials: [{ material: glass.id }] })).statusCode, username).toBe(403);
  });
});

describe('GET proposals/requisition/{id}/', () => {
  it('proposes what the requisition still needs beyond free stock and what its open LPOs bring', async () => {
    const { navkar, balaji, glass, screws } = await purchaseHistory();
    // Another requisition holds 5 of the 20 sheets on hand: 15 are free.
    await makeRequisition(db(), { lines: [{ material: glass.id, quantity: '5', quantity_reserved: '5' }] });
    const requisition = await makeRequisition(db(), {
      requisition_type: 'shortfall',
      approved: true,
      lines: [
        { material: glass.id, quantity: '40', quantity_issued: '5' },
        { material: screws.id, quantity: '10' },
      ],
    });
    // An LPO already raised for it brings 8 more (ordered on 5 January, before the last purchase).
    const raised = await makeLpo(db(), navkar.id, { lpo_date: '2026-01-05', status: 'sent' });
    await db().update(lpos).set({ requisition: requisition.id }).where(eq(lpos.id, raised.id));
    await makeLpoItem(db(), raised.id, glass.id, { quantity: '8', rate: '505.00' });
    const res = await (await as('purchase')).get(API.lpos.fromRequisition(requisition.id));
    expect(res.statusCode, res.body).toBe(200);
    // Glass: 40 − 5 issued = 35 to serve; − 15 free; − 8 coming = 12. Screws: 10 to serve, 100 free: none.
    expect(res.json()).toEqual({
      proposals: [
        {
          vendor: balaji.id,
          vendor_name: 'Balaji Hardware Mart',
          requisition: requisition.id,
          lpo_items: [{ material: glass.id, material_name: 'Toughened glass 8mm', material_unit: 'SQMTR', quantity: '12.000', rate: '520.00', tax_rate: '18.00' }],
        },
      ],
    });
  });

  it('proposes nothing when nothing is short, and 404 for a requisition that does not exist', async () => {
    const { screws } = await purchaseHistory();
    const requisition = await makeRequisition(db(), { lines: [{ material: screws.id, quantity: '10' }] });
    const purchase = await as('purchase');
    expect((await purchase.get(API.lpos.fromRequisition(requisition.id))).json()).toEqual({ proposals: [] });
    expect((await purchase.get(API.lpos.fromRequisition(999999))).statusCode).toBe(404);
    expect((await purchase.get(API.lpos.fromRequisition('abc'))).statusCode).toBe(404);
  });
});
