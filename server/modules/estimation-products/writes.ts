import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { add, compare, div, mul } from '../../../domain/decimal';
import {
  EDITABLE_ESTIMATION_STATUSES,
  ESTIMATION_COSTING_MESSAGES,
  type EstimationCostingLine,
  type estimationCostingLineInputSchema,
  type estimationCostingSaveSchema,
  type EstimationProductView,
  type estimationProductCreateSchema,
  type estimationProductDetailUpdateSchema,
  type estimationProductUpdateSchema,
} from '../../../domain/estimation';
import { costingProblem, costLine, type CostingMaterial, type ProductSizes } from '../../../domain/estimation-costing';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { estimationProductDetails, estimationProducts, estimations } from '../../db/schema';
import { badRequest, fieldError, type FieldErrors, invalidPk, invalidPkError, notFound, throwIfAny } from '../../lib/http-error';
import { lockRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { recostProducts } from '../estimations/costing-store';
import { costingLineView, costingLinesOf, liveMaterials, productView, type DetailRow, type ProductRow } from './queries';

type ProductInput = z.output<typeof estimationProductCreateSchema>;
type ProductChanges = Omit<z.output<typeof estimationProductUpdateSchema>, 'expected_version'>;
type LineInput = z.output<typeof estimationCostingLineInputSchema>;
type LineChanges = Omit<z.output<typeof estimationProductDetailUpdateSchema>, 'expected_version'>;
type SaveInput = Omit<z.output<typeof estimationCostingSaveSchema>, 'expected_version'>;
type Material = CostingMaterial & { id: number };

const now = () => sql`now()` as unknown as string;
const editable = new Set<string>(EDITABLE_ESTIMATION_STATUSES);

/* ------------------------------------------------------------------------------------------ */
/* Checks                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * The estimation locked for the rest of the write (a submission or a re-pricing waits for it),
 * and refused unless it is live and in costing or rejected. `field` names where an unknown one
 * is reported (the body's `estimation` on a new product).
 */
async function lockEditableEstimation(tx: Db, id: number, field?: string): Promise<void> {
  const [row] = await tx.select({ status: estimations.status, deleted_at: estimations.deleted_at }).from(estimations).where(eq(estimations.id, id)).for('update');
  if (!row) throw field ? invalidPkError(field, id) : notFound();
  const refusal = row.deleted_at !== null ? ESTIMATION_COSTING_MESSAGES.cancelled : editable.has(row.status) ? null : ESTIMATION_COSTING_MESSAGES.notEditable(row.status);
  if (refusal) throw field ? fieldError(field, refusal) : badRequest({ non_field_errors: [refusal] });
}

/** A live product whose estimation may be changed, locked after its estimation, its version checked. */
export async function lockEditableProduct(tx: Db, id: number, expected?: number): Promise<ProductRow> {
  const [found] = await tx
    .select({ estimation: estimationProducts.estimation })
    .from(estimationProducts)
    .where(and(eq(estimationProducts.id, id), isNull(estimationProducts.deleted_at)));
  if (!found) throw notFound();
  await lockEditableEstimation(tx, found.estimation);
  return lockRow(tx, estimationProducts, id, expected);
}

/** A live costing line, with its product locked as above. */
async function lockEditableLine(tx: Db, id: number, expected?: number): Promise<{ line: DetailRow; product: ProductRow }> {
  const [found] = await tx
    .select({ product: estimationProductDetails.product })
    .from(estimationProductDetails)
    .where(and(eq(estimationProductDetails.id, id), isNull(estimationProductDetails.deleted_at)));
  if (!found) throw notFound();
  const product = await lockEditableProduct(tx, found.product);
  const line = await lockRow(tx, estimationProductDetails, id, expected);
  return { line, product };
}


/* ------------------------------------------------------------------------------------------ */
/* Costing a line (domain/estimation-costing.ts)                                               */
/* ------------------------------------------------------------------------------------------ */

/**
 * What is costed: the part's sizes, wastage and rate, and the quantity typed by hand (null: the
 * line is measured). A stored typed line holds its wastage: the quantity typed is worked back from
 * it (quantity × 100 / (100 + wastage), to 3 places) when the line is costed again without one.
 */
interface LineCosting {
  pieces: string;
  length: string | null;
  width: string | null;
  wastage_percent: string;
  quantity: string | null;
  rate: string | null;
}

const sizesOf = (product: Pick<ProductRow, 'width' | 'height'>): ProductSizes => ({ width: product.width, height: product.height });

/** The stored values of a costed line, or the problem that stops it, under `field` (the line's quantity). */
function costed(material: Material, line: LineCosting, product: ProductSizes, field: string, problems: FieldErrors) {
  const problem = costingProblem(material, line, product);
  if (problem) {
    problems[field] = [problem];
    return null;
  }
  const figures = costLine(material, line, product);
  return { pieces: line.pieces, length: line.length, width: line.width, wastage_percent: line.wastage_percent, measured: line.quantity === null, quantity: figures.quantity, rate: figures.rate, amount: figures.amount };
}

/** A stored typed line's quantity before its wastage, to 3 places. */
const typedQuantityOf = (line: Pick<DetailRow, 'quantity' | 'wastage_percent'>) => div(mul(line.quantity, '100'), add('100', line.wastage_percent), 3);

/** A stored line costed again with changes (the product's sizes, or the line's own fields). */
function recosting(line: DetailRow, changes: Partial<LineInput>, material: Material, sameMaterial: boolean): LineCosting {
  const wastage = changes.wastage_percent ?? line.wastage_percent;
  let quantity: string | null;
  if (changes.quantity !== undefined) quantity = changes.quantity;
  else if (line.measured) quantity = null;
  // The stored quantity holds the line's wastage: the typed one is worked back from it.
  else quantity = compare(line.wastage_percent, '0') === 0 ? line.quantity : typedQuantityOf(line);
  return {
    pieces: changes.pieces ?? line.pieces,
    length: changes.length !== undefined ? changes.length : line.length,
    width: changes.width !== undefined ? changes.width : line.width,
    wastage_percent: wastage,
    quantity,
    rate: changes.rate ?? (sameMaterial ? line.rate : material.rate),
  };
}

/** The materials of the lines, each a live one or a field error at its index. */
async function materialsOf(tx: Db, lines: readonly { estimation_material?: number }[], path: (index: number) => string, problems: FieldErrors) {
  const materials = await liveMaterials(
    tx,
    lines.flatMap((l) => (l.estimation_material === undefined ? [] : [l.estimation_material])),
  );
  lines.forEach((line, i) => {
    if (line.estimation_material !== undefined && !materials.has(line.estimation_material)) problems[`${path(i)}estimation_material`] = [invalidPk(line.estimation_material)];
  });
  return materials as Map<number, Material>;
}

/** New lines costed with their material's current rate unless a rate is given, or 400 naming each problem. */
async function insertLines(tx: Db, actor: User, product: ProductRow, lines: readonly LineInput[], path: (index: number) => string): Promise<number[]> {
  const problems: FieldErrors = {};
  const materials = await materialsOf(tx, lines, path, problems);
  const values = lines.map((line, i) => {
    const material = materials.get(line.estimation_material);
    if (!material) return null;
    const figures = costed(material, { ...line, length: line.length ?? null, width: line.width ?? null, rate: line.rate ?? null }, sizesOf(product), `${path(i)}quantity`, problems);
    return figures && { ...figures, product: product.id, estimation_material: line.estimation_material, description: line.description, created_by: actor.id };
  });
  throwIfAny(problems);
  if (!values.length) return [];
  const rows = await tx
    .insert(estimationProductDetails)
    .values(values.map((v) => v!))
    .returning({ id: estimationProductDetails.id });
  return rows.map((r) => r.id);
}

/** The product's measured lines costed again with its sizes (their rates stay). */
async function recostMeasuredLines(tx: Db, product: ProductRow): Promise<void> {
  const lines = await tx
    .select()
    .from(estimationProductDetails)
    .where(and(eq(estimationProductDetails.product, product.id), eq(estimationProductDetails.measured, true), isNull(estimationProductDetails.deleted_at)));
  const materials = await liveMaterials(
    tx,
    lines.map((l) => l.estimation_material),
  );
  const problems: FieldErrors = {};
  for (const line of lines) {
    // A measured line of a material deleted since costs on with what it was measured by.
    const material = (materials.get(line.estimation_material) ?? null) as Material | null;
    if (!material) continue;
    // The new sizes leave a part unmeasurable (a size removed that it took from the product).
    const figures = costed(material, recosting(line, {}, material, true), sizesOf(product), 'non_field_errors', problems);
    if (figures) await tx.update(estimationProductDetails).set({ quantity: figures.quantity, amount: figures.amount }).where(eq(estimationProductDetails.id, line.id));
  }
  throwIfAny(problems);
}

/* ------------------------------------------------------------------------------------------ */
/* Products                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** POST estimation-products/: a product of an estimation in costing (or rejected), without lines yet. */
export async function createProduct(db: Db, actor: User, input: ProductInput): Promise<EstimationProductView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockEditableEstimation(tx, input.estimation, 'estimation');
      const [row] = await tx
        .insert(estimationProducts)
        .values({ ...input, width: input.width ?? null, depth: input.depth ?? null, height: input.height ?? null, created_by: actor.id })
        .returning({ id: estimationProducts.id });
      await recostProducts(tx, [row!.id]);
      return productView(tx, row!.id);
    },
    (view) => ({ action: 'estimation_product.create', target: `estimation_products:${view.id}`, risk: 'low', metadata: { estimation: view.estimation, name: view.name, quantity: view.quantity } }),
  );
}

