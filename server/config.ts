import { z } from 'zod';
import path from 'node:path';
import { SLOW_API_ALERT_MS } from '../domain/admin';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: 127.0.0.1 while the demo company (whose password is published) is seeded, else every interface. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** Signing key for JWTs; when unset one is generated once and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().positive().default(5),
  REFRESH_TOKEN_DAYS: z.coerce.number().positive().default(7),
  /**
   * Sign-in throttling (docs/decisions.md, "Sign-in throttling"): attempts allowed at once per
   * username and address, and per address over all usernames; past them each further attempt waits
   * twice as long as the one before (from the first wait up to the reset time). A key is reset by a success, or
   * by this many quiet seconds.
   */
  LOGIN_FREE_ATTEMPTS: z.coerce.number().int().positive().default(5),
  LOGIN_FREE_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_THROTTLE_FIRST_WAIT_SECONDS: z.coerce.number().int().positive().default(1),
  LOGIN_THROTTLE_RESET_SECONDS: z.coerce.number().int().positive().default(900),
  /** New accounts registered from one address before it is throttled the same way. */
  REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /**
   * Slow or stalled clients (issue 14): the headers, and the whole request, must arrive within
   * these; an idle kept-alive connection, or one that neither sends nor reads, is closed after
   * these; and no more connections than MAX_CONNECTIONS are held at once.
   */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(1000),
  CLIENT_DIR: z.string().default('./dist/client'),
  /** The largest file that may be attached to a row (bytes; 10 MiB). Files live in the database, so this bounds its growth per upload. */
  FILE_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /** Where mail goes (smtp://user:pass@host:587, smtps://...); unset, mail is kept in the database for superusers to read and nothing is sent. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('FabOps <fabops@localhost>'),
  /** Whether this process runs background jobs and schedules (on by default, off in tests unless a test turns it on). */
  JOBS: bool.optional(),
  /** How often an idle job worker asks the queue for work. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** The bearer token Prometheus scrapes /metrics with; unset, only this machine may scrape (decision 404). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A request this slow goes to the slow-request log of the Performance Monitor. */
  SLOW_REQUEST_MS: z.coerce.number().positive().default(SLOW_API_ALERT_MS),
  /** How often the alert monitor checks memory, response time and error rate; 0 turns it off (off by default in tests). */
  ALERT_CHECK_SECONDS: z.coerce.number().min(0).optional(),
}).refine((env) => env.HEADERS_TIMEOUT_SECONDS <= env.REQUEST_TIMEOUT_SECONDS, {
  path: ['HEADERS_TIMEOUT_SECONDS'],
  message: 'must not be longer than REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
});

export type Config = z.infer<typeof envSchema> & { dataDir: string; clientDir: string; host: string; jobs: boolean; alertCheckSeconds: number };

/** The alert monitor checks once a minute unless told otherwise. */
const DEFAULT_ALERT_CHECK_SECONDS = 60;

/** Where the server listens when HOST is unset: the demo accounts' password is published, so only this machine may reach them. */
export const DEMO_HOST = '127.0.0.1';

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const merged = { ...parsed.data, ...overrides };
  // A directory given as an override (tests) wins over the one derived from the environment.
  return {
    ...merged,
    dataDir: path.resolve(overrides.dataDir ?? merged.DATA_DIR),
    clientDir: path.resolve(overrides.clientDir ?? merged.CLIENT_DIR),
    host: merged.HOST ?? (merged.SEED === 'demo' ? DEMO_HOST : '0.0.0.0'),
    jobs: merged.JOBS ?? merged.NODE_ENV !== 'test',
    alertCheckSeconds: merged.ALERT_CHECK_SECONDS ?? (merged.NODE_ENV === 'test' ? 0 : DEFAULT_ALERT_CHECK_SECONDS),
  };
}
