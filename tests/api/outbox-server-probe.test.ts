// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { outbox } from '../../src/data/outbox/db';
import { addEntry } from '../../src/data/outbox/entries';
import { replayOutbox, type ReplayEnv } from '../../src/data/outbox/replay';
import { nudgeReplay, startOutboxReplay } from '../../src/data/outbox/triggers';
import { DEMO_PASSWORD } from '../support/server';
import { userId } from '../support/factories';
import { shareDatabase, startApiProcess, type ApiProcess, type SharedDatabase } from '../support/api-process';
import { createMaterialCategory } from '../../src/data/operations';
import { API } from '../../domain/api-paths';

/**
 * Issue 15 §5 against a real API process: after a long outage, while the browser believes it is
 * online all along, writes that waited on the server go the moment it answers again (the replayer
 * probes /health/), not at the end of their backoff, which by then is ten minutes.
 */
const TEN_MINUTES = 600_000;

describe('writes waiting on a server that was down', () => {
  let shared: SharedDatabase<number>;
  let api: ApiProcess | null = null;
  beforeAll(async () => {
    shared = await shareDatabase((db) => userId(db, 'stores'));
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await shared.close();
  });

  it('go as soon as the server answers its probe, each once', { timeout: 120_000 }, async () => {
    api = await startApiProcess(shared.env);
    const port = new URL(api.url).port;
    const signedIn = await fetch(`${api.url}/api/v1/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'stores', password: DEMO_PASSWORD }),
    });
    const { access } = (await signedIn.json()) as { access: string };
    const asked: string[] = [];
    const env: ReplayEnv = {
      fetch: (input, init) => {
        asked.push(String(input).replace(api!.url, ''));
        return fetch(input, init);
      },
      baseUrl: `${api.url}/api/v1`,
      tokens: { accessFor: async () => access, refreshFor: async () => access },
    };

    await api.stop();
    const { entryId } = await addEntry(createMaterialCategory, { name: 'Toughened glass' }, { userId: shared.prepared });
    expect(await replayOutbox(env)).toMatchObject({ sent: 0, remaining: 1 });
    // Hours of outage later: its backoff has grown to ten minutes.
    await outbox.entries.update(entryId, { attempts: 8, nextAttemptAt: Date.now() + TEN_MINUTES });

    const stop = startOutboxReplay(env);
    try {
      // The server is still down: the probe gets no answer and the write keeps waiting.
      await vi.waitFor(() => expect(asked.filter((url) => url === '/api/v1/health/')).toHaveLength(1));
      expect(await outbox.entries.get(entryId)).toMatchObject({ state: 'pending', attempts: 8 });

      api = await startApiProcess({ ...shared.env, PORT: port });
      nudgeReplay();
      // Far sooner than the ten minutes of its backoff (the bound is loose: a busy machine is slow).
      await vi.waitFor(async () => expect(await outbox.entries.count()).toBe(0), { timeout: 30_000 });
      // A slow restart may see one more probe go unanswered (one every SERVER_PROBE_MS); the write
      // itself went once, after a probe was answered.
      expect(asked.filter((url) => url === '/api/v1/health/').length).toBeGreaterThanOrEqual(2);
      expect(asked.filter((url) => url === `/api/v1${API.materialCategories.list}`)).toHaveLength(2);
    } finally {
      stop();
    }
    await api.stop();
    api = null;
    expect(await shared.read<{ n: number }>(sql`SELECT count(*)::int AS n FROM material_categories WHERE name = 'Toughened glass'`)).toEqual([{ n: 1 }]);
  });
});
