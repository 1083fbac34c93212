import { describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import type { EstimationStatus } from '../../domain/estimation';
import { auditLog, estimationMaterials, estimationProductDetails, estimationProducts, estimations, estimationVersions } from '../../server/db/schema';
import { makeEstimationCategory, addCostingLine, makeEstimationMaterial, makeEstimation, makeEstimationProduct } from '../support/factories-estimation';
import { useTestServer } from '../support/server';
import { recostProducts } from '../../server/modules/estimations/costing-store';

/**
 * Re-pricing (PATCH estimation-products/bulk-update-costs/): new material rates reach the costing
 * lines of open estimations only (draft, submitted); what was approved, rejected or quoted stays
 * as it was sent. Each touched estimation is re-totalled and keeps a costing version.
 */

const { as, db } = useTestServer();

/** An estimation with one product of one pipe line: 10 ft × 48.50 = 485.00. */
async function onePipeLine(pipe: number, status: EstimationStatus, deleted = false) {
  const estimation = await makeEstimation(db(), { status });
  const product = await makeEstimationProduct(db(), estimation.id);
  const line = await addCostingLine(db(), product.id, { material: pipe, quantity: '10.000', rate: '48.50' });
  if (deleted) await db().update(estimations).set({ deleted_at: sql`now()` as unknown as string }).where(eq(estimations.id, estimation.id));
  return { estimation, product, line };
}

async function costings() {
  const ms = await makeEstimationCategory(db(), 'MS');
  const hardware = await makeEstimationCategory(db(), 'hardware');
  const pipe = await makeEstimationMaterial(db(), ms.id, { name: 'MS square pipe 25x25', unit: 'FEET', rate: '48.50' });
  const screws = await makeEstimationMaterial(db(), hardware.id, { name: 'Screws', unit: 'PCS', rate: '12.50' });
  // A draft: 2 of a product of 12 ft (582.00) + 7.874 ft (381.89) of pipe, 8 screws (100.00) and
  // 2 ft of pipe already at 50.00 (100.00): unit price 1,163.89, total 2,327.78.
  const draft = await makeEstimation(db(), { status: 'draft' });
  const product = await makeEstimationProduct(db(), draft.id, { quantity: '2' });
  const frame = await addCostingLine(db(), product.id, { material: pipe.id, quantity: '12.000', rate: '48.50' });
  const legs = await addCostingLine(db(), product.id, { material: pipe.id, quantity: '7.874', rate: '48.50' });
  const fixings = await addCostingLine(db(), product.id, { material: screws.id, quantity: '8.000', rate: '12.50' });
  const atNewRate = await addCostingLine(db(), product.id, { material: pipe.id, quantity: '2.000', rate: '50.00' });
  // A removed line and a removed product of the draft stay as they are.
  const removedLine = await addCostingLine(db(), product.id, { material: pipe.id, quantity: '1.000', rate: '48.50' });
  await db().update(estimationProductDetails).set({ deleted_at: sql`now()` as unknown as string }).where(eq(estimationProductDetails.id, removedLine.id));
  const removedProduct = await makeEstimationProduct(db(), draft.id);
  const removedProductLine = await addCostingLine(db(), removedProduct.id, { material: pipe.id, quantity: '1.000', rate: '48.50' });
  await db().update(estimationProducts).set({ deleted_at: sql`now()` as unknown as string }).where(eq(estimationProducts.id, removedProduct.id));
  await recostProducts(db(), [product.id]);
  return {
    pipe,
    screws,
    draft,
    product,
    frame,
    legs,
    fixings,
    atNewRate,
    untouchedLines: [removedLine.id, removedProductLine.id],
    submitted: await onePipeLine(pipe.id, 'submitted'),
    approved: await onePipeLine(pipe.id, 'approved'),
    rejected: await onePipeLine(pipe.id, 'rejected'),
    quoted: await onePipeLine(pipe.id, 'quoted'),
    cancelled: await onePipeLine(pipe.id, 'draft', true),
  };
}

const totalOf = async (id: number) => (await db().select({ total: estimations.total_cost }).from(estimations).where(eq(estimations.id, id)))[0]!.total;
const linesOf = (ids: number[]) =>
  db()
    .select({ rate: estimationProductDetails.rate, amount: estimationProductDetails.amount })
    .from(estimationProductDetails)
    .where(inArray(estimationProductDetails.id, ids))
    .orderBy(asc(estimationProductDetails.id));

describe('bulk-update-costs', () => {
  it('re-prices the lines of open estimations at the new rate and says what it changed', async () => {
    const c = await costings();
    const res = await (await as('design')).patch(API.estimationProducts.bulkUpdateCosts, {
      updates: [
        { estimation_material: c.pipe.id, rate: '50' },
        { estimation_material: c.screws.id, rate: '12.50' },
      ],
    });
    expect(res.statusCode).toBe(200);
    // 12 × 50.00 = 600.00; 7.874 × 50.00 = 393.70; the submitted one's 10 × 50.00 = 500.00. The
    // line already at 50.00 and the screws at an unchanged rate are not re-priced.
    expect(res.json().updates).toEqual([
      { estimation: c.draft.id, product: c.product.id, detail: c.frame.id, estimation_material: c.pipe.id, old_rate: '48.50', new_rate: '50.00', old_amount: '582.00', new_amount: '600.00' },
      { estimation: c.draft.id, product: c.product.id, detail: c.legs.id, estimation_material: c.pipe.id, old_rate: '48.50', new_rate: '50.00', old_amount: '381.89', new_amount: '393.70' },
      { estimation: c.submitted.estimation.id, product: c.submitted.product.id, detail: c.submitted.line.id, estimation_material: c.pipe.id, old_rate: '48.50', new_rate: '50.00', old_amount: '485.00', new_amount: '500.00' },
    ]);
    // The draft: 600.00 + 393.70 + 100.00 + 100.00 = 1,193.70 a unit, × 2 = 2,387.40.
    expect(res.json().estimations).toEqual([
      { estimation: c.draft.id, old_total: '2327.78', new_total: '2387.40' },
      { estimation: c.submitted.estimation.id, old_total: '485.00', new_total: '500.00' },
    ]);
    expect(await linesOf([c.frame.id, c.legs.id, c.fixings.id, c.atNewRate.id])).toEqual([
      { rate: '50.00', amount: '600.00' },
      { rate: '50.00', amount: '393.70' },
      { rate: '12.50', amount: '100.00' },
      { rate: '50.00', amount: '100.00' },
    ]);
    expect((await db().select({ unit_price: estimationProducts.unit_price }).from(estimationProducts).where(eq(estimationProducts.id, c.product.id)))[0]).toEqual({ unit_price: '1193.70' });
    expect(await totalOf(c.draft.id)).toBe('2387.40');
    expect((await db().select({ rate: estimationMaterials.rate }).from(estimationMaterials).where(eq(estimationMaterials.id, c.pipe.id)))[0]).toEqual({ rate: '50.00' });
  });

  it('leaves approved, rejected, quoted and cancelled estimations, and removed lines and products, as they were', async () => {
    const c = await costings();
    await (await as('design')).patch(API.estimationProducts.bulkUpdateCosts, { updates: [{ estimation_material: c.pipe.id, rate: '50' }] });
    for (const kept of [c.approved, c.rejected, c.quoted, c.cancelled]) {
      expect(await linesOf([kept.line.id])).toEqual([{ rate: '48.50', amount: '485.00' }]);
      expect(await totalOf(kept.estimation.id)).toBe('485.00');
    }
    expect(await linesOf(c.untouchedLines)).toEqual([
      { rate: '48.50', amount: '48.50' },
      { rate: '48.50', amount: '48.50' },
    ]);
  });

  it('keeps one repriced costing version per touched estimation, and none when nothing changed', async () => {
    const c = await costings();
    const design = await as('design');
    await design.patch(API.estimationProducts.bulkUpdateCosts, { updates: [{ estimation_material: c.pipe.id, rate: '50' }] });
    const versions = await db().select().from(estimationVersions).orderBy(asc(estimationVersions.estimation));
    expect(versions.map((v) => ({ estimation: v.estimation, costing_version: v.costing_version, reason: v.reason, total_cost: v.total_cost }))).toEqual([
      { estimation: c.draft.id, costing_version: 1, reason: 'repriced', total_cost: '2387.40' },
      { estimation: c.submitted.estimation.id, costing_version: 1, reason: 'repriced', total_cost: '500.00' },
    ]);
    // The kept costing holds the live product and its live lines at the new rates.
    const [kept] = versions[0]!.products as { id: number; details: { id: number; amount: string }[] }[];
    expect(kept!.id).toBe(c.product.id);
    expect(kept!.details.map((d) => [d.id, d.amount])).toEqual([
      [c.frame.id, '600.00'],
      [c.legs.id, '393.70'],
      [c.fixings.id, '100.00'],
      [c.atNewRate.id, '100.00'],
    ]);
    expect((await db().select({ v: estimations.costing_version }).from(estimations).where(eq(estimations.id, c.draft.id)))[0]).toEqual({ v: 1 });

    const again = await design.patch(API.estimationProducts.bulkUpdateCosts, { updates: [{ estimation_material: c.pipe.id, rate: '50.00' }] });
    expect(again.json()).toEqual({ updates: [], estimations: [] });
    expect(await db().select().from(estimationVersions)).toHaveLength(2);
    expect(await db().select({ metadata: auditLog.metadata }).from(auditLog).where(eq(auditLog.action, 'estimation_material.bulk_update_costs'))).toEqual([
      { metadata: { rates: [{ estimation_material: c.pipe.id, old_rate: '48.50', new_rate: '50.00' }], lines: 3, estimations: [
        { estimation: c.draft.id, old_total: '2327.78', new_total: '2387.40' },
        { estimation: c.submitted.estimation.id, old_total: '485.00', new_total: '500.00' },
      ] } },
      { metadata: { rates: [{ estimation_material: c.pipe.id, old_rate: '50.00', new_rate: '50.00' }], lines: 0, estimations: [] } },
    ]);
  });

  it('refuses an unknown or repeated material, or a bad rate, naming it, and changes nothing', async () => {
    const c = await costings();
    const design = await as('design');
    const cases: [unknown, Record<string, string[]>][] = [
      [{ updates: [{ estimation_material: c.pipe.id, rate: '50' }, { estimation_material: 99999, rate: '1' }] }, { 'updates.1.estimation_material': ['Invalid pk "99999" - object does not exist.'] }],
      [{ updates: [{ estimation_material: c.pipe.id, rate: '50' }, { estimation_material: c.pipe.id, rate: '51' }] }, { 'updates.1.estimation_material': [`The material ${c.pipe.id} is given twice.`] }],
      [{ updates: [{ estimation_material: c.pipe.id, rate: '-1' }] }, { 'updates.0.rate': ['Enter zero or more.'] }],
      [{ updates: [] }, { updates: ['Give at least one material and its new rate.'] }],
      [{}, { updates: ['This field is required.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await design.patch(API.estimationProducts.bulkUpdateCosts, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    const [deleted] = await db().update(estimationMaterials).set({ deleted_at: sql`now()` as unknown as string }).where(eq(estimationMaterials.id, c.screws.id)).returning();
    expect((await design.patch(API.estimationProducts.bulkUpdateCosts, { updates: [{ estimation_material: deleted!.id, rate: '1' }] })).json()).toEqual({
      'updates.0.estimation_material': [`Invalid pk "${deleted!.id}" - object does not exist.`],
    });
    expect((await db().select({ rate: estimationMaterials.rate }).from(estimationMaterials).where(eq(estimationMaterials.id, c.pipe.id)))[0]).toEqual({ rate: '48.50' });
    expect(await linesOf([c.frame.id])).toEqual([{ rate: '48.50', amount: '582.00' }]);
  });

  it('is the only re-pricing: a material’s rate changed on its own leaves the costing lines as they are', async () => {
    const c = await costings();
    const changed = await (await as('design')).patch(API.estimationMaterials.detail(c.pipe.id), { rate: '50' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ rate: '50.00' });
    expect(await linesOf([c.frame.id, c.submitted.line.id])).toEqual([
      { rate: '48.50', amount: '582.00' },
      { rate: '48.50', amount: '485.00' },
    ]);
    expect(await totalOf(c.draft.id)).toBe('2327.78');
    expect(await db().select().from(estimationVersions)).toEqual([]);
  });

  it('is for those who keep the costing materials: design and management, not sales or stores', async () => {
    const c = await costings();
    const body = { updates: [{ estimation_material: c.screws.id, rate: '13' }] };
    expect((await (await as('sales.manager')).patch(API.estimationProducts.bulkUpdateCosts, body)).statusCode).toBe(403);
    expect((await (await as('stores')).patch(API.estimationProducts.bulkUpdateCosts, body)).statusCode).toBe(403);
    expect((await (await as('management')).patch(API.estimationProducts.bulkUpdateCosts, body)).statusCode).toBe(200);
  });
});
