import { useSyncExternalStore } from 'react';
import type { Table } from 'dexie';
import { z } from 'zod';
import { apiErrorMessage } from '../../../domain/api-errors';
import { listPathOf, type DataType } from '../../../domain/data-types';
import { api, isNetworkError, responseBody } from '../api';
import { pendingRowIds } from '../outbox/entries';
import { metaKey, mirror, type MirrorMeta, type MirrorRow } from './db';

/**
 * The loader of every data type (docs/api.md "Lists and the offline mirror"): a paged full load
 * from `updated_since=0`, then deltas from the stored cursor. Each page is written in its own
 * transaction, so lists reading the mirror update page by page and never wait for the whole set.
 */

export const SYNC_PAGE_SIZE = 1000;

const deltaPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  results: z.array(z.looseObject({ id: z.number().int() })),
  cursor: z.string().optional(),
});

/** Rows loaded so far out of the count the server announced, while a sync runs. */
export interface SyncProgress {
  loaded: number;
  total: number;
}

/** A sync that failed; the message is for people (the freshness note, the Sync screen). */
export class SyncFailed extends Error {
  constructor(
    readonly type: DataType,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A sync cut short because the mirror changed hands (sign-out, another user): not a failure. */
export class SyncStopped extends Error {
  constructor() {
    super('Sync stopped');
  }
}

/** Why a sync failed, in words: unreachable server, the server's message, or the error's own. */
export function syncFailure(error: unknown): string {
  if (isNetworkError(error)) return 'The server cannot be reached.';
  if (error instanceof z.ZodError) return 'The server answered with a list the app cannot read.';
  const body = responseBody(error);
  if (body !== undefined) return apiErrorMessage(body);
  return error instanceof Error ? error.message : String(error);
}

let progress: Readonly<Partial<Record<DataType, SyncProgress>>> = {};
const progressListeners = new Set<() => void>();

function setProgress(type: DataType, value: SyncProgress | undefined): void {
  const { [type]: _, ...others } = progress;
  progress = value ? { ...others, [type]: value } : others;
  progressListeners.forEach((l) => l());
}

/** The syncs running now, by data type. */
export function syncProgress(): Readonly<Partial<Record<DataType, SyncProgress>>> {
  return progress;
}

export function useSyncProgress(): Readonly<Partial<Record<DataType, SyncProgress>>> {
  return useSyncExternalStore(
    (listener) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    () => progress,
  );
}

// A stop bumps the generation: a page whose sync began before it is not written.
let generation = 0;
let controller = new AbortController();
const running = new Map<string, Promise<MirrorMeta>>();

/** Cancels every running sync; what they would still write is dropped. */
export function stopSyncs(): void {
  generation += 1;
  controller.abort();
  controller = new AbortController();
  running.clear();
  progress = {};
  progressListeners.forEach((l) => l());
}

/** One read-write transaction that refuses to write once the syncs were stopped. */
function write<R>(at: number, tables: Table[], work: () => Promise<R>): Promise<R> {
  return mirror.transaction('rw', tables, () => {
    if (at !== generation) throw new SyncStopped();
    return work();
  });
}

const isRemoved = (row: MirrorRow) => row.deleted_at !== null && row.deleted_at !== undefined;

/**
 * Brings one data type of one user up to date: a full load when there is no cursor yet (or
 * `full` asks for one, which also drops the rows the server no longer sends), else a delta.
 * Deleted rows leave the mirror. A sync already running for the type is joined, not repeated.
 * Resolves with the new meta; rejects with SyncFailed (recorded in the meta, rows kept) or
 * SyncStopped.
 */
export function syncType(userId: number, type: DataType, options: { full?: boolean } = {}): Promise<MirrorMeta> {
  const key = metaKey(userId, type);
  const current = running.get(key);
  if (current) return current;
  const sync = runSync(userId, type, options.full ?? false).finally(() => {
    if (running.get(key) === sync) running.delete(key);
  });
  running.set(key, sync);
  return sync;
}

async function runSync(userId: number, type: DataType, full: boolean): Promise<MirrorMeta> {
  const path = listPathOf(type);
  if (!path) throw new Error(`No loader found for: ${type}`);
  const at = generation;
  const { signal } = controller;
  const key = metaKey(userId, type);
  const table = mirror.rows(type);
  try {
    const before: MirrorMeta = (await mirror.meta.get(key)) ?? { key, userId, type, cursor: null, loadedAt: null, rowCount: 0, error: null };
    const fullLoad = full || before.cursor === null;
    // The meta goes in before any row: the mirror always knows whose rows it holds.
    await write(at, [mirror.meta], () => mirror.meta.put(before));
    let params: Record<string, string> = { updated_since: fullLoad ? '0' : before.cursor!, page_size: String(SYNC_PAGE_SIZE) };
    const kept = new Set<number>();
    let cursor: string | undefined;
    let loaded = 0;
    let total: number | undefined;
    // Rows a delta added less rows it removed: counting a big table walks all of it (seconds at
    // 100,000 rows, holding up every list that reads it), so a delta keeps the count as it goes.
    let added = 0;
    for (;;) {
      const { data } = await api.get(path, { params, signal });
      const page = deltaPageSchema.parse(data);
      const rows = page.results as MirrorRow[];
      // A row with a change still in the outbox keeps its local version until that change is sent.
      const unsent = await pendingRowIds(type);
      const removed = rows.filter((r) => isRemoved(r) && !unsent.has(r.id)).map((r) => r.id);
      const live = rows.filter((r) => !isRemoved(r) && !unsent.has(r.id));
      // An empty delta page takes no write lock: lists reading the table are not held up.
      if (removed.length + live.length > 0) {
        await write(at, [table], async () => {
          if (!fullLoad) {
            const present = new Set(await table.where(':id').anyOf([...removed, ...live.map((r) => r.id)]).primaryKeys());
            added += live.filter((r) => !present.has(r.id)).length - removed.filter((id) => present.has(id)).length;
          }
          await table.bulkDelete(removed);
          await table.bulkPut(live);
        });
      }
      if (fullLoad) rows.forEach((r) => kept.add(r.id));
      total ??= page.count;
      loaded += rows.length;
      if (at === generation) setProgress(type, { loaded, total });
      cursor = page.cursor ?? cursor;
      if (!page.next) break;
      // `next` carries the position (after_id) and the sync's cursor; follow it on our own base.
      params = Object.fromEntries(new URL(page.next, window.location.origin).searchParams);
    }
    if (cursor === undefined) throw new Error('The list answered without a sync cursor.');
    const syncedCursor = cursor;
    const unsentAtEnd = await pendingRowIds(type);
    // A delta only moves the meta; a full load also drops the rows the server no longer sends.
    return await write(at, fullLoad ? [table, mirror.meta] : [mirror.meta], async () => {
      // Rows made offline (negative temporary ids) are the outbox's until the server answers.
      if (fullLoad) await table.bulkDelete((await table.toCollection().primaryKeys()).filter((id) => id > 0 && !kept.has(id) && !unsentAtEnd.has(id)));
      const rowCount = fullLoad ? await table.count() : before.rowCount + added;
      const meta: MirrorMeta = { ...before, cursor: syncedCursor, loadedAt: Date.now(), rowCount, error: null };
      await mirror.meta.put(meta);
      return meta;
    });
  } catch (error) {
    if (at !== generation || error instanceof SyncStopped) throw new SyncStopped();
    const failure = new SyncFailed(type, syncFailure(error), { cause: error });
    // The rows stay as they were; the error shows until a sync succeeds.
    await mirror.meta.update(key, { error: failure.message }).catch(() => undefined);
    throw failure;
  } finally {
    if (at === generation) setProgress(type, undefined);
  }
}
