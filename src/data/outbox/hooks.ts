import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import { LAST_SYNC_KEY, outbox, STORAGE_FULL_KEY, type OutboxEntry } from './db';
import { pendingRowIds } from './entries';
import { effectsOf } from './effects';

const NONE: ReadonlySet<number> = new Set();

/** Every entry on this device, oldest first; undefined while loading. */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  return useLiveQuery(() => outbox.entries.toArray(), []);
}

/**
 * The rows of a type with a write not yet on the server (queued, sending or rejected): the
 * lists show a pending badge on them. Rows created offline have negative ids.
 */
export function usePendingIds(type: DataType): ReadonlySet<number> {
  return useLiveQuery(() => pendingRowIds(type), [type]) ?? NONE;
}

const NO_REFUSALS: ReadonlyMap<number, string[]> = new Map();

/**
 * Rows of a type that a refused write of this user would have changed, with the server's
 * messages: the screen where the user made the change marks them (a refused stock issue on its
 * requisition line), not only the Sync screen.
 */
export function useRefusedRows(type: DataType, userId: number | undefined): ReadonlyMap<number, string[]> {
  return (
    useLiveQuery(async () => {
      const refused = await outbox.entries.where('state').equals('rejected').and((e) => e.userId === userId).toArray();
      const rows = new Map<number, string[]>();
      for (const entry of refused) for (const ref of effectsOf(entry)) if (ref.type === type) rows.set(ref.id, [...(rows.get(ref.id) ?? []), ...(entry.lastError?.messages ?? [])]);
      return rows;
    }, [type, userId]) ?? NO_REFUSALS
  );
}

/** When the device last had no room for the server's answers to sent writes; null when they fit. */
export function useStorageFullAt(): number | null {
  return useLiveQuery(async () => (await outbox.meta.get(STORAGE_FULL_KEY))?.value ?? null, []) ?? null;
}

/** When a write last reached the server from this device; null if never. */
export function useLastSyncAt(): number | null {
  return useLiveQuery(async () => (await outbox.meta.get(LAST_SYNC_KEY))?.value ?? null, []) ?? null;
}
