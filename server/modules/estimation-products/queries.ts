import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { mul, sum, toMoney } from '../../../domain/decimal';
import type { CostBreakdownRow, EstimationCostingLine, EstimationProductTotal, EstimationProductView } from '../../../domain/estimation';
import type { Db } from '../../db/client';
import { estimationMaterialCategories, estimationMaterials, estimationProductDetails, estimationProducts } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { findRow, publicRow } from '../../lib/rows';

/**
 * Reads of the costing sheet (business-areas.md §7 "Estimations"): a product, its live costing
 * lines with their material and category, and the figures worked out from them.
 */
export type ProductRow = typeof estimationProducts.$inferSelect;
export type DetailRow = typeof estimationProductDetails.$inferSelect;

const { txid: _txid, ...detailColumns } = getTableColumns(estimationProductDetails);

const lineColumns = {
  ...detailColumns,
  material_name: estimationMaterials.name,
  material_unit: estimationMaterials.unit,
  category: estimationMaterials.category,
  category_name: estimationMaterialCategories.name,
};

function linesQuery(db: Db) {
  return db
    .select(lineColumns)
    .from(estimationProductDetails)
    .innerJoin(estimationMaterials, eq(estimationMaterials.id, estimationProductDetails.estimation_material))
    .innerJoin(estimationMaterialCategories, eq(estimationMaterialCategories.id, estimationMaterials.category));
}

/** The live costing lines of a product, in the order they were added. */
export async function costingLinesOf(db: Db, productId: number): Promise<EstimationCostingLine[]> {
  return linesQuery(db)
    .where(and(eq(estimationProductDetails.product, productId), isNull(estimationProductDetails.deleted_at)))
    .orderBy(asc(estimationProductDetails.id));
}

/** GET estimation-product-details/{id}/: a live line of a live product, or 404. */
export async function costingLineView(db: Db, id: number): Promise<EstimationCostingLine> {
  const [line] = await linesQuery(db)
    .innerJoin(estimationProducts, eq(estimationProducts.id, estimationProductDetails.product))
    .where(and(eq(estimationProductDetails.id, id), isNull(estimationProductDetails.deleted_at), isNull(estimationProducts.deleted_at)));
  if (!line) throw notFound();
  return line;
}

/** A live product, or 404. */
export const liveProduct = (db: Db, id: number): Promise<ProductRow> => findRow(db, estimationProducts, id);

/** The sum of the lines' amounts: one unit's cost before its overhead. */
const directCostOf = (lines: readonly { amount: string }[]) => toMoney(sum(lines.map((l) => l.amount)));

/** A product with its live lines and their direct cost. */
export async function productView(db: Db, id: number): Promise<EstimationProductView> {
  const product = await liveProduct(db, id);
  const details = await costingLinesOf(db, id);
  return { ...publicRow(product), details, direct_cost: directCostOf(details) };
}

/** GET {id}/total-cost/: the stored unit price (costing-store.ts keeps it) times the quantity, to the paisa. */
export async function productTotal(db: Db, id: number): Promise<EstimationProductTotal> {
  const product = await liveProduct(db, id);
  const lines = await db
    .select({ amount: estimationProductDetails.amount })
    .from(estimationProductDetails)
    .where(and(eq(estimationProductDetails.product, id), isNull(estimationProductDetails.deleted_at)));
  return {
    product: id,
    quantity: product.quantity,
    direct_cost: directCostOf(lines),
    overhead_percent: product.overhead_percent,
    unit_price: product.unit_price,
    total_cost: toMoney(mul(product.quantity, product.unit_price)),
  };
}

/** GET {id}/cost-breakdown/: one unit's line amounts summed by estimation material category, largest first. */
export async function costBreakdown(db: Db, id: number): Promise<CostBreakdownRow[]> {
  await liveProduct(db, id);
  const amount = sql<string>`sum(${estimationProductDetails.amount})`;
  return db
    .select({ category: estimationMaterialCategories.id, category_name: estimationMaterialCategories.name, amount: sql<string>`${amount}::numeric(14,2)::text` })
    .from(estimationProductDetails)
    .innerJoin(estimationMaterials, eq(estimationMaterials.id, estimationProductDetails.estimation_material))
    .innerJoin(estimationMaterialCategories, eq(estimationMaterialCategories.id, estimationMaterials.category))
    .where(and(eq(estimationProductDetails.product, id), isNull(estimationProductDetails.deleted_at)))
    .groupBy(estimationMaterialCategories.id, estimationMaterialCategories.name)
    .orderBy(desc(amount), asc(estimationMaterialCategories.name));
}

/** GET {id}/material-count/: the product's live costing lines. */
export async function materialCount(db: Db, id: number): Promise<{ count: number }> {
  await liveProduct(db, id);
  const [row] = await db
    .select({ count: count() })
    .from(estimationProductDetails)
    .where(and(eq(estimationProductDetails.product, id), isNull(estimationProductDetails.deleted_at)));
  return { count: row!.count };
}

/** Live estimation materials by id, with what costing needs of them. */
export async function liveMaterials(db: Db, ids: readonly number[]) {
  if (!ids.length) return new Map<number, typeof estimationMaterials.$inferSelect>();
  const rows = await db
    .select()
    .from(estimationMaterials)
    .where(and(inArray(estimationMaterials.id, [...new Set(ids)]), isNull(estimationMaterials.deleted_at)));
  return new Map(rows.map((row) => [row.id, row]));
}
