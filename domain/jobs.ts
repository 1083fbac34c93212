import { z } from 'zod';

/**
 * Background work (server/modules/jobs): each kind of job is a queue of the job store (pg-boss),
 * named here once so that the server and the admin console agree.
 */
export const JOB_NAMES = {
  sendMail: 'mail.send',
  purgeIdempotencyKeys: 'idempotency.purge',
  raiseRecurringInvoices: 'invoices.recurring',
} as const;

/**
 * The store's states: `retry` waits out its backoff; `failed` is the dead letter (every attempt
 * spent), kept for an admin to read and retry.
 */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_MESSAGES = {
  notFailed: 'Only a failed job can be retried.',
} as const;

export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  data: z.unknown(),
  /** Attempts after the first one so far, and how many are allowed. */
  retry_count: z.number().int(),
  retry_limit: z.number().int(),
  /** The last failure's message (failed and waiting-to-retry jobs). */
  error: z.string().nullable(),
  created_on: z.string(),
  start_after: z.string(),
  started_on: z.string().nullable(),
  completed_on: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobFiltersSchema = z.object({
  state: z.enum(JOB_STATES).optional(),
  name: z.string().max(100).optional(),
});
