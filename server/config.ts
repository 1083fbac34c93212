import { z } from 'zod';
import path from 'node:path';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** Signing key for JWTs; when unset one is generated once and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().positive().default(5),
  REFRESH_TOKEN_DAYS: z.coerce.number().positive().default(7),
  /** Failed sign-ins allowed per window, per client address and per username. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  CLIENT_DIR: z.string().default('./dist/client'),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string; clientDir: string };

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
  return { ...merged, dataDir: path.resolve(overrides.dataDir ?? merged.DATA_DIR), clientDir: path.resolve(overrides.clientDir ?? merged.CLIENT_DIR) };
}
