import { useLiveQuery } from 'dexie-react-hooks';
import type { DataType } from '../../../domain/data-types';
import { useSession } from '../session';
import { metaKey, mirror } from './db';
import { useSyncProgress, type SyncProgress } from './sync';

/** How fresh a screen's mirrored data is: what the freshness note shows. */
export interface MirrorStatus {
  /** When the least recently synced of the types last synced; null while one was never loaded. */
  loadedAt: number | null;
  /** Rows loaded so far, summed over the types syncing now; null when none is. */
  progress: SyncProgress | null;
  /** The last failure of one of the types, null when all their last syncs succeeded. */
  error: string | null;
}

/** Still loading: a load is running, or one of the types was never loaded and nothing failed. */
export const isLoading = (status: MirrorStatus): boolean => status.progress !== null || (status.loadedAt === null && status.error === null);

/** The freshness of the current user's mirrored `types`, live from the meta and the running syncs. */
export function useMirrorStatus(types: readonly DataType[]): MirrorStatus {
  const userId = useSession().user?.id;
  const typesKey = types.join(',');
  const metas = useLiveQuery(
    () => (userId ? mirror.meta.bulkGet(typesKey.split(',').map((t) => metaKey(userId, t as DataType))) : []),
    [userId, typesKey],
  );
  const running = useSyncProgress();
  const syncing = types.map((t) => running[t]).filter((p) => p !== undefined);
  const loadedAts = metas?.length ? metas.map((m) => m?.loadedAt ?? null) : [null];
  return {
    loadedAt: loadedAts.includes(null) ? null : Math.min(...(loadedAts as number[])),
    progress: syncing.length ? { loaded: syncing.reduce((n, p) => n + p.loaded, 0), total: syncing.reduce((n, p) => n + p.total, 0) } : null,
    error: metas?.find((m) => m?.error)?.error ?? null,
  };
}
