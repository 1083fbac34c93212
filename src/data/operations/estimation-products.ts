import type { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { estimationProductCreateSchema, type EstimationListRow, type EstimationView, type EstimationViewProduct } from '../../../domain/estimation';
import { addKeptProduct, keepEstimation, replaceKeptProduct, viewOfRow } from '../estimation-copies';
import type { MirrorDatabase } from '../mirror/db';
import { outbox, type OutboxEntry } from '../outbox/db';
import { serverIdOf } from '../outbox/entries';
import { defineOperation, localRefSchema, newRow } from '../outbox/operations';
import { ref } from '../outbox/placeholders';
import { saveProductCosting } from './estimations';

const productSchema = estimationProductCreateSchema.extend({ estimation: localRefSchema });
type ProductPayload = z.output<typeof productSchema>;

/** The product as the estimation's detail shows it, before the server has it: no lines yet, unit price 0. */
function productOnDevice(product: ProductPayload, ctx: { tempId: number; userId: number; now: string }): EstimationViewProduct {
  const sizes = { width: product.width ?? null, depth: product.depth ?? null, height: product.height ?? null };
  return newRow({ ...product, ...sizes, unit_price: '0.00', deleted_at: null, details: [] }, ctx) as unknown as EstimationViewProduct;
}

/** The product in the device's copy of its estimation's detail (one made from its row when the device keeps none). */
async function keepOnCopy(mirror: MirrorDatabase, product: ProductPayload, ctx: { tempId: number; userId: number; now: string }): Promise<void> {
  await addKeptProduct(productOnDevice(product, ctx), ctx.userId, {
    serverIdOf,
    made: async () => {
      const row = (await mirror.rows('estimations').get(product.estimation)) as EstimationListRow | undefined;
      return row ? viewOfRow(row) : null;
    },
  });
}

/**
 * POST estimations/estimation-products/: a product added to an estimation, one made offline too
 * (decision 367). It shows at once on the estimation's detail and opens in the costing sheet
 * (the device's copy of the detail, decision 354), and the estimation's row counts it; a costing
 * saved for it waits for it and goes to its server id.
 */
export const createEstimationProduct = defineOperation({
  name: 'estimation.product.create',
  permission: 'estimations.write',
  label: 'Product added to an estimation',
  type: 'estimations',
  schema: productSchema,
  creates: true,
  request: (product) => ({ method: 'POST', url: API.estimationProducts.list, body: { ...product, estimation: ref(product.estimation) } }),
  touches: (product) => [{ type: 'estimations', id: product.estimation }],
  apply: async (mirror, product, ctx) => {
    const row = (await mirror.rows('estimations').get(product.estimation)) as EstimationListRow | undefined;
    if (row) await mirror.rows('estimations').update(product.estimation, { product_count: row.product_count + 1, updated_at: ctx.now });
    await keepOnCopy(mirror, product, ctx);
  },
  reconcile: async (_mirror, row, ctx) => {
    const product = row as EstimationViewProduct | null;
    if (ctx.tempId !== null && product && typeof product.id === 'number') await replaceKeptProduct(ctx.tempId, { ...product, details: product.details ?? [] });
  },
  summarize: async (mirror, product) => {
    const estimation = (await mirror.rows('estimations').get(product.estimation)) as EstimationListRow | undefined;
    return `Product “${product.name}” added to ${estimation ? `estimation “${estimation.title}”` : `estimation ${product.estimation}`}`;
  },
  describe: (product) => product.name,
});

/** The estimation a waiting product or costing save is for, as the device named it (a temp id for one made offline). */
function estimationOf(entry: OutboxEntry): number | null {
  const ours = entry.operation === createEstimationProduct.name || entry.operation === saveProductCosting.name;
  return ours ? (entry.payload as { estimation: number }).estimation : null;
}

/** The products and costing saves of the estimation still waiting on the device (not refused), oldest first, also those that name it by the temp id it had. */
export async function waitingProductChanges(estimation: number): Promise<OutboxEntry[]> {
  const entries = await outbox.entries.where('type').equals('estimations').toArray();
  const waiting: OutboxEntry[] = [];
  for (const entry of entries) {
    const named = estimationOf(entry);
    if (named === null || entry.state === 'rejected') continue;
    if (named === estimation || (named < 0 && (await serverIdOf(named)) === estimation)) waiting.push(entry);
  }
  return waiting.sort((a, b) => a.id - b.id);
}

/**
 * Keeps the server's detail for `userId` with the products and costing saves still waiting
 * applied on top, as the device shows every row (decision 151): what the designer added offline
 * stays when the detail is read again before it is sent.
 */
export async function keepWithWaitingChanges(mirror: MirrorDatabase, userId: number, view: EstimationView): Promise<void> {
  await keepEstimation(userId, view);
  for (const entry of await waitingProductChanges(view.id)) {
    const ctx = { tempId: entry.tempId ?? 0, userId, now: new Date(entry.createdAt).toISOString() };
    if (entry.operation === createEstimationProduct.name) await keepOnCopy(mirror, entry.payload as ProductPayload, ctx);
    else await saveProductCosting.apply(mirror, entry.payload as never, ctx);
  }
}
