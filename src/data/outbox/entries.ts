import type { DataType } from '../../../domain/data-types';
import { mirror, type MirrorRow } from '../mirror/db';
import { outbox, type OutboxAuthor, type OutboxEntry } from './db';
import { effectsOf, keepBases, readRows, rebase, redraw } from './effects';
import { operationNamed, type Operation, type OutboxRequest } from './operations';
import { tempIdEntries, versionOf } from './placeholders';

/**
 * While an entry is being enqueued its optimistic change is not yet in the mirror; a replayer
 * must not send (and reconcile) it before that, or the temp row would come back after the
 * server's. The hold is lifted right after; a crash in between only delays the entry.
 */
export const ENQUEUE_HOLD_MS = 10_000;

export interface Enqueued {
  entryId: number;
  /** The temp id of the row it creates (negative), or null. */
  tempId: number | null;
}

export class UnknownOperationError extends Error {
  constructor(name: string) {
    super(`Unknown outbox operation: ${name}`);
  }
}

function operationOf(name: string): Operation {
  const operation = operationNamed(name);
  if (!operation) throw new UnknownOperationError(name);
  return operation;
}

/** The change in the user's words; none when the names cannot be read (the Sync screen then describes it by ids). */
async function summaryOf(operation: Operation, data: unknown): Promise<string | null> {
  return operation.summarize ? operation.summarize(mirror, data as never).catch(() => null) : null;
}

function requestFields(request: OutboxRequest) {
  return { method: request.method, url: request.url, body: request.body ?? null, headers: request.headers ?? {} };
}

/**
 * Queues a write made by `userId` and applies its optimistic change to the mirror. The payload
 * is validated by the operation's schema (a ZodError for a bad one). It depends on `dependsOn`,
 * on the entries that create rows it names by temp id, and on earlier writes to the same row
 * (whose resulting version becomes its If-Match).
 */
export async function addEntry<P, I>(
  typed: Operation<P, I>,
  payload: NoInfer<I>,
  options: { userId: number; author?: OutboxAuthor; dependsOn?: readonly number[] },
): Promise<Enqueued> {
  // Stored entries hold parsed payloads of any operation: from here on it is one of the registry's.
  const operation = typed as unknown as Operation;
  const name = operation.name;
  const data = operation.schema.parse(payload);
  const request = requestFields(operation.request(data));
  const givenRowId = operation.creates ? null : (operation.rowId?.(data) ?? null);
  // The rows it changes, as the mirror has them before: their bases, stored with the entry.
  const changed = effectsOf({ operation: name, payload: data, type: operation.type, rowId: givenRowId });
  const rowsBefore = await readRows(changed);
  const summary = await summaryOf(operation, data);
  const createdAt = Date.now();

  const entry = await outbox.transaction('rw', outbox.entries, outbox.bases, async () => {
    const id = await outbox.entries.add({
      idempotencyKey: crypto.randomUUID(),
      operation: name,
      payload: data,
      ...request,
      userId: options.userId,
      author: options.author ?? null,
      summary,
      createdAt,
      attempts: 0,
      nextAttemptAt: createdAt + ENQUEUE_HOLD_MS,
      state: 'pending',
      lastError: null,
      dependsOn: [],
      type: operation.type,
      rowId: givenRowId,
      tempId: null,
    } as Omit<OutboxEntry, 'id'> as OutboxEntry);
    const tempId = operation.creates ? -id : null;
    const dependsOn = new Set(options.dependsOn ?? []);
    for (const parent of tempIdEntries(request)) if (await outbox.entries.get(parent)) dependsOn.add(parent);
    const headers = { ...request.headers };
    if (givenRowId !== null) {
      const earlier = await outbox.entries
        .where('[type+rowId]')
        .equals([operation.type, givenRowId])
        .filter((e) => e.id < id)
        .last();
      if (earlier) {
        dependsOn.add(earlier.id);
        // The user saw the row with the earlier change applied: expect the version it leaves.
        if (headers['If-Match'] !== undefined) headers['If-Match'] = versionOf(earlier.id);
      }
    }
    const changes = { tempId, rowId: tempId ?? givenRowId, dependsOn: [...dependsOn], headers };
    await outbox.entries.update(id, changes);
    await keepBases(tempId === null ? changed : [{ type: operation.type, id: tempId }, ...changed], tempId === null ? rowsBefore : [undefined, ...rowsBefore]);
    return { id, ...changes };
  });

  try {
    await operation.apply(mirror, data, { tempId: entry.tempId ?? 0, userId: options.userId, now: new Date(createdAt).toISOString() });
  } catch (error) {
    // The write is queued and will be sent; only its preview in the lists is missing.
    console.warn('Optimistic change not applied', error);
  } finally {
    await outbox.entries.update(entry.id, { nextAttemptAt: Date.now() });
  }
  return { entryId: entry.id, tempId: entry.tempId };
}

/**
 * Fix and resend: the (edited) payload is validated again, the request rebuilt, and the entry
 * goes back in the queue under a new Idempotency-Key (the server kept its refusal under the
 * old one). The optimistic change is applied again with the new payload.
 */
