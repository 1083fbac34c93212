import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { JOB_MESSAGES, type Job, type JobState } from '../../../domain/jobs';
import type { User } from '../../../domain/user';
import { queryRows, type Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { pageOf, type Paging, type Slice } from '../../lib/pagination';
import { auditedWrite } from '../audit/service';
import { JOBS_SCHEMA, transactionExecutor } from './queue';

const jobTable = sql.raw(`${JOBS_SCHEMA}.job`);

/** pg-boss's own queues (cron, internal sends) are its business, not an admin's. */
const OWN_QUEUES = sql`name NOT LIKE '\\_\\_pgboss\\_\\_%'`;

const COLUMNS = sql`id::text, name, state::text, data, retry_count, retry_limit,
  CASE WHEN state IN ('failed', 'retry') THEN output->>'message' END AS error,
  created_on, start_after, started_on, completed_on`;

interface JobRow extends Omit<Job, 'created_on' | 'start_after' | 'started_on' | 'completed_on'> {
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const toJob = (row: JobRow): Job => ({
  ...row,
  created_on: iso(row.created_on),
  start_after: iso(row.start_after),
  started_on: row.started_on && iso(row.started_on),
  completed_on: row.completed_on && iso(row.completed_on),
});

export interface JobFilters {
  state?: JobState;
  name?: string;
}

/** Jobs in the store, newest first; `state=failed` lists the dead letters. */
export async function listJobs(db: Db, filters: JobFilters, paging: Paging): Promise<Slice<Job>> {
  const conditions: SQL[] = [OWN_QUEUES];
  if (filters.state) conditions.push(sql`state = ${filters.state}::${sql.raw(JOBS_SCHEMA)}.job_state`);
  if (filters.name) conditions.push(sql`name = ${filters.name}`);
  const where = sql.join(conditions, sql` AND `);
  const { limit, offset } = pageOf(paging);
  const [{ count }] = (await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM ${jobTable} WHERE ${where}`)) as [{ count: number }];
  const rows = await queryRows<JobRow>(db, sql`SELECT ${COLUMNS} FROM ${jobTable} WHERE ${where} ORDER BY created_on DESC, id LIMIT ${limit} OFFSET ${offset}`);
  return { count, results: rows.map(toJob) };
}

async function findJob(db: Db, id: string): Promise<Job> {
  const [row] = await queryRows<JobRow>(db, sql`SELECT ${COLUMNS} FROM ${jobTable} WHERE id = ${id}::uuid AND ${OWN_QUEUES}`);
  if (!row) throw notFound();
  return toJob(row);
}

/** Gives a dead-lettered job one more attempt (pg-boss retry), at once; audited. */
export async function retryJob(db: Db, boss: PgBoss, user: User, id: string): Promise<Job> {
  const job = await findJob(db, id);
  if (job.state !== 'failed') throw conflict(JOB_MESSAGES.notFailed);
  await auditedWrite(
    db,
    user,
    (tx) => boss.retry(job.name, id, { db: transactionExecutor(tx) }),
    () => ({ action: 'job.retry', target: `jobs:${id}`, risk: 'medium', metadata: { name: job.name, retry_count: job.retry_count, error: job.error } }),
  );
  return findJob(db, id);
}
