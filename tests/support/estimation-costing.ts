import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { estimationMaterialCategories, estimationMaterials, estimationProductDetails, estimationProducts, estimations } from '../../server/db/schema';
import type { EstimationStatus } from '../../domain/estimation';
import type { MaterialUnit } from '../../domain/material';
import { recostProducts } from '../../server/modules/estimations/costing-store';
import { makeCustomer } from './factories-sales';

/** Costing test data made in the database: categories, materials, estimations, products and lines. */

let sequence = 0;
const next = () => ++sequence;

export async function makeCostingCategory(db: Db, name = `Category ${next()}`) {
  const [row] = await db.insert(estimationMaterialCategories).values({ name }).returning();
  return row!;
}

export async function makeCostingMaterial(
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

/** An estimation for a new customer, in costing unless a status is given; `deleted` cancels it. */
export async function makeEstimation(db: Db, values: { status?: EstimationStatus; title?: string; deleted?: boolean } = {}) {
  const customer = await makeCustomer(db);
  const [row] = await db
    .insert(estimations)
    .values({
      customer: customer.id,
      title: values.title ?? `Estimation ${next()}`,
      estimation_date: '2026-11-02',
      status: values.status ?? 'draft',
      ...(values.deleted ? { deleted_at: sql`now()` as unknown as string } : {}),
    })
    .returning();
  return row!;
}

export async function makeEstimationProduct(db: Db, estimation: number, values: { name?: string; quantity?: string; width?: string; height?: string; overhead_percent?: string } = {}) {
  const [row] = await db
    .insert(estimationProducts)
    .values({ estimation, name: values.name ?? `Product ${next()}`, quantity: values.quantity ?? '1', width: values.width, height: values.height, overhead_percent: values.overhead_percent ?? '0' })
    .returning();
  return row!;
}

/** A typed costing line (quantity × rate = amount as given), its product and estimation re-totalled. */
export async function makeCostingLine(db: Db, product: number, material: number, values: { quantity: string; rate: string; amount: string }) {
  const [row] = await db
    .insert(estimationProductDetails)
    .values({ product, estimation_material: material, quantity: values.quantity, rate: values.rate, amount: values.amount })
    .returning();
  await recostProducts(db, [product]);
  return row!;
}
