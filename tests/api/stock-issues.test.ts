import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, materials, requisitionDetails, requisitions } from '../../server/db/schema';
import { REQUISITION_MESSAGES } from '../../domain/requisition';
import { useTestServer } from '../support/server';
import { ledgerMismatches, makeJobOrder, makeRequisition, makeStockMaterial, receiveThroughGra, setNegativeStock } from '../support/factories-stock';
import { businessToday } from '../../domain/rules/dates';

const { as, db } = useTestServer();

const stores = () => as('stores');
const URL = '/stocks/stocktransactions/';
const DATE = businessToday();

const receive = (material: number, quantity: string, rate?: string) => receiveThroughGra(db(), material, quantity, rate ? { rate } : {});

const issue = async (body: Record<string, unknown>) => (await stores()).post(URL, { transaction_type: 'issue', transaction_date: DATE, ...body });
const materialRow = async (id: number) => (await db().select().from(materials).where(eq(materials.id, id)))[0]!;
const lineRow = async (id: number) => (await db().select().from(requisitionDetails).where(eq(requisitionDetails.id, id)))[0]!;
const requisitionRow = async (id: number) => (await db().select().from(requisitions).where(eq(requisitions.id, id)))[0]!;

describe('issues against a requisition', () => {
  it('takes stock out, raises the line\'s issued quantity and completes the requisition when every line is issued', async () => {
    const sheet = await makeStockMaterial(db(), 'Acrylic sheet 3mm');
    const glue = await makeStockMaterial(db(), 'Acrylic glue');
    await receive(sheet.id, '10', '500');
    await receive(glue.id, '4', '120');
    const { requisition, lines } = await makeRequisition(db(), [
      { material: sheet.id, quantity: '6' },
      { material: glue.id, quantity: '2' },
    ]);
    const first = await issue({ material: sheet.id, quantity: '-6', requisition: requisition.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ transaction_type: 'issue', quantity: '-6.000', requisition: requisition.id, requisition_detail: lines[0]!.id, job_order: requisition.job_order, rate: '500.00' });
    expect((await materialRow(sheet.id)).quantity).toBe('4.000');
    expect((await lineRow(lines[0]!.id)).quantity_issued).toBe('6.000');
    expect((await requisitionRow(requisition.id)).is_completed).toBe(false);
    expect((await issue({ material: glue.id, quantity: '-2', requisition_detail: lines[1]!.id })).statusCode).toBe(201);
    expect((await requisitionRow(requisition.id)).is_completed).toBe(true);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses an issue beyond what the line still asks for with a 400 naming what remains', async () => {
    const sheet = await makeStockMaterial(db(), 'MS pipe 25mm');
    await receive(sheet.id, '50');
    const { requisition } = await makeRequisition(db(), [{ material: sheet.id, quantity: '5' }]);
    expect((await issue({ material: sheet.id, quantity: '-3', requisition: requisition.id })).statusCode).toBe(201);
    const res = await issue({ material: sheet.id, quantity: '-2.5', requisition: requisition.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ quantity: ['Only 2 of MS pipe 25mm remain to be issued on this requisition: asked 2.5.'] });
    expect((await materialRow(sheet.id)).quantity).toBe('47.000');
  });

  it('refuses an issue beyond what is free with a 409 naming the material, the quantity asked and the quantity available', async () => {
    const sheet = await makeStockMaterial(db(), 'Glass 5mm');
    await receive(sheet.id, '3');
    const { requisition } = await makeRequisition(db(), [{ material: sheet.id, quantity: '10' }]);
    const res = await issue({ material: sheet.id, quantity: '-5', requisition: requisition.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Not enough Glass 5mm in stock: asked 5, available 3.' });
    expect((await materialRow(sheet.id)).quantity).toBe('3.000');
    expect((await lineRow((await makeRequisition(db(), [{ material: sheet.id, quantity: '1' }])).lines[0]!.id)).quantity_issued).toBe('0.000');
  });

  it('lets the issue go below zero when the system configuration allows negative stock', async () => {
    const sheet = await makeStockMaterial(db(), 'Glass 5mm');
    await receive(sheet.id, '3');
    await setNegativeStock(db(), true);
    const { requisition } = await makeRequisition(db(), [{ material: sheet.id, quantity: '10' }]);
    expect((await issue({ material: sheet.id, quantity: '-5', requisition: requisition.id })).statusCode).toBe(201);
    expect((await materialRow(sheet.id)).quantity).toBe('-2.000');
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses issues the requisition state machine does not allow, with its message', async () => {
    const sheet = await makeStockMaterial(db());
    await receive(sheet.id, '100');
    const rework = await makeRequisition(db(), [{ material: sheet.id, quantity: '1' }], { type: 're-work' });
    const notApproved = await issue({ material: sheet.id, quantity: '-1', requisition: rework.requisition.id });
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json()).toEqual({ requisition: [REQUISITION_MESSAGES.approvalFirst] });
    const approved = await makeRequisition(db(), [{ material: sheet.id, quantity: '1' }], { type: 'shortfall', approved: true });
    expect((await issue({ material: sheet.id, quantity: '-1', requisition: approved.requisition.id })).statusCode).toBe(201);
    const closed = await makeRequisition(db(), [{ material: sheet.id, quantity: '1' }], { closed: true });
    expect((await issue({ material: sheet.id, quantity: '-1', requisition: closed.requisition.id })).json()).toEqual({ requisition: ['This requisition is closed: it cannot be issued against.'] });
    const cancelled = await makeRequisition(db(), [{ material: sheet.id, quantity: '1' }], { cancelled: true });
    expect((await issue({ material: sheet.id, quantity: '-1', requisition: cancelled.requisition.id })).json()).toEqual({ requisition: ['This requisition is cancelled: it cannot be issued against.'] });
    expect((await issue({ material: sheet.id, quantity: '-1', requisition: approved.requisition.id })).json()).toEqual({ requisition: ['This requisition is issued: it cannot be issued against.'] });
    expect((await materialRow(sheet.id)).quantity).toBe('99.000');
  });

  it('issues against a job order without a requisition', async () => {
    const sheet = await makeStockMaterial(db());
    await receive(sheet.id, '5');
    const job = await makeJobOrder(db());
    const res = await issue({ material: sheet.id, quantity: '-2', job_order: job.id, status: 'in-transit' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ job_order: job.id, requisition: null, status: 'in-transit' });
  });

  it('answers bad input with the field\'s 400, never a 500', async () => {
    const sheet = await makeStockMaterial(db());
    const other = await makeStockMaterial(db());
    await receive(sheet.id, '5');
    const { requisition, lines } = await makeRequisition(db(), [{ material: sheet.id, quantity: '2' }]);
    const client = await stores();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ material: sheet.id, quantity: '2', requisition: requisition.id }, { quantity: ['An issue must have a negative quantity.'] }],
      [{ material: sheet.id, quantity: '-1' }, { requisition: ['An issue must be against a requisition or a job order.'] }],
      [{ material: 999999, quantity: '-1', job_order: (await makeJobOrder(db())).id }, { material: ['Invalid pk "999999" - object does not exist.'] }],
      [{ material: sheet.id, quantity: '-1', job_order: 999999 }, { job_order: ['Invalid pk "999999" - object does not exist.'] }],
      [{ material: sheet.id, quantity: '-1', requisition: 999999 }, { requisition: ['Invalid pk "999999" - object does not exist.'] }],
      [{ material: other.id, quantity: '-1', requisition: requisition.id }, { material: ['This material is not on this requisition.'] }],
      [{ material: other.id, quantity: '-1', requisition_detail: lines[0]!.id }, { requisition_detail: ['This requisition line is for another material.'] }],
      [{ material: sheet.id, quantity: '-1.0001', requisition: requisition.id }, { quantity: ['Ensure that there are no more than 3 decimal places.'] }],
      [{ material: sheet.id, quantity: 'lots', requisition: requisition.id }, { quantity: ['A valid number is required.'] }],
      [{ material: sheet.id, quantity: '-1', requisition: 99_999_999_999 }, { requisition: ['Invalid pk - object does not exist.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await client.post(URL, { transaction_type: 'issue', transaction_date: DATE, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    const badDate = await client.post(URL, { material: sheet.id, transaction_type: 'issue', quantity: '-1', transaction_date: '20-11-2026', requisition: requisition.id });
    expect(badDate.statusCode).toBe(400);
    expect(Object.keys(badDate.json())).toEqual(['transaction_date']);
    expect((await client.post(URL, { material: sheet.id, transaction_type: 'adjustment', quantity: '1', transaction_date: DATE })).statusCode).toBe(400);
    // Stock beyond what numeric(14,3) holds is the quantity's 400, not a database error.
    await receive(other.id, '99999999999', '0.01');
    const adjustment = (await client.post('/stockadjustments/stock-adjustments/', { material: other.id, quantity: '1', reason: 'Found one more' })).json();
    const overflow = await (await as('stores.manager')).post(`/stockadjustments/stock-adjustments/${adjustment.id}/approve/`, {});
    expect(overflow.statusCode).toBe(400);
    expect(Object.keys(overflow.json())).toEqual(['quantity']);
    expect((await materialRow(sheet.id)).quantity).toBe('5.000');
  });

  it('audits each issue', async () => {
    const sheet = await makeStockMaterial(db());
    await receive(sheet.id, '5');
    const { requisition } = await makeRequisition(db(), [{ material: sheet.id, quantity: '2' }]);
    const row = (await issue({ material: sheet.id, quantity: '-2', requisition: requisition.id })).json();
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'stock.issue'));
    expect(entry).toMatchObject({ username: 'stores', target: `stock_transactions:${row.id}`, risk_level: 'medium' });
  });
});

