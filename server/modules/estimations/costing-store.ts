import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { estimationTotalOf, unitPriceOf } from '../../../domain/estimation-costing';
import type { EstimationVersion } from '../../../domain/estimation';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { estimationProductDetails, estimationProducts, estimations, estimationVersions } from '../../db/schema';

/**
 * The stored figures of a costing, kept equal to its lines (domain/estimation-costing.ts): every
 * write to a product or a line calls `recostProduct`, which re-totals its estimation too. Call
 * them inside the write's transaction.
 */
export async function recostProduct(db: Db, productId: number): Promise<void> {
  const [product] = await db.select({ estimation: estimationProducts.estimation, overhead: estimationProducts.overhead_percent }).from(estimationProducts).where(eq(estimationProducts.id, productId));
  if (!product) return;
  const lines = await db
    .select({ amount: estimationProductDetails.amount })
    .from(estimationProductDetails)
    .where(and(eq(estimationProductDetails.product, productId), isNull(estimationProductDetails.deleted_at)));
  await db
    .update(estimationProducts)
    .set({ unit_price: unitPriceOf(lines.map((l) => l.amount), product.overhead) })
    .where(eq(estimationProducts.id, productId));
  await retotalEstimation(db, product.estimation);
}

/** An estimation's total_cost: its live products' quantity × unit price. */
export async function retotalEstimation(db: Db, estimationId: number): Promise<void> {
  const products = await db
    .select({ quantity: estimationProducts.quantity, unit_price: estimationProducts.unit_price })
    .from(estimationProducts)
    .where(and(eq(estimationProducts.estimation, estimationId), isNull(estimationProducts.deleted_at)));
  await db.update(estimations).set({ total_cost: estimationTotalOf(products) }).where(eq(estimations.id, estimationId));
}

/**
 * Keeps the estimation's costing as it is now (its live products and their live lines) as the
 * next costing version, and returns its number. Submission, approval and re-pricing call it.
 */
export async function keepCostingVersion(db: Db, actor: User | null, estimationId: number, reason: EstimationVersion['reason']): Promise<number> {
  const [estimation] = await db.select({ total: estimations.total_cost, last: estimations.costing_version }).from(estimations).where(eq(estimations.id, estimationId)).for('update');
  if (!estimation) throw new Error(`estimation ${estimationId} does not exist`);
  const products = await db
    .select()
    .from(estimationProducts)
    .where(and(eq(estimationProducts.estimation, estimationId), isNull(estimationProducts.deleted_at)))
    .orderBy(asc(estimationProducts.id));
  const lines = products.length
    ? await db
        .select()
        .from(estimationProductDetails)
        .where(and(inArray(estimationProductDetails.product, products.map((p) => p.id)), isNull(estimationProductDetails.deleted_at)))
        .orderBy(asc(estimationProductDetails.id))
    : [];
  const next = estimation.last + 1;
  await db.insert(estimationVersions).values({
    estimation: estimationId,
    costing_version: next,
    reason,
    total_cost: estimation.total,
    products: products.map((product) => ({ ...product, details: lines.filter((line) => line.product === product.id) })),
    created_by: actor?.id ?? null,
  });
  await db.update(estimations).set({ costing_version: next }).where(eq(estimations.id, estimationId));
  return next;
}
