import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';

/** pg-boss keeps its tables in a schema of its own. */
export const JOBS_SCHEMA = 'pgboss';

/** What a job's handler is given besides the job. */
export interface JobContext {
  db: Db;
}

/**
 * One kind of background work: its queue's retry policy (pg-boss 10 keeps it per queue), what
 * runs a job, and optionally a cron schedule that sends one job at each tick.
 */
export interface JobDefinition<Data extends object = object> {
  name: string;
  /** Attempts after the first; with `retryBackoff` the waits double from `retryDelaySeconds`, with jitter. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** Cron (UTC): a job is sent at each tick, once across all API processes. */
  schedule?: string;
  run(job: PgBoss.JobWithMetadata<Data>, context: JobContext): Promise<unknown>;
}

/** Declares a job with its data type checked at the handler. */
export const defineJob = <Data extends object>(definition: JobDefinition<Data>): JobDefinition => definition as unknown as JobDefinition;

/** A database reached the way pg-boss calls it. */
type Executor = PgBoss.Db;

/** The app's own connection(s): the PostgreSQL pool, or the embedded PGlite (one connection, multi-statement scripts through `exec`). */
function clientExecutor(database: Database): Executor {
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'postgres') return { executeSql: (text, values) => (client as pg.Pool).query(text, values) };
  const lite = client as PGlite;
  return {
    executeSql: async (text, values) => {
      if (values?.length) return lite.query(text, values);
      const results = await lite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/** pg-boss's numbered parameters as drizzle parameters, so its statements run on a Drizzle database or transaction. */
function drizzleStatement(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  // One parameter each, arrays too (a bare array would become a list of them); undefined is SQL NULL to pg-boss, and nothing to Drizzle.
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`));
  return sql.join(chunks);
}

/** A Drizzle database or transaction, for pg-boss statements that must commit with the caller's write. */
export const transactionExecutor = (db: Db): Executor => ({
  executeSql: async (text, values) => (await db.execute(drizzleStatement(text, values ?? []))) as unknown as { rows: unknown[] },
});

/**
 * Sends jobs inside a caller's transaction: pg-boss's `send` with the transaction as its `db`. It
 * never connects by itself, so one serves every database in the process.
 */
const sender = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('a job is sent with the caller’s database')) },
  schema: JOBS_SCHEMA,
});

/**
 * Queues a job in the caller's transaction: it exists only if the write commits. The queue must
 * exist (the jobs plugin creates every defined queue at start); a job for an unknown queue is an error.
 */
export async function sendJob(db: Db, name: string, data: object, id: string = randomUUID()): Promise<string> {
  const sent = await sender.send(name, data, { id, db: transactionExecutor(db) });
  if (!sent) throw new Error(`no job queue named ${name}`);
  return sent;
}

export interface JobsOptions {
  /** Run workers, the schedules and pg-boss's maintenance here; off, the queues are only created (jobs can be sent, none runs). */
  work: boolean;
  pollSeconds: number;
  onError(error: unknown): void;
}

/** This process's job runner. `define` is the registration seam: modules and tests add their kinds of work. */
export interface Jobs {
  readonly boss: PgBoss;
  define(definition: JobDefinition): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Failed jobs (the dead letters) stay in the job table for a month, where an admin can read and
 * retry them; completed ones move to pg-boss's archive after a day.
 */
const FAILED_KEPT_SECONDS = 30 * 24 * 3600;
const COMPLETED_KEPT_SECONDS = 24 * 3600;

/**
 * Starts pg-boss on the app's database. pg-boss creates and migrates its schema under an advisory
 * lock, fetches with SKIP LOCKED and runs maintenance and cron under locks, so any number of API
 * processes may share one PostgreSQL; PGlite has one process.
 */
export async function startJobs(database: Database, options: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss({
    db: clientExecutor(database),
    schema: JOBS_SCHEMA,
    supervise: options.work,
    schedule: options.work,
    archiveCompletedAfterSeconds: COMPLETED_KEPT_SECONDS,
    archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
  });
  boss.on('error', options.onError);
  await boss.start();

  const define = async (definition: JobDefinition) => {
    const policy = { retryLimit: definition.retryLimit, retryDelay: definition.retryDelaySeconds, retryBackoff: definition.retryBackoff };
    if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, { name: definition.name, ...policy });
    else await boss.createQueue(definition.name, { name: definition.name, ...policy });
    if (!options.work) return;
    const context: JobContext = { db: database.db };
    await boss.work<object>(definition.name, { includeMetadata: true, pollingIntervalSeconds: options.pollSeconds }, async ([job]) => definition.run(job!, context));
    if (definition.schedule) await boss.schedule(definition.name, definition.schedule);
  };

  return {
    boss,
    define,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
