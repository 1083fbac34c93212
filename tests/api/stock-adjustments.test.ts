import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, materials, stockTransactions } from '../../server/db/schema';
import { signedInAs, startTestServer, type TestServer } from '../support/server';
import { expectAccessMatrix } from '../support/access';
import { ledgerMismatches, makeStockMaterial, receiveThroughGra, setNegativeStock } from '../support/factories-stock';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const db = () => server.database.db;
const URL = '/stockadjustments/stock-adjustments/';
const as = (username: string) => signedInAs(server.app, username);
const onHand = async (id: number) => (await db().select().from(materials).where(eq(materials.id, id)))[0]!.quantity;

async function stocked(name: string, quantity: string) {
  const material = await makeStockMaterial(db(), name);
  await receiveThroughGra(db(), material.id, quantity, { rate: '10' });
  return material;
}

async function request(material: number, quantity: string) {
  const res = await (await as('stores')).post(URL, { material, quantity, reason: 'Count on 20-11' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('stock adjustments', () => {
  it('a request changes nothing until a stores manager approves it; approval writes the ledger row', async () => {
    const sheet = await stocked('Acrylic sheet', '10');
    const adjustment = await request(sheet.id, '-2');
    expect(adjustment).toMatchObject({ status: 'pending', quantity: '-2.000', approved_by: null, decided_at: null });
    expect(await onHand(sheet.id)).toBe('10.000');
    const res = await (await as('stores.manager')).post(`${URL}${adjustment.id}/approve/`, { remarks: 'Checked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', remarks: 'Checked' });
    expect(res.json().decided_at).not.toBeNull();
    expect(await onHand(sheet.id)).toBe('8.000');
    const [row] = await db().select().from(stockTransactions).where(eq(stockTransactions.stock_adjustment, adjustment.id));
    expect(row).toMatchObject({ transaction_type: 'adjustment', quantity: '-2.000', rate: '10.00' });
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'stock_adjustment.approve'))).toHaveLength(1);
  });

  it('a rejection changes no stock; deciding twice is refused with 409', async () => {
    const sheet = await stocked('Glass', '10');
    const adjustment = await request(sheet.id, '3');
    const manager = await as('stores.manager');
    expect((await manager.post(`${URL}${adjustment.id}/reject/`)).json()).toMatchObject({ status: 'rejected' });
    expect(await onHand(sheet.id)).toBe('10.000');
    for (const action of ['approve', 'reject']) {
      const again = await manager.post(`${URL}${adjustment.id}/${action}/`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'This adjustment has already been rejected.' });
    }
    expect((await manager.post(`${URL}999999/approve/`)).statusCode).toBe(404);
  });

  it('approval of a take-away beyond what is free is refused with the 409 of an issue, unless negative stock is allowed', async () => {
    const sheet = await stocked('Teak plank', '2');
    const adjustment = await request(sheet.id, '-5');
    const admin = await as('admin');
    const refused = await admin.post(`${URL}${adjustment.id}/approve/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Not enough Teak plank in stock: asked 5, available 2.' });
    expect((await (await as('stores')).get(`${URL}?status=pending`)).json().count).toBe(1);
    await setNegativeStock(db(), true);
    expect((await admin.post(`${URL}${adjustment.id}/approve/`)).statusCode).toBe(200);
    expect(await onHand(sheet.id)).toBe('-3.000');
  });

  it('answers bad requests with the field\'s 400', async () => {
    const sheet = await stocked('Glue', '1');
    const stores = await as('stores');
    const cases: [Record<string, unknown>, string][] = [
      [{ material: sheet.id, quantity: '0', reason: 'x' }, 'quantity'],
      [{ material: sheet.id, quantity: 'x', reason: 'x' }, 'quantity'],
      [{ material: sheet.id, quantity: '1', reason: '' }, 'reason'],
      [{ material: 999999, quantity: '1', reason: 'x' }, 'material'],
      [{ quantity: '1', reason: 'x' }, 'material'],
      [{ material: 99_999_999_999, quantity: '1', reason: 'x' }, 'material'],
    ];
    for (const [body, field] of cases) {
      const res = await stores.post(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
    }
    expect((await stores.get(`${URL}?status=done`)).statusCode).toBe(400);
  });

  it('answers each demo role as domain/permissions.ts says', async () => {
    const sheet = await stocked('Plywood', '10');
    const adjustment = await request(sheet.id, '1');
    await expectAccessMatrix(server.app, [
      { method: 'GET', url: URL, permission: 'stock.read' },
      { method: 'POST', url: URL, body: {}, permission: 'stock-adjustments.request' },
      // Unknown ids: a permitted call answers 404 and changes nothing.
      { method: 'POST', url: `${URL}999999/approve/`, permission: 'stock-adjustments.decide' },
      { method: 'POST', url: `${URL}999999/reject/`, permission: 'stock-adjustments.decide' },
    ]);
    // A stores executive may request but not decide.
    expect((await (await as('stores')).post(`${URL}${adjustment.id}/approve/`)).statusCode).toBe(403);
  });
});
