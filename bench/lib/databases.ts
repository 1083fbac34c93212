import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

/** An empty database for one measurement, named by the environment a FabOps process reads. */
export interface FreshDatabase {
  env: { DATA_DIR: string } | { DATABASE_URL: string };
  dispose(): Promise<void>;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const PROBE_TIMEOUT_MS = 2000;

export async function freshPglite(): Promise<FreshDatabase> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fabops-bench-'));
  return { env: { DATA_DIR: dir }, dispose: () => fs.rm(dir, { recursive: true, force: true }) };
}

async function administer(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of its own on the server, dropped afterwards: nothing relies on what an earlier run left. */
export async function freshPostgres(baseUrl: string): Promise<FreshDatabase> {
  const name = `fabops_bench_${randomBytes(6).toString('hex')}`;
  await administer(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, dispose: () => administer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The PostgreSQL to measure on: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a local server if
 * one answers. A configured server that does not answer is an error; a missing local one is not.
 */
export async function findPostgres(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const configured = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  const url = configured || LOCAL_POSTGRES;
  try {
    await administer(url, 'SELECT 1');
    return url;
  } catch (error) {
    if (configured) throw new Error(`The configured PostgreSQL did not answer: ${(error as Error).message}`, { cause: error });
    return null;
  }
}

/** The bench's own environment with its database settings replaced by this database's. */
export function environmentFor(database: FreshDatabase, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  return { ...rest, ...database.env, ...extra };
}

/** A fresh database for `use`, disposed of afterwards whatever happens. */
export async function withDatabase<T>(fresh: () => Promise<FreshDatabase>, use: (database: FreshDatabase) => Promise<T>): Promise<T> {
  const database = await fresh();
  try {
    return await use(database);
  } finally {
    await database.dispose();
  }
}

/** Each database the bench runs on: PGlite always, PostgreSQL when one is found (null: skipped). */
export async function benchDatabases(): Promise<readonly (readonly [DatabaseKind, (() => Promise<FreshDatabase>) | null])[]> {
  const postgresUrl = await findPostgres();
  return [
    ['PGlite', freshPglite],
    ['PostgreSQL', postgresUrl ? () => freshPostgres(postgresUrl) : null],
  ];
}
