import { createStore, useStore } from 'zustand';
import type { Table } from 'dexie';
import { z } from 'zod';
import { apiErrorMessage } from '../../../domain/api-errors';
import { listPathOf, windowOf, type DataType } from '../../../domain/data-types';
import { api, isNetworkError, responseBody } from '../api';
import { pendingRowIds } from '../outbox/entries';
import { rebase } from '../outbox/effects';
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

type Progress = Readonly<Partial<Record<DataType, SyncProgress>>>;
const progress = createStore<Progress>()(() => ({}));

function setProgress(type: DataType, value: SyncProgress | undefined): void {
  const { [type]: _, ...others } = progress.getState();
  progress.setState(value ? { ...others, [type]: value } : others, true);
}

/** The syncs running now, by data type. */
export function syncProgress(): Progress {
  return progress.getState();
}

export function useSyncProgress(): Progress {
  return useStore(progress);
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
  progress.setState({}, true);
}

/** One read-write transaction that refuses to write once the syncs were stopped. */
function write<R>(at: number, tables: Table[], work: () => Promise<R>): Promise<R> {
  return mirror.transaction('rw', tables, () => {
    if (at !== generation) throw new SyncStopped();
    return work();
  });
}

const isRemoved = (row: MirrorRow) => row.deleted_at !== null && row.deleted_at !== undefined;

const DAY_MS = 86_400_000;

/** The server's clock as its answer's `Date` header gives it; undefined without one. */
function serverClock(headers: Readonly<Record<string, string>>): number | undefined {
  const at = Date.parse(headers.date ?? '');
  return Number.isNaN(at) ? undefined : at;
}

/**
 * Drops the rows of a windowed type (a user's 30 days of messages) that left the window by the
 * server's clock `now`; rows with a change in the outbox (`unsent`) and rows made here stay.
 * Runs in the caller's transaction; answers how many went.
 */
async function pruneWindow(type: DataType, now: number, unsent: ReadonlySet<number>): Promise<number> {
  const window = windowOf(type);
  if (!window) return 0;
  const table = mirror.rows(type);
  const start = new Date(now - window.days * DAY_MS).toISOString();
  const old = (await table.where(window.field).below(start).primaryKeys()).filter((id) => id > 0 && !unsent.has(id));
  await table.bulkDelete(old);
  return old.length;
}

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

type DeltaPage = z.infer<typeof deltaPageSchema>;

/**
 * One page into the mirror, with where the sync got to, in one transaction. Rows with a change
 * still in the outbox keep their local version until that change is sent; rows made offline
 * (negative temporary ids) are the outbox's until the server answers. A delta keeps the row count
 * as it goes: counting a big table walks every row (seconds at 100,000, holding up every list
 * that reads it). A page that changes nothing takes no lock on the rows.
 */
async function writePage(
  at: number,
  meta: MirrorMeta,
  rows: MirrorRow[],
  page: { fullLoad: boolean; from: number; to: number; resume: MirrorMeta['resume'] },
): Promise<MirrorMeta> {
  const table = mirror.rows(meta.type);
  const unsent = await pendingRowIds(meta.type);
  const removed = rows.filter((r) => isRemoved(r) && !unsent.has(r.id)).map((r) => r.id);
  const live = rows.filter((r) => !isRemoved(r) && !unsent.has(r.id));
  // Rows unsent writes change: the server's row becomes their base, and they are drawn again on it.
  const held = rows.filter((r) => !isRemoved(r) && unsent.has(r.id));
  const sent = new Set(rows.map((r) => r.id));
  const next: MirrorMeta = { ...meta, resume: page.resume };
  const touchesRows = page.fullLoad || removed.length + live.length > 0;
  const written = await write(at, touchesRows ? [table, mirror.meta] : [mirror.meta], async () => {
    if (page.fullLoad) {
      const inRange = await table.where(':id').between(page.from, page.to, false, true).primaryKeys();
      removed.push(...inRange.filter((id) => !sent.has(id) && !unsent.has(id)));
    } else if (touchesRows) {
      const present = new Set(await table.where(':id').anyOf([...removed, ...live.map((r) => r.id)]).primaryKeys());
      next.rowCount += live.filter((r) => !present.has(r.id)).length - removed.filter((id) => present.has(id)).length;
    }
    if (touchesRows) {
      await table.bulkDelete(removed);
      await table.bulkPut(live);
    }
    await mirror.meta.put(next);
    return next;
  });
  await rebase(meta.type, held);
  return written;
}

