import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { materials } from '../../server/db/schema';
import { signedInAs, startTestServer, type TestServer } from '../support/server';
import { makeCategory, makeMaterial } from '../support/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'users' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const db = () => server.database.db;
type Page = { count: number; next: string | null; results: { id: number; name: string; deleted_at: string | null; version: number }[]; cursor: string };

async function pull(since: string, pageSize = 1000): Promise<{ rows: Page['results']; cursor: string; pages: number }> {
  const stores = await signedInAs(server.app, 'stores');
  let url: string | null = `/materials/materials/?updated_since=${since}&page_size=${pageSize}`;
  const rows: Page['results'] = [];
  let cursor = '';
  let pages = 0;
  while (url) {
    const res = await stores.get(url);
    expect(res.statusCode, url).toBe(200);
    const page = res.json() as Page;
    rows.push(...page.results);
    cursor = page.cursor;
    pages += 1;
    url = page.next?.replace('/api/v1', '') ?? null;
  }
  return { rows, cursor, pages };
}

describe('delta sync with updated_since (DESIGN.md "Lists")', () => {
  it('sends every row on a first sync (cursor 0), page by page, with a cursor to keep', async () => {
    const category = await makeCategory(db());
    for (let i = 0; i < 25; i++) await makeMaterial(db(), category.id);
    const { rows, cursor, pages } = await pull('0', 10);
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.id)).size).toBe(25);
    expect(pages).toBe(3);
    expect(cursor).toMatch(/^\d+$/);
  });

  it('sends only rows inserted or updated since the cursor', async () => {
    const category = await makeCategory(db());
    const a = await makeMaterial(db(), category.id, { name: 'A' });
    await makeMaterial(db(), category.id, { name: 'B' });
    const { cursor } = await pull('0');
    const c = await makeMaterial(db(), category.id, { name: 'C' });
    await db().update(materials).set({ color: 'Red' }).where(eq(materials.id, a.id));
    const delta = await pull(cursor);
    expect(delta.rows.map((r) => r.name).sort()).toEqual(['A', 'C']);
    expect(delta.rows.find((r) => r.id === a.id)!.version).toBe(2);
    expect(delta.rows.some((r) => r.id === c.id)).toBe(true);
  });

  it('includes soft-deleted rows so the client can drop them', async () => {
    const category = await makeCategory(db());
    const a = await makeMaterial(db(), category.id, { name: 'A' });
    const { cursor } = await pull('0');
    const stores = await signedInAs(server.app, 'stores');
    await stores.delete(`/materials/materials/${a.id}/set_deleted/`);
    const delta = await pull(cursor);
    expect(delta.rows).toHaveLength(1);
    expect(delta.rows[0]!.deleted_at).not.toBeNull();
  });

  it('returns nothing new when nothing changed', async () => {
    const category = await makeCategory(db());
    await makeMaterial(db(), category.id);
    const { cursor } = await pull('0');
    const again = await pull(cursor);
    // A cursor may resend rows of transactions still open at the last sync, never fewer.
    expect(again.rows.length).toBeLessThanOrEqual(1);
  });

  it('does not miss a row whose transaction committed after a later-started one (PostgreSQL)', async (ctx) => {
    if (server.database.kind !== 'postgres' || !server.url) ctx.skip();
    const category = await makeCategory(db());
    const slow = new pg.Client({ connectionString: server.url ?? undefined });
    await slow.connect();
    try {
      // The slow transaction starts first and writes its row...
      await slow.query('BEGIN');
      await slow.query(`INSERT INTO materials (name, category, unit) VALUES ('Slow writer', $1, 'PCS')`, [category.id]);
      // ...a later transaction writes and commits...
      await makeMaterial(db(), category.id, { name: 'Fast writer' });
      // ...and a sync runs while the slow one is still open: it cannot see the slow row yet.
      const first = await pull('0');
      expect(first.rows.map((r) => r.name)).toEqual(['Fast writer']);
      await slow.query('COMMIT');
      // The next sync from the kept cursor must bring the slow row, though its transaction id is older.
      const next = await pull(first.cursor);
      expect(next.rows.map((r) => r.name)).toContain('Slow writer');
    } finally {
      await slow.end();
    }
  });

  it('keeps a paged sync consistent when rows change between pages', async () => {
    const category = await makeCategory(db());
    for (let i = 0; i < 6; i++) await makeMaterial(db(), category.id, { name: `M${i}` });
    const stores = await signedInAs(server.app, 'stores');
    const first = (await stores.get('/materials/materials/?updated_since=0&page_size=3')).json() as Page;
    // A row already sent changes before the second page is read.
    await db().update(materials).set({ color: 'Blue' }).where(eq(materials.id, first.results[0]!.id));
    const second = (await stores.get(first.next!.replace('/api/v1', ''))).json() as Page;
    expect(second.cursor).toBe(first.cursor);
    // The change is after the first page's cursor, so the next sync brings it.
    const later = await pull(second.cursor);
    expect(later.rows.map((r) => r.id)).toContain(first.results[0]!.id);
  });

  it('refuses a malformed cursor', async () => {
    const stores = await signedInAs(server.app, 'stores');
    for (const cursor of ['-1', 'abc', "1' OR '1'='1", '1'.repeat(30)]) {
      expect((await stores.get(`/materials/materials/?updated_since=${encodeURIComponent(cursor)}`)).statusCode, cursor).toBe(400);
    }
  });

  it('stamps every write with the writing transaction id and bumps the version', async () => {
    const category = await makeCategory(db());
    const m = await makeMaterial(db(), category.id);
    const [before] = await db().select({ txid: materials.txid, version: materials.version }).from(materials).where(eq(materials.id, m.id));
    await db().update(materials).set({ brand: 'X' }).where(eq(materials.id, m.id));
    const [after] = await db().select({ txid: materials.txid, version: materials.version, current: sql<string>`pg_current_xact_id()::text` }).from(materials).where(eq(materials.id, m.id));
    expect(after!.version).toBe(before!.version + 1);
    expect(after!.txid).toBeGreaterThan(before!.txid);
  });
});
