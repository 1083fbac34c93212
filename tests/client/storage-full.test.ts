import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox, STORAGE_FULL_KEY } from '../../src/data/outbox/db';
import { addEntry } from '../../src/data/outbox/entries';
import { ChangeNotSavedError, enqueue, STORAGE_FULL } from '../../src/data/outbox/enqueue';
import { replayOutbox, type ReplayEnv } from '../../src/data/outbox/replay';
import * as notifications from '../../src/ui/notify';
import { createMaterialCategory } from '../../src/data/operations';

/** Issue 15 §5: a full disk never half-writes a change, never leaves the user without a word, and never makes the queue loop. */
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const ASHA = 7;
const quotaError = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

beforeEach(async () => {
  localStorage.clear();
  storeSession({ userId: ASHA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});
afterEach(() => vi.restoreAllMocks());

describe('a full disk', () => {
  it('when saving: says so at once, keeps nothing half-written, and the screen need not catch it', async () => {
    const told = vi.spyOn(notifications, 'notify');
    vi.spyOn(outbox, 'transaction').mockRejectedValueOnce(quotaError());
    const saving = enqueue(createMaterialCategory, { name: 'Glass' });
    await expect(saving).rejects.toBeInstanceOf(ChangeNotSavedError);
    await expect(saving).rejects.toMatchObject({ message: STORAGE_FULL, told: true });
    expect(told).toHaveBeenCalledWith({ type: 'negative', message: STORAGE_FULL });
    expect(await outbox.entries.count()).toBe(0);
    expect(await outbox.bases.count()).toBe(0);
    expect(await mirror.rows('materialCategories').count()).toBe(0);
  });

  it('when storing the server’s answers: the sent writes leave the queue all the same (no resending every minute), and Sync is told', async () => {
    await addEntry(createMaterialCategory, { name: 'Glass' }, { userId: ASHA });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 44, name: 'Glass', version: 1 }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
    const env: ReplayEnv = { fetch: fetch as unknown as typeof globalThis.fetch, baseUrl: '/api/v1', tokens: { accessFor: async () => 'access', refreshFor: async () => 'access' } };
    const full = vi.spyOn(mirror, 'transaction').mockRejectedValue(quotaError());
    expect(await replayOutbox(env)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await replayOutbox(env)).toMatchObject({ sent: 0, remaining: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await outbox.meta.get(STORAGE_FULL_KEY))?.value).toBeGreaterThan(0);

    full.mockRestore();
    await addEntry(createMaterialCategory, { name: 'Metal' }, { userId: ASHA });
    await replayOutbox(env);
    expect(await outbox.meta.get(STORAGE_FULL_KEY)).toBeUndefined();
  });
});
