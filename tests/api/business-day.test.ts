import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDayOf } from '../../domain/rules/dates';
import { queryRows } from '../../server/db/client';
import { businessDay, TODAY } from '../../server/lib/business-day';
import { useTestServer } from '../support/server';

/**
 * The server counts days as the company does, in India's time zone (server/lib/business-day.ts):
 * the database session's `current_date` is UTC, a day behind every evening from 18:30 UTC.
 */
const ROOT = join(import.meta.dirname, '..', '..');

describe('the business day in SQL', () => {
  const server = useTestServer();

  it('is today as the app counts it (domain/lead.ts businessDayOf), whatever the session time zone', async () => {
    const [row] = await queryRows<{ today: string }>(server.db(), sql`SELECT ${TODAY}::text AS today`);
    expect(row!.today).toBe(businessDayOf(new Date()));
  });

  it('puts 19:00 UTC on the next day in India and 18:00 UTC on the same day', async () => {
    const [row] = await queryRows<{ evening: string; afternoon: string }>(
      server.db(),
      sql`SELECT ${businessDay(sql`'2026-11-27T19:00:00Z'::timestamptz`)}::text AS evening, ${businessDay(sql`'2026-11-27T18:00:00Z'::timestamptz`)}::text AS afternoon`,
    );
    expect(row).toEqual({ evening: '2026-11-28', afternoon: '2026-11-27' });
  });
});

describe('server code', () => {
  it('never asks the database for current_date (its session day, not the company’s)', () => {
    const files = readdirSync(join(ROOT, 'server'), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
    const found = files.filter((path) => !path.startsWith('server/db/migrations') && /\bcurrent_date\b/i.test(readFileSync(join(ROOT, path), 'utf8').replace(/\/\/.*$|^\s*\*.*$/gm, '')));
    expect(found).toEqual([]);
  });
});
