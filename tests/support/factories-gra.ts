import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { lpoItems, lpos, materials, systemConfig } from '../../server/db/schema';
import { makeCategory, makeMaterial } from './factories';
import { makeLpo, makeLpoItem, makeVendor } from './factories-purchase';
import { signIn } from './server';

/** GRA writes' test data: an LPO to receive against, and the calls the plain client cannot make. */

let orders = 0;
/** The next steelOrder is named as the first again (call in beforeEach). */
export const resetOrders = () => {
  orders = 0;
};

/**
 * Mahalaxmi Steel's LPO (approved, not sent): 20 MS sheets at 123.45 and 60 m of MS pipe at 80.00, nothing
 * in stock yet.
 */
export async function steelOrder(db: Db, status = 'approved') {
  const category = await makeCategory(db);
  const order = ++orders;
  // Names are unique: a test with several orders tells them apart by number.
  const sheet = await makeMaterial(db, category.id, { name: order === 1 ? 'MS sheet 2mm' : `MS sheet 2mm (${order})`, unit: 'SHEET' });
  const pipe = await makeMaterial(db, category.id, { name: order === 1 ? 'MS pipe 25mm' : `MS pipe 25mm (${order})`, unit: 'MTRS' });
  const vendor = await makeVendor(db, { name: order === 1 ? 'Mahalaxmi Steel Traders' : `Mahalaxmi Steel Traders (${order})` });
  const lpo = await makeLpo(db, vendor.id, { lpo_date: '2026-10-01' });
  if (status !== 'approved') await db.update(lpos).set({ status }).where(eq(lpos.id, lpo.id));
  const sheetItem = await makeLpoItem(db, lpo.id, sheet.id, { quantity: '20', rate: '123.45' });
  const pipeItem = await makeLpoItem(db, lpo.id, pipe.id, { quantity: '60', rate: '80.00' });
  return { sheet, pipe, vendor, lpo, sheetItem, pipeItem };
}

/** DELETE with a body (the test client sends none with DELETE): a GRA's cancellation. */
export async function cancelGraAs(app: FastifyInstance, username: string, id: number, body: unknown = { cancellation_remarks: 'Wrong goods delivered' }) {
  const { access } = await signIn(app, username);
  return app.inject({ method: 'DELETE', url: `/api/v1/gra/gras/${id}/`, payload: body as object, headers: { authorization: `JWT ${access}` } });
}

export const lpoState = async (db: Db, id: number) => {
  const [lpo] = await db.select({ status: lpos.status }).from(lpos).where(eq(lpos.id, id));
  const items = await db.select({ id: lpoItems.id, quantity_received: lpoItems.quantity_received }).from(lpoItems).where(eq(lpoItems.lpo, id)).orderBy(lpoItems.id);
  return { status: lpo!.status, received: items.map((item) => item.quantity_received) };
};

export const stockOf = async (db: Db, id: number) => {
  const [row] = await db.select({ quantity: materials.quantity, average_cost: materials.average_cost }).from(materials).where(eq(materials.id, id));
  return row!;
};

export async function setGraTolerance(db: Db, percent: string): Promise<void> {
  await db.update(systemConfig).set({ gra_over_receipt_tolerance_percent: percent }).where(eq(systemConfig.id, 1));
}
