import { DAY_MS, KEY_MARGIN_DAYS, OFFLINE_WORK_DAYS_KEY, offlineWorkDaysOf } from '../../../domain/offline';
import type { OutboxDatabase } from './db';

/**
 * The replayer's reading of the offline period the device learnt (src/data/offline-period.ts):
 * entries queued longer ago are not sent blind, and resolutions are kept for it and its margin,
 * as long as the server keeps the keys.
 */
export async function offlinePeriodMs(meta: OutboxDatabase['meta']): Promise<{ workMs: number; keepMs: number }> {
  const days = offlineWorkDaysOf((await meta.get(OFFLINE_WORK_DAYS_KEY))?.value);
  return { workMs: days * DAY_MS, keepMs: (days + KEY_MARGIN_DAYS) * DAY_MS };
}