async function runSync(userId: number, type: DataType, full: boolean): Promise<MirrorMeta> {
  const path = listPathOf(type);
  if (!path) throw new Error(`No loader found for: ${type}`);
  const at = generation;
  const { signal } = controller;
  const key = metaKey(userId, type);
  const table = mirror.rows(type);
  // The server's clock at the first answer: where a windowed type's window starts (a device's clock may be wrong).
  let serverNow: number | undefined;
  const fetchPage = async (params: Record<string, string>): Promise<DeltaPage> => {
    const response = await api.get(path, { params, signal });
    serverNow ??= serverClock(response.headers);
    return deltaPageSchema.parse(response.data);
  };
  try {
    const stored: MirrorMeta = (await mirror.meta.get(key)) ?? { key, userId, type, cursor: null, loadedAt: null, rowCount: 0, error: null };
    // An unfinished sync goes on where it stopped, unless a full load is asked for afresh.
    const resumed = full ? undefined : stored.resume;
    const fullLoad = resumed?.full ?? (full || stored.cursor === null);
    const start: Record<string, string> = resumed?.params ?? { updated_since: fullLoad ? '0' : stored.cursor!, page_size: String(SYNC_PAGE_SIZE) };
    let meta: MirrorMeta = { ...stored, resume: { full: fullLoad, params: start } };
    // The meta goes in before any row: the mirror always knows whose rows it holds.
    await write(at, [mirror.meta], () => mirror.meta.put(meta));
    let cursor = start.cursor;
    let loaded = 0;
    let total: number | undefined;
    // A full load pages by id: the rows of the id range a page covers that it did not send are
    // gone from the server (or from this user's view), so each page drops them as it goes.
    let coveredTo = Number(start.after_id ?? 0);
    let request = fetchPage(start);
    for (;;) {
      const page = await request;
      const nextParams = page.next ? Object.fromEntries(new URL(page.next, window.location.origin).searchParams) : null;
      // The next page is on its way while this one is written (its failure is met when awaited).
      if (nextParams) {
        request = fetchPage(nextParams);
        request.catch(() => undefined);
      }
      const rows = page.results as MirrorRow[];
      cursor = page.cursor ?? cursor;
      const lastId = nextParams ? Number(nextParams.after_id) : Infinity;
      meta = await writePage(at, meta, rows, { fullLoad, from: coveredTo, to: lastId, resume: nextParams ? { full: fullLoad, params: nextParams } : meta.resume });
      coveredTo = lastId;
      total ??= page.count;
      loaded += rows.length;
      if (at === generation) setProgress(type, { loaded, total });
      if (!nextParams) break;
    }
    if (cursor === undefined) throw new Error('The list answered without a sync cursor.');
    const syncedCursor = cursor;
    const windowed = windowOf(type) !== undefined;
    const unsent = windowed ? await pendingRowIds(type) : new Set<number>();
    return await write(at, fullLoad || windowed ? [table, mirror.meta] : [mirror.meta], async () => {
      const pruned = windowed ? await pruneWindow(type, serverNow ?? Date.now(), unsent) : 0;
      // A full load's count is taken once, at its end; a delta keeps it as it goes.
      const rowCount = fullLoad ? await table.count() : meta.rowCount - pruned;
      const { resume: _, ...finished } = meta;
      const synced: MirrorMeta = { ...finished, cursor: syncedCursor, loadedAt: Date.now(), rowCount, error: null };
      await mirror.meta.put(synced);
      return synced;
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
