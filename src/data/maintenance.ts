import { useSyncExternalStore } from 'react';
import { MAINTENANCE } from '../../domain/auth';
import { onServerAnswer, SESSIONLESS } from './api';
import { MAINTENANCE_CHANNEL, type MaintenanceSignal } from './maintenance-signal';

/**
 * Maintenance mode as the device learns it (issue 23): the server answers 503 with code
 * 'maintenance' to everyone but superusers, and a signed-in call it answers again means it is
 * over. Nothing is lost meanwhile: the outbox waits out a 503 and sends when it is back.
 */
let message: string | null = null;
const listeners = new Set<() => void>();
const overListeners = new Set<() => void>();

const isMaintenance = (body: unknown): body is { detail?: unknown } => !!body && typeof body === 'object' && (body as { code?: unknown }).code === MAINTENANCE.code;

/** What an answer says of maintenance: a 503 of maintenance turns it on, a signed-in call's success off. */
export function noteMaintenanceAnswer(status: number, body: unknown, signedIn: boolean): void {
  let next = message;
  if (status === 503 && isMaintenance(body)) next = typeof body.detail === 'string' ? body.detail : MAINTENANCE.message;
  else if (signedIn && status >= 200 && status < 300) next = null;
  if (next === message) return;
  const over = next === null;
  message = next;
  listeners.forEach((listener) => listener());
  if (over) overListeners.forEach((listener) => listener());
}

/** Called when maintenance is over (the queued writes go at once rather than at their next try). */
export function onMaintenanceOver(listener: () => void): () => void {
  overListeners.add(listener);
  return () => overListeners.delete(listener);
}

/** The server's maintenance message while it is down for maintenance; null otherwise. */
export function useMaintenance(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => message,
  );
}

onServerAnswer((request, response) => noteMaintenanceAnswer(response.status, response.data, !SESSIONLESS.includes(request.url)));
// A replayer (this page's, another tab's or the worker's) had a write turned away for maintenance.
if (typeof BroadcastChannel !== 'undefined') {
  new BroadcastChannel(MAINTENANCE_CHANNEL).onmessage = (event: MessageEvent<MaintenanceSignal>) => noteMaintenanceAnswer(503, { code: MAINTENANCE.code, detail: event.data.detail }, true);
}
