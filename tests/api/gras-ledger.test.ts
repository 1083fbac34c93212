import { beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { gras, stockTransactions } from '../../server/db/schema';
import type { GraView } from '../../domain/gra';
import { ledgerMismatches, makeJobOrder, receiveThroughGra, setNegativeStock } from '../support/factories-stock';
import { businessToday } from '../../domain/rules/dates';
import { cancelGraAs, lpoState, resetOrders, steelOrder, stockOf } from '../support/factories-gra';
import { useTestServer } from '../support/server';

/**
 * A GRA's stock (issue 19 §3): its accepted quantities are receipts in the ledger, and every
 * change to it moves the ledger with it, so a material's on-hand always equals its ledger's sum.
 */
const { app, db, as } = useTestServer({ seed: 'users' });
beforeEach(resetOrders);

const TODAY = businessToday();
const receive = async (lpo: number, lines: object[]) => (await (await as('stores')).post('/gra/gras/', { lpo, gra_date: TODAY, gra_items: lines })).json() as GraView;
const ledgerOf = (material: number) =>
  db()
    .select({ type: stockTransactions.transaction_type, quantity: stockTransactions.quantity, rate: stockTransactions.rate, date: stockTransactions.transaction_date, reverses: stockTransactions.reverses })
    .from(stockTransactions)
    .where(eq(stockTransactions.material, material))
    .orderBy(asc(stockTransactions.id));

describe('the ledger follows the GRA', () => {
  it('after create: one receipt per accepted line at the line’s rate, dated the GRA date; on-hand equals the ledger', async () => {
    const { sheet, pipe, lpo, sheetItem, pipeItem } = await steelOrder(db());
    await receive(lpo.id, [
      { lpo_item: sheetItem.id, quantity_received: '10', quantity_accepted: '9.5' },
      { lpo_item: pipeItem.id, quantity_received: '3', quantity_accepted: '0', remarks: 'All three pipes bent' },
    ]);
    expect(await ledgerOf(sheet.id)).toEqual([{ type: 'receipt', quantity: '9.500', rate: '123.45', date: TODAY, reverses: null }]);
    // Nothing accepted, nothing in stock: the line stays on the GRA for the record.
    expect(await ledgerOf(pipe.id)).toEqual([]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('after an edit: the new receipt is posted and the old one reversed; the average cost follows the new rate', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    const gra = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '10', quantity_accepted: '10' }]);
    const res = await (await as('stores')).patch(`/gra/gra_items/${gra.gra_items[0]!.id}/`, { quantity_accepted: '8', rate: '125.00' });
    expect(res.statusCode).toBe(200);
    const ledger = await ledgerOf(sheet.id);
    expect(ledger.map(({ type, quantity, rate }) => [type, quantity, rate])).toEqual([
      ['receipt', '10.000', '123.45'],
      ['receipt', '8.000', '125.00'],
      ['receipt', '-10.000', '123.45'],
    ]);
    expect(ledger[2]!.reverses).not.toBeNull();
    expect(await stockOf(db(), sheet.id)).toEqual({ quantity: '8.000', average_cost: '125.0000' });
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['8.000', '0.000'] });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('after a new GRA date: every receipt is re-dated', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    const gra = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '10', quantity_accepted: '10' }]);
    const yesterday = businessToday(-1);
    expect((await (await as('stores')).patch(`/gra/gras/${gra.id}/`, { gra_date: yesterday })).statusCode).toBe(200);
    expect((await ledgerOf(sheet.id)).map(({ quantity, date }) => [quantity, date])).toEqual([
      ['10.000', TODAY],
      ['10.000', yesterday],
      ['-10.000', TODAY],
    ]);
    expect(await stockOf(db(), sheet.id)).toMatchObject({ quantity: '10.000' });
  });

  it('after a line is removed: its receipt is reversed, the LPO line gives back what it had received', async () => {
    const { sheet, pipe, lpo, sheetItem, pipeItem } = await steelOrder(db());
    const gra = await receive(lpo.id, [
      { lpo_item: sheetItem.id, quantity_received: '10', quantity_accepted: '10' },
      { lpo_item: pipeItem.id, quantity_received: '60', quantity_accepted: '60' },
    ]);
    expect((await (await as('stores')).delete(`/gra/gra_items/${gra.gra_items[1]!.id}/`)).statusCode).toBe(200);
    expect((await ledgerOf(pipe.id)).map(({ quantity }) => quantity)).toEqual(['60.000', '-60.000']);
    expect(await stockOf(db(), pipe.id)).toMatchObject({ quantity: '0.000' });
    expect(await stockOf(db(), sheet.id)).toMatchObject({ quantity: '10.000' });
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['10.000', '0.000'] });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('after cancellation: every receipt is reversed with the reason; a received LPO is approved again', async () => {
    const { sheet, pipe, lpo, sheetItem, pipeItem } = await steelOrder(db());
    const gra = await receive(lpo.id, [
      { lpo_item: sheetItem.id, quantity_received: '20', quantity_accepted: '20' },
      { lpo_item: pipeItem.id, quantity_received: '60', quantity_accepted: '60' },
    ]);
    expect((await lpoState(db(), lpo.id)).status).toBe('received');
    expect((await cancelGraAs(app(), 'stores', gra.id, { cancellation_remarks: 'Wrong grade of steel' })).statusCode).toBe(200);
    expect(await stockOf(db(), sheet.id)).toMatchObject({ quantity: '0.000' });
    expect(await stockOf(db(), pipe.id)).toMatchObject({ quantity: '0.000' });
    const [reversal] = await db().select().from(stockTransactions).where(eq(stockTransactions.quantity, '-20.000'));
    expect(reversal!.remarks).toMatch(new RegExp(`^Reverses transaction #\\d+: GRA #${gra.id} cancelled: Wrong grade of steel$`));
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'approved', received: ['0.000', '0.000'] });
    // The cancelled GRA still shows what it had.
    expect(((await (await as('stores')).get(`/gra/gras/${gra.id}/`)).json() as GraView).gra_items).toHaveLength(2);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe('weighted average cost', () => {
  it('moves with a GRA’s receipts and comes back when the GRA is cancelled', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    await receiveThroughGra(db(), sheet.id, '10', { rate: '100.00' });
    const gra = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '10', quantity_accepted: '10', rate: '120.00' }]);
    expect(await stockOf(db(), sheet.id)).toEqual({ quantity: '20.000', average_cost: '110.0000' });
    await cancelGraAs(app(), 'stores', gra.id);
    expect(await stockOf(db(), sheet.id)).toEqual({ quantity: '10.000', average_cost: '100.0000' });
  });
});

