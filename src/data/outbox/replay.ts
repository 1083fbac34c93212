import { formatNestedErrors } from '../../../domain/api-errors';
import { mirror } from '../mirror/db';
import type { TokenSource } from '../token-store';
import { LAST_SYNC_KEY, replayBookkeeping as bookkeeping, STORAGE_FULL_KEY, type OutboxEntry, type OutboxError, type Resolution } from './db';
import { classify, failedForServer, HELD_RETRY_MS, NEEDS_ATTENTION } from './classify';
import { effectsOf, redraw, settleEffects } from './effects';
import { isStorageFull } from './quota';
import { DAY_MS, OFFLINE_MESSAGES } from '../../../domain/offline';
import { offlinePeriodMs } from './period';
import { operationNamed } from './operations';
import { formDataOf, isMultipartBody } from './multipart';
import { placeholderKeys, resolvePlaceholders, UnresolvedPlaceholder } from './placeholders';
// Every declared operation, so the worker can reconcile what it sends.
import '../operations';

export type { TokenSource } from '../token-store';

/** One replayer at a time across tabs and the service worker. */
export const OUTBOX_REPLAY_LOCK = 'fabops-outbox-replay';
/** The Background Sync tag the page registers and the service worker answers with a replay. */
export const OUTBOX_SYNC_TAG = 'fabops-outbox';
/** The API client's timeout (product-frame.md §9). */
export const REPLAY_REQUEST_TIMEOUT_MS = 50_000;

export const REPLAY_MESSAGES = {
  unreachable: 'The server could not be reached.',
  signInAgain: 'Sign in again to send this change.',
  neverSaved: 'It refers to a record that was never saved.',
  refused: (status: number) => `The server refused it (${status}).`,
  failed: (status: number) => `The server could not take it (${status}).`,
} as const;

/**
 * What the replayer needs; nothing of window, the DOM or localStorage, so the page and the
 * service worker run the same code.
 */
export interface ReplayEnv {
  fetch: typeof fetch;
  /** The API base the entries' urls are under, e.g. '/api/v1'. */
  baseUrl: string;
  tokens: TokenSource;
  now?: () => number;
  /** Skip the backoff of entries that failed for want of a network or a server (the `online` event, a probe that got an answer). */
  retryNow?: boolean;
  /** Skip every backoff ("Send now"). */
  retryAll?: boolean;
}

/** ran false: another tab or the worker is replaying. */
export type ReplayResult = { ran: false } | { ran: true; sent: number; rejected: number; remaining: number };

interface Answer {
  status: number | null;
  retryAfter: string | null;
  body: unknown;
}

/** stop: end the round (the server's trouble); wait: its author's entries wait; later: this entry (and its dependants) wait, the rest go on. */
type Outcome = 'sent' | 'rejected' | 'stop' | 'wait' | 'later';

let replayingHere = false;

/**
 * Sends the outbox: oldest first, each entry after the entries it depends on, only under its
 * author's token. No answer, 429, 502, 503 or 504 (the server's or the network's trouble) ends
 * the round with a backoff on that entry; a 500 or 408 puts that entry alone (and what depends on
 * it) off, and the others go on; an entry the server keeps failing (NEEDS_ATTENTION) is set
 * aside for its author with the server's message; a 401 renews the token once; other 4xx
 * answers reject the entry with the server's messages. An entry found
 * 'sending' was interrupted (the lock proves no one else is sending it) and goes again under
 * the same Idempotency-Key, so the server applies it once.
 */
export async function replayOutbox(env: ReplayEnv): Promise<ReplayResult> {
  const run = async (): Promise<ReplayResult> => ({ ran: true, ...(await replayRound(env)) });
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(OUTBOX_REPLAY_LOCK, { ifAvailable: true }, (lock) => (lock ? run() : { ran: false as const }));
  }
  // Without Web Locks (old browsers) only this context is kept to one replayer.
  if (replayingHere) return { ran: false };
  replayingHere = true;
  try {
    return await run();
  } finally {
    replayingHere = false;
  }
}

/** Entries claimed ('sending') in one transaction: a claim per entry would cost about a request's time. */
export const CLAIM_BATCH = 25;

interface Settlement {
  entry: OutboxEntry;
  serverRow: unknown;
  at: number;
}

/**
 * What sent entries leave behind (the server's rows in the mirror, the entries gone, their
 * resolutions kept) is written a batch at a time, in one transaction per database, while the
 * next batch is on the wire: a transaction costs about as much as a request, so writing one per
 * entry would nearly double a drain. An entry stays 'sending' until its settlement is written,
 * so the Sync screen cannot discard a write the server has; a crash before it only resends it
 * under the same Idempotency-Key.
 */
