import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, boqDrafts, estimationProducts, estimations } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { addCostingLine, makeEstimation, makeEstimationCategory, makeEstimationMaterial, makeEstimationProduct } from '../support/factories-estimation';
import { useTestServer, type TestClient } from '../support/server';

/**
 * Bill-of-quantities drafts (business-areas.md §3, issue 21 §1, decision 363): sizes and a
 * quantity kept beside an estimation product; "Use these sizes" makes them the product's and
 * costs it again. The figures are worked out by hand beside each expectation.
 */

const { app, as, db } = useTestServer();

/**
 * A counter display (2 of 1,200 × 800 mm, 10% overhead) beside a brochure holder (5 at 50.00):
 *   face, clear acrylic on the product's face: 1,200 × 800 = 0.96 m² + 10% = 1.056 m² × 1,450.00 = 1,531.20
 *   stand, 2 × 500 mm of pipe (its own length) = 3.281 ft × 48.50 = 159.1285, 159.13
 *   16 screws × 12.50 = 200.00
 *   direct 1,890.33; + 10% = 2,079.363, unit price 2,079.36; × 2 = 4,158.72
 *   holder: 4 screws × 12.50 = 50.00; × 5 = 250.00. Estimation: 4,158.72 + 250.00 = 4,408.72
 */
async function counterDisplay(design: TestClient) {
  const acrylic = await makeEstimationCategory(db(), 'acrylic');
  const clear = await makeEstimationMaterial(db(), acrylic.id, { name: 'Clear acrylic 5mm', unit: 'SQMTR', rate: '1450.00' });
  const pipe = await makeEstimationMaterial(db(), acrylic.id, { name: 'MS square pipe 25x25', unit: 'FEET', rate: '48.50' });
  const screws = await makeEstimationMaterial(db(), acrylic.id, { name: 'Screws', unit: 'PCS', rate: '12.50' });
  const estimation = await makeEstimation(db(), { title: 'Counter display' });
  const counter = (await design.post(API.estimationProducts.list, { estimation: estimation.id, name: 'Counter display', quantity: '2', width: '1200', height: '800', overhead_percent: '10' })).json();
  await design.post(API.estimationProducts.details(counter.id), {
    details: [
      { estimation_material: clear.id, description: 'Face', wastage_percent: '10' },
      { estimation_material: pipe.id, description: 'Stand', pieces: '2', length: '500' },
      { estimation_material: screws.id, quantity: '16' },
    ],
  });
  const holder = await makeEstimationProduct(db(), estimation.id, { name: 'Brochure holder', quantity: '5' });
  await addCostingLine(db(), holder.id, { quantity: '4', rate: '12.50', material: screws.id });
  return { estimation, counter };
}

const totalOf = async (id: number) => (await db().select({ total: estimations.total_cost }).from(estimations).where(eq(estimations.id, id)))[0]!.total;
const draftAudit = () => db().select({ action: auditLog.action, target: auditLog.target, username: auditLog.username, metadata: auditLog.metadata }).from(auditLog).where(like(auditLog.action, 'boq_draft.%')).orderBy(auditLog.id);

