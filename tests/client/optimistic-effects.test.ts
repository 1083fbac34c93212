import './setup';
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { addEntry, discardEntry, resendEntry } from '../../src/data/outbox/entries';
import { rebase } from '../../src/data/outbox/effects';
import { replayOutbox, type ReplayEnv } from '../../src/data/outbox/replay';
import { recordStockTransaction } from '../../src/data/operations';

/**
 * Issue 15 §3: the device never shows wrong stock. An offline issue moves the material's on hand
 * and the requisition line's issued quantity at once; when the server refuses it, when it is
 * discarded or fixed and resent, the device shows the server's figures with only the writes that
 * still wait on top (docs/decisions.md 151).
 */
const STORES = 9;
const TRACKED = { created_by: 1, created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z', deleted_at: null };
const copperWire = { id: 131, name: 'Copper Wire 1.5 sqmm', unit: 'SHEET', category: 3, quantity: '118.000', version: 4, ...TRACKED };
const line = { id: 900, requisition: 319, material: 131, quantity: '300.000', quantity_issued: '117.000', quantity_reserved: '0.000', version: 2, ...TRACKED };

const issue = (quantity: string) => ({ material: 131, transaction_type: 'issue' as const, quantity, transaction_date: '2026-11-25', requisition: 319, requisition_detail: 900 });
const onHand = async () => (await mirror.rows('materials').get(131))?.quantity;
const issued = async () => (await mirror.rows('requisitionDetails').get(900))?.quantity_issued;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** The server: refuses the issues whose quantity it is told to, takes the others. */
function server(refuse: (body: { quantity: string }) => boolean): ReplayEnv {
  let nextId = 5000;
  const fetch = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as { quantity: string };
    return refuse(body) ? json(400, { quantity: ['Only 118.000 SHEET of Copper Wire 1.5 sqmm are free.'] }) : json(201, { id: nextId++, ...body, version: 1, ...TRACKED });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, baseUrl: '/api/v1', tokens: { accessFor: async () => 'access', refreshFor: async () => 'access' } };
}

beforeEach(async () => {
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materials').put(copperWire);
  await mirror.rows('requisitionDetails').put(line);
});

describe('an offline stock issue', () => {
  it('moves on hand and the line’s issued quantity at once', async () => {
    await addEntry(recordStockTransaction, issue('-128'), { userId: STORES });
    expect([await onHand(), await issued()]).toEqual(['-10.000', '245.000']);
  });

  it('refused by the server: on hand and issued go back to the server’s figures, and the entry stays for the user', async () => {
    await addEntry(recordStockTransaction, issue('-128'), { userId: STORES });
    expect(await replayOutbox(server(() => true))).toMatchObject({ rejected: 1 });
    expect([await onHand(), await issued()]).toEqual(['118.000', '117.000']);
    expect((await outbox.entries.toArray())[0]).toMatchObject({ state: 'rejected' });
  });

  it('refused, then discarded: no trace of it', async () => {
    const { entryId } = await addEntry(recordStockTransaction, issue('-128'), { userId: STORES });
    await replayOutbox(server(() => true));
    await discardEntry(entryId);
    expect([await onHand(), await issued()]).toEqual(['118.000', '117.000']);
    expect(await mirror.rows('stockTransactions').count()).toBe(0);
    expect(await outbox.bases.count()).toBe(0);
  });

  it('discarded while it waits: on hand and issued as the server has them', async () => {
    const { entryId } = await addEntry(recordStockTransaction, issue('-28'), { userId: STORES });
    await discardEntry(entryId);
    expect([await onHand(), await issued()]).toEqual(['118.000', '117.000']);
  });

  it('fixed and resent: the new quantity counts once', async () => {
    const { entryId } = await addEntry(recordStockTransaction, issue('-128'), { userId: STORES });
    await replayOutbox(server(() => true));
    await resendEntry(entryId, issue('-100'));
    expect([await onHand(), await issued()]).toEqual(['18.000', '217.000']);
  });

  it('refused while another issue of the same material waits: only the other one shows', async () => {
    await addEntry(recordStockTransaction, issue('-10'), { userId: STORES });
    await addEntry(recordStockTransaction, issue('-200'), { userId: STORES });
    expect(await onHand()).toBe('-92.000');
    await replayOutbox(server((body) => body.quantity === '-200'));
    expect([await onHand(), await issued()]).toEqual(['108.000', '127.000']);
  });

  it('confirmed while another waits, which is then refused: the confirmed one stays counted', async () => {
    await addEntry(recordStockTransaction, issue('-10'), { userId: STORES });
    const second = await addEntry(recordStockTransaction, issue('-20'), { userId: STORES });
    // The first goes through; the second is held back (not due) this round.
    await outbox.entries.update(second.entryId, { nextAttemptAt: Date.now() + 60_000 });
    await replayOutbox(server(() => false));
    expect([await onHand(), await issued()]).toEqual(['88.000', '147.000']);
    await outbox.entries.update(second.entryId, { nextAttemptAt: 0 });
    await replayOutbox(server(() => true));
    expect([await onHand(), await issued()]).toEqual(['108.000', '127.000']);
  });

  it('the server’s newer row while it waits: shown with the issue on top', async () => {
    await addEntry(recordStockTransaction, issue('-10'), { userId: STORES });
    await rebase('materials', [{ ...copperWire, quantity: '200.000', version: 7 }]);
    expect(await mirror.rows('materials').get(131)).toMatchObject({ quantity: '190.000', version: 7 });
  });
});