export async function resendEntry(id: number, payload: unknown): Promise<void> {
  const entry = await outbox.entries.get(id);
  if (!entry || entry.state === 'sending') return;
  const operation = operationOf(entry.operation);
  const data = operation.schema.parse(payload);
  const request = requestFields(operation.request(data));
  // While the earlier write to the row is unsent, it still decides the version to expect.
  const chained = /^\{\{version:(\d+)\}\}$/.exec(entry.headers['If-Match'] ?? '');
  const summary = await summaryOf(operation, data);
  if (chained && request.headers['If-Match'] !== undefined && (await outbox.entries.get(Number(chained[1])))) request.headers['If-Match'] = chained[0];
  const updated = await outbox.transaction('rw', outbox.entries, async () => {
    const current = await outbox.entries.get(id);
    if (!current || current.state === 'sending') return false;
    await outbox.entries.update(id, {
      ...request,
      payload: data,
      summary,
      idempotencyKey: crypto.randomUUID(),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: Date.now(),
      lastError: null,
    });
    return true;
  });
  if (!updated) return;
  // Drawn again with the new payload in place of the old: its change counts once.
  const before = effectsOf(entry);
  const after = effectsOf({ ...entry, payload: data });
  await keepBases(after);
  await redraw([...before, ...after]);
}

/** The entry and every entry that (transitively) waits for it, oldest first. */
export async function withDependants(id: number): Promise<OutboxEntry[]> {
  const all = await outbox.entries.toArray();
  const chosen = new Set([id]);
  for (const entry of all) if (entry.dependsOn.some((parent) => chosen.has(parent))) chosen.add(entry.id);
  return all.filter((entry) => chosen.has(entry.id));
}

/** The server's row a 409 came with (`{"detail": …, "current": <row>}`): someone else changed it first. */
export function conflictingRow(entry: OutboxEntry): MirrorRow | null {
  const body = entry.lastError?.status === 409 ? (entry.lastError.body as { current?: unknown } | null) : null;
  const current = body?.current;
  return current && typeof current === 'object' && typeof (current as { id?: unknown }).id === 'number' ? (current as MirrorRow) : null;
}

/**
 * Takes the server's version of a row after a conflict: the entry (and what depends on it) is
 * discarded and the mirror gets the row as the server has it now. False while it is on the wire.
 */
export async function takeTheirs(id: number): Promise<boolean> {
  const entry = await outbox.entries.get(id);
  const theirs = entry && conflictingRow(entry);
  if (!entry || !theirs || entry.type === null) return false;
  if (!(await discardEntry(id))) return false;
  await mirror.rows(entry.type).put(theirs);
  // Other writes still waiting on the row are drawn again over theirs.
  await rebase(entry.type, [theirs]);
  return true;
}

/**
 * Discards an entry and its dependants (they cannot be sent without it) and takes their
 * optimistic changes out of the mirror. An entry on the wire is left alone: false.
 */
export async function discardEntry(id: number): Promise<boolean> {
  const discarded = await outbox.transaction('rw', outbox.entries, async () => {
    const doomed = await withDependants(id);
    if (doomed.length === 0 || doomed.some((e) => e.state === 'sending')) return null;
    await outbox.entries.bulkDelete(doomed.map((e) => e.id));
    return doomed;
  });
  if (!discarded) return false;
  // Their rows drawn again without them: as the server has them, with what still waits on top.
  await redraw(discarded.flatMap(effectsOf));
  return true;
}

/** "Try again" on a write set aside (the server kept failing it): queued as it is, under its same key, its change shown again. */
export async function retryEntry(id: number): Promise<boolean> {
  const entry = await outbox.entries.get(id);
  const changed = await outbox.entries
    .where(':id')
    .equals(id)
    .and((e) => e.state === 'rejected')
    .modify({ state: 'pending', attempts: 0, nextAttemptAt: Date.now() });
  if (changed === 0 || !entry) return false;
  await keepBases(effectsOf(entry));
  await redraw(effectsOf(entry));
  return true;
}

/** How many writes of a user wait on this device (queued or refused): what signing out leaves behind. */
export async function unsentCountOf(userId: number): Promise<number> {
  return outbox.entries.where('userId').equals(userId).count();
}

/**
 * Lets go of other users' writes (a supervisor discarding what an absent user left). Their
 * optimistic changes went with the mirror when that user signed out, so only the entries go.
 */
export async function dropEntriesOf(userIds: readonly number[]): Promise<number> {
  return outbox.entries.where('userId').anyOf([...userIds]).and((e) => e.state !== 'sending').delete();
}

/** The server id a row created offline got, once sent (a screen still showing the temp id follows it). */
export async function serverIdOf(tempId: number): Promise<number | null> {
  return (await outbox.resolutions.get(`tempId:${tempId}`))?.value ?? null;
}

/** The rows of a type an unsent write changes (its own rows, and those it touches, which keep a base). */
export async function pendingRowIds(type: DataType): Promise<Set<number>> {
  const rowIds = (await outbox.entries.where('type').equals(type).toArray()).map((e) => e.rowId);
  const touched = (await outbox.bases.where('type').equals(type).toArray()).map((base) => base.id);
  return new Set([...rowIds.filter((id): id is number => id !== null), ...touched]);
}