describe('bill-of-quantities drafts', () => {
  it('keeps a product’s drafts (added, listed oldest first, changed, removed), each write audited', async () => {
    const design = await as('design');
    const { estimation, counter } = await counterDisplay(design);
    const customers = await design.post(API.boqDrafts.list, { product: counter.id, width: '1200', depth: '600', height: '800', quantity: '2' });
    expect(customers.statusCode).toBe(201);
    expect(customers.headers.etag).toBe(`"${customers.json().version}"`);
    expect(customers.json()).toMatchObject({ product: counter.id, width: '1200.000', depth: '600.000', height: '800.000', quantity: '2.000', deleted_at: null });
    expect(customers.json().txid).toBeUndefined();
    const measured = await design.post(API.boqDrafts.list, { product: counter.id, width: '1000', height: '700', quantity: '3' });
    expect(measured.json()).toMatchObject({ width: '1000.000', depth: null, height: '700.000', quantity: '3.000' });

    const list = await design.get(`${API.boqDrafts.list}?product=${counter.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { id: number; width: string; quantity: string }) => [d.id, d.width, d.quantity])).toEqual([
      [customers.json().id, '1200.000', '2.000'],
      [measured.json().id, '1000.000', '3.000'],
    ]);

    const changed = await design.patch(API.boqDrafts.detail(measured.json().id), { depth: '450' }, { 'if-match': `"${measured.json().version}"` });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ width: '1000.000', depth: '450.000', height: '700.000', quantity: '3.000' });
    expect((await design.patch(API.boqDrafts.detail(measured.json().id), { quantity: '4' }, { 'if-match': `"${measured.json().version}"` })).statusCode).toBe(409);

    expect((await design.delete(API.boqDrafts.detail(customers.json().id))).statusCode).toBe(204);
    expect((await design.get(`${API.boqDrafts.list}?product=${counter.id}`)).json().map((d: { id: number }) => d.id)).toEqual([measured.json().id]);
    const [removed] = await db().select({ deleted_at: boqDrafts.deleted_at }).from(boqDrafts).where(eq(boqDrafts.id, customers.json().id));
    expect(removed!.deleted_at).not.toBeNull();
    expect((await design.patch(API.boqDrafts.detail(customers.json().id), { quantity: '1' })).statusCode).toBe(404);

    // Drafts are beside the costing: the product and its estimation are as they were.
    expect((await design.get(API.estimationProducts.detail(counter.id))).json()).toMatchObject({ width: '1200.000', height: '800.000', quantity: '2.000', unit_price: '2079.36' });
    expect(await totalOf(estimation.id)).toBe('4408.72');
    expect(await draftAudit()).toEqual([
      { action: 'boq_draft.create', target: `boq_drafts:${customers.json().id}`, username: 'design', metadata: { product: counter.id, width: '1200.000', depth: '600.000', height: '800.000', quantity: '2.000' } },
      { action: 'boq_draft.create', target: `boq_drafts:${measured.json().id}`, username: 'design', metadata: { product: counter.id, width: '1000.000', depth: null, height: '700.000', quantity: '3.000' } },
      { action: 'boq_draft.update', target: `boq_drafts:${measured.json().id}`, username: 'design', metadata: { product: counter.id, width: '1000.000', depth: '450.000', height: '700.000', quantity: '3.000', fields: ['depth'] } },
      { action: 'boq_draft.delete', target: `boq_drafts:${customers.json().id}`, username: 'design', metadata: { product: counter.id, width: '1200.000', depth: '600.000', height: '800.000', quantity: '2.000' } },
    ]);
  });

  it('reads the drafts of every live product of an estimation in one read, oldest first; another estimation’s and a removed product’s are left out', async () => {
    const design = await as('design');
    const { estimation, counter } = await counterDisplay(design);
    const [holder] = await db().select({ id: estimationProducts.id }).from(estimationProducts).where(eq(estimationProducts.name, 'Brochure holder'));
    const stand = (await design.post(API.estimationProducts.list, { estimation: estimation.id, name: 'Floor stand', quantity: '1' })).json();
    const first = (await design.post(API.boqDrafts.list, { product: counter.id, width: '1200', height: '800', quantity: '2' })).json();
    const holderDraft = (await design.post(API.boqDrafts.list, { product: holder!.id, width: '300', quantity: '5' })).json();
    const second = (await design.post(API.boqDrafts.list, { product: counter.id, width: '1000', height: '700', quantity: '3' })).json();
    await design.post(API.boqDrafts.list, { product: stand.id, height: '1800', quantity: '1' });
    const other = await makeEstimation(db(), { title: 'Another display' });
    const otherProduct = (await design.post(API.estimationProducts.list, { estimation: other.id, name: 'Shelf', quantity: '1' })).json();
    await design.post(API.boqDrafts.list, { product: otherProduct.id, width: '900', quantity: '1' });
    expect((await design.delete(API.estimationProducts.detail(stand.id))).statusCode).toBe(204);

    const list = await design.get(`${API.boqDrafts.list}?estimation=${estimation.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { id: number; product: number; width: string | null; quantity: string }) => [d.id, d.product, d.width, d.quantity])).toEqual([
      [first.id, counter.id, '1200.000', '2.000'],
      [holderDraft.id, holder!.id, '300.000', '5.000'],
      [second.id, counter.id, '1000.000', '3.000'],
    ]);
    expect((await design.get(`${API.boqDrafts.list}?estimation=99999`)).statusCode).toBe(404);
    expect((await design.get(`${API.boqDrafts.list}?estimation=seven`)).json()).toEqual({ estimation: ['A valid integer is required.'] });
  });

  it('uses a draft’s sizes: the product takes them, its face is measured again, its unit price and the estimation’s total follow', async () => {
    const design = await as('design');
    const { estimation, counter } = await counterDisplay(design);
    expect(await totalOf(estimation.id)).toBe('4408.72');
    const site = (await design.post(API.boqDrafts.list, { product: counter.id, width: '1000', depth: '450', height: '700', quantity: '3' })).json();

    const applied = await design.post(API.boqDrafts.apply(site.id));
    expect(applied.statusCode).toBe(200);
    expect(applied.headers.etag).toBe(`"${applied.json().version}"`);
    // Face 1,000 × 700 = 0.7 m² + 10% = 0.77 m² × 1,450.00 = 1,116.50; the stand keeps its own length (159.13);
    // screws 200.00 (typed). Direct 1,475.63; + 10% = 1,623.193, unit price 1,623.19; × 3 = 4,869.57; + 250.00 = 5,119.57.
    expect(applied.json()).toMatchObject({ id: counter.id, width: '1000.000', depth: '450.000', height: '700.000', quantity: '3.000', direct_cost: '1475.63', unit_price: '1623.19' });
    expect(applied.json().details.map((l: { description: string; quantity: string; amount: string }) => [l.description, l.quantity, l.amount])).toEqual([
      ['Face', '0.770', '1116.50'],
      ['Stand', '3.281', '159.13'],
      ['', '16.000', '200.00'],
    ]);
    expect((await design.get(API.estimationProducts.totalCost(counter.id))).json()).toEqual({ product: counter.id, quantity: '3.000', direct_cost: '1475.63', overhead_percent: '10.00', unit_price: '1623.19', total_cost: '4869.57' });
    expect(await totalOf(estimation.id)).toBe('5119.57');
    // The draft stays, to be used again.
    expect((await design.get(`${API.boqDrafts.list}?product=${counter.id}`)).json()).toEqual([expect.objectContaining({ id: site.id, quantity: '3.000' })]);
    expect((await draftAudit()).at(-1)).toEqual({
      action: 'boq_draft.apply',
      target: `boq_drafts:${site.id}`,
      username: 'design',
      metadata: { product: counter.id, width: '1000.000', depth: '450.000', height: '700.000', quantity: '3.000', estimation: estimation.id, resized: true, unit_price: '1623.19' },
    });

    // A draft without a height leaves the face unmeasurable: refused, nothing changed, nothing audited.
    const flat = (await design.post(API.boqDrafts.list, { product: counter.id, width: '900', quantity: '1' })).json();
    const refused = await design.post(API.boqDrafts.apply(flat.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['A width is required: give the part or the product a height.'] });
    expect((await design.get(API.estimationProducts.detail(counter.id))).json()).toMatchObject({ width: '1000.000', height: '700.000', quantity: '3.000', unit_price: '1623.19' });
    expect(await totalOf(estimation.id)).toBe('5119.57');
    expect((await draftAudit()).map((a) => a.action)).toEqual(['boq_draft.create', 'boq_draft.apply', 'boq_draft.create']);
  });

  it('changes no draft of an estimation that is not in costing or rejected', async () => {
    const design = await as('design');
    const { estimation, counter } = await counterDisplay(design);
    const draft = (await design.post(API.boqDrafts.list, { product: counter.id, width: '1000', height: '700', quantity: '3' })).json();
    await db().update(estimations).set({ status: 'approved' }).where(eq(estimations.id, estimation.id));
    const approved = { non_field_errors: ['This estimation is approved: its products and costing lines can be changed only while it is in costing or rejected.'] };
    const calls = [
      await design.post(API.boqDrafts.list, { product: counter.id, width: '900', height: '600', quantity: '1' }),
      await design.patch(API.boqDrafts.detail(draft.id), { quantity: '4' }),
      await design.delete(API.boqDrafts.detail(draft.id)),
      await design.post(API.boqDrafts.apply(draft.id)),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(approved);
    }
    // Reading stays open; the product and its total are as they were.
    expect((await design.get(`${API.boqDrafts.list}?product=${counter.id}`)).json()).toEqual([expect.objectContaining({ id: draft.id, quantity: '3.000' })]);
    expect((await design.get(API.estimationProducts.detail(counter.id))).json()).toMatchObject({ width: '1200.000', quantity: '2.000', unit_price: '2079.36' });
    expect(await totalOf(estimation.id)).toBe('4408.72');
    await db().update(estimations).set({ deleted_at: '2026-11-27T10:00:00Z' }).where(eq(estimations.id, estimation.id));
    expect((await design.post(API.boqDrafts.apply(draft.id))).json()).toEqual({ non_field_errors: ['This estimation was cancelled: its products and costing lines cannot be changed.'] });
  });

  it('names the field of every bad input; an unknown product or draft is not found', async () => {
    const design = await as('design');
    const { counter } = await counterDisplay(design);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ width: '1000', quantity: '1' }, { product: ['This field is required.'] }],
      [{ product: 99999, quantity: '1' }, { product: ['Invalid pk "99999" - object does not exist.'] }],
      // A missing decimal reads as no number, as everywhere in the API (estimation-approval's margin_percent).
      [{ product: counter.id }, { quantity: ['A valid number is required.'] }],
      [{ product: counter.id, quantity: '0' }, { quantity: ['Enter a quantity above zero.'] }],
      [{ product: counter.id, quantity: '1', width: '-1' }, { width: ['Enter zero or more.'] }],
      [{ product: counter.id, quantity: '1', height: 'tall' }, { height: ['A valid number is required.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await design.post(API.boqDrafts.list, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    const draft = (await design.post(API.boqDrafts.list, { product: counter.id, quantity: '1' })).json();
    expect(draft).toMatchObject({ width: null, depth: null, height: null, quantity: '1.000' });
    expect((await design.patch(API.boqDrafts.detail(draft.id), { quantity: '-2' })).json()).toEqual({ quantity: ['Enter a quantity above zero.'] });
    expect((await design.patch(API.boqDrafts.detail(draft.id), { depth: '-5' })).json()).toEqual({ depth: ['Enter zero or more.'] });
    expect((await design.patch(API.boqDrafts.detail(draft.id), { product: counter.id + 1 })).json()).toEqual({ product: ['A bill-of-quantities draft cannot move to another product.'] });
    expect((await design.get(API.boqDrafts.list)).json()).toEqual({ product: ['This field is required.'] });
    expect((await design.get(`${API.boqDrafts.list}?product=seven`)).json()).toEqual({ product: ['A valid integer is required.'] });
    expect((await design.get(`${API.boqDrafts.list}?product=99999`)).statusCode).toBe(404);
    expect((await design.patch(API.boqDrafts.detail(99999), { quantity: '1' })).statusCode).toBe(404);
    expect((await design.delete(API.boqDrafts.detail(99999))).statusCode).toBe(404);
    expect((await design.post(API.boqDrafts.apply(99999))).statusCode).toBe(404);
    expect((await design.get(`${API.boqDrafts.list}?product=${counter.id}`)).json()).toEqual([expect.objectContaining({ id: draft.id, quantity: '1.000' })]);
  });

  it('lets design write and sales read; every role as the permissions say', async () => {
    const design = await as('design');
    const { counter } = await counterDisplay(design);
    const draft = (await design.post(API.boqDrafts.list, { product: counter.id, width: '1000', height: '700', quantity: '3' })).json();
    const sales = await as('sales.exec');
    expect((await sales.get(`${API.boqDrafts.list}?product=${counter.id}`)).statusCode).toBe(200);
    expect((await sales.post(API.boqDrafts.apply(draft.id))).statusCode).toBe(403);
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${API.boqDrafts.list}?product=${counter.id}`, permission: 'estimations.read' },
      { method: 'POST', url: API.boqDrafts.list, body: { product: counter.id }, permission: 'estimations.write' },
      { method: 'PATCH', url: API.boqDrafts.detail(draft.id), body: { quantity: '0' }, permission: 'estimations.write' },
      { method: 'DELETE', url: API.boqDrafts.detail(99999), permission: 'estimations.write' },
      { method: 'POST', url: API.boqDrafts.apply(99999), permission: 'estimations.write' },
    ]);
  });
});
