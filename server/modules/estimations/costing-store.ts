import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { estimationTotalOf, unitPriceOf } from '../../../domain/estimation-costing';
import type { EstimationVersion } from '../../../domain/estimation';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { estimationProductDetails, estimationProducts, estimations, estimationVersions } from '../../db/schema';

/** Rows by a key, in their order (Node 20 has no Map.groupBy). */
function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The stored figures of a costing, kept equal to its lines (domain/estimation-costing.ts): every
 * write to products or lines calls `recostProducts`, which re-totals their estimations too. Call
 * it inside the write's transaction. Set-based: a re-pricing of thousands of lines re-costs their
 * products in two reads and two writes, the arithmetic still the domain's.
 */
export async function recostProducts(db: Db, productIds: readonly number[]): Promise<void> {
  if (!productIds.length) return;
  const ids = [...new Set(productIds)];
  const products = await db
    .select({ id: estimationProducts.id, estimation: estimationProducts.estimation, overhead: estimationProducts.overhead_percent })
    .from(estimationProducts)
    .where(inArray(estimationProducts.id, ids));
  const lines = await db
    .select({ product: estimationProductDetails.product, amount: estimationProductDetails.amount })
    .from(estimationProductDetails)
    .where(and(inArray(estimationProductDetails.product, ids), isNull(estimationProductDetails.deleted_at)));
  const amounts = groupBy(lines, (l) => l.product);
  const prices = products.map((p) => ({ id: p.id, price: unitPriceOf((amounts.get(p.id) ?? []).map((l) => l.amount), p.overhead) }));
  await db.execute(sql`UPDATE ${estimationProducts} AS p SET unit_price = v.price
    FROM unnest(${sql.param(prices.map((p) => p.id))}::int[], ${sql.param(prices.map((p) => p.price))}::numeric[]) AS v(id, price) WHERE p.id = v.id`);
  await retotalEstimations(db, products.map((p) => p.estimation));
}

/** Their total_cost: each estimation's live products' quantity × unit price. */
export async function retotalEstimations(db: Db, estimationIds: readonly number[]): Promise<void> {
  if (!estimationIds.length) return;
  const ids = [...new Set(estimationIds)];
  const products = await db
    .select({ estimation: estimationProducts.estimation, quantity: estimationProducts.quantity, unit_price: estimationProducts.unit_price })
    .from(estimationProducts)
    .where(and(inArray(estimationProducts.estimation, ids), isNull(estimationProducts.deleted_at)));
  const byEstimation = groupBy(products, (p) => p.estimation);
  const totals = ids.map((id) => estimationTotalOf(byEstimation.get(id) ?? []));
  await db.execute(sql`UPDATE ${estimations} AS e SET total_cost = v.total
    FROM unnest(${sql.param(ids)}::int[], ${sql.param(totals)}::numeric[]) AS v(id, total) WHERE e.id = v.id`);
}

/**
 * Keeps each estimation's costing as it is now (its live products and their live lines) as its
 * next costing version; returns the numbers kept, by estimation. Submission and approval keep
 * one; a re-pricing keeps one for every estimation it touched, in three reads and two writes.
 */
export async function keepCostingVersions(db: Db, actor: User | null, estimationIds: readonly number[], reason: EstimationVersion['reason']): Promise<Map<number, number>> {
  const ids = [...new Set(estimationIds)].sort((a, b) => a - b);
  if (!ids.length) return new Map();
  const heads = await db
    .select({ id: estimations.id, total: estimations.total_cost, last: estimations.costing_version })
    .from(estimations)
    .where(inArray(estimations.id, ids))
    .orderBy(asc(estimations.id))
    .for('update');
  const products = await db
    .select()
    .from(estimationProducts)
    .where(and(inArray(estimationProducts.estimation, ids), isNull(estimationProducts.deleted_at)))
    .orderBy(asc(estimationProducts.id));
  const lines = products.length
    ? await db
        .select()
        .from(estimationProductDetails)
        .where(and(inArray(estimationProductDetails.product, products.map((p) => p.id)), isNull(estimationProductDetails.deleted_at)))
        .orderBy(asc(estimationProductDetails.id))
    : [];
  const linesOf = groupBy(lines, (l) => l.product);
  const productsOf = groupBy(products, (p) => p.estimation);
  const kept = new Map(heads.map((head) => [head.id, head.last + 1]));
  await db.insert(estimationVersions).values(
    heads.map((head) => ({
      estimation: head.id,
      costing_version: head.last + 1,
      reason,
      total_cost: head.total,
      products: (productsOf.get(head.id) ?? []).map((product) => ({ ...product, details: linesOf.get(product.id) ?? [] })),
      created_by: actor?.id ?? null,
    })),
  );
  await db.update(estimations).set({ costing_version: sql`${estimations.costing_version} + 1` }).where(inArray(estimations.id, ids));
  return kept;
}