describe('goods already issued onward', () => {
  it('cannot be taken back by cancelling their GRA, removing or reducing its line: the refusal says so and nothing moves', async () => {
    const { sheet, pipe, lpo, sheetItem, pipeItem } = await steelOrder(db());
    const gra = await receive(lpo.id, [
      { lpo_item: sheetItem.id, quantity_received: '10', quantity_accepted: '10' },
      { lpo_item: pipeItem.id, quantity_received: '5', quantity_accepted: '5' },
    ]);
    const job = await makeJobOrder(db());
    const stores = await as('stores');
    expect((await stores.post('/stocks/stocktransactions/', { material: sheet.id, transaction_type: 'issue', quantity: '-8', job_order: job.id, transaction_date: TODAY })).statusCode).toBe(201);
    const message = '10.000 of MS sheet 2mm cannot be taken back out of stock: only 2.000 is left in stores unissued and unreserved. The goods were issued onward; return them to stores first.';
    const cancel = await cancelGraAs(app(), 'stores', gra.id);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ detail: message });
    const removal = await stores.delete(`/gra/gra_items/${gra.gra_items[0]!.id}/`);
    expect(removal.json()).toEqual({ detail: message });
    // Down to 1 accepted: 9 would leave, 2 are in stores.
    const reduction = await stores.patch(`/gra/gra_items/${gra.gra_items[0]!.id}/`, { quantity_accepted: '1' });
    expect(reduction.statusCode).toBe(409);
    // Down to 9 accepted: 1 leaves, which is in stores.
    expect((await stores.patch(`/gra/gra_items/${gra.gra_items[0]!.id}/`, { quantity_accepted: '9' })).statusCode).toBe(200);
    expect(await stockOf(db(), sheet.id)).toMatchObject({ quantity: '1.000' });
    expect(await stockOf(db(), pipe.id)).toMatchObject({ quantity: '5.000' });
    expect((await db().select().from(gras).where(eq(gras.id, gra.id)))[0]!.cancelled_at).toBeNull();
    expect(await lpoState(db(), lpo.id)).toEqual({ status: 'partially_received', received: ['9.000', '5.000'] });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('can be taken back when the stock settings allow negative stock', async () => {
    const { sheet, lpo, sheetItem } = await steelOrder(db());
    const gra = await receive(lpo.id, [{ lpo_item: sheetItem.id, quantity_received: '10', quantity_accepted: '10' }]);
    const job = await makeJobOrder(db());
    await (await as('stores')).post('/stocks/stocktransactions/', { material: sheet.id, transaction_type: 'issue', quantity: '-8', job_order: job.id, transaction_date: TODAY });
    await setNegativeStock(db(), true);
    expect((await cancelGraAs(app(), 'stores', gra.id)).statusCode).toBe(200);
    expect(await stockOf(db(), sheet.id)).toMatchObject({ quantity: '-8.000' });
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
