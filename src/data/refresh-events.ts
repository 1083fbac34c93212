import { useEffect } from 'react';
import type { RouteDef } from '../../domain/routes';

/** A data refresh event: a create/update screen was left and these lists must reload. */
export interface RefreshEvent {
  from: string;
  affects: readonly string[];
  at: number;
}

export const REFRESH_HISTORY_LIMIT = 100;

const history: RefreshEvent[] = [];
const listeners = new Set<(event: RefreshEvent) => void>();

export function emitRefresh(from: string, affects: readonly string[]): RefreshEvent {
  const event = { from, affects, at: Date.now() };
  history.push(event);
  if (history.length > REFRESH_HISTORY_LIMIT) history.splice(0, history.length - REFRESH_HISTORY_LIMIT);
  listeners.forEach((l) => l(event));
  return event;
}

export function refreshHistory(): readonly RefreshEvent[] {
  return history;
}

/** Reloads a list when a screen that affects it is left (the list refresh rules). */
export function useRefreshOn(listName: string, reload: () => void): void {
  useEffect(() => {
    const listener = (event: RefreshEvent) => {
      if (event.affects.includes(listName)) reload();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listName, reload]);
}

/**
 * The list refresh rules (product-frame.md §2) for data a screen reads: a dashboard reloads on
 * every entry; a list reloads after a create/update screen that affects it, and when reached
 * from a public screen or a dashboard (or as the first screen), not after a detail screen.
 */
export function reloadsOnEntry(from: RouteDef | null, to: RouteDef): boolean {
  if (to.kind === 'dashboard') return true;
  if (to.kind !== 'list') return false;
  if (!from || from.kind === 'public' || from.kind === 'dashboard') return true;
  return from.kind === 'operation' && (from.affects ?? []).includes(to.name);
}
