import { OFFLINE_WORK_DAYS_KEY, offlineWorkDaysOf, type OfflineSettings } from '../../domain/offline';

/**
 * How long this device may work offline, as the server last said (GET /system/offline/; the
 * default until it has spoken). Kept for the device, not the user, so signing out keeps it: in
 * localStorage for the page's synchronous session checks, and in the outbox's meta for the
 * replayer, which also runs in the service worker where there is no localStorage
 * (src/data/outbox/period.ts).
 */
export function offlineWorkDays(): number {
  return offlineWorkDaysOf(Number(localStorage.getItem(OFFLINE_WORK_DAYS_KEY)));
}

/** Keeps the server's answer where the page and the replayer read it. */
export async function rememberOfflineSettings(settings: OfflineSettings): Promise<void> {
  localStorage.setItem(OFFLINE_WORK_DAYS_KEY, String(settings.offline_work_days));
  const { outbox } = await import('./outbox/db');
  await outbox.meta.put({ key: OFFLINE_WORK_DAYS_KEY, value: settings.offline_work_days });
}

