import { sql } from 'drizzle-orm';
import { amountOf } from '../../domain/decimal';
import type { EstimationStatus } from '../../domain/estimation';
import type { MaterialUnit } from '../../domain/material';
import type { Db } from '../../server/db/client';
import { estimationMaterialCategories, estimationMaterials, estimationProductDetails, estimationProducts, estimations } from '../../server/db/schema';
import { recostProducts } from '../../server/modules/estimations/costing-store';
import { makeCustomer } from './factories-sales';

/**
 * Costing data made directly in the database: categories, materials, estimations, products and
 * costing lines. Each line re-costs its product and its estimation through the costing store, as
 * the API's writes do.
 */

let sequence = 0;
const next = () => ++sequence;

export async function makeEstimationCategory(db: Db, name = `Category ${next()}`) {
  const [row] = await db.insert(estimationMaterialCategories).values({ name }).returning();
  return row!;
}

export async function makeEstimationMaterial(
  db: Db,
  category: number,
  values: { name?: string; unit?: MaterialUnit; rate?: string; sheet_length?: string; sheet_width?: string; kg_per_metre?: string } = {},
) {
  const [row] = await db
    .insert(estimationMaterials)
    .values({ category, name: values.name ?? `Material ${next()}`, unit: values.unit ?? 'PCS', rate: values.rate ?? '0', sheet_length: values.sheet_length, sheet_width: values.sheet_width, kg_per_metre: values.kg_per_metre })
    .returning();
  return row!;
}

/** An estimation in costing unless a status is given, for a new customer unless a customer or a lead is given; `deleted` cancels it. */
export async function makeEstimation(
  db: Db,
  values: { customer?: number | null; lead?: number | null; title?: string; requirement?: string; estimation_date?: string; status?: EstimationStatus; created_by?: number | null; deleted?: boolean } = {},
) {
  const customer = values.customer !== undefined ? values.customer : values.lead ? null : (await makeCustomer(db)).id;
  const [row] = await db
    .insert(estimations)
    .values({
      customer,
      lead: values.lead ?? null,
      title: values.title ?? `Estimation ${next()}`,
      requirement: values.requirement ?? '',
      estimation_date: values.estimation_date ?? '2026-11-20',
      status: values.status ?? 'draft',
      created_by: values.created_by ?? null,
      ...(values.deleted ? { deleted_at: sql`now()` as unknown as string } : {}),
    })
    .returning();
  return row!;
}

export async function makeEstimationProduct(
  db: Db,
  estimation: number,
  values: { name?: string; description?: string; quantity?: string; width?: string; height?: string; overhead_percent?: string } = {},
) {
  const [row] = await db
    .insert(estimationProducts)
    .values({
      estimation,
      name: values.name ?? `Product ${next()}`,
      description: values.description ?? '',
      quantity: values.quantity ?? '1',
      width: values.width,
      height: values.height,
      overhead_percent: values.overhead_percent ?? '0',
    })
    .returning();
  return row!;
}

/** A typed costing line (amount = quantity × rate), of a new PCS material unless one is given; its product and estimation re-costed. */
export async function addCostingLine(db: Db, product: number, values: { quantity: string; rate: string; material?: number }) {
  const material = values.material ?? (await makeEstimationMaterial(db, (await makeEstimationCategory(db)).id, { unit: 'PCS', rate: values.rate })).id;
  const [row] = await db
    .insert(estimationProductDetails)
    .values({ product, estimation_material: material, quantity: values.quantity, rate: values.rate, amount: amountOf(values.quantity, values.rate) })
    .returning();
  await recostProducts(db, [product]);
  return row!;
}
