/**
 * What to do with an entry after an attempt (DESIGN.md "Offline-first rules"): sent; retry later
 * (the network's or the server's trouble, not the write's); renew the token and try again; or
 * rejected (the write itself was refused and waits for the user).
 */
export type Verdict = { kind: 'sent' } | { kind: 'retry'; delayMs: number } | { kind: 'renew' } | { kind: 'rejected' };

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
 * The server's 409 for "the first request with this Idempotency-Key is still running"
 * (server/plugins/idempotency.ts): the write is not refused, only early; it is retried.
 */
export const IDEMPOTENCY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed; retry shortly.';

function isInFlight(body: unknown): boolean {
  return !!body && typeof body === 'object' && (body as { detail?: unknown }).detail === IDEMPOTENCY_IN_FLIGHT;
}

/**
 * The verdict on one answer. `status` null: no answer at all (offline, timeout, DNS).
 * 2xx sent; 401 renew; 408, 429, 5xx (and the in-flight 409) retry, honouring Retry-After;
 * every other 4xx (400, 403, 404, 409, 422 …) is a rejection.
 */
export function classify(answer: { status: number | null; retryAfter?: string | null; body?: unknown }, attempts: number, now: number): Verdict {
  const { status } = answer;
  const retry = (): Verdict => ({ kind: 'retry', delayMs: retryAfterMs(answer.retryAfter ?? null, now) ?? backoffMs(attempts) });
  if (status === null) return retry();
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 401) return { kind: 'renew' };
  if (status === 408 || status === 429 || status >= 500) return retry();
  if (status === 409 && isInFlight(answer.body)) return retry();
  if (status >= 400) return { kind: 'rejected' };
  // 1xx/3xx never reach here through fetch (redirects are followed); treat them as trouble.
  return retry();
}