class Settlements {
  private queue: Settlement[] = [];
  private writing: Promise<void> | null = null;
  private failure: unknown = null;

  add(settlement: Settlement): void {
    this.queue.push(settlement);
  }

  /** Starts writing what is queued (after the one being written). */
  flush(): void {
    if (this.writing || this.queue.length === 0) return;
    this.writing = this.write().finally(() => {
      this.writing = null;
    });
  }

  private async write(): Promise<void> {
    try {
      while (this.queue.length > 0) await settle(this.queue.splice(0));
    } catch (error) {
      this.failure ??= error;
    }
  }

  /** Everything queued written; throws the first failure. */
  async done(): Promise<void> {
    this.flush();
    while (this.writing) await this.writing;
    if (this.failure) throw this.failure;
  }
}

async function replayRound(env: ReplayEnv): Promise<{ sent: number; rejected: number; remaining: number }> {
  const now = env.now ?? Date.now;
  const period = await offlinePeriodMs(bookkeeping.meta);
  await bookkeeping.entries.where('state').equals('sending').modify({ state: 'pending' });
  const settlements = new Settlements();
  const counts = { sent: 0, rejected: 0 };
  // Authors whose entries cannot go this round (not signed in here, or their head is waiting).
  const waiting = new Set<number>();
  round: for (;;) {
    await settlements.done();
    const entries = await bookkeeping.entries.toArray();
    const present = new Set(entries.map((e) => e.id));
    const blocked = new Set(waiting);
    let processed = false;
    let next = 0;
    while (next < entries.length) {
      // The next entries that may go now, in order; a dependant of one of them ends the batch
      // (it goes once its parent is sent and settled).
      const batch: { entry: OutboxEntry; access: string }[] = [];
      for (; next < entries.length && batch.length < CLAIM_BATCH; next++) {
        const entry = entries[next]!;
        if (blocked.has(entry.userId) || entry.state !== 'pending') continue;
        if (entry.dependsOn.some((parent) => batch.some((b) => b.entry.id === parent))) break;
        if (entry.dependsOn.some((parent) => present.has(parent))) continue;
        // Waiting for its retry: it alone (and its dependants) wait, the others go on.
        if (!isDue(entry, now(), env)) continue;
        let access: string | null;
        try {
          access = await env.tokens.accessFor(entry.userId);
        } catch {
          // The token could not be renewed for want of a server: try later.
          if (batch.length === 0) break round;
          break;
        }
        if (!access) {
          waiting.add(entry.userId);
          blocked.add(entry.userId);
          continue;
        }
        batch.push({ entry, access });
      }
      if (batch.length === 0) continue;
      // A dependant's request names what its parents' settlements store.
      if (batch.some((b) => b.entry.dependsOn.length > 0)) await settlements.done();
      const claimed = await claim(batch.map((b) => b.entry.id));
      for (let i = 0; i < batch.length; i++) {
        const { entry: candidate, access } = batch[i]!;
        const entry = claimed.get(candidate.id);
        if (!entry) continue; // discarded or resent meanwhile
        const outcome = await deliver(entry, access, env, now, settlements, period.workMs);
        if (outcome === 'sent' || outcome === 'rejected' || outcome === 'later') {
          processed = true;
          if (outcome !== 'later') counts[outcome]++;
          if (outcome === 'sent') present.delete(entry.id);
          continue;
        }
        // The rest of the batch was not tried: back in the queue as it was.
        await unclaim(batch.slice(i + 1).map((b) => b.entry.id).filter((id) => claimed.has(id)));
        if (outcome === 'stop') break round;
        waiting.add(entry.userId);
        blocked.add(entry.userId);
        // Later entries of the batch by other authors are looked at again.
        next = entries.indexOf(candidate) + 1;
        break;
      }
      settlements.flush();
    }
    // New entries may have come in while this pass ran; stop once a pass finds nothing to do.
    if (!processed) break;
  }
  await settlements.done();
  await bookkeeping.resolutions.where('at').below(now() - period.keepMs).delete();
  return { ...counts, remaining: await bookkeeping.entries.count() };
}

function isDue(entry: OutboxEntry, now: number, { retryNow, retryAll }: ReplayEnv): boolean {
  if (entry.nextAttemptAt <= now) return true;
  // The hold of an entry being enqueued is never skipped (attempts 0).
  if (entry.attempts === 0) return false;
  // An entry that failed for want of a network or a server goes as soon as they are back.
  return !!retryAll || (!!retryNow && failedForServer(entry.lastError?.status));
}

