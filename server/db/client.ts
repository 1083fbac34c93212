import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDirectoryLock } from './lock';

/** One type for both drivers and for transactions (a transaction is a PgDatabase too). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Several API processes may start at once against one PostgreSQL: one migrates, the others wait. */
const MIGRATION_LOCK_ID = 727_274_001;

/** `image`: an embedded database's data as `dumpDataDir` gave it, to start from instead of an empty one (tests). */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; image?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (a restart, an administrator) is dropped by the pool and
    // the next query reconnects; without a listener the 'error' event would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await ensureRowTriggers(db);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      lock.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  let release = () => {};
  let client: PGlite;
  if ('dataDir' in target) {
    fs.mkdirSync(target.dataDir, { recursive: true });
    release = acquireDirectoryLock(target.dataDir);
    client = new PGlite(path.join(target.dataDir, 'pgdata'));
  } else {
    client = new PGlite(target.image ? { loadDataDir: target.image } : {});
  }
  try {
    const pgliteDb = await prepareEmbedded(client);
    const statistics = keepStatistics(client);
    return {
      db: pgliteDb,
      kind: 'pglite',
      close: async () => {
        await statistics.stop();
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** An embedded database ready for the app: started, migrated, its row triggers in place. */
export async function prepareEmbedded(client: PGlite): Promise<Db> {
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  await ensureRowTriggers(pgliteDb as unknown as Db);
  return pgliteDb as unknown as Db;
}

/** How often the embedded database refreshes its planner statistics. */
const ANALYZE_EVERY_MS = 60 * 60 * 1000;

/**
 * PGlite runs no autovacuum, so without ANALYZE its planner believes every table holds one row
 * and picks plans that redo an aggregate per row (a report over 2,000 job orders took 20 s
 * instead of 40 ms). The statistics are refreshed at start, without holding the start up (queries
 * wait behind it for a moment), and then every hour; PGlite runs it between transactions.
 */
function keepStatistics(client: PGlite): { stop(): Promise<void> } {
  let running = client.exec('ANALYZE').then(() => undefined, () => undefined);
  const timer = setInterval(() => {
    running = running.then(() => client.exec('ANALYZE')).then(() => undefined, () => undefined);
  }, ANALYZE_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Every table with a `txid` column (columns.ts `tracked`) gets the `fabops_touch` trigger: each
 * insert or update stamps the writing transaction's id (the delta-sync cursor), and an update
 * bumps `version` and `updated_at`. Done after the migrations on every start, so a table added
 * by a later migration cannot miss it.
 */
export async function ensureRowTriggers(db: Db): Promise<void> {
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION fabops_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.txid := pg_current_xact_id()::text::bigint;
      IF TG_OP = 'UPDATE' THEN
        NEW.version := OLD.version + 1;
        NEW.updated_at := now();
        NEW.created_at := OLD.created_at;
      END IF;
      RETURN NEW;
    END $$`);
  const missing = await queryRows<{ table_name: string }>(db, sql`
    SELECT c.table_name FROM information_schema.columns c
    WHERE c.table_schema = current_schema() AND c.column_name = 'txid'
      AND NOT EXISTS (
        SELECT 1 FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
        WHERE r.relname = c.table_name AND t.tgname = 'fabops_touch' AND r.relnamespace = to_regnamespace(current_schema()))`);
  for (const { table_name } of missing) {
    await db.execute(sql.raw(`CREATE TRIGGER fabops_touch BEFORE INSERT OR UPDATE ON "${table_name}" FOR EACH ROW EXECUTE FUNCTION fabops_touch()`));
  }
}

/** Empties every table (tests share one database per file and reset between tests). */
export async function emptyAll(db: Db, keep: readonly string[] = []): Promise<void> {
  const names = Object.values(schema)
    .map((table) => (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')])
    .filter((name) => name && !keep.includes(name));
  // DELETE, not TRUNCATE: the tables of a test are a few rows each, and TRUNCATE gives every one
  // of them new files, which costs PostgreSQL a quarter of a second on every reset. Foreign keys
  // and triggers sleep meanwhile (replica role), so the order does not matter and nothing is audited.
  await db.execute(
    sql.raw(`DO $$
DECLARE s record;
BEGIN
  SET LOCAL session_replication_role = replica;
  ${names.map((n) => `DELETE FROM "${n}";`).join('\n  ')}
  FOR s IN SELECT schemaname, sequencename FROM pg_sequences WHERE schemaname = current_schema() LOOP
    EXECUTE format('ALTER SEQUENCE %I.%I RESTART', s.schemaname, s.sequencename);
  END LOOP;
END $$`),
  );
}

/** A unique-constraint violation (SQLSTATE 23505), as either driver reports it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Rows of a raw SQL query, the same shape on both drivers. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
/**
 * Statement names by SQL text, for the few shapes of query every list call repeats. A list's
 * filters, orderings and row rules give a bounded set of texts; past the bound (IN lists of many
 * lengths, say) a text runs unprepared, so neither this map nor the database's plan cache grows
 * without end.
 */
const statementNames = new Map<string, string>();
const MAX_PREPARED_STATEMENTS = 500;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `fabops_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Rows of a query run on every list call, as a named prepared statement: PostgreSQL parses and
 * plans it once per connection instead of on every call, a fifth of the database's work for a list
 * page (issue 16's list-call budget). PGlite runs it as `queryRows` does.
 */
export async function queryPreparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const result = (await db._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute()) as { rows: T[] };
  return result.rows;
}
