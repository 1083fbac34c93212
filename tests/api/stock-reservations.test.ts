import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { auditLog, requisitionDetails } from '../../server/db/schema';
import { REQUISITION_MESSAGES } from '../../domain/requisition';
import { signedInAs, startTestServer, type TestServer } from '../support/server';
import { makeJobOrder, makeRequisition, makeStockMaterial, receiveThroughGra, setNegativeStock } from '../support/factories-stock';
import { businessToday } from '../../domain/rules/dates';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const db = () => server.database.db;
const stores = () => signedInAs(server.app, 'stores');
const RESERVE = '/materials/materials/reserve_material/';
const TX = '/stocks/stocktransactions/';
const DATE = businessToday();

async function stocked(name: string, quantity: string) {
  const material = await makeStockMaterial(db(), name);
  await receiveThroughGra(db(), material.id, quantity);
  return material;
}
const reserve = async (requisition_detail: number, quantity: string) => (await stores()).post(RESERVE, { requisition_detail, quantity });
const line = async (id: number) => (await db().select().from(requisitionDetails).where(eq(requisitionDetails.id, id)))[0]!;

describe('reserve_material', () => {
  it('holds stock for a requisition line: it is no longer free for other requisitions or job orders', async () => {
    const sheet = await stocked('Acrylic sheet 3mm', '10');
    const first = await makeRequisition(db(), [{ material: sheet.id, quantity: '8' }]);
    const second = await makeRequisition(db(), [{ material: sheet.id, quantity: '5' }]);
    const res = await reserve(first.lines[0]!.id, '8');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: first.lines[0]!.id, quantity_reserved: '8.000' });
    const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ username: 'stores', action: 'stock.reserve' });
    const other = await (await stores()).post(TX, { material: sheet.id, transaction_type: 'issue', quantity: '-3', transaction_date: DATE, requisition: second.requisition.id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: 'Not enough Acrylic sheet 3mm in stock: asked 3, available 2.' });
    const job = await (await stores()).post(TX, { material: sheet.id, transaction_type: 'issue', quantity: '-3', transaction_date: DATE, job_order: (await makeJobOrder(db())).id });
    expect(job.statusCode).toBe(409);
    const management = await signedInAs(server.app, 'management');
    expect((await management.get('/stocks/stock-value/')).json().results[0]).toMatchObject({ quantity: '10.000', reserved: '8.000', available: '2.000' });
    expect((await management.get(`/stocks/stock-value/${sheet.id}/`)).json()).toMatchObject({ name: 'Acrylic sheet 3mm', quantity: '10.000', reserved: '8.000', available: '2.000' });
    expect((await management.get('/stocks/stock-value/999999/')).statusCode).toBe(404);
  });

  it('is used first by the line\'s own issue', async () => {
    const sheet = await stocked('Glass 5mm', '10');
    const { requisition, lines } = await makeRequisition(db(), [{ material: sheet.id, quantity: '10' }]);
    await reserve(lines[0]!.id, '10');
    const res = await (await stores()).post(TX, { material: sheet.id, transaction_type: 'issue', quantity: '-6', transaction_date: DATE, requisition: requisition.id });
    expect(res.statusCode).toBe(201);
    expect(await line(lines[0]!.id)).toMatchObject({ quantity_issued: '6.000', quantity_reserved: '4.000' });
  });

  it('refuses to hold more than is free (409), more than the line still needs (400), and releases with 0', async () => {
    const sheet = await stocked('MS pipe 25mm', '5');
    const first = await makeRequisition(db(), [{ material: sheet.id, quantity: '4' }]);
    const second = await makeRequisition(db(), [{ material: sheet.id, quantity: '4' }]);
    expect((await reserve(first.lines[0]!.id, '4')).statusCode).toBe(200);
    const tooMuch = await reserve(second.lines[0]!.id, '2');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ detail: 'Not enough MS pipe 25mm in stock to reserve: asked 2, available 1.' });
    expect((await reserve(first.lines[0]!.id, '5')).json()).toEqual({ quantity: ['More cannot be reserved than the line still needs.'] });
    expect((await reserve(first.lines[0]!.id, '0')).json().quantity_reserved).toBe('0.000');
    expect((await reserve(second.lines[0]!.id, '4')).statusCode).toBe(200);
  });

  it('never reserves stock that is not there, even when negative stock is allowed', async () => {
    const sheet = await stocked('Teak plank', '1');
    await setNegativeStock(db(), true);
    const { lines } = await makeRequisition(db(), [{ material: sheet.id, quantity: '4' }]);
    expect((await reserve(lines[0]!.id, '2')).statusCode).toBe(409);
  });

  it('frees what a closed requisition held', async () => {
    const sheet = await stocked('Plywood', '4');
    const closed = await makeRequisition(db(), [{ material: sheet.id, quantity: '4' }]);
    await reserve(closed.lines[0]!.id, '4');
    const { requisition } = await makeRequisition(db(), [{ material: sheet.id, quantity: '4' }]);
    expect((await (await stores()).post(TX, { material: sheet.id, transaction_type: 'issue', quantity: '-1', transaction_date: DATE, requisition: requisition.id })).statusCode).toBe(409);
    await db().execute(sql`UPDATE requisitions SET closed_at = now(), close_reason = 'done' WHERE id = ${closed.requisition.id}`);
    expect((await (await stores()).post(TX, { material: sheet.id, transaction_type: 'issue', quantity: '-4', transaction_date: DATE, requisition: requisition.id })).statusCode).toBe(201);
  });

  it('follows the requisition state machine and answers bad input with 400s', async () => {
    const sheet = await stocked('Glue', '10');
    const rework = await makeRequisition(db(), [{ material: sheet.id, quantity: '1' }], { type: 're-work' });
    expect((await reserve(rework.lines[0]!.id, '1')).json()).toEqual({ requisition_detail: [REQUISITION_MESSAGES.approvalFirst] });
    const closed = await makeRequisition(db(), [{ material: sheet.id, quantity: '1' }], { closed: true });
    expect((await reserve(closed.lines[0]!.id, '1')).json()).toEqual({ requisition_detail: ['This requisition is closed: it cannot be reserved against.'] });
    expect((await reserve(999999, '1')).json()).toEqual({ requisition_detail: ['Invalid pk "999999" - object does not exist.'] });
    const { lines } = await makeRequisition(db(), [{ material: sheet.id, quantity: '1' }]);
    for (const quantity of ['-1', 'x', '1.0001']) expect((await reserve(lines[0]!.id, quantity)).statusCode, quantity).toBe(400);
    expect((await (await stores()).post(RESERVE, { quantity: '1' })).json()).toEqual({ requisition_detail: ['This field is required.'] });
  });
});
