import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, materials, stockTransactions } from '../../../server/db/schema';
import { useTestServer } from '../../support/server';
import { makeJobOrder, makeRequisition, makeStockMaterial, receiveThroughGra, reverseEntry } from '../../support/factories-stock';
import { businessToday } from '../../../domain/rules/dates';

/**
 * How stock may enter the ledger (issue 14 §4, DESIGN.md): through a GRA, an approved adjustment
 * or a return against an earlier issue; dated neither in the future nor, without a stores
 * manager, further back than the stock settings allow; reversed only by a stores manager (or a
 * superuser) with a reason the audit log keeps.
 */
const { app, db, as } = useTestServer();

const URL = '/stocks/stocktransactions/';
const onHand = async (id: number) => (await db().select().from(materials).where(eq(materials.id, id)))[0]!.quantity;
const ledgerOf = (material: number) => db().select().from(stockTransactions).where(eq(stockTransactions.material, material));
const issueAs = async (username: string, material: number, jobOrder: number, quantity: string, date = businessToday()) =>
  (await as(username)).post(URL, { material, transaction_type: 'issue', quantity: `-${quantity}`, job_order: jobOrder, transaction_date: date });

describe('a direct receipt', () => {
  it('is refused: stores cannot post 1,000 units at 0.01 without a GRA, and nothing enters the ledger', async () => {
    const sheet = await makeStockMaterial(db(), 'Acrylic sheet 3mm');
    const res = await (await as('stores')).post(URL, { material: sheet.id, transaction_type: 'receipt', quantity: '1000', rate: '0.01', transaction_date: businessToday() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ transaction_type: ['Stock is received through a GRA against its LPO. To correct the stock of a material, request a stock adjustment.'] });
    expect(await onHand(sheet.id)).toBe('0.000');
    expect(await ledgerOf(sheet.id)).toEqual([]);
  });

  it('is refused to a stores manager and a superuser too', async () => {
    const sheet = await makeStockMaterial(db());
    for (const username of ['stores.manager', 'admin']) {
      const res = await (await as(username)).post(URL, { material: sheet.id, transaction_type: 'receipt', quantity: '5', transaction_date: businessToday() });
      expect(res.statusCode, username).toBe(400);
      expect(Object.keys(res.json()), username).toEqual(['transaction_type']);
    }
    expect(await onHand(sheet.id)).toBe('0.000');
  });
});

