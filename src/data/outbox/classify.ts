import { MODULE_DISABLED_CODE } from '../../../domain/modules';

/**
 * What to do with an entry after an attempt (DESIGN.md "Offline-first rules"): sent; retry later
 * (the network's or the server's trouble, not the write's); renew the token and try again; or
 * rejected (the write itself was refused and waits for the user); or held (its module is switched off).
 */
export type Verdict = { kind: 'sent' } | { kind: 'retry'; delayMs: number; scope: TroubleScope } | { kind: 'renew' } | { kind: 'rejected' } | { kind: 'held' };

/**
 * A write of a module a superuser switched off (403, code `module_disabled`) is not refused: it
 * waits with the server's reason and is tried again this often, so it goes once the module is on.
 */
export const HELD_RETRY_MS = 10 * 60_000;
const isModuleSwitchedOff = (body: unknown) => !!body && typeof body === 'object' && (body as { code?: unknown }).code === MODULE_DISABLED_CODE;

/**
 * Whose trouble a retry is: the server's or the network's as a whole (no answer, 429, 502, 503,
 * 504: nothing else will go either, the round stops) or this write's alone (500, 408: the
 * entries that do not depend on it go on).
 */
export type TroubleScope = 'server' | 'entry';

/** A write the server keeps failing this often, or this long, needs its author's (or a supervisor's) attention. */
export const NEEDS_ATTENTION = { attempts: 10, afterMs: 24 * 3600_000 } as const;

export const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_MAX_MS = 10 * 60_000;

/** 5 s, 10 s, 20 s … doubling per attempt, at most 10 minutes (the `online` event skips the wait). */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The verdict on one answer. `status` null: no answer at all (offline, timeout, DNS).
 * 2xx sent; 401 renew; 408, 429 and 5xx retry, honouring Retry-After; every other 4xx (400,
 * 403, 404, 409, 422 …) is a rejection.
 */
const SERVER_TROUBLE = new Set([429, 502, 503, 504]);

/** Whether an entry's last failure was the server's or the network's as a whole (what a probe or `online` cures). */
export const failedForServer = (status: number | null | undefined): boolean => status === null || (status !== undefined && SERVER_TROUBLE.has(status));

export function classify(answer: { status: number | null; retryAfter?: string | null; body?: unknown }, attempts: number, now: number): Verdict {
  const { status } = answer;
  const retry = (scope: TroubleScope): Verdict => ({ kind: 'retry', delayMs: retryAfterMs(answer.retryAfter ?? null, now) ?? backoffMs(attempts), scope });
  if (status === null) return retry('server');
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 401) return { kind: 'renew' };
  if (SERVER_TROUBLE.has(status)) return retry('server');
  if (status === 403 && isModuleSwitchedOff(answer.body)) return { kind: 'held' };
  if (status === 408 || status >= 500) return retry('entry');
  if (status >= 400) return { kind: 'rejected' };
  // 1xx/3xx never reach here through fetch (redirects are followed); treat them as trouble.
  return retry('server');
}
