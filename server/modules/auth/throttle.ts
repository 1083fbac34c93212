import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Config } from '../../config';
import { queryRows, type Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { tooManyRequests } from '../../lib/http-error';

/**
 * Throttles guesses (sign-in, a current password, registrations) with a progressive delay
 * (docs/decisions.md, "Sign-in throttling"). A key may be attempted `free` times at once; past
 * that, each attempt must come at least `firstWaitSeconds` (1 s), then twice, four times … (up to `resetSeconds`) after the one
 * before. An attempt is claimed before its password is checked, in one statement per key that
 * counts and checks together, so however many requests arrive at once (and at whichever API
 * process) no more than `free` are ever checked in a burst. A key with no attempt for
 * `resetSeconds` starts over.
 */
export interface ThrottleRule {
  key: string;
  free: number;
}

export interface ThrottleTiming {
  firstWaitSeconds: number;
  resetSeconds: number;
}

export const throttleTiming = (config: Config): ThrottleTiming => ({ firstWaitSeconds: config.LOGIN_THROTTLE_FIRST_WAIT_SECONDS, resetSeconds: config.LOGIN_THROTTLE_RESET_SECONDS });

/** The wait after a key's last attempt once `attempts` are used: the first wait at `free`, doubling, at most the reset time. */
const delaySeconds = (free: number, { firstWaitSeconds, resetSeconds }: ThrottleTiming) =>
  sql`least(${firstWaitSeconds} * power(2, greatest(t.attempts - ${free}, 0)), ${resetSeconds})`;

/** Claims one attempt of a key; false when the key must wait (nothing is counted then). */
async function claim(tx: Db, { key, free }: ThrottleRule, timing: ThrottleTiming): Promise<boolean> {
  const stale = sql`t.last_attempt_at < now() - make_interval(secs => ${timing.resetSeconds})`;
  const rows = await queryRows<{ attempts: number }>(
    tx,
    sql`INSERT INTO ${loginThrottle} AS t (key, attempts, last_attempt_at) VALUES (${key}, 1, now())
        ON CONFLICT (key) DO UPDATE SET
          attempts = CASE WHEN ${stale} THEN 1 ELSE t.attempts + 1 END,
          last_attempt_at = now()
        WHERE ${stale}
           OR t.attempts < ${free}
           OR t.last_attempt_at + make_interval(secs => ${delaySeconds(free, timing)}) <= now()
        RETURNING t.attempts`,
  );
  return rows.length > 0;
}

/** Seconds until a key that refused a claim takes the next attempt. */
async function secondsToWait(db: Db, { key, free }: ThrottleRule, timing: ThrottleTiming): Promise<number> {
  const [row] = await queryRows<{ wait: number | string }>(
    db,
    sql`SELECT extract(epoch FROM t.last_attempt_at + make_interval(secs => ${delaySeconds(free, timing)}) - now()) AS wait
        FROM ${loginThrottle} AS t WHERE t.key = ${key}`,
  );
  return Math.max(1, Math.ceil(Number(row?.wait ?? 1)));
}

/**
 * Claims an attempt on every key, all or none: a key that must wait answers 429 with Retry-After,
 * and the other keys' claims are undone with it.
 */
export async function claimAttempt(db: Db, rules: readonly ThrottleRule[], timing: ThrottleTiming, message: (seconds: number) => string): Promise<void> {
  const claimed = await db
    .transaction(async (tx) => {
      for (const rule of rules) if (!(await claim(tx, rule, timing))) tx.rollback();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
  if (claimed) return;
  let wait = 1;
  for (const rule of rules) wait = Math.max(wait, await secondsToWait(db, rule, timing));
  throw tooManyRequests(message(wait), wait);
}

/** A success: the key starts over (the user proved they know the password). */
export async function forgetAttempts(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM ${loginThrottle} WHERE key = ${key}`);
}

/** Gives back one claimed attempt that was not a failure (a success from a shared address). */
export async function returnAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE ${loginThrottle} SET attempts = greatest(attempts - 1, 0) WHERE key = ${key}`);
}
