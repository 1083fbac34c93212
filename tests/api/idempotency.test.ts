import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { idempotencyKeys, materials } from '../../server/db/schema';
import { injectIdempotencyFaults, purgeIdempotencyKeys } from '../../server/plugins/idempotency';
import { decodeStoredAnswer } from '../../server/plugins/stored-answer';
import { as, signIn, signedInAs, startTestServer, type TestServer } from '../support/server';
import { makeCategory } from '../support/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const db = () => server.database.db;

/**
 * A second API process on the database of this file: an app of its own sharing nothing with the
 * first but the database (on PostgreSQL a connection pool of its own too).
 */
async function secondProcess(): Promise<FastifyInstance> {
  const database: Database = server.url ? await openDatabase({ url: server.url }) : { ...server.database, close: async () => undefined };
  return buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent' }), database });
}
const keyed = (key: string) => ({ 'idempotency-key': key });

async function setup() {
  const category = await makeCategory(db(), { name: 'Sheets' });
  const stores = await signedInAs(server.app, 'stores');
  return { category, stores, body: { name: 'Acrylic sheet 3mm', category: category.id, unit: 'SHEET' } };
}

describe('Idempotency-Key on writes (DESIGN.md "Writes")', () => {
  it('replays the stored response for the same key, user and body, writing once', async () => {
    const { stores, body } = await setup();
    const first = await stores.post('/materials/materials/', body, keyed('tablet-7:op-1'));
    expect(first.statusCode).toBe(201);
    const again = await stores.post('/materials/materials/', body, keyed('tablet-7:op-1'));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await db().select().from(materials)).toHaveLength(1);
  });

  it('replays a refusal too, so a retried rejected write reads the same', async () => {
    const { stores, body } = await setup();
    await stores.post('/materials/materials/', body);
    const first = await stores.post('/materials/materials/', body, keyed('k-dup'));
    expect(first.statusCode).toBe(400);
    const again = await stores.post('/materials/materials/', body, keyed('k-dup'));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
  });

  it('answers 422 when the same key comes with another body', async () => {
    const { stores, body } = await setup();
    await stores.post('/materials/materials/', body, keyed('k-1'));
    const other = await stores.post('/materials/materials/', { ...body, name: 'Other' }, keyed('k-1'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: 'This Idempotency-Key was already used with a different request.' });
    expect(await db().select().from(materials)).toHaveLength(1);
  });

  it('gives a retry sent while the first request is still running the first one\'s answer, writing once', async () => {
    const { stores, body } = await setup();
    const [first, retry] = await Promise.all([stores.post('/materials/materials/', body, keyed('k-running')), stores.post('/materials/materials/', body, keyed('k-running'))]);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect([first.headers['idempotent-replayed'], retry.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await db().select().from(materials)).toHaveLength(1);
  });

  it('lets a retry take over at once a claim left without an answer by an earlier version', async () => {
    await setup();
    const stores = await signedInAs(server.app, 'stores');
    await stores.post('/materials/material-categories/', { name: 'Glass' }, keyed('k-stale'));
    await db().update(idempotencyKeys).set({ status_code: null, response_body: null }).where(eq(idempotencyKeys.key, 'k-stale'));
    const res = await stores.post('/materials/material-categories/', { name: 'Glass' }, keyed('k-stale'));
    // It ran again: the category exists now, so the rerun is a duplicate-name refusal, not a replay.
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.statusCode).toBe(400);
  });

  it('stores nothing for a write the server failed: the change is rolled back with it and a retry runs again', async () => {
    const { stores, body } = await setup();
    injectIdempotencyFaults(server.app, { beforeCommit: () => Promise.reject(new Error('the answer could not be stored')) });
    const failed = await stores.post('/materials/materials/', body, keyed('k-fault'));
    injectIdempotencyFaults(server.app, {});
    expect(failed.statusCode).toBe(500);
    expect(await db().select().from(materials)).toHaveLength(0);
    expect(await db().select().from(idempotencyKeys)).toHaveLength(0);
    const retry = await stores.post('/materials/materials/', body, keyed('k-fault'));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await db().select().from(materials)).toHaveLength(1);
  });

  // Looking from outside the write's transaction needs a second connection: embedded PGlite has one.
  it.runIf(process.env.TEST_DB === 'postgres')('commits a keyed change only with its stored answer: the row and the key appear together', async () => {
    const { stores, body } = await setup();
    let seenBeforeCommit: number | undefined;
    injectIdempotencyFaults(server.app, {
      beforeCommit: async () => {
        seenBeforeCommit = (await server.database.db.select().from(materials)).length;
      },
    });
    const res = await stores.post('/materials/materials/', body, keyed('k-together'));
    injectIdempotencyFaults(server.app, {});
    expect(res.statusCode).toBe(201);
    expect(seenBeforeCommit).toBe(0);
    const [key] = await db().select().from(idempotencyKeys);
    expect(key).toMatchObject({ key: 'k-together', status_code: 201 });
    expect(JSON.parse(decodeStoredAnswer(key!).body.toString('utf8'))).toEqual(res.json());
  });

  it('shares keys between API processes: the store is the database', async () => {
    const { stores, body } = await setup();
    const first = await stores.post('/materials/materials/', body, keyed('tablet-7:op-9'));
    expect(first.statusCode).toBe(201);
    const other = await secondProcess();
    try {
      const storesThere = as(other, (await signIn(other, 'stores')).access);
      const again = await storesThere.post('/materials/materials/', body, keyed('tablet-7:op-9'));
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await storesThere.post('/materials/materials/', { ...body, name: 'Other' }, keyed('tablet-7:op-9'))).statusCode).toBe(422);
    } finally {
      await other.close();
    }
    expect(await db().select().from(materials)).toHaveLength(1);
  });

  it('keeps keys per user: another user may use the same key', async () => {
    const { stores, body } = await setup();
    await stores.post('/materials/materials/', body, keyed('shared'));
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.post('/materials/materials/', { ...body, name: 'Admin material' }, keyed('shared'));
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('covers PATCH and DELETE as well', async () => {
    const { stores, body } = await setup();
    const { id } = (await stores.post('/materials/materials/', body)).json();
    const patch = await stores.patch(`/materials/materials/${id}/`, { color: 'Blue' }, keyed('p-1'));
    const patchAgain = await stores.patch(`/materials/materials/${id}/`, { color: 'Blue' }, keyed('p-1'));
    expect(patchAgain.json()).toEqual(patch.json());
    expect(patchAgain.json().version).toBe(2);
    const del = await stores.delete(`/materials/materials/${id}/set_deleted/`, keyed('d-1'));
    const delAgain = await stores.delete(`/materials/materials/${id}/set_deleted/`, keyed('d-1'));
    expect(del.statusCode).toBe(200);
    expect(delAgain.statusCode).toBe(200);
  });

  it('refuses a malformed key', async () => {
    const { stores, body } = await setup();
    for (const key of ['x'.repeat(256), 'has space', 'tab\there']) {
      const res = await stores.post('/materials/materials/', body, keyed(key));
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toHaveProperty('Idempotency-Key');
    }
  });

  it('keeps keys a week longer than a device may work offline (37 days)', async () => {
    const { stores, body } = await setup();
    await stores.post('/materials/materials/', body, keyed('old'));
    await stores.post('/materials/material-categories/', { name: 'Glass' }, keyed('recent'));
    await db().update(idempotencyKeys).set({ created_at: sql`now() - interval '38 days'` }).where(eq(idempotencyKeys.key, 'old'));
    await db().update(idempotencyKeys).set({ created_at: sql`now() - interval '36 days'` }).where(eq(idempotencyKeys.key, 'recent'));
    await purgeIdempotencyKeys(db());
    expect((await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((k) => k.key)).toEqual(['recent']);
  });
});
