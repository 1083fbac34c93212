import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import { LAST_SYNC_KEY, outbox, type OutboxEntry } from './db';
import { pendingRowIds } from './entries';

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

/** When a write last reached the server from this device; null if never. */
export function useLastSyncAt(): number | null {
  return useLiveQuery(async () => (await outbox.meta.get(LAST_SYNC_KEY))?.value ?? null, []) ?? null;
}
