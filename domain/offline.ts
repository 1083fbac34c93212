// zod/mini: every page reads the offline period before it draws, the sign-in page too (see domain/auth.ts).
import * as z from 'zod/mini';

/**
 * How long a device may work offline (docs/decisions.md 152, 156): a setting of the system
 * configuration, read by every signed-in device (GET /system/offline/) and set by a superuser.
 * A write queued longer ago than this is not sent by itself: the server keeps the
 * Idempotency-Keys that prove a write arrived for a week beyond it, so a write within it is never
 * applied twice, and an older one waits for its author to check it (resend or discard) instead
 * of risking a second application. A device the server has not seen for longer no longer opens
 * from its cache.
 */
export const offlineSettingsSchema = z.object({
  offline_work_days: z.int().check(z.gte(1), z.lte(365)),
});
export type OfflineSettings = z.infer<typeof offlineSettingsSchema>;
export const OFFLINE_SETTINGS_DEFAULTS: OfflineSettings = { offline_work_days: 30 };

/** The server keeps a write's key (and its answer) for the offline period and a week's margin. */
export const KEY_MARGIN_DAYS = 7;

/**
 * How long the server keeps keys now. A period just lowered still covers devices that learnt
 * the longer one: until the longer period (and its margin) has passed since the change, keys are
 * kept by the longer one, so no device within what it was told may work offline runs a write twice.
 */
export function keyRetentionDays(settings: OfflineSettings & { previous_days: number | null; changed_at: Date | null }, now: Date): number {
  const { offline_work_days: days, previous_days: previous, changed_at: changedAt } = settings;
  const previousStillCovers = previous !== null && changedAt !== null && now.getTime() - changedAt.getTime() < (previous + KEY_MARGIN_DAYS) * 86_400_000;
  return Math.max(days, previousStillCovers ? previous : 0) + KEY_MARGIN_DAYS;
}

export const DAY_MS = 86_400_000;

/** Where a device keeps the period it learnt (localStorage for the page, the outbox's meta for the replayer). */
export const OFFLINE_WORK_DAYS_KEY = 'offline_work_days';

/** A stored period read back: the default when missing or not a valid period. */
export function offlineWorkDaysOf(stored: unknown): number {
  const result = offlineSettingsSchema.shape.offline_work_days.safeParse(stored);
  return result.success ? result.data : OFFLINE_SETTINGS_DEFAULTS.offline_work_days;
}

export const OFFLINE_MESSAGES = {
  tooOld: (days: number) =>
    `This change was made more than ${days} days ago, so the server may no longer know whether it already has it. Check it, then resend or discard it.`,
} as const;