/**
 * A product changed inside the caller's transaction: new sizes cost its measured lines again;
 * overhead and quantity re-total it and its estimation. `resized`: its face changed.
 */
export async function changeProduct(tx: Db, id: number, input: ProductChanges, expected: number | undefined): Promise<{ view: EstimationProductView; resized: boolean }> {
  const current = await lockEditableProduct(tx, id, expected);
  if (input.estimation !== undefined && input.estimation !== current.estimation) throw fieldError('estimation', ESTIMATION_COSTING_MESSAGES.productMoves);
  const row = await updateRow(tx, estimationProducts, id, input, undefined);
  const resized = (['width', 'height'] as const).some((side) => input[side] !== undefined && (input[side] === null ? current[side] !== null : current[side] === null || compare(input[side], current[side]) !== 0));
  if (resized) await recostMeasuredLines(tx, row);
  await recostProducts(tx, [id]);
  return { view: await productView(tx, id), resized };
}

/** PATCH estimation-products/{id}/: the product changed and costed again (changeProduct). */
export async function updateProduct(db: Db, actor: User, id: number, input: ProductChanges, expected: number | undefined): Promise<EstimationProductView> {
  return auditedWrite(
    db,
    actor,
    (tx) => changeProduct(tx, id, input, expected),
    ({ view, resized }) => ({ action: 'estimation_product.update', target: `estimation_products:${id}`, risk: 'low', metadata: { estimation: view.estimation, fields: Object.keys(input), resized, unit_price: view.unit_price } }),
  ).then(({ view }) => view);
}

