import { amountOf } from '../../domain/decimal';
import type { EstimationStatus } from '../../domain/estimation';
import type { Db } from '../../server/db/client';
import { estimationProductDetails, estimationProducts, estimations } from '../../server/db/schema';
import { recostProducts } from '../../server/modules/estimations/costing-store';
import { makeEstimationCategory, makeEstimationMaterial } from './factories-estimation';

/**
 * Estimations made directly in the database, with products and costing lines (their endpoints
 * are the estimation-products module's): each line re-costs its product and its estimation
 * through the costing store, as the API's writes do.
 */

let sequence = 0;

export async function makeEstimation(
  db: Db,
  values: { customer?: number | null; lead?: number | null; title?: string; requirement?: string; estimation_date?: string; status?: EstimationStatus; created_by?: number | null } = {},
) {
  const [row] = await db
    .insert(estimations)
    .values({
      customer: values.customer ?? null,
      lead: values.lead ?? null,
      title: values.title ?? `Estimation ${++sequence}`,
      requirement: values.requirement ?? '',
      estimation_date: values.estimation_date ?? '2026-11-20',
      status: values.status ?? 'draft',
      created_by: values.created_by ?? null,
    })
    .returning();
  return row!;
}

export async function addEstimationProduct(db: Db, estimation: number, values: { name?: string; description?: string; quantity?: string; overhead_percent?: string } = {}) {
  const [row] = await db
    .insert(estimationProducts)
    .values({ estimation, name: values.name ?? `Product ${++sequence}`, description: values.description ?? '', quantity: values.quantity ?? '1', overhead_percent: values.overhead_percent ?? '0' })
    .returning();
  return row!;
}

/** A counted costing line (quantity × rate) of a new PCS material, the product and estimation re-costed. */
export async function addCostingLine(db: Db, product: number, values: { quantity: string; rate: string; material?: number }) {
  const material = values.material ?? (await makeEstimationMaterial(db, (await makeEstimationCategory(db)).id, { unit: 'PCS', rate: values.rate })).id;
  const [row] = await db
    .insert(estimationProductDetails)
    .values({ product, estimation_material: material, quantity: values.quantity, rate: values.rate, amount: amountOf(values.quantity, values.rate) })
    .returning();
  await recostProducts(db, [product]);
  return row!;
}