/** Marks the entries 'sending' (one more attempt each) if they are still pending: they may have been discarded meanwhile. */
async function claim(ids: number[]): Promise<Map<number, OutboxEntry>> {
  return bookkeeping.transaction('rw', bookkeeping.entries, async () => {
    const claimed = new Map<number, OutboxEntry>();
    for (const current of await bookkeeping.entries.bulkGet(ids)) {
      if (current?.state === 'pending') claimed.set(current.id, { ...current, state: 'sending', attempts: current.attempts + 1 });
    }
    await bookkeeping.entries.bulkPut([...claimed.values()]);
    return claimed;
  });
}

/** Claimed entries that were not tried after all: pending again, the attempt not counted. */
async function unclaim(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await bookkeeping.entries
    .where(':id')
    .anyOf(ids)
    .modify((entry) => {
      if (entry.state !== 'sending') return;
      entry.state = 'pending';
      entry.attempts -= 1;
    });
}

/** The resolutions a request's placeholders name (only those: the table keeps 30 days of them). */
async function resolutionsFor(request: unknown): Promise<Map<string, number>> {
  const keys = [...new Set(placeholderKeys(request))];
  if (keys.length === 0) return new Map();
  const found = await bookkeeping.resolutions.bulkGet(keys);
  return new Map(found.filter((r): r is Resolution => r !== undefined).map((r) => [r.key, r.value]));
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text || null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, retryAfter: response.headers.get('Retry-After'), body };
}

/** Messages not about one field read as they are; a 409's `current` row is for the form and a `code` for the app, not messages. */
const GENERAL_KEYS = ['detail', 'non_field_errors'];

function messagesOf(answer: Answer): string[] {
  if (answer.status === null) return [REPLAY_MESSAGES.unreachable];
  const { body } = answer;
  let lines: string[] = [];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (key !== 'current' && key !== 'code') lines.push(...formatNestedErrors(value, GENERAL_KEYS.includes(key) ? '' : key));
    }
  } else if (typeof body === 'string' && !body.trim().startsWith('<')) lines = formatNestedErrors(body);
  if (lines.length) return lines;
  return [answer.status >= 500 ? REPLAY_MESSAGES.failed(answer.status) : REPLAY_MESSAGES.refused(answer.status)];
}

const errorOf = (answer: Answer): OutboxError => ({ status: answer.status, body: answer.body, messages: messagesOf(answer) });

/** Sends one claimed entry under its author's token and records what came of it. */
async function deliver(entry: OutboxEntry, access: string, env: ReplayEnv, now: () => number, settlements: Settlements, offlineWorkMs: number): Promise<Outcome> {
  // Older than the server's memory of keys: it might have arrived already, so it is not sent blind.
  if (now() - entry.createdAt > offlineWorkMs) {
    await bookkeeping.entries.update(entry.id, { state: 'rejected', lastError: { status: null, body: null, messages: [OFFLINE_MESSAGES.tooOld(offlineWorkMs / DAY_MS)] } });
    await redraw(effectsOf(entry));
    return 'rejected';
  }
  let request: Pick<OutboxEntry, 'url' | 'body' | 'headers'>;
  try {
    const unresolved = { url: entry.url, body: entry.body, headers: entry.headers };
    request = resolvePlaceholders(unresolved, await resolutionsFor(unresolved));
  } catch (error) {
    if (!(error instanceof UnresolvedPlaceholder)) throw error;
    await bookkeeping.entries.update(entry.id, { state: 'rejected', lastError: { status: null, body: null, messages: [REPLAY_MESSAGES.neverSaved] } });
    await redraw(effectsOf(entry));
    return 'rejected';
  }

  const attempt = async (token: string): Promise<Answer> => {
    const hasBody = request.body !== null && request.body !== undefined;
    const multipart = isMultipartBody(request.body) ? formDataOf(request.body) : null;
    // A JSON content type without a body (a DELETE) is a 400 from the server: the type goes with a
    // body only. A multipart body's type (with its boundary) is set by fetch.
    const headers: Record<string, string> = { ...(hasBody && multipart === null ? { 'Content-Type': 'application/json' } : {}), Authorization: `JWT ${token}`, 'Idempotency-Key': entry.idempotencyKey };
    for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
    try {
      const response = await env.fetch(`${env.baseUrl}${request.url}`, {
        method: entry.method,
        headers,
        body: multipart ?? (hasBody ? JSON.stringify(request.body) : undefined),
        signal: AbortSignal.timeout(REPLAY_REQUEST_TIMEOUT_MS),
      });
      return await answerOf(response);
    } catch {
      return { status: null, retryAfter: null, body: null };
    }
  };

  let answer = await attempt(access);
  if (answer.status === 401) {
    let renewed: string | null = null;
    try {
      renewed = await env.tokens.refreshFor(entry.userId);
    } catch {
      answer = { status: null, retryAfter: null, body: null };
    }
    if (renewed) answer = await attempt(renewed);
    if (answer.status === 401) {
      // Not the write's fault: it waits, unchanged, for its author's next session.
      await bookkeeping.entries.update(entry.id, { state: 'pending', lastError: { status: 401, body: answer.body, messages: [REPLAY_MESSAGES.signInAgain] } });
      return 'wait';
    }
  }

  const verdict = classify(answer, entry.attempts, now());
  switch (verdict.kind) {
    case 'sent':
      settlements.add({ entry, serverRow: answer.body, at: now() });
      return 'sent';
    case 'rejected':
      await bookkeeping.entries.update(entry.id, { state: 'rejected', lastError: errorOf(answer) });
      // A refused write is not shown as done: its rows are drawn again without it.
      await redraw(effectsOf(entry));
      return 'rejected';
    case 'held':
      await bookkeeping.entries.update(entry.id, { state: 'pending', nextAttemptAt: now() + HELD_RETRY_MS, lastError: errorOf(answer) });
      return 'later';
    default: {
      const error = errorOf(answer);
      if (verdict.kind === 'retry' && verdict.scope === 'entry' && needsAttention(entry, now())) {
        await bookkeeping.entries.update(entry.id, { state: 'rejected', lastError: { ...error, attention: true } });
        await redraw(effectsOf(entry));
        return 'rejected';
      }
      const delayMs = verdict.kind === 'retry' ? verdict.delayMs : 0;
      await bookkeeping.entries.update(entry.id, { state: 'pending', nextAttemptAt: now() + delayMs, lastError: error });
      return verdict.kind === 'retry' && verdict.scope === 'entry' ? 'later' : 'stop';
    }
  }
}

