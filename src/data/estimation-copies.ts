import Dexie, { type Table } from 'dexie';
import { estimationTotalOf, unitPriceOf } from '../../domain/estimation-costing';
import type { EstimationViewDetail, EstimationViewProduct, EstimationView } from '../../domain/estimation';

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

/**
 * Changes the kept copies of the product's estimation (every user's copy holding it: the entry's
 * author is the only one). The outbox calls it from within the mirror's transaction (a confirmed
 * save's reconcile): the copies are another database, so their transaction runs outside the
 * mirror's, which waits for it instead of committing early.
 */
export async function changeKeptProduct(product: number, change: (view: EstimationView) => EstimationView): Promise<EstimationView | null> {
  const changed = Dexie.ignoreTransaction(() =>
    estimationCopies.transaction('rw', estimationCopies.estimations, async () => {
      const kept = await estimationCopies.estimations.where('products').equals(product).toArray();
      for (const copy of kept) await estimationCopies.estimations.put({ ...copy, view: change(copy.view) });
      return kept[0] ? change(kept[0].view) : null;
    }),
  );
  return Dexie.waitFor(changed);
}
