import Dexie, { type Table } from 'dexie';
import { estimationTotalOf, unitPriceOf } from '../../domain/estimation-costing';
import type { EstimationListRow, EstimationViewDetail, EstimationViewProduct, EstimationView } from '../../domain/estimation';

/**
 * The last estimation details the device loaded, for the costing sheet offline (decision 354):
 * the mirror holds an estimation's row, not its products and lines, so each detail read online is
 * kept here under its reader, and the sheet (and its saves waiting in the outbox) read and change
 * this copy. A copy of another user's is dropped when a user keeps one (a shared tablet). No
 * window here: the service worker's replay updates the copy when a save is confirmed.
 */
export interface KeptEstimation {
  /** `${userId}:${estimationId}` */
  key: string;
  userId: number;
  estimation: number;
  /** The ids of its products, to find the estimation of a product. */
  products: number[];
  view: EstimationView;
  keptAt: number;
}

class EstimationCopies extends Dexie {
  estimations!: Table<KeptEstimation, string>;

  constructor() {
    super('fabops-estimation-copies');
    this.version(1).stores({ estimations: 'key, userId, *products' });
  }
}

export const estimationCopies = new EstimationCopies();

const keyOf = (userId: number, estimation: number) => `${userId}:${estimation}`;

/** An estimation's detail as its row on the device gives it (one made offline has no other): no products or files yet. */
export const viewOfRow = (row: EstimationListRow): EstimationView => ({ ...row, approved_by_name: null, products: [], files: [] });

/** Keeps the detail as the server sent it for `userId`, dropping any other user's copies. */
export async function keepEstimation(userId: number, view: EstimationView): Promise<void> {
  await estimationCopies.transaction('rw', estimationCopies.estimations, async () => {
    await estimationCopies.estimations.where('userId').notEqual(userId).delete();
    await estimationCopies.estimations.put({ key: keyOf(userId, view.id), userId, estimation: view.id, products: view.products.map((p) => p.id), view, keptAt: Date.now() });
  });
}

/** The kept estimation holding the product, as `userId` last had it. */
export async function keptEstimationOfProduct(userId: number, product: number): Promise<EstimationView | null> {
  const kept = await estimationCopies.estimations.where('products').equals(product).filter((k) => k.userId === userId).first();
  return kept?.view ?? null;
}

/** The product's lines replaced, its unit price and the estimation's total worked out as the server works them out. */
export function withProductLines(view: EstimationView, product: number, lines: EstimationViewDetail[], serverProduct?: EstimationViewProduct): EstimationView {
  const products = view.products.map((p) => {
    if (p.id !== product) return p;
    if (serverProduct) return { ...p, ...serverProduct, details: serverProduct.details ?? lines };
    return { ...p, details: lines, unit_price: unitPriceOf(lines.map((l) => l.amount), p.overhead_percent) };
  });
  return { ...view, products, total_cost: estimationTotalOf(products) };
}

/** Work on the copies from within the mirror's transaction (or outside any): it waits for them. */
const outsideMirror = <T>(work: () => Promise<T>): Promise<T> => Dexie.waitFor(Dexie.ignoreTransaction(work));

/**
 * Changes the kept copies `pick` chooses (every user's: the entry's author is the only one) and
 * answers the first one changed. The outbox calls it from within the mirror's transaction (a
 * confirmed save's reconcile): the copies are another database, so their transaction runs
 * outside the mirror's, which waits for it instead of committing early.
 */
function changeCopies(pick: (copies: Table<KeptEstimation, string>) => Promise<KeptEstimation[]>, change: (kept: KeptEstimation) => KeptEstimation): Promise<EstimationView | null> {
  return outsideMirror(() =>
    estimationCopies.transaction('rw', estimationCopies.estimations, async () => {
      let first: EstimationView | null = null;
      for (const copy of await pick(estimationCopies.estimations)) {
        const next = change(copy);
        if (next.key !== copy.key) await estimationCopies.estimations.delete(copy.key);
        await estimationCopies.estimations.put({ ...next, products: next.view.products.map((p) => p.id) });
        first ??= next.view;
      }
      return first;
    }),
  );
}

/** Changes the kept copies of the product's estimation. */
export function changeKeptProduct(product: number, change: (view: EstimationView) => EstimationView): Promise<EstimationView | null> {
  return changeCopies(
    (copies) => copies.where('products').equals(product).toArray(),
    (copy) => ({ ...copy, view: change(copy.view) }),
  );
}

/**
 * A product added on the device (decision 367) put in the kept copy of its estimation (under its
 * id, or the server id an estimation made offline got since), or, when the device keeps none (an
 * estimation made offline), in a new copy of `author`'s made from `made`. A product a copy holds
 * already, or that the server has already (`serverIdOf` its temp id), is not added again.
 */
export async function addKeptProduct(
  product: EstimationViewProduct,
  author: number,
  { serverIdOf, made }: { serverIdOf: (tempId: number) => Promise<number | null>; made: () => Promise<EstimationView | null> },
): Promise<void> {
  const { present, estimations } = await outsideMirror(async () => ({
    present: (await serverIdOf(product.id)) !== null || (await estimationCopies.estimations.where('products').equals(product.id).count()) > 0,
    estimations: [product.estimation, product.estimation < 0 ? await serverIdOf(product.estimation) : null],
  }));
  if (present) return;
  for (const estimation of estimations) {
    if (estimation === null) continue;
    const added = await changeCopies(
      (copies) => copies.filter((k) => k.estimation === estimation).toArray(),
      (copy) => ({ ...copy, view: withProducts(copy.view, [...copy.view.products, product]) }),
    );
    if (added) return;
  }
  const view = await made();
  if (view) await outsideMirror(() => keepEstimation(author, withProducts(view, [product])));
}

/** The products given, and the estimation's total worked out with them. */
const withProducts = (view: EstimationView, products: EstimationViewProduct[]): EstimationView => ({ ...view, products, product_count: products.length, total_cost: estimationTotalOf(products) });

/** The server's product in place of the one made on the device (its temp id). */
export function replaceKeptProduct(tempId: number, product: EstimationViewProduct): Promise<EstimationView | null> {
  return changeCopies(
    (copies) => copies.where('products').equals(tempId).toArray(),
    (copy) => ({ ...copy, view: withProducts(copy.view, copy.view.products.map((p) => (p.id === tempId ? product : p))) }),
  );
}

/** The copy of an estimation made offline follows it to the server id it got. */
export function renumberKeptEstimation(tempId: number, id: number): Promise<EstimationView | null> {
  return changeCopies(
    (copies) => copies.filter((k) => k.estimation === tempId).toArray(),
    (copy) => ({ ...copy, key: keyOf(copy.userId, id), estimation: id, view: { ...copy.view, id, products: copy.view.products.map((p) => ({ ...p, estimation: id })) } }),
  );
}
