import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { decodeToken } from '../../domain/auth';
import { customerBranches, customers, materials } from '../../server/db/schema';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { addEntry } from '../../src/data/outbox/entries';
import { replayOutbox, type ReplayEnv } from '../../src/data/outbox/replay';
import { signIn, startTestServer, type TestServer } from '../support/server';
import { makeCategory } from '../support/factories';

/**
 * The outbox against the real API (DESIGN.md "Writes"): the replayer's requests go through
 * app.inject, so the Idempotency-Key, If-Match and error contracts are the server's own.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});

const db = () => server.database.db;

/** app.inject as a fetch; `seen` collects the answers' Idempotent-Replayed headers. */
function injectFetch(app: FastifyInstance, seen: (string | undefined)[] = []): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: String(input),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    seen.push(res.headers['idempotent-replayed'] as string | undefined);
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
  }) as typeof fetch;
}

async function session(username: string) {
  const { access } = await signIn(server.app, username);
  const userId = decodeToken(access)!.user_id;
  const env = (send: typeof globalThis.fetch): ReplayEnv => ({
    fetch: send,
    baseUrl: '/api/v1',
    tokens: { accessFor: async (id) => (id === userId ? access : null), refreshFor: async () => null },
  });
  return { userId, env };
}

describe('the outbox against the API', () => {
  it('replays an entry whose answer was lost: the server answers from its record and one material exists', async () => {
    const category = await makeCategory(db(), { name: 'Sheets' });
    const { userId, env } = await session('stores');
    const { tempId } = await addEntry('material.create', { name: 'Acrylic sheet 3mm', category: category.id, unit: 'SHEET' }, { userId });
    const replayed: (string | undefined)[] = [];
    const real = injectFetch(server.app, replayed);
    // The first time the write reaches the server, but the answer never reaches the tablet.
    let lose = true;
    const flaky: typeof fetch = async (input, init) => {
      const response = await real(input, init);
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return response;
    };

    expect(await replayOutbox(env(flaky))).toMatchObject({ ran: true, sent: 0, remaining: 1 });
    expect(await replayOutbox({ ...env(flaky), retryNow: true })).toMatchObject({ ran: true, sent: 1, remaining: 0 });

    expect(replayed).toEqual([undefined, 'true']);
    const rows = await db().select().from(materials);
    expect(rows).toHaveLength(1);
    expect(await mirror.rows('materials').toArray()).toMatchObject([{ id: rows[0]!.id, name: 'Acrylic sheet 3mm' }]);
    expect(await mirror.rows('materials').get(tempId!)).toBeUndefined();
  });

  it('resends an entry a crash left "sending" under the same key, and the material is created once', async () => {
    const category = await makeCategory(db(), { name: 'Sheets' });
    const { userId, env } = await session('stores');
    const { entryId } = await addEntry('material.create', { name: 'Steel angle', category: category.id, unit: 'PCS' }, { userId });
    const replayed: (string | undefined)[] = [];
    const fetch = injectFetch(server.app, replayed);
    // The page that crashed: it marked the entry, sent it, and died before the answer.
    const entry = (await outbox.entries.get(entryId))!;
    await outbox.entries.update(entryId, { state: 'sending', attempts: 1 });
    const { access } = await signIn(server.app, 'stores');
    await fetch(`/api/v1${entry.url}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `JWT ${access}`, 'Idempotency-Key': entry.idempotencyKey }, body: JSON.stringify(entry.body) });

    expect(await replayOutbox(env(fetch))).toMatchObject({ ran: true, sent: 1, remaining: 0 });

    expect(replayed).toEqual([undefined, 'true']);
    expect(await db().select().from(materials)).toHaveLength(1);
  });

  it('sends a branch of a customer created offline with the customer’s server id', async () => {
    const { userId, env } = await session('sales.manager');
    const customer = await addEntry('customer.create', { name: 'Zen Displays' }, { userId });
    await addEntry('customer-branch.add', { customer: customer.tempId, location: 'Pune' }, { userId });

    expect(await replayOutbox(env(injectFetch(server.app)))).toMatchObject({ sent: 2, rejected: 0, remaining: 0 });

    const [saved] = await db().select().from(customers);
    const branches = await db().select().from(customerBranches);
    expect(branches.map((b) => [b.customer, b.location])).toEqual([[saved!.id, 'Pune']]);
    expect(await mirror.rows('customerBranches').toArray()).toMatchObject([{ id: branches[0]!.id, customer: saved!.id }]);
  });

  it('keeps a refused write with the server’s field messages', async () => {
    const category = await makeCategory(db(), { name: 'Sheets' });
    const { userId, env } = await session('stores');
    const body = { name: 'Acrylic sheet 3mm', category: category.id, unit: 'SHEET' };
    await addEntry('material.create', body, { userId });
    await addEntry('material.create', { ...body, name: 'acrylic sheet  3MM' }, { userId });

    expect(await replayOutbox(env(injectFetch(server.app)))).toMatchObject({ sent: 1, rejected: 1, remaining: 1 });

    const [refused] = await outbox.entries.toArray();
    expect(refused).toMatchObject({ state: 'rejected', lastError: { status: 400 } });
    expect(refused!.lastError!.messages[0]).toMatch(/^name: /);
  });
});
