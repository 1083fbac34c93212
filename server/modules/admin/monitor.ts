import { ERROR_RATE_ALERT_PERCENT, MEMORY_ALERT_PERCENT, RECENT_WINDOW_MINUTES, SLOW_API_ALERT_MS, type AlertCause } from '../../../domain/admin';
import type { SystemAlert } from '../../../domain/system-alert';
import type { Db } from '../../db/client';
import { raiseAlert } from './alerts';

/** What the monitor watches, measured by this process at the time of a check. */
export interface MonitorMeasures {
  memoryPercent: number;
  /** The average response over the recent window; null without requests. */
  averageMs: number | null;
  /** The percent of 5xx answers over the recent window (decision 406). */
  errorRate: number;
}

/** The causes the measures call for, with each alert's message (product-frame.md §4, §9). */
export function alertsCalledFor(measures: MonitorMeasures): [AlertCause, string][] {
  const causes: [AlertCause, string][] = [];
  if (measures.memoryPercent > MEMORY_ALERT_PERCENT) causes.push(['memory', `Memory use is ${measures.memoryPercent} %, above ${MEMORY_ALERT_PERCENT} %.`]);
  if (measures.averageMs !== null && measures.averageMs > SLOW_API_ALERT_MS) {
    causes.push(['slowApi', `The average API response over the last ${RECENT_WINDOW_MINUTES} minutes is ${Math.round(measures.averageMs)} ms, above ${SLOW_API_ALERT_MS} ms.`]);
  }
  if (measures.errorRate > ERROR_RATE_ALERT_PERCENT) {
    causes.push(['errorRate', `${measures.errorRate} % of API answers over the last ${RECENT_WINDOW_MINUTES} minutes were server errors, above ${ERROR_RATE_ALERT_PERCENT} %.`]);
  }
  return causes;
}

/** One check: raises what the measures call for (each cause at most once while its alert is open). */
export async function checkAlerts(db: Db, measures: MonitorMeasures): Promise<SystemAlert[]> {
  const raised: SystemAlert[] = [];
  for (const [cause, message] of alertsCalledFor(measures)) {
    const alert = await raiseAlert(db, cause, message);
    if (alert) raised.push(alert);
  }
  return raised;
}

export interface MonitorOptions {
  db: () => Db;
  measure: () => MonitorMeasures;
  everyMs: number;
  onError(error: unknown): void;
  /** Told of each check's new alerts (tests wait on it). */
  onCheck?(raised: SystemAlert[]): void;
}

/**
 * Checks on a timer that never keeps the process alive; a check still running when the next is due
 * is not doubled. Answers the stop, which waits for a running check.
 */
export function startAlertMonitor(options: MonitorOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= checkAlerts(options.db(), options.measure())
      .then((raised) => options.onCheck?.(raised), options.onError)
      .finally(() => (running = null));
  }, options.everyMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