describe('a return', () => {
  it('must name what the material was issued to', async () => {
    const sheet = await makeStockMaterial(db());
    const res = await (await as('stores')).post(URL, { material: sheet.id, transaction_type: 'return', quantity: '1000', transaction_date: businessToday() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ requisition: ['A return must be against the requisition or job order the material was issued to.'] });
    expect(await onHand(sheet.id)).toBe('0.000');
  });

  it('against a job order brings back no more than was issued to it, net of earlier returns', async () => {
    const sheet = await makeStockMaterial(db());
    const [job, other] = [await makeJobOrder(db()), await makeJobOrder(db())];
    await receiveThroughGra(db(), sheet.id, '10');
    expect((await issueAs('stores', sheet.id, job.id, '4')).statusCode).toBe(201);
    const stores = await as('stores');
    const giveBack = (jobOrder: number, quantity: string) => stores.post(URL, { material: sheet.id, transaction_type: 'return', quantity, job_order: jobOrder, transaction_date: businessToday() });
    const fromNothing = await giveBack(other.id, '1000');
    expect(fromNothing.statusCode).toBe(400);
    expect(fromNothing.json()).toEqual({ quantity: ['More cannot be returned against this job order than was issued to it.'] });
    expect((await giveBack(job.id, '3')).statusCode).toBe(201);
    const beyond = await giveBack(job.id, '2');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({ quantity: ['More cannot be returned against this job order than was issued to it.'] });
    expect((await giveBack(job.id, '1')).statusCode).toBe(201);
    expect(await onHand(sheet.id)).toBe('10.000');
  });

  it('cannot be turned into stock from nothing by reversing the issue it came back from', async () => {
    const sheet = await makeStockMaterial(db());
    const job = await makeJobOrder(db());
    await receiveThroughGra(db(), sheet.id, '10');
    const issued = (await issueAs('stores', sheet.id, job.id, '4')).json();
    expect((await (await as('stores')).post(URL, { material: sheet.id, transaction_type: 'return', quantity: '3', job_order: job.id, transaction_date: businessToday() })).statusCode).toBe(201);
    const res = await reverseEntry(app(), issued.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Reversing this issue would leave more returned from the job order than was issued to it.'] });
    expect(await onHand(sheet.id)).toBe('9.000');
  });

  it('against a requisition line brings back no more than was issued on it', async () => {
    const sheet = await makeStockMaterial(db());
    await receiveThroughGra(db(), sheet.id, '10');
    const { requisition } = await makeRequisition(db(), [{ material: sheet.id, quantity: '5' }]);
    const stores = await as('stores');
    expect((await stores.post(URL, { material: sheet.id, transaction_type: 'issue', quantity: '-2', requisition: requisition.id, transaction_date: businessToday() })).statusCode).toBe(201);
    const beyond = await stores.post(URL, { material: sheet.id, transaction_type: 'return', quantity: '3', requisition: requisition.id, transaction_date: businessToday() });
    expect(beyond.json()).toEqual({ quantity: ['More cannot be returned against this requisition line than was issued on it.'] });
    expect((await stores.post(URL, { material: sheet.id, transaction_type: 'return', quantity: '2', requisition: requisition.id, transaction_date: businessToday() })).statusCode).toBe(201);
    expect(await onHand(sheet.id)).toBe('10.000');
  });
});

describe('the transaction date', () => {
  const stocked = async () => {
    const sheet = await makeStockMaterial(db());
    await receiveThroughGra(db(), sheet.id, '100');
    return { sheet, job: await makeJobOrder(db()) };
  };

  it('may not be in the future, for anyone', async () => {
    const { sheet, job } = await stocked();
    for (const username of ['stores', 'stores.manager', 'admin']) {
      const res = await issueAs(username, sheet.id, job.id, '1', businessToday(1));
      expect(res.statusCode, username).toBe(400);
      expect(res.json(), username).toEqual({ transaction_date: ['A stock transaction may not be dated in the future.'] });
    }
    expect(await onHand(sheet.id)).toBe('100.000');
  });

  it('is back-dated 3 days by a stores executive, 4 days only by a stores manager', async () => {
    const { sheet, job } = await stocked();
    expect((await issueAs('stores', sheet.id, job.id, '1', businessToday(-3))).statusCode).toBe(201);
    const refused = await issueAs('stores', sheet.id, job.id, '1', businessToday(-4));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ transaction_date: ['Only a stores manager may date a stock transaction more than 3 days back.'] });
    const byManager = await issueAs('stores.manager', sheet.id, job.id, '1', businessToday(-4));
    expect(byManager.statusCode, byManager.body).toBe(201);
    expect(byManager.json().transaction_date).toBe(businessToday(-4));
    expect(await onHand(sheet.id)).toBe('98.000');
  });

  it('follows the days a superuser sets in the stock settings (7 instead of 3)', async () => {
    const { sheet, job } = await stocked();
    const set = await (await as('admin')).put('/stocks/settings/', { stock_backdate_days: 7 });
    expect(set.json()).toEqual({ allow_negative_stock: false, stock_backdate_days: 7, gra_over_receipt_tolerance_percent: '0.00' });
    expect((await issueAs('stores', sheet.id, job.id, '1', businessToday(-7))).statusCode).toBe(201);
    const refused = await issueAs('stores', sheet.id, job.id, '1', businessToday(-8));
    expect(refused.json()).toEqual({ transaction_date: ['Only a stores manager may date a stock transaction more than 7 days back.'] });
    expect((await (await as('admin')).put('/stocks/settings/', { stock_backdate_days: -1 })).statusCode).toBe(400);
    expect((await (await as('stores.manager')).put('/stocks/settings/', { stock_backdate_days: 30 })).statusCode).toBe(403);
  });
});

describe('reversing a ledger row', () => {
  const received = async () => {
    const sheet = await makeStockMaterial(db());
    return { sheet, receipt: await receiveThroughGra(db(), sheet.id, '1000', { rate: '0.01' }) };
  };

  it('is refused to a stores executive: 403, and the row stands', async () => {
    const { sheet, receipt } = await received();
    const res = await reverseEntry(app(), receipt.id, { reason: 'Booked twice' }, { as: 'stores' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(await onHand(sheet.id)).toBe('1000.000');
  });

  it('needs a reason', async () => {
    const { sheet, receipt } = await received();
    const missing = await reverseEntry(app(), receipt.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ reason: ['This field is required.'] });
    const blank = await reverseEntry(app(), receipt.id, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ reason: ['This field may not be blank.'] });
    expect(await onHand(sheet.id)).toBe('1000.000');
  });

  it('by a stores manager keeps the reason on the reversing entry and in a high-risk audit row', async () => {
    const { sheet, receipt } = await received();
    const res = await reverseEntry(app(), receipt.id, { reason: 'Vendor took the sheets back' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reverses: receipt.id, quantity: '-1000.000', remarks: `Reverses transaction #${receipt.id}: Vendor took the sheets back` });
    expect(await onHand(sheet.id)).toBe('0.000');
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'stock.reverse'));
    expect(entry).toMatchObject({ username: 'stores.manager', target: `stock_transactions:${receipt.id}`, risk_level: 'high' });
    expect(entry!.metadata).toMatchObject({ reversal: res.json().id, reason: 'Vendor took the sheets back' });
  });

  it('by a superuser too', async () => {
    const { receipt } = await received();
    expect((await reverseEntry(app(), receipt.id, { reason: 'Wrong material' }, { as: 'admin' })).statusCode).toBe(200);
  });
});