describe('returns', () => {
  it('bring stock back and take back what was issued on the line, never more', async () => {
    const sheet = await makeStockMaterial(db());
    await receive(sheet.id, '5');
    const { requisition, lines } = await makeRequisition(db(), [{ material: sheet.id, quantity: '3' }]);
    await issue({ material: sheet.id, quantity: '-3', requisition: requisition.id });
    expect((await requisitionRow(requisition.id)).is_completed).toBe(true);
    const client = await stores();
    const tooMuch = await client.post(URL, { material: sheet.id, transaction_type: 'return', quantity: '4', transaction_date: DATE, requisition: requisition.id });
    expect(tooMuch.json()).toEqual({ quantity: ['More cannot be returned against this requisition line than was issued on it.'] });
    expect((await client.post(URL, { material: sheet.id, transaction_type: 'return', quantity: '1', transaction_date: DATE, requisition: requisition.id })).statusCode).toBe(201);
    expect((await lineRow(lines[0]!.id)).quantity_issued).toBe('2.000');
    expect((await requisitionRow(requisition.id)).is_completed).toBe(false);
    expect((await materialRow(sheet.id)).quantity).toBe('3.000');
  });
});

describe('weighted average cost', () => {
  it('moves with receipts at their rates; issues go out at the average and record it as their rate, returns come back at it', async () => {
    const sheet = await makeStockMaterial(db());
    await receive(sheet.id, '10', '100');
    await receive(sheet.id, '30', '200');
    expect((await materialRow(sheet.id)).average_cost).toBe('175.0000');
    const job = await makeJobOrder(db());
    const out = (await issue({ material: sheet.id, quantity: '-8', job_order: job.id })).json();
    expect(out.rate).toBe('175.00');
    expect((await materialRow(sheet.id)).average_cost).toBe('175.0000');
    const back = await (await stores()).post(URL, { material: sheet.id, transaction_type: 'return', quantity: '8', transaction_date: DATE, job_order: job.id });
    expect(back.json()).toMatchObject({ transaction_type: 'return', quantity: '8.000', rate: '175.00' });
    expect((await materialRow(sheet.id)).average_cost).toBe('175.0000');
    const value = (await (await as('accounts')).get('/stocks/stock-value/')).json();
    expect(value.results).toEqual([expect.objectContaining({ material: sheet.id, quantity: '40.000', average_cost: '175.0000', stock_value: '7000.00' })]);
    expect(value.total_value).toBe('7000.00');
  });
});
