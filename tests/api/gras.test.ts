import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gras } from '../../server/db/schema';
import type { GraListRow, GraView } from '../../domain/gra';
import { expectAccessMatrix } from '../support/access';
import { makeCategory, makeMaterial } from '../support/factories';
import { makeGra, makeGraItem, makeLpo, makeLpoItem, makeVendor } from '../support/factories-purchase';
import { useTestServer } from '../support/server';

const { app, db, as } = useTestServer({ seed: 'users' });

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[]; cursor?: string };

/**
 * Two vendors: Mahalaxmi Steel sold an MS sheet and an MS pipe on one LPO, Navkar Glass a glass
 * sheet on another. One GRA of each is booked, the steel one with both lines.
 */
async function purchases() {
  const category = await makeCategory(db(), { name: 'Metal' });
  const sheet = await makeMaterial(db(), category.id, { name: 'MS sheet 2mm', unit: 'SHEET' });
  const pipe = await makeMaterial(db(), category.id, { name: 'MS pipe 25mm', unit: 'MTRS' });
  const glass = await makeMaterial(db(), category.id, { name: 'Clear glass 5mm', unit: 'SQMTR' });
  const steel = await makeVendor(db(), { name: 'Mahalaxmi Steel Traders' });
  const glazier = await makeVendor(db(), { name: 'Navkar Glass House' });
  const steelLpo = await makeLpo(db(), steel.id, { lpo_date: '2026-10-01' });
  const glassLpo = await makeLpo(db(), glazier.id, { lpo_date: '2026-10-02' });
  const sheetItem = await makeLpoItem(db(), steelLpo.id, sheet.id, { quantity: '20', rate: '123.45' });
  const pipeItem = await makeLpoItem(db(), steelLpo.id, pipe.id, { quantity: '60', rate: '80.00' });
  const glassItem = await makeLpoItem(db(), glassLpo.id, glass.id, { quantity: '10', rate: '500.00' });
  const steelGra = await makeGra(db(), steelLpo, { gra_date: '2026-10-10' });
  await makeGraItem(db(), steelGra.id, sheetItem, { quantity_received: '10', quantity_accepted: '9.5' });
  await makeGraItem(db(), steelGra.id, pipeItem, { quantity_received: '60' });
  const glassGra = await makeGra(db(), glassLpo, { gra_date: '2026-10-12' });
  await makeGraItem(db(), glassGra.id, glassItem, { quantity_received: '10' });
  return { sheet, pipe, glass, steel, glazier, steelLpo, glassLpo, sheetItem, pipeItem, glassItem, steelGra, glassGra };
}

const ids = (page: Page<{ id: number }>) => page.results.map((r) => r.id);

describe('the GRA list (GET /gra/gras/)', () => {
  it('lists the GRAs in force newest received first, 15 a page, with their vendor’s name', async () => {
    const { steelLpo, steel } = await purchases();
    for (let day = 13; day <= 26; day++) await makeGra(db(), steelLpo, { gra_date: `2026-10-${day}` });
    await makeGra(db(), steelLpo, { gra_date: '2026-10-30', cancelled: true });
    await makeGra(db(), steelLpo, { gra_date: '2026-10-31', deleted: true });
    const stores = await as('stores');

    const first = (await stores.get('/gra/gras/')).json() as Page<GraListRow>;
    expect(first.count).toBe(16);
    expect(first.results).toHaveLength(15);
    expect(first.next).toContain('page=2');
    expect(first.results[0]).toMatchObject({ gra_date: '2026-10-26', vendor: steel.id, vendor_name: 'Mahalaxmi Steel Traders', lpo: steelLpo.id, cancelled_at: null });
    const second = (await stores.get('/gra/gras/?page=2')).json() as Page<GraListRow>;
    expect(second.results.map((r) => r.gra_date)).toEqual(['2026-10-10']);
    expect((await stores.get('/gra/gras/?page=3')).statusCode).toBe(404);
  });

  it('gives the device every GRA written since its cursor, cancelled and deleted ones included', async () => {
    const { steelLpo, steelGra, glassGra } = await purchases();
    const cancelled = await makeGra(db(), steelLpo, { cancelled: true });
    const deleted = await makeGra(db(), steelLpo, { deleted: true });
    const metal = await as('metal');

    const full = (await metal.get('/gra/gras/?updated_since=0')).json() as Page<GraListRow>;
    expect(ids(full)).toEqual([steelGra.id, glassGra.id, cancelled.id, deleted.id]);
    expect(full.results.find((r) => r.id === cancelled.id)).toMatchObject({ cancelled_at: expect.any(String), vendor_name: 'Mahalaxmi Steel Traders' });
    expect(full.cursor).toMatch(/^\d+$/);

    await db().update(gras).set({ remarks: 'Two sheets bent at one corner.' }).where(eq(gras.id, glassGra.id));
    const delta = (await metal.get(`/gra/gras/?updated_since=${full.cursor}`)).json() as Page<GraListRow>;
    expect(ids(delta)).toContain(glassGra.id);
    expect(ids(delta)).not.toContain(steelGra.id);
  });

  it('filters by vendor, LPO, GRA date and material, and searches the vendor’s invoice and challan numbers', async () => {
    const { steel, glassLpo, pipe, steelGra, glassGra } = await purchases();
    await db().update(gras).set({ invoice_number: 'MST/26-27/0412' }).where(eq(gras.id, steelGra.id));
    await db().update(gras).set({ challan_number: 'DC-55120' }).where(eq(gras.id, glassGra.id));
    const purchase = await as('purchase');
    const list = async (query: string) => ids((await purchase.get(`/gra/gras/?${query}`)).json());

    expect(await list(`vendor=${steel.id}`)).toEqual([steelGra.id]);
    expect(await list(`lpo=${glassLpo.id}`)).toEqual([glassGra.id]);
    expect(await list('start_date=2026-10-11')).toEqual([glassGra.id]);
    expect(await list('end_date=2026-10-11')).toEqual([steelGra.id]);
    expect(await list(`material=${pipe.id}`)).toEqual([steelGra.id]);
    expect(await list('search=0412')).toEqual([steelGra.id]);
    expect(await list('search=dc-551')).toEqual([glassGra.id]);
    expect(await list('ordering=gra_date')).toEqual([steelGra.id, glassGra.id]);
  });
});

