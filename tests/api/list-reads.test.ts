import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { queryPreparedRows, queryRows } from '../../server/db/client';
import { isoTimestampOf } from '../../server/db/schema/columns';
import { makeCategory, makeMaterial } from '../support/factories';
import { useTestServer } from '../support/server';

/**
 * How a list call reads its page (issue 16's list-call budget): timestamps rewritten to ISO-8601
 * without a Date when the database sends them in UTC, and the page query prepared once per
 * connection on PostgreSQL.
 */
describe('a timestamp from the database', () => {
  it.each([
    ['2026-11-27 17:55:38.123956+00', '2026-11-27T17:55:38.123Z'],
    ['2026-11-27 17:55:38+00', '2026-11-27T17:55:38.000Z'],
    ['2026-11-27 17:55:38.1+00', '2026-11-27T17:55:38.100Z'],
    ['2026-11-27 23:59:59.999999+00', '2026-11-27T23:59:59.999Z'],
    ['2026-11-27 17:55:38.123+05:30', '2026-11-27T12:25:38.123Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(isoTimestampOf(text)).toBe(iso);
  });

  it('reads a Date (PGlite may send one) as its ISO-8601 text', () => {
    expect(isoTimestampOf(new Date(Date.UTC(2026, 10, 27, 6, 30, 0, 250)))).toBe('2026-11-27T06:30:00.250Z');
  });
});

describe('a list page', () => {
  const server = useTestServer();

  it('shows a row written at a microsecond to the millisecond, in UTC', async () => {
    const db = server.db();
    await makeMaterial(db, (await makeCategory(db)).id, { name: 'Acrylic sheet 3 mm', created_at: '2026-11-27 17:55:38.123956+00' });
    const stores = await server.as('stores');
    const page = (await stores.get(`${API.materials.list}?search=Acrylic%20sheet%203%20mm`)).json();
    expect(page.results.map((row: { created_at: string }) => row.created_at)).toEqual(['2026-11-27T17:55:38.123Z']);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('is one prepared statement on a connection however often it is read', async () => {
    const db = server.db();
    const category = await makeCategory(db);
    await makeMaterial(db, category.id, { name: 'Glass 5 mm' });
    const page = () => sql`SELECT name FROM materials WHERE category = ${category.id} ORDER BY id LIMIT ${15}`;
    const statements = await db.transaction(async (tx) => {
      expect(await queryPreparedRows(tx, page())).toEqual([{ name: 'Glass 5 mm' }]);
      expect(await queryPreparedRows(tx, page())).toEqual([{ name: 'Glass 5 mm' }]);
      return queryRows<{ statement: string }>(tx, sql`SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT name FROM materials%'`);
    });
    expect(statements).toEqual([{ statement: 'SELECT name FROM materials WHERE category = $1 ORDER BY id LIMIT $2' }]);
  });
});
