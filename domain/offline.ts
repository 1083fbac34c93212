/**
 * How long a device may work offline (docs/decisions.md 152). A write queued longer ago than this
 * is not sent by itself: the server keeps the Idempotency-Keys that prove a write arrived for a
 * week beyond it, so a write within it is never applied twice, and an older one waits for its
 * author to check it (resend or discard) instead of risking a second application.
 */
export const OFFLINE_WORK_DAYS = 30;

/** The server keeps a write's key (and its answer) this long: the offline period and a week's margin. */
export const IDEMPOTENCY_KEY_DAYS = OFFLINE_WORK_DAYS + 7;

export const OFFLINE_MESSAGES = {
  tooOld: `This change was made more than ${OFFLINE_WORK_DAYS} days ago, so the server may no longer know whether it already has it. Check it, then resend or discard it.`,
} as const;
