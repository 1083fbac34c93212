import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, estimationProductDetails, estimations } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeEstimationCategory, makeEstimationMaterial, makeEstimation, makeEstimationProduct } from '../support/factories-estimation';
import { useTestServer, type TestClient } from '../support/server';

/**
 * The costing sheet's API (issue 21 §1): products of an estimation and their costing lines,
 * costed by domain/estimation-costing.ts. The figures are a two-product acrylic display, worked
 * out by hand beside each expectation.
 */

const { app, as, db } = useTestServer();

async function catalogue() {
  const acrylic = await makeEstimationCategory(db(), 'acrylic');
  const ms = await makeEstimationCategory(db(), 'MS');
  const hardware = await makeEstimationCategory(db(), 'hardware');
  return {
    categories: { acrylic, ms, hardware },
    clear: await makeEstimationMaterial(db(), acrylic.id, { name: 'Clear acrylic 5mm', unit: 'SQMTR', rate: '1450.00' }),
    sheet: await makeEstimationMaterial(db(), acrylic.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET', rate: '3200.00' }),
    pipe: await makeEstimationMaterial(db(), ms.id, { name: 'MS square pipe 25x25', unit: 'FEET', rate: '48.50' }),
    angle: await makeEstimationMaterial(db(), ms.id, { name: 'MS angle 40x40', unit: 'KG', rate: '72.00' }),
    screws: await makeEstimationMaterial(db(), hardware.id, { name: 'Screws', unit: 'PCS', rate: '12.50' }),
  };
}

type Catalogue = Awaited<ReturnType<typeof catalogue>>;

/**
 * The display: a counter display (2 of 1,200 × 800 mm, 10% overhead) and a brochure holder (5, no
 * sizes), costed through the API.
 *   Counter display, one unit:
 *     clear acrylic face 1,200 × 800 = 0.96 m² + 10% = 1.056 m² × 1,450.00 = 1,531.20
 *     pipe frame 4 × 1,200 mm = 4,800 mm = 15.748 ft × 48.50 = 763.778, 763.78
 *     16 screws × 12.50 = 200.00
 *     direct 2,494.98; + 10% = 2,744.478, unit price 2,744.48; × 2 = 5,488.96
 *   Brochure holder, one unit:
 *     2 × 610 × 305 = 372,100 mm² of an 8 × 4 sheet (2,976,800 mm²) = 0.125 sheet × 3,200.00 = 400.00
 *     4 screws × 12.50 = 50.00
 *     direct and unit price 450.00; × 5 = 2,250.00
 *   Estimation: 5,488.96 + 2,250.00 = 7,738.96
 */
async function display(design: TestClient, c: Catalogue) {
  const estimation = await makeEstimation(db(), { title: 'Acrylic display' });
  const counter = (await design.post(API.estimationProducts.list, { estimation: estimation.id, name: 'Counter display', quantity: '2', width: '1200', height: '800', overhead_percent: '10' })).json();
  const holder = (await design.post(API.estimationProducts.list, { estimation: estimation.id, name: 'Brochure holder', quantity: '5' })).json();
  const [face] = (await design.post(API.estimationProducts.details(counter.id), { estimation_material: c.clear.id, description: 'Face', wastage_percent: '10' })).json();
  const [frame, screws] = (
    await design.post(API.estimationProducts.details(counter.id), {
      details: [
        { estimation_material: c.pipe.id, description: 'Frame', pieces: '4' },
        { estimation_material: c.screws.id, quantity: '16' },
      ],
    })
  ).json();
  const holderLines = (
    await design.post(API.estimationProducts.details(holder.id), {
      details: [
        { estimation_material: c.sheet.id, pieces: '2', length: '610', width: '305' },
        { estimation_material: c.screws.id, quantity: '4' },
      ],
    })
  ).json();
  return { estimation, counter, holder, face, frame, screws, holderLines };
}

const totalOf = async (id: number) => (await db().select({ total: estimations.total_cost }).from(estimations).where(eq(estimations.id, id)))[0]!.total;

describe('estimation products and their costing lines', () => {
  it('creates a product (201, its view with no lines) and costs lines added one at a time or several, audited', async () => {
    const c = await catalogue();
    const design = await as('design');
    const estimation = await makeEstimation(db());
    const created = await design.post(API.estimationProducts.list, { estimation: estimation.id, name: 'Counter display', quantity: '2', width: '1200', height: '800', overhead_percent: '10' });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe(`"${created.json().version}"`);
    expect(created.json()).toMatchObject({ estimation: estimation.id, name: 'Counter display', quantity: '2.000', width: '1200.000', height: '800.000', depth: null, overhead_percent: '10.00', unit_price: '0.00', details: [], direct_cost: '0.00' });
    expect(created.json().txid).toBeUndefined();

    const one = await design.post(API.estimationProducts.details(created.json().id), { estimation_material: c.clear.id, description: 'Face', wastage_percent: '10' });
    expect(one.statusCode).toBe(201);
    // 1,200 × 800 = 0.96 m² + 10% = 1.056 m² × 1,450.00 = 1,531.20.
    expect(one.json()).toEqual([
      expect.objectContaining({ description: 'Face', measured: true, pieces: '1.000', length: null, width: null, quantity: '1.056', rate: '1450.00', amount: '1531.20', material_name: 'Clear acrylic 5mm', material_unit: 'SQMTR', category: c.categories.acrylic.id, category_name: 'acrylic' }),
    ]);
    const several = await design.post(API.estimationProducts.details(created.json().id), {
      details: [
        { estimation_material: c.pipe.id, pieces: '4' },
        { estimation_material: c.screws.id, quantity: '16', rate: '11.75' },
      ],
    });
    expect(several.statusCode).toBe(201);
    // 4 × 1,200 mm = 15.748 ft × 48.50 = 763.78; 16 × 11.75 (the rate given) = 188.00.
    expect(several.json().map((l: { quantity: string; amount: string; measured: boolean }) => [l.quantity, l.amount, l.measured])).toEqual([
      ['15.748', '763.78', true],
      ['16.000', '188.00', false],
    ]);
    // 1,531.20 + 763.78 + 188.00 = 2,482.98; + 10% = 2,731.278, 2,731.28; × 2 = 5,462.56.
    expect((await design.get(API.estimationProducts.detail(created.json().id))).json()).toMatchObject({ unit_price: '2731.28', direct_cost: '2482.98' });
    expect(await totalOf(estimation.id)).toBe('5462.56');
    const actions = (await db().select({ action: auditLog.action, username: auditLog.username }).from(auditLog)).filter((a) => a.action.startsWith('estimation_product'));
    expect(actions).toEqual([
      { action: 'estimation_product.create', username: 'design' },
      { action: 'estimation_product_detail.create', username: 'design' },
      { action: 'estimation_product_detail.create', username: 'design' },
    ]);
  });

  it('works out the display’s totals, breakdown by category and line count', async () => {
    const c = await catalogue();
    const design = await as('design');
    const { estimation, counter, holder } = await display(design, c);
    const lines = (await design.get(API.estimationProducts.details(counter.id))).json();
    expect(lines.map((l: { description: string; amount: string }) => [l.description, l.amount])).toEqual([
      ['Face', '1531.20'],
      ['Frame', '763.78'],
      ['', '200.00'],
    ]);
    expect((await design.get(API.estimationProducts.totalCost(counter.id))).json()).toEqual({ product: counter.id, quantity: '2.000', direct_cost: '2494.98', overhead_percent: '10.00', unit_price: '2744.48', total_cost: '5488.96' });
    expect((await design.get(API.estimationProducts.totalCost(holder.id))).json()).toEqual({ product: holder.id, quantity: '5.000', direct_cost: '450.00', overhead_percent: '0.00', unit_price: '450.00', total_cost: '2250.00' });
    expect(await totalOf(estimation.id)).toBe('7738.96');
    expect((await design.get(API.estimationProducts.costBreakdown(counter.id))).json()).toEqual([
      { category: c.categories.acrylic.id, category_name: 'acrylic', amount: '1531.20' },
      { category: c.categories.ms.id, category_name: 'MS', amount: '763.78' },
      { category: c.categories.hardware.id, category_name: 'hardware', amount: '200.00' },
    ]);
    expect((await design.get(API.estimationProducts.materialCount(counter.id))).json()).toEqual({ count: 3 });
    expect((await design.get(API.estimationProducts.materialCount(holder.id))).json()).toEqual({ count: 2 });
  });

  it('costs the measured lines again when the sizes change, and re-totals on overhead and quantity', async () => {
    const c = await catalogue();
    const design = await as('design');
    const { estimation, counter } = await display(design, c);
    const resized = await design.patch(API.estimationProducts.detail(counter.id), { width: '1000' }, { 'if-match': `"${(await design.get(API.estimationProducts.detail(counter.id))).json().version}"` });
    expect(resized.statusCode).toBe(200);
    // Face 1,000 × 800 = 0.8 m² + 10% = 0.88 × 1,450.00 = 1,276.00; frame 4,000 mm = 13.123 ft × 48.50 = 636.4655, 636.47;
    // screws 200.00 (typed, unchanged). Direct 2,112.47; + 10% = 2,323.717, 2,323.72; × 2 = 4,647.44; + 2,250.00 = 6,897.44.
    expect(resized.json().details.map((l: { quantity: string; amount: string }) => [l.quantity, l.amount])).toEqual([
      ['0.880', '1276.00'],
      ['13.123', '636.47'],
      ['16.000', '200.00'],
    ]);
    expect(resized.json()).toMatchObject({ width: '1000.000', direct_cost: '2112.47', unit_price: '2323.72' });
    expect(await totalOf(estimation.id)).toBe('6897.44');
    // No overhead and 3 of them: 2,112.47 × 3 = 6,337.41; + 2,250.00 = 8,587.41.
    const retotalled = await design.patch(API.estimationProducts.detail(counter.id), { overhead_percent: '0', quantity: '3' });
    expect(retotalled.json()).toMatchObject({ unit_price: '2112.47', quantity: '3.000' });
    expect(await totalOf(estimation.id)).toBe('8587.41');
    expect((await design.patch(API.estimationProducts.detail(counter.id), { name: 'Stale' }, { 'if-match': '"1"' })).statusCode).toBe(409);
    // The height taken away leaves the face unmeasurable: refused, nothing changed.
    const unmeasurable = await design.patch(API.estimationProducts.detail(counter.id), { height: null });
    expect(unmeasurable.statusCode).toBe(400);
    expect(unmeasurable.json()).toEqual({ non_field_errors: ['A width is required: give the part or the product a height.'] });
    expect((await design.get(API.estimationProducts.detail(counter.id))).json()).toMatchObject({ height: '800.000', unit_price: '2112.47' });
  });

  it('reads, changes (costed again) and removes one line', async () => {
    const c = await catalogue();
    const design = await as('design');
    const { estimation, counter, face, screws } = await display(design, c);
    const read = await design.get(API.estimationProductDetails.detail(face.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: face.id, product: counter.id, amount: '1531.20', material_name: 'Clear acrylic 5mm', category_name: 'acrylic' });
    // No wastage: 0.96 m² × 1,450.00 = 1,392.00.
    const changed = await design.patch(API.estimationProductDetails.detail(face.id), { wastage_percent: '0' }, { 'if-match': `"${read.json().version}"` });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ quantity: '0.960', amount: '1392.00', measured: true, rate: '1450.00' });
    // 20 screws at 12.00 = 240.00.
    expect((await design.patch(API.estimationProductDetails.detail(screws.id), { quantity: '20', rate: '12' })).json()).toMatchObject({ quantity: '20.000', rate: '12.00', amount: '240.00', measured: false });
    // Direct 1,392.00 + 763.78 + 240.00 = 2,395.78; + 10% = 2,635.358, 2,635.36; × 2 = 5,270.72; + 2,250.00 = 7,520.72.
    expect((await design.get(API.estimationProducts.totalCost(counter.id))).json()).toMatchObject({ direct_cost: '2395.78', unit_price: '2635.36', total_cost: '5270.72' });
    expect(await totalOf(estimation.id)).toBe('7520.72');
    expect((await design.patch(API.estimationProductDetails.detail(face.id), { wastage_percent: '1' }, { 'if-match': '"1"' })).statusCode).toBe(409);

    expect((await design.delete(API.estimationProductDetails.detail(screws.id))).statusCode).toBe(204);
    expect((await design.get(API.estimationProductDetails.detail(screws.id))).statusCode).toBe(404);
    expect((await design.get(API.estimationProducts.materialCount(counter.id))).json()).toEqual({ count: 2 });
    // 1,392.00 + 763.78 = 2,155.78; + 10% = 2,371.358, 2,371.36; × 2 = 4,742.72; + 2,250.00 = 6,992.72.
    expect(await totalOf(estimation.id)).toBe('6992.72');
  });

  it('removes a product with its lines and re-totals its estimation', async () => {
    const c = await catalogue();
    const design = await as('design');
    const { estimation, counter, face } = await display(design, c);
    expect((await design.delete(API.estimationProducts.detail(counter.id))).statusCode).toBe(204);
    expect((await design.get(API.estimationProducts.detail(counter.id))).statusCode).toBe(404);
    expect((await design.get(API.estimationProductDetails.detail(face.id))).statusCode).toBe(404);
    const [line] = await db().select({ deleted_at: estimationProductDetails.deleted_at }).from(estimationProductDetails).where(eq(estimationProductDetails.id, face.id));
    expect(line!.deleted_at).not.toBeNull();
    expect(await totalOf(estimation.id)).toBe('2250.00');
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_product.delete'))).toEqual([expect.objectContaining({ target: `estimation_products:${counter.id}`, risk_level: 'medium' })]);
  });

  it('saves the costing sheet in one call: named lines changed, new ones added, the rest removed', async () => {
    const c = await catalogue();
    const design = await as('design');
    const { estimation, holder, holderLines } = await display(design, c);
    const [sheetLine, screwLine] = holderLines;
    const saved = await design.post(API.estimationProducts.detailsWithCostUpdate(holder.id), {
      details: [
        { id: sheetLine.id, estimation_material: c.sheet.id, pieces: '2', length: '610', width: '305', wastage_percent: '10' },
        { estimation_material: c.pipe.id, description: 'Stand', pieces: '2', length: '500' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    // Sheet 0.125 + 10% = 0.1375, 0.138 sheet × 3,200.00 = 441.60; stand 2 × 500 mm = 3.281 ft × 48.50 = 159.1285, 159.13.
    // Direct and unit price 600.73; × 5 = 3,003.65; + 5,488.96 = 8,492.61.
    expect(saved.json()).toMatchObject({ id: holder.id, direct_cost: '600.73', unit_price: '600.73' });
    expect(saved.json().details.map((l: { id: number; quantity: string; amount: string }) => [l.id === sheetLine.id, l.quantity, l.amount])).toEqual([
      [true, '0.138', '441.60'],
      [false, '3.281', '159.13'],
    ]);
    expect((await design.get(API.estimationProductDetails.detail(screwLine.id))).statusCode).toBe(404);
    expect(await totalOf(estimation.id)).toBe('8492.61');
    expect(await db().select({ metadata: auditLog.metadata }).from(auditLog).where(eq(auditLog.action, 'estimation_product.save_costing'))).toEqual([
      { metadata: { estimation: estimation.id, changed: 1, added: 1, removed: 1, unit_price: '600.73' } },
    ]);

    // One bad line refuses the whole save, naming it; nothing changes.
    const refused = await design.post(API.estimationProducts.detailsWithCostUpdate(holder.id), {
      details: [{ estimation_material: c.screws.id }, { id: 99999, estimation_material: c.sheet.id, quantity: '1' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ 'details.1.id': ['The product has no costing line 99999.'] });
    const measuredCount = await design.post(API.estimationProducts.detailsWithCostUpdate(holder.id), { details: [{ estimation_material: c.screws.id }] });
    expect(measuredCount.json()).toEqual({ 'details.0.quantity': ['A quantity is required for a material counted by hand.'] });
    const repeated = await design.post(API.estimationProducts.detailsWithCostUpdate(holder.id), {
      details: [
        { id: sheetLine.id, estimation_material: c.sheet.id, quantity: '1' },
        { id: sheetLine.id, estimation_material: c.sheet.id, quantity: '2' },
      ],
    });
    expect(repeated.json()).toEqual({ 'details.1.id': [`The costing line ${sheetLine.id} is given twice.`] });
    expect((await design.get(API.estimationProducts.materialCount(holder.id))).json()).toEqual({ count: 2 });
    expect(
      (await design.post(API.estimationProducts.detailsWithCostUpdate(holder.id), { details: [], expected_version: 1 })).statusCode,
    ).toBe(409);
    // An empty sheet removes every line.
    expect((await design.post(API.estimationProducts.detailsWithCostUpdate(holder.id), { details: [] })).json()).toMatchObject({ details: [], direct_cost: '0.00', unit_price: '0.00' });
  });

  it('changes nothing of an estimation that is not in costing or rejected, or was cancelled', async () => {
    const c = await catalogue();
    const design = await as('design');
    const product = { name: 'Stand', quantity: '1', width: '1000', height: '500' };
    const rejected = await makeEstimation(db(), { status: 'rejected' });
    expect((await design.post(API.estimationProducts.list, { ...product, estimation: rejected.id })).statusCode).toBe(201);
    const cases = [
      ['submitted', 'This estimation is waiting for approval: its products and costing lines can be changed only while it is in costing or rejected.'],
      ['approved', 'This estimation is approved: its products and costing lines can be changed only while it is in costing or rejected.'],
      ['quoted', 'This estimation is quoted: its products and costing lines can be changed only while it is in costing or rejected.'],
    ] as const;
    for (const [status, message] of cases) {
      const estimation = await makeEstimation(db(), { status });
      const res = await design.post(API.estimationProducts.list, { ...product, estimation: estimation.id });
      expect(res.statusCode, status).toBe(400);
      expect(res.json(), status).toEqual({ estimation: [message] });
      const existing = await makeEstimationProduct(db(), estimation.id, { width: '1000', height: '500' });
      const line = await design.post(API.estimationProducts.details(existing.id), { estimation_material: c.screws.id, quantity: '1' });
      expect(line.json(), status).toEqual({ non_field_errors: [message] });
      expect((await design.patch(API.estimationProducts.detail(existing.id), { quantity: '2' })).json(), status).toEqual({ non_field_errors: [message] });
      expect((await design.delete(API.estimationProducts.detail(existing.id))).json(), status).toEqual({ non_field_errors: [message] });
      expect((await design.post(API.estimationProducts.detailsWithCostUpdate(existing.id), { details: [] })).json(), status).toEqual({ non_field_errors: [message] });
      // Reading stays open.
      expect((await design.get(API.estimationProducts.totalCost(existing.id))).statusCode, status).toBe(200);
    }
    const cancelled = await makeEstimation(db(), { deleted: true });
    expect((await design.post(API.estimationProducts.list, { ...product, estimation: cancelled.id })).json()).toEqual({ estimation: ['This estimation was cancelled: its products and costing lines cannot be changed.'] });
  });

  it('names the field of every bad input', async () => {
    const c = await catalogue();
    const design = await as('design');
    const { counter, face } = await display(design, c);
    const productCases: [unknown, string, string][] = [
      [{ name: 'X' }, 'estimation', 'This field is required.'],
      [{ estimation: 99999, name: 'X' }, 'estimation', 'Invalid pk "99999" - object does not exist.'],
      [{ estimation: counter.estimation, name: 'X', quantity: '0' }, 'quantity', 'Enter a quantity above zero.'],
      [{ estimation: counter.estimation, name: 'X', width: '-1' }, 'width', 'Enter zero or more.'],
      [{ estimation: counter.estimation, name: 'X', overhead_percent: 'ten' }, 'overhead_percent', 'A valid number is required.'],
    ];
    for (const [body, field, message] of productCases) {
      const res = await design.post(API.estimationProducts.list, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ [field]: [message] });
    }
    const lineCases: [unknown, Record<string, string[]>][] = [
      [{ estimation_material: 99999, quantity: '1' }, { estimation_material: ['Invalid pk "99999" - object does not exist.'] }],
      [{ estimation_material: c.screws.id }, { quantity: ['A quantity is required for a material counted by hand.'] }],
      [{ estimation_material: c.angle.id, length: '750' }, { quantity: ['The material has no weight per metre: set it before costing by weight.'] }],
      [{ estimation_material: c.screws.id, quantity: '1', pieces: '0' }, { pieces: ['Enter a quantity above zero.'] }],
      [{ details: [{ estimation_material: c.pipe.id }, { estimation_material: c.screws.id }] }, { 'details.1.quantity': ['A quantity is required for a material counted by hand.'] }],
      [{ details: [] }, { details: ['Give at least one costing line.'] }],
    ];
    for (const [body, errors] of lineCases) {
      const res = await design.post(API.estimationProducts.details(counter.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    expect((await design.get(API.estimationProducts.materialCount(counter.id))).json()).toEqual({ count: 3 });
    expect((await design.patch(API.estimationProductDetails.detail(face.id), { product: 99 })).json()).toEqual({ product: ['A costing line cannot move to another product.'] });
    expect((await design.patch(API.estimationProductDetails.detail(face.id), { estimation_material: c.screws.id })).json()).toEqual({ quantity: ['A quantity is required for a material counted by hand.'] });
    expect((await design.patch(API.estimationProducts.detail(counter.id), { estimation: counter.estimation + 1 })).json()).toEqual({ estimation: ['A product cannot move to another estimation.'] });
    for (const url of [API.estimationProducts.detail(99999), API.estimationProducts.details(99999), API.estimationProducts.totalCost(99999), API.estimationProducts.costBreakdown(99999), API.estimationProducts.materialCount(99999), API.estimationProductDetails.detail(99999)]) {
      expect((await design.get(url)).statusCode, url).toBe(404);
    }
    expect((await design.post(API.estimationProducts.details(99999), { estimation_material: c.screws.id, quantity: '1' })).statusCode).toBe(404);
  });

  it('lets design write, sales and the workshops read, and stores neither', async () => {
    const c = await catalogue();
    const design = await as('design');
    const { estimation, counter, face } = await display(design, c);
    const sales = await as('sales.exec');
    expect((await sales.get(API.estimationProducts.totalCost(counter.id))).statusCode).toBe(200);
    expect((await sales.get(API.estimationProductDetails.detail(face.id))).statusCode).toBe(200);
    expect((await sales.post(API.estimationProducts.details(counter.id), { estimation_material: c.screws.id, quantity: '1' })).statusCode).toBe(403);
    const stores = await as('stores');
    expect((await stores.get(API.estimationProducts.details(counter.id))).statusCode).toBe(403);
    expect((await stores.patch(API.estimationProducts.detail(counter.id), { quantity: '3' })).statusCode).toBe(403);
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.estimationProducts.detail(counter.id), permission: 'estimations.read' },
      { method: 'GET', url: API.estimationProducts.details(counter.id), permission: 'estimations.read' },
      { method: 'GET', url: API.estimationProducts.totalCost(counter.id), permission: 'estimations.read' },
      { method: 'GET', url: API.estimationProducts.costBreakdown(counter.id), permission: 'estimations.read' },
      { method: 'GET', url: API.estimationProducts.materialCount(counter.id), permission: 'estimations.read' },
      { method: 'GET', url: API.estimationProductDetails.detail(face.id), permission: 'estimations.read' },
      { method: 'POST', url: API.estimationProducts.list, body: { estimation: estimation.id }, permission: 'estimations.write' },
      { method: 'PATCH', url: API.estimationProducts.detail(counter.id), body: { name: '' }, permission: 'estimations.write' },
      { method: 'POST', url: API.estimationProducts.details(counter.id), body: { details: [] }, permission: 'estimations.write' },
      { method: 'POST', url: API.estimationProducts.detailsWithCostUpdate(counter.id), body: { details: 'none' }, permission: 'estimations.write' },
      { method: 'PATCH', url: API.estimationProductDetails.detail(face.id), body: { pieces: '0' }, permission: 'estimations.write' },
      { method: 'DELETE', url: API.estimationProductDetails.detail(99999), permission: 'estimations.write' },
      { method: 'DELETE', url: API.estimationProducts.detail(99999), permission: 'estimations.write' },
      { method: 'PATCH', url: API.estimationProducts.bulkUpdateCosts, body: { updates: [] }, permission: 'estimation-materials.write' },
    ]);
  });
});
