import type { FastifyInstance } from 'fastify';
import { JOB_NAMES } from '../../domain/jobs';
import type { Database } from '../db/client';
import { defineJob, startJobs, type JobDefinition, type Jobs } from '../modules/jobs/queue';
import { raiseRecurringInvoicesJob } from '../modules/invoices/recurring';
import { sendMailJob, smtpTransport } from '../modules/mail/delivery';
import { purgeIdempotencyKeys } from './idempotency';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Idempotency keys past their retention go every six hours (they were swept by a timer in each process before). */
const purgeIdempotencyKeysJob = defineJob({
  name: JOB_NAMES.purgeIdempotencyKeys,
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: true,
  schedule: '17 */6 * * *',
  run: (_job, { db }) => purgeIdempotencyKeys(db),
});

/**
 * Background jobs start with the app and stop before its database closes. With jobs off (tests,
 * or an API process kept free of background work) the queues still exist, so writes can queue
 * jobs that another process, or a later start, runs.
 */
export async function registerJobs(app: FastifyInstance, database: Database): Promise<void> {
  const { config } = app;
  const jobs = await startJobs(database, {
    work: config.jobs,
    pollSeconds: config.JOBS_POLL_SECONDS,
    onError: (err) => app.log.error({ err }, 'background jobs'),
  });
  const definitions: JobDefinition[] = [sendMailJob(smtpTransport(config.SMTP_URL, config.MAIL_FROM)), purgeIdempotencyKeysJob, raiseRecurringInvoicesJob];
  for (const definition of definitions) await jobs.define(definition);
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
}