/** DELETE estimation-products/{id}/: the product and its lines removed (soft), its estimation re-totalled. */
export async function deleteProduct(db: Db, actor: User, id: number, expected: number | undefined): Promise<void> {
  await auditedWrite(
    db,
    actor,
    async (tx) => {
      const row = await lockEditableProduct(tx, id, expected);
      await tx
        .update(estimationProductDetails)
        .set({ deleted_at: now() })
        .where(and(eq(estimationProductDetails.product, id), isNull(estimationProductDetails.deleted_at)));
      await tx.update(estimationProducts).set({ deleted_at: now() }).where(eq(estimationProducts.id, id));
      await recostProducts(tx, [id]);
      return row;
    },
    (row) => ({ action: 'estimation_product.delete', target: `estimation_products:${id}`, risk: 'medium', metadata: { estimation: row.estimation, name: row.name } }),
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Costing lines                                                                               */
/* ------------------------------------------------------------------------------------------ */

/** POST estimation-products/{id}/details/: one line or several, each costed; 201 with the lines added. */
export async function addLines(db: Db, actor: User, productId: number, lines: readonly LineInput[], several: boolean): Promise<EstimationCostingLine[]> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const product = await lockEditableProduct(tx, productId);
      const ids = new Set(await insertLines(tx, actor, product, lines, (i) => (several ? `details.${i}.` : '')));
      await recostProducts(tx, [productId]);
      return (await costingLinesOf(tx, productId)).filter((line) => ids.has(line.id));
    },
    (added) => ({ action: 'estimation_product_detail.create', target: `estimation_products:${productId}`, risk: 'low', metadata: { details: added.map((l) => l.id), amounts: added.map((l) => l.amount) } }),
  );
}