/** Failed by the server this often or this long: retrying by itself has not helped. */
const needsAttention = (entry: OutboxEntry, now: number) => entry.attempts >= NEEDS_ATTENTION.attempts || now - entry.createdAt >= NEEDS_ATTENTION.afterMs;

/**
 * The writes are on the server: the mirror gets the server's rows first, then the entries go
 * (with what their dependants need). A crash between the two resends them; the server answers
 * from its idempotency records and the reconciles run again.
 */
async function settle(settlements: Settlement[]): Promise<void> {
  let stored = true;
  try {
    await mirror.transaction('rw', mirror.tables, async () => {
      for (const { entry, serverRow } of settlements) {
        try {
          await operationNamed(entry.operation)?.reconcile(mirror, serverRow, { tempId: entry.tempId, rowId: entry.rowId, entryId: entry.id });
        } catch (error) {
          if (isStorageFull(error)) throw error;
          // The write went through; the mirror's next delta load brings the row instead.
          console.warn(`Reconcile of ${entry.operation} failed`, error);
        }
      }
    });
  } catch (error) {
    // The server has the writes: they leave the queue all the same (sending them again would only
    // bring the same answers back to a full disk, every minute); the device shows their rows once
    // it has room and loads them, and the Sync screen says so meanwhile.
    if (!isStorageFull(error)) throw error;
    stored = false;
  }
  const resolutions = settlements.flatMap(({ entry, serverRow, at }) => {
    const row = serverRow && typeof serverRow === 'object' ? (serverRow as { id?: unknown; version?: unknown }) : {};
    return [
      ...(entry.tempId !== null && typeof row.id === 'number' ? [{ key: `tempId:${entry.tempId}`, value: row.id, at }] : []),
      ...(typeof row.version === 'number' ? [{ key: `version:${entry.id}`, value: row.version, at }] : []),
    ];
  });
  await bookkeeping.transaction('rw', [bookkeeping.entries, bookkeeping.resolutions, bookkeeping.meta], async () => {
    await bookkeeping.resolutions.bulkPut(resolutions);
    await bookkeeping.entries.bulkDelete(settlements.map((s) => s.entry.id));
    await bookkeeping.meta.put({ key: LAST_SYNC_KEY, value: settlements.at(-1)!.at });
    if (stored) await bookkeeping.meta.delete(STORAGE_FULL_KEY);
    else await bookkeeping.meta.put({ key: STORAGE_FULL_KEY, value: settlements.at(-1)!.at });
  });
  await settleEffects(settlements.map((s) => s.entry)).catch((error: unknown) => {
    if (!isStorageFull(error)) throw error;
  });
}
