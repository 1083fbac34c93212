import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { materials, stockTransactions } from '../../server/db/schema';
import { signedInAs, startTestServer, type TestServer } from '../support/server';
import { ledgerMismatches, makeJobOrder, makeRequisition, makeStockMaterial, receiveThroughGra, reverseEntry } from '../support/factories-stock';
import { businessToday } from '../../domain/rules/dates';

/** Writers racing for the same stock: on PostgreSQL the material row lock decides, on PGlite the single connection. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const db = () => server.database.db;
const URL = '/stocks/stocktransactions/';
const DATE = businessToday();
const onHand = async (id: number) => (await db().select().from(materials).where(eq(materials.id, id)))[0]!.quantity;

async function stocked(quantity: string) {
  const material = await makeStockMaterial(db(), 'Acrylic sheet 3mm');
  return { material, receipt: await receiveThroughGra(db(), material.id, quantity) };
}

describe('concurrent stock writes', () => {
  it('two issues of the last units in parallel: exactly one succeeds, the other gets the 409', async () => {
    const { material } = await stocked('5');
    const first = await makeRequisition(db(), [{ material: material.id, quantity: '5' }]);
    const second = await makeRequisition(db(), [{ material: material.id, quantity: '5' }]);
    const stores = await signedInAs(server.app, 'stores');
    const answers = await Promise.all(
      [first, second].map(({ requisition }) => stores.post(URL, { material: material.id, transaction_type: 'issue', quantity: '-5', transaction_date: DATE, requisition: requisition.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ detail: 'Not enough Acrylic sheet 3mm in stock: asked 5, available 0.' });
    expect(await onHand(material.id)).toBe('0.000');
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('eight parallel issues of 2 from 9 in stock: exactly four succeed', async () => {
    const { material } = await stocked('9');
    const job = await makeJobOrder(db());
    const stores = await signedInAs(server.app, 'stores');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => stores.post(URL, { material: material.id, transaction_type: 'issue', quantity: '-2', transaction_date: DATE, job_order: job.id })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    expect(await onHand(material.id)).toBe('1.000');
  });

  it('the same row reversed twice at once: one reversing entry, the other refused', async () => {
    const { material, receipt } = await stocked('5');
    const answers = await Promise.all([reverseEntry(server.app, receipt.id), reverseEntry(server.app, receipt.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await db().select().from(stockTransactions).where(eq(stockTransactions.reverses, receipt.id))).toHaveLength(1);
    expect(await onHand(material.id)).toBe('0.000');
  });

  it('one adjustment approved by two managers at once is applied once', async () => {
    const { material } = await stocked('5');
    const stores = await signedInAs(server.app, 'stores');
    const adjustment = (await stores.post('/stockadjustments/stock-adjustments/', { material: material.id, quantity: '3', reason: 'Found in the yard' })).json();
    const [manager, admin] = await Promise.all([signedInAs(server.app, 'stores.manager'), signedInAs(server.app, 'admin')]);
    const answers = await Promise.all([manager, admin].map((c) => c.post(`/stockadjustments/stock-adjustments/${adjustment.id}/approve/`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await onHand(material.id)).toBe('8.000');
  });
});