describe('one GRA (GET /gra/gras/{id}/)', () => {
  it('answers the GRA with its vendor, its LPO and its lines: material, unit, quantities, rate and amount', async () => {
    const { steelGra, steelLpo, sheet, pipe } = await purchases();
    const res = await (await as('accounts')).get(`/gra/gras/${steelGra.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    const view = res.json() as GraView;
    expect(view).toMatchObject({ id: steelGra.id, gra_date: '2026-10-10', vendor_name: 'Mahalaxmi Steel Traders', lpo: steelLpo.id, lpo_date: '2026-10-01' });
    expect(view.gra_items).toEqual([
      expect.objectContaining({ material: sheet.id, material_name: 'MS sheet 2mm', material_unit: 'SHEET', quantity_received: '10.000', quantity_accepted: '9.500', rate: '123.45', amount: '1172.78' }),
      expect.objectContaining({ material: pipe.id, material_name: 'MS pipe 25mm', material_unit: 'MTRS', quantity_accepted: '60.000', rate: '80.00', amount: '4800.00' }),
    ]);
  });

  it('shows a cancelled GRA with the lines its cancellation removed, not those edited off before', async () => {
    const { steelLpo, sheetItem, pipeItem } = await purchases();
    const cancelled = await makeGra(db(), steelLpo, { cancelled: true });
    await makeGraItem(db(), cancelled.id, sheetItem, { deleted_at: cancelled.cancelled_at! });
    await makeGraItem(db(), cancelled.id, pipeItem, { deleted_at: '2026-01-01T00:00:00.000Z' });
    const view = (await (await as('stores')).get(`/gra/gras/${cancelled.id}/`)).json() as GraView;
    expect(view.cancelled_at).not.toBeNull();
    expect(view.gra_items.map((l) => l.material_name)).toEqual(['MS sheet 2mm']);
  });

  it('is 404 for an unknown or deleted GRA and for an id that is no number', async () => {
    const { steelLpo } = await purchases();
    const deleted = await makeGra(db(), steelLpo, { deleted: true });
    const stores = await as('stores');
    for (const url of [`/gra/gras/${deleted.id}/`, '/gra/gras/999999/', '/gra/gras/0/', '/gra/gras/abc/', '/gra/gras/99999999999/']) {
      expect((await stores.get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('cancelled GRAs (GET /gra/cancelled_gras/)', () => {
  it("is an empty page when none is cancelled (the screen then says \"Cancelled GRA's not found\")", async () => {
    await purchases();
    expect((await (await as('purchase')).get('/gra/cancelled_gras/')).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('lists the cancelled GRAs, the latest cancelled first, with their lines', async () => {
    const { steelLpo, glassLpo, glassItem } = await purchases();
    const earlier = await makeGra(db(), steelLpo, { cancelled: true });
    await db().update(gras).set({ cancelled_at: '2026-10-20T10:00:00.000Z' }).where(eq(gras.id, earlier.id));
    const later = await makeGra(db(), glassLpo, { cancelled: true });
    await makeGraItem(db(), later.id, glassItem, { deleted_at: later.cancelled_at! });
    const page = (await (await as('purchase')).get('/gra/cancelled_gras/')).json() as Page<GraView>;
    expect(ids(page)).toEqual([later.id, earlier.id]);
    expect(page.results[0]!.gra_items.map((l) => l.material_name)).toEqual(['Clear glass 5mm']);
  });
});

describe('filter_gras/ (GET /gra/gras/filter_gras/)', () => {
  it('narrows the GRAs in force by period, vendor and material, newest first, with their lines', async () => {
    const { steel, glazier, sheet, glass, steelLpo, steelGra, glassGra } = await purchases();
    await makeGra(db(), steelLpo, { gra_date: '2026-10-11', cancelled: true });
    const purchase = await as('purchase');
    const filter = async (query: string) => ids((await purchase.get(`/gra/gras/filter_gras/?${query}`)).json());

    expect(await filter('')).toEqual([glassGra.id, steelGra.id]);
    expect(await filter('startDate=2026-10-11&endDate=2026-10-31')).toEqual([glassGra.id]);
    expect(await filter('endDate=2026-10-10')).toEqual([steelGra.id]);
    expect(await filter(`vendor=${glazier.id}`)).toEqual([glassGra.id]);
    expect(await filter(`material=${sheet.id}`)).toEqual([steelGra.id]);
    expect(await filter(`vendor=${steel.id}&material=${glass.id}`)).toEqual([]);
    const page = (await purchase.get(`/gra/gras/filter_gras/?vendor=${steel.id}`)).json() as Page<GraView>;
    expect(page.results[0]!.gra_items).toHaveLength(2);
  });
});

describe('GRA lines for the device (GET /gra/gra_items/)', () => {
  it('lists the lines by GRA and material, and a delta carries removed ones', async () => {
    const { steelGra, glassGra, steelLpo, sheetItem, pipe } = await purchases();
    const cancelled = await makeGra(db(), steelLpo, { cancelled: true });
    const removed = await makeGraItem(db(), cancelled.id, sheetItem, { deleted_at: cancelled.cancelled_at! });
    const metal = await as('metal');

    expect((await metal.get(`/gra/gra_items/?gra=${steelGra.id}`)).json().count).toBe(2);
    expect((await metal.get(`/gra/gra_items/?material=${pipe.id}`)).json().results).toEqual([expect.objectContaining({ gra: steelGra.id, material: pipe.id })]);
    expect((await metal.get('/gra/gra_items/')).json().count).toBe(3);
    const delta = (await metal.get('/gra/gra_items/?updated_since=0')).json() as Page<{ id: number; gra: number; deleted_at: string | null }>;
    expect(delta.results.map((r) => r.gra)).toEqual([steelGra.id, steelGra.id, glassGra.id, cancelled.id]);
    expect(delta.results.find((r) => r.id === removed.id)!.deleted_at).not.toBeNull();
  });
});

describe('bad requests', () => {
  it('answers 400 for parameters that are not the list’s, never 500', async () => {
    await purchases();
    const stores = await as('stores');
    for (const url of [
      '/gra/gras/?vendor=abc',
      '/gra/gras/?material=0',
      '/gra/gras/?start_date=10-10-2026',
      '/gra/gras/?ordering=colour',
      '/gra/gras/?colour=red',
      '/gra/gras/?updated_since=yesterday',
      '/gra/gras/?page=0',
      '/gra/gras/filter_gras/?startDate=10-10-2026',
      '/gra/gras/filter_gras/?vendor=abc',
      '/gra/gras/filter_gras/?material=-1',
      '/gra/gras/filter_gras/?colour=red',
      '/gra/cancelled_gras/?page=abc',
      '/gra/cancelled_gras/?vendor=1',
      '/gra/gra_items/?gra=abc',
    ]) {
      expect((await stores.get(url)).statusCode, url).toBe(400);
    }
    const backwards = await stores.get('/gra/gras/filter_gras/?startDate=2026-10-12&endDate=2026-10-10');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ endDate: ['The end date cannot be before the start date.'] });
  });
});

describe('who reads GRAs', () => {
  it('lets stores, purchase, metal, management and accounts read them, and no one else', async () => {
    const { steelGra } = await purchases();
    await expectAccessMatrix(
      app(),
      ['/gra/gras/', `/gra/gras/${steelGra.id}/`, '/gra/cancelled_gras/', '/gra/gras/filter_gras/', '/gra/gra_items/'].map((url) => ({ method: 'GET' as const, url, permission: 'gras.read' as const })),
    );
  });
});
