import type { DataType } from '../../../domain/data-types';
import { mirror, type MirrorRow } from '../mirror/db';
import { outbox, type OutboxEntry, type RowRef } from './db';
import { operationNamed } from './operations';

/**
 * The device shows the server's rows with the unsent writes applied (docs/decisions.md 151). A
 * row an unsent write changed keeps a *base*, the server's version of it (null: a row made on the
 * device), in the outbox; whenever a write leaves the queue (refused, discarded, resent, or
 * confirmed) the rows it changed are drawn again: their bases, then every write still waiting
 * that changes them, in the order they were made. So a refused issue no longer shows as issued,
 * a discarded one leaves no trace, and a resent one counts once.
 */

export const keyOf = (ref: RowRef) => `${ref.type}:${ref.id}`;

/** The rows a write changes: its own (created or changed) and the others its operation names. */
export function effectsOf(entry: Pick<OutboxEntry, 'operation' | 'payload' | 'type' | 'rowId'>): RowRef[] {
  const operation = operationNamed(entry.operation);
  const own: RowRef[] = entry.type !== null && entry.rowId !== null ? [{ type: entry.type, id: entry.rowId }] : [];
  const others = (operation?.touches?.(entry.payload as never) ?? []).filter((ref): ref is RowRef => ref.id !== null && ref.id !== undefined);
  return [...own, ...others];
}

/** The rows as the mirror has them now (undefined: not there). */
export const readRows = (refs: readonly RowRef[]) => Promise.all(refs.map((ref) => mirror.rows(ref.type).get(ref.id)));

/**
 * Keeps the server's version of each row before a write first changes it (rows already changed
 * keep theirs). `rows`: the rows read beforehand, when this runs inside an outbox transaction.
 */
export async function keepBases(refs: readonly RowRef[], rows?: readonly (MirrorRow | undefined)[]): Promise<void> {
  const current = rows ?? (await readRows(refs));
  const kept = await outbox.bases.bulkGet(refs.map(keyOf));
  const missing = refs.map((ref, i) => ({ key: keyOf(ref), type: ref.type, id: ref.id, row: current[i] ?? null })).filter((_, i) => !kept[i]);
  if (missing.length) await outbox.bases.bulkPut(missing);
}

const applying = (entry: OutboxEntry) => entry.state !== 'rejected';

/** The rows a write changes besides its own. */
export const othersOf = (entry: OutboxEntry) => effectsOf(entry).filter((ref) => ref.type !== entry.type || ref.id !== entry.rowId);

/**
 * Writes the server confirmed: the other rows they changed are drawn again with their change
 * folded into the bases (it is the server's now); their own rows are the server's answers.
 */
export async function settleEffects(confirmed: readonly OutboxEntry[]): Promise<void> {
  const touching = confirmed.filter((entry) => othersOf(entry).length > 0);
  const ownKeys = confirmed.map((entry) => (entry.type !== null && entry.rowId !== null ? keyOf({ type: entry.type, id: entry.rowId }) : null)).filter((key): key is string => key !== null);
  if (touching.length) await redraw(touching.flatMap(othersOf), { fold: touching });
  // A confirmed row no waiting write changes needs no base any more.
  const waiting = new Set((await outbox.entries.toArray()).flatMap(effectsOf).map(keyOf));
  await outbox.bases.bulkDelete(ownKeys.filter((key) => !waiting.has(key)));
}

/**
 * Draws the rows again from their bases and the writes still waiting, in order. `fold`: writes
 * the server has just confirmed; their change becomes part of the bases of the rows other writes
 * still change (it is the server's now).
 */
export async function redraw(start: readonly RowRef[], { fold = [] }: { fold?: readonly OutboxEntry[] } = {}): Promise<void> {
  const keys = new Set(start.map(keyOf));
  const waiting = (await outbox.entries.toArray()).filter(applying);
  const involved: OutboxEntry[] = [];
  // Writes that change any of the rows change the rows they touch too: draw those as well.
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of waiting) {
      if (involved.includes(entry)) continue;
      const refs = effectsOf(entry);
      if (!refs.some((ref) => keys.has(keyOf(ref)))) continue;
      involved.push(entry);
      for (const ref of refs) {
        if (keys.has(keyOf(ref))) continue;
        keys.add(keyOf(ref));
        grew = true;
      }
    }
  }
  involved.sort((a, b) => a.id - b.id);
  const bases = (await outbox.bases.bulkGet([...keys])).filter((base) => base !== undefined);
  const stillChanged = new Set(involved.flatMap(effectsOf).map(keyOf));
  // Every table: an operation's change reads others (a requisition's job order, a line's material).
  const newBases = await mirror.transaction('rw', mirror.tables, async () => {
    await putBack(bases);
    for (const entry of fold) await applyElsewhere(entry);
    // What the confirmed writes leave is the server's: the new base of rows others still change.
    const folded = fold.length ? await Promise.all(bases.filter((base) => stillChanged.has(base.key)).map(async (base) => ({ ...base, row: (await mirror.rows(base.type).get(base.id)) ?? null }))) : [];
    for (const entry of involved) await applyEntry(entry);
    return folded;
  });
  await outbox.transaction('rw', outbox.bases, async () => {
    await outbox.bases.bulkPut(newBases);
    await outbox.bases.bulkDelete(bases.map((base) => base.key).filter((key) => !stillChanged.has(key)));
  });
}

async function putBack(bases: readonly { type: DataType; id: number; row: MirrorRow | null }[]): Promise<void> {
  for (const base of bases) {
    if (base.row) await mirror.rows(base.type).put(base.row);
    else await mirror.rows(base.type).delete(base.id);
  }
}

/** A confirmed write's change to the rows other than its own: its own row is the server's answer already. */
async function applyElsewhere(entry: OutboxEntry): Promise<void> {
  const own = entry.type !== null && entry.rowId !== null ? { type: entry.type, id: entry.rowId } : null;
  const kept = own && (await mirror.rows(own.type).get(own.id));
  await applyEntry(entry);
  if (!own) return;
  if (kept) await mirror.rows(own.type).put(kept);
  else await mirror.rows(own.type).delete(own.id);
}

async function applyEntry(entry: OutboxEntry): Promise<void> {
  const operation = operationNamed(entry.operation);
  await operation?.apply(mirror, entry.payload as never, { tempId: entry.tempId ?? 0, userId: entry.userId, now: new Date(entry.createdAt).toISOString() });
}

/**
 * Server rows a delta load brings for rows unsent writes change: they become the rows' bases and
 * the rows are drawn again, so the device shows the server's latest with the unsent writes on top.
 */
export async function rebase(type: DataType, rows: readonly MirrorRow[]): Promise<void> {
  if (rows.length === 0) return;
  const keys = rows.map((row) => keyOf({ type, id: row.id }));
  const kept = await outbox.bases.bulkGet(keys);
  const rebased = rows.filter((_, i) => kept[i]).map((row) => ({ key: keyOf({ type, id: row.id }), type, id: row.id, row }));
  if (rebased.length === 0) return;
  await outbox.bases.bulkPut(rebased);
  await redraw(rebased);
}
