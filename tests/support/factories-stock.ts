import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../server/db/client';
import { jobOrders, lpos, materials, requisitionDetails, requisitions, systemConfig } from '../../server/db/schema';
import { recordReceipt } from '../../server/modules/stock/ledger';
import type { RequisitionType } from '../../domain/requisition';
import { makeCustomer } from './factories-sales';
import { makeGra, makeGraItem, makeLpo, makeLpoItem, makeVendor } from './factories-purchase';
import { makeCategory, makeMaterial, userId } from './factories';
import { signIn } from './server';
import { businessToday } from '../../domain/rules/dates';

/** Stores test data: job orders, requisitions with their lines, and the ledger's own checks. */

export async function makeJobOrder(db: Db) {
  const customer = await makeCustomer(db);
  const [row] = await db.insert(jobOrders).values({ customer: customer.id, sales_executive: await userId(db, 'sales.exec') }).returning();
  return row!;
}

/** A material with nothing in stock (stock comes in through the ledger, as in real life). */
export async function makeStockMaterial(db: Db, name?: string) {
  const category = await makeCategory(db);
  return makeMaterial(db, category.id, name ? { name } : {});
}

/**
 * Stock received the one way it enters the ledger from outside: a GRA against an LPO (vendor,
 * LPO, LPO item, GRA and its line made here), whose receipt the ledger books as stores.
 */
export async function receiveThroughGra(db: Db, material: number, quantity: string, values: { rate?: string; date?: string; requisition?: number } = {}) {
  const rate = values.rate ?? '100.00';
  const requisition = values.requisition ?? null;
  const lpo = await makeLpo(db, (await makeVendor(db)).id, { status: 'received' });
  if (requisition) await db.update(lpos).set({ requisition }).where(eq(lpos.id, lpo.id));
  const lpoItem = await makeLpoItem(db, lpo.id, material, { quantity, rate, quantity_received: quantity });
  const gra = await makeGra(db, lpo, { gra_date: values.date ?? businessToday() });
  const line = await makeGraItem(db, gra.id, lpoItem, { quantity_received: quantity });
  const stores = { id: await userId(db, 'stores'), username: 'stores' };
  return db.transaction((tx) => recordReceipt(tx, stores, { gra_item: line.id, material, quantity, rate, transaction_date: gra.gra_date, requisition }));
}

export async function makeRequisition(
  db: Db,
  lines: { material: number; quantity: string }[],
  values: { type?: RequisitionType; approved?: boolean; closed?: boolean; cancelled?: boolean; job_order?: number | null; requested_by?: string } = {},
) {
  const type = values.type ?? 'standard';
  const jobOrder = values.job_order === undefined ? (type === 'consumables' ? null : (await makeJobOrder(db)).id) : values.job_order;
  const [requisition] = await db
    .insert(requisitions)
    .values({
      job_order: jobOrder,
      requisition_type: type,
      requested_by: await userId(db, values.requested_by ?? 'foreman'),
      is_approved: values.approved ?? false,
      closed_at: values.closed ? sql`now()` : null,
      close_reason: values.closed ? 'Job done' : null,
      deleted_at: values.cancelled ? sql`now()` : null,
      cancel_reason: values.cancelled ? 'Raised twice' : null,
    })
    .returning();
  const details = await db
    .insert(requisitionDetails)
    .values(lines.map((line) => ({ requisition: requisition!.id, material: line.material, job_order: jobOrder, quantity: line.quantity })))
    .returning();
  return { requisition: requisition!, lines: details };
}

/**
 * DELETE stocktransactions/{id}/ with a reason: the reversal the stores manager makes, unless
 * another user is named (or their access token given, to sign in once for many calls).
 */
export async function reverseEntry(app: FastifyInstance, id: number, body: unknown = { reason: 'Booked twice' }, options: { as?: string; access?: string; headers?: Record<string, string> } = {}) {
  const access = options.access ?? (await signIn(app, options.as ?? 'stores.manager')).access;
  return app.inject({ method: 'DELETE', url: `/api/v1/stocks/stocktransactions/${id}/`, payload: body as object, headers: { authorization: `JWT ${access}`, ...options.headers } });
}

export async function setNegativeStock(db: Db, allowed: boolean): Promise<void> {
  await db.update(systemConfig).set({ allow_negative_stock: allowed }).where(eq(systemConfig.id, 1));
}

/** Materials whose on-hand differs from the sum of their live ledger rows (should be none). */
export async function ledgerMismatches(db: Db): Promise<{ id: number; quantity: string; ledger: string }[]> {
  return queryRows(db, sql`
    SELECT m.id, m.quantity::text AS quantity, coalesce(sum(t.quantity), 0)::text AS ledger
    FROM ${materials} m LEFT JOIN stock_transactions t ON t.material = m.id AND t.deleted_at IS NULL
    GROUP BY m.id HAVING m.quantity <> coalesce(sum(t.quantity), 0)`);
}
