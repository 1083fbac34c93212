import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { idempotencyKeys, materials } from '../../server/db/schema';
import { purgeIdempotencyKeys } from '../../server/plugins/idempotency';
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

  it('answers 409 while the first request with the key is still running', async () => {
    const { stores, body } = await setup();
    const [user] = await db().execute<{ id: number }>(sql`SELECT id FROM users WHERE username = 'stores'`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    // The first request's claim, as it stands while its handler runs.
    const first = await stores.post('/materials/materials/', body, keyed('k-running'));
    await db().update(idempotencyKeys).set({ status_code: null, response_body: null }).where(eq(idempotencyKeys.key, 'k-running'));
    const res = await stores.post('/materials/materials/', body, keyed('k-running'));
    expect(first.statusCode).toBe(201);
    expect(user).toBeDefined();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'A request with this Idempotency-Key is still being processed; retry shortly.' });
  });

  it('lets a retry run again when the first request was abandoned mid-flight', async () => {
    const { stores, body } = await setup();
    await stores.post('/materials/material-categories/', { name: 'Glass' }, keyed('k-stale'));
    await db()
      .update(idempotencyKeys)
      .set({ status_code: null, created_at: sql`now() - interval '10 minutes'` })
      .where(eq(idempotencyKeys.key, 'k-stale'));
    const res = await stores.post('/materials/material-categories/', { name: 'Glass' }, keyed('k-stale'));
    // It ran again: the category exists now, so the rerun is a duplicate-name refusal, not a replay.
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.statusCode).toBe(400);
    expect(body).toBeDefined();
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

  it('keeps keys 30 days', async () => {
    const { stores, body } = await setup();
    await stores.post('/materials/materials/', body, keyed('old'));
    await stores.post('/materials/material-categories/', { name: 'Glass' }, keyed('recent'));
    await db().update(idempotencyKeys).set({ created_at: sql`now() - interval '31 days'` }).where(eq(idempotencyKeys.key, 'old'));
    await db().update(idempotencyKeys).set({ created_at: sql`now() - interval '29 days'` }).where(eq(idempotencyKeys.key, 'recent'));
    await purgeIdempotencyKeys(db());
    expect((await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((k) => k.key)).toEqual(['recent']);
  });
});
