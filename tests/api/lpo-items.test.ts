import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lpoItems } from '../../server/db/schema';
import type { LpoItem } from '../../domain/lpo';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { useTestServer } from '../support/server';

const { app, db, as } = useTestServer({ seed: 'users' });

type Page<T> = { count: number; results: T[]; cursor?: string };

/** Mahalaxmi Steel's LPO orders 20 MS sheets (8 received) and 60 m of MS pipe; a third line was taken off it. */
async function steelLpo() {
  const category = await makeCategory(db(), { name: 'Metal' });
  const sheet = await makeMaterial(db(), category.id, { name: 'MS sheet 2mm', unit: 'SHEET' });
  const pipe = await makeMaterial(db(), category.id, { name: 'MS pipe 25mm', unit: 'MTRS' });
  const steel = await makeVendor(db(), { name: 'Mahalaxmi Steel Traders' });
  const lpo = await makeLpo(db(), steel.id, { lpo_date: '2026-10-01' });
  const sheetItem = await makeLpoItem(db(), lpo.id, sheet.id, { quantity: '20', rate: '123.45', quantity_received: '8' });
  const pipeItem = await makeLpoItem(db(), lpo.id, pipe.id, { quantity: '60', rate: '80.00' });
  const removed = await makeLpoItem(db(), lpo.id, pipe.id, { quantity: '5', deleted: true });
  return { lpo, sheet, pipe, sheetItem, pipeItem, removed };
}

describe('the LPO lines for the device (GET /lpo/lpo_items/)', () => {
  it('gives stores every live line with what was ordered and what came so far, so GRAs are received offline', async () => {
    const { lpo, sheet, sheetItem, pipeItem } = await steelLpo();
    const stores = await as('stores');

    const page = (await stores.get('/lpo/lpo_items/')).json() as Page<LpoItem>;
    expect(page.results.map((r) => r.id)).toEqual([sheetItem.id, pipeItem.id]);
    expect(page.results[0]).toMatchObject({ lpo: lpo.id, material: sheet.id, quantity: '20.000', rate: '123.45', quantity_received: '8.000' });
  });

  it('gives the device the lines written since its cursor, removed ones included', async () => {
    const { pipeItem, removed, sheetItem } = await steelLpo();
    const stores = await as('stores');

    const full = (await stores.get('/lpo/lpo_items/?updated_since=0')).json() as Page<LpoItem>;
    expect(full.results.map((r) => r.id)).toEqual([sheetItem.id, pipeItem.id, removed.id]);
    await db().update(lpoItems).set({ quantity_received: '60' }).where(eq(lpoItems.id, pipeItem.id));
    const delta = (await stores.get(`/lpo/lpo_items/?updated_since=${full.cursor}`)).json() as Page<LpoItem>;
    expect(delta.results.map((r) => [r.id, r.quantity_received])).toEqual([[pipeItem.id, '60.000']]);
  });

  it('filters by LPO', async () => {
    const { lpo, sheetItem, pipeItem } = await steelLpo();
    const other = await makeLpo(db(), lpo.vendor);
    await makeLpoItem(db(), other.id, sheetItem.material);
    const purchase = await as('purchase');

    const page = (await purchase.get(`/lpo/lpo_items/?lpo=${lpo.id}`)).json() as Page<LpoItem>;
    expect(page.results.map((r) => r.id)).toEqual([sheetItem.id, pipeItem.id]);
  });

  it('is read by the holders of lpos.read: purchase, stores, accounts and management', async () => {
    await expectAccessMatrix(app(), [{ method: 'GET', url: '/lpo/lpo_items/', permission: 'lpos.read' }]);
  });
});