/** PATCH estimation-product-details/{id}/: the line changed and costed again. */
export async function updateLine(db: Db, actor: User, id: number, input: LineChanges, expected: number | undefined): Promise<EstimationCostingLine> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { line, product } = await lockEditableLine(tx, id, expected);
      const { product: target, ...changes } = input;
      if (target !== undefined && target !== line.product) throw fieldError('product', ESTIMATION_COSTING_MESSAGES.lineMoves);
      const problems: FieldErrors = {};
      const materialId = changes.estimation_material ?? line.estimation_material;
      const materials = await materialsOf(tx, [{ estimation_material: materialId }], () => '', problems);
      throwIfAny(problems);
      const figures = costed(materials.get(materialId)!, recosting(line, changes, materials.get(materialId)!, materialId === line.estimation_material), sizesOf(product), 'quantity', problems);
      throwIfAny(problems);
      await tx
        .update(estimationProductDetails)
        .set({ ...figures!, estimation_material: materialId, description: changes.description ?? line.description })
        .where(eq(estimationProductDetails.id, id));
      await recostProducts(tx, [line.product]);
      return costingLineView(tx, id);
    },
    (line) => ({ action: 'estimation_product_detail.update', target: `estimation_product_details:${id}`, risk: 'low', metadata: { product: line.product, fields: Object.keys(input), amount: line.amount } }),
  );
}

/** DELETE estimation-product-details/{id}/: the line removed, its product re-totalled. */
export async function deleteLine(db: Db, actor: User, id: number, expected: number | undefined): Promise<void> {
  await auditedWrite(
    db,
    actor,
    async (tx) => {
      const { line } = await lockEditableLine(tx, id, expected);
      await tx.update(estimationProductDetails).set({ deleted_at: now() }).where(eq(estimationProductDetails.id, id));
      await recostProducts(tx, [line.product]);
      return line;
    },
    (line) => ({ action: 'estimation_product_detail.delete', target: `estimation_product_details:${id}`, risk: 'low', metadata: { product: line.product, estimation_material: line.estimation_material, amount: line.amount } }),
  );
}

/**
 * POST estimation-products/{id}/details-with-cost-update/: the costing sheet's one save. Lines
 * with an id are changed, lines without are added, the live lines left out are removed; the
 * product and its estimation are re-totalled; all in one transaction.
 */
export async function saveCosting(db: Db, actor: User, productId: number, input: SaveInput, expected: number | undefined): Promise<EstimationProductView> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const product = await lockEditableProduct(tx, productId, expected);
      const current = await tx
        .select()
        .from(estimationProductDetails)
        .where(and(eq(estimationProductDetails.product, productId), isNull(estimationProductDetails.deleted_at)))
        .orderBy(asc(estimationProductDetails.id))
        .for('update');
      const byId = new Map(current.map((line) => [line.id, line]));
      const problems: FieldErrors = {};
      const seen = new Set<number>();
      input.details.forEach((line, i) => {
        if (line.id === undefined) return;
        if (!byId.has(line.id)) problems[`details.${i}.id`] = [ESTIMATION_COSTING_MESSAGES.unknownLine(line.id)];
        else if (seen.has(line.id)) problems[`details.${i}.id`] = [ESTIMATION_COSTING_MESSAGES.repeatedLine(line.id)];
        seen.add(line.id);
      });
      throwIfAny(problems);
      const materials = await materialsOf(tx, input.details, (i) => `details.${i}.`, problems);
      const changed = input.details.flatMap((line, i) => {
        const stored = line.id === undefined ? undefined : byId.get(line.id);
        const material = materials.get(line.estimation_material);
        if (!stored || !material) return [];
        const costing = { ...line, length: line.length ?? null, width: line.width ?? null, rate: line.rate ?? (line.estimation_material === stored.estimation_material ? stored.rate : material.rate) };
        const figures = costed(material, costing, sizesOf(product), `details.${i}.quantity`, problems);
        return figures ? [{ id: stored.id, values: { ...figures, estimation_material: line.estimation_material, description: line.description } }] : [];
      });
      const added = input.details.flatMap((line, i) => (line.id === undefined ? [{ line, index: i }] : []));
      const removed = current.filter((line) => !seen.has(line.id)).map((line) => line.id);
      throwIfAny(problems);
      for (const { id, values } of changed) await tx.update(estimationProductDetails).set(values).where(eq(estimationProductDetails.id, id));
      if (removed.length) await tx.update(estimationProductDetails).set({ deleted_at: now() }).where(inArray(estimationProductDetails.id, removed));
      const addedIds = await insertLines(
        tx,
        actor,
        product,
        added.map((a) => a.line),
        (n) => `details.${added[n]!.index}.`,
      );
      await recostProducts(tx, [productId]);
      return { view: await productView(tx, productId), counts: { changed: changed.length, added: addedIds.length, removed: removed.length } };
    },
    ({ view, counts }) => ({ action: 'estimation_product.save_costing', target: `estimation_products:${productId}`, risk: 'low', metadata: { estimation: view.estimation, ...counts, unit_price: view.unit_price } }),
  ).then(({ view }) => view);
}

