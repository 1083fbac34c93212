import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { auditLog } from '../../server/db/schema';
import { defineJob, sendJob } from '../../server/modules/jobs/queue';
import { startTestServer, useTestServer, type TestServer } from '../support/server';

/** Background jobs on pg-boss, on the test file's database (PGlite, or PostgreSQL with TEST_DB=postgres). */
const server = useTestServer({}, { JOBS: true, JOBS_POLL_SECONDS: 0.5 });

const WAIT = { timeout: 20_000, interval: 100 };

/** Where each job's attempts started, by job id. */
function attemptLog() {
  const started = new Map<string, number[]>();
  return {
    record: (id: string) => started.set(id, [...(started.get(id) ?? []), Date.now()]),
    of: (id: string) => started.get(id) ?? [],
  };
}

describe('a job that fails', () => {
  it('is retried with backoff and ends completed when an attempt succeeds', async () => {
    const attempts = attemptLog();
    await server.app().jobs.define(
      defineJob<{ failures: number }>({
        name: 'test.flaky',
        retryLimit: 3,
        retryDelaySeconds: 1,
        retryBackoff: true,
        run: async (job) => {
          attempts.record(job.id);
          if (attempts.of(job.id).length <= job.data.failures) throw new Error(`attempt ${attempts.of(job.id).length} failed`);
          return { delivered: true };
        },
      }),
    );
    const id = await sendJob(server.db(), 'test.flaky', { failures: 2 });

    await expect.poll(async () => (await server.app().jobs.boss.getJobById('test.flaky', id))?.state, WAIT).toBe('completed');
    const job = await server.app().jobs.boss.getJobById('test.flaky', id);
    expect(job).toMatchObject({ state: 'completed', retryCount: 2, output: { delivered: true } });
    const [first, second, third] = attempts.of(id) as [number, number, number];
    expect(attempts.of(id)).toHaveLength(3);
    // Backoff: the first retry waits at least the delay (1 s), the second at least twice that.
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(third - second).toBeGreaterThanOrEqual(2000);
  });

  it('that always fails ends dead-lettered, is listed for admins with its error, and can be retried', async () => {
    let cured = false;
    await server.app().jobs.define(
      defineJob({
        name: 'test.broken',
        retryLimit: 1,
        retryDelaySeconds: 1,
        retryBackoff: false,
        run: async () => {
          if (!cured) throw new Error('the printer is on fire');
        },
      }),
    );
    const id = await sendJob(server.db(), 'test.broken', { invoice: 7 });
    await expect.poll(async () => (await server.app().jobs.boss.getJobById('test.broken', id))?.state, WAIT).toBe('failed');

    const admin = await server.as('admin');
    const listed = await admin.get(`${API.jobs.list}?state=failed&name=test.broken`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [{ id, name: 'test.broken', state: 'failed', data: { invoice: 7 }, retry_count: 1, retry_limit: 1, error: 'the printer is on fire' }],
    });

    cured = true;
    const retried = await admin.post(API.jobs.retry(id));
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, state: 'retry' });
    await expect.poll(async () => (await server.app().jobs.boss.getJobById('test.broken', id))?.state, WAIT).toBe('completed');

    const audit = await server.db().select().from(auditLog).where(eq(auditLog.action, 'job.retry'));
    expect(audit).toEqual([expect.objectContaining({ username: 'admin', target: `jobs:${id}`, risk_level: 'medium', metadata: { name: 'test.broken', retry_count: 1, error: 'the printer is on fire' } })]);
  });
});

describe('the admin job list', () => {
  it('refuses to retry a job that has not failed', async () => {
    await server.app().jobs.define(defineJob({ name: 'test.later', retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, run: async () => undefined }));
    const id = await sendJob(server.db(), 'test.later', {});
    const res = await (await server.as('admin')).post(API.jobs.retry(id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Only a failed job can be retried.' });
  });

  it('answers 404 for an unknown or malformed job id and 400 for a bad filter', async () => {
    const admin = await server.as('admin');
    expect((await admin.post(API.jobs.retry('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await admin.post(API.jobs.retry(42))).statusCode).toBe(404);
    const badState = await admin.get(`${API.jobs.list}?state=dead`);
    expect(badState.statusCode).toBe(400);
    expect(Object.keys(badState.json())).toEqual(['state']);
  });

  it('is for superusers only', async () => {
    for (const username of ['management', 'accounts', 'stores.manager']) {
      const client = await server.as(username);
      expect((await client.get(API.jobs.list)).statusCode).toBe(403);
      expect((await client.post(API.jobs.retry('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(403);
    }
  });
});

describe('schedules', () => {
  it('sweep idempotency keys every six hours, once across all API processes', async () => {
    const schedules = await server.app().jobs.boss.getSchedules();
    expect(schedules.map(({ name, cron }) => ({ name, cron }))).toContainEqual({ name: 'idempotency.purge', cron: '17 */6 * * *' });
  });
});

// Several API processes share one PostgreSQL (PGlite has one process by design): two apps, each
// with its own pool and workers, as two processes would be.
describe.runIf(process.env.TEST_DB === 'postgres')('several API processes on one PostgreSQL', () => {
  let first: TestServer;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await startTestServer({ JOBS: true, JOBS_POLL_SECONDS: 0.5 });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', JOBS: 'true', JOBS_POLL_SECONDS: '0.5' });
    second = await buildApp({ config, database: await openDatabase({ url: first.url! }) });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('run each job once', async () => {
    const runs: string[] = [];
    for (const app of [first.app, second]) {
      await app.jobs.define(defineJob({ name: 'test.once', retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, run: async (job) => void runs.push(job.id) }));
    }
    const ids = await first.database.db.transaction(async (tx) => Promise.all(Array.from({ length: 30 }, (_, n) => sendJob(tx, 'test.once', { n }))));
    await expect.poll(() => runs.length, WAIT).toBeGreaterThanOrEqual(30);
    await expect.poll(async () => (await first.app.jobs.boss.getQueueSize('test.once', { before: 'completed' })), WAIT).toBe(0);
    expect(runs.toSorted()).toEqual(ids.toSorted());
  });
});
