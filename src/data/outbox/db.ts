import Dexie, { type Table } from 'dexie';
import type { DataType } from '../../../domain/data-types';
import type { MirrorRow } from '../mirror/db';

/**
 * pending: waits for its turn (or its backoff, or its parent); sending: on the wire right now
 * (found at start-up, it was interrupted and goes again); rejected: the server refused it and
 * it waits for the user to fix and resend it, or discard it.
 */
export type OutboxState = 'pending' | 'sending' | 'rejected';

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Why the last attempt did not go through. */
export interface OutboxError {
  /** The server's status; null when no answer came (offline, timeout) or the client refused to send. */
  status: number | null;
  /** The server's answer as it came (400: field messages). */
  body: unknown;
  /** One line per message, for the Sync screen. */
  messages: string[];
  /** Not refused: the server kept failing it (NEEDS_ATTENTION), so it waits for someone to try it again, change or discard it. */
  attention?: boolean;
}

export interface OutboxAuthor {
  username: string;
  name: string;
}

/** One unsent write (DESIGN.md "Offline-first rules"). */
export interface OutboxEntry {
  id: number;
  /** Sent as `Idempotency-Key`: the server applies the write once however often it arrives. */
  idempotencyKey: string;
  /** The operation's name in the registry (src/data/outbox/operations.ts). */
  operation: string;
  /** The validated payload; the Sync screen edits this and the request is built again. */
  payload: unknown;
  method: OutboxMethod;
  /** Under the API base; may hold `{{tempId:-3}}` placeholders, resolved at send time. */
  url: string;
  body: unknown;
  headers: Record<string, string>;
  /** Who made it: it is only ever sent under this user's token. */
  userId: number;
  /** The change in the user's words (the operation's summarize), for the Sync screen. */
  summary?: string | null;
  /** The maker's name, for whoever else signs in on the device while it waits (null on entries from before it was kept). */
  author?: OutboxAuthor | null;
  createdAt: number;
  attempts: number;
  /** Not sent before this time (backoff, Retry-After, or held while it is being enqueued). */
  nextAttemptAt: number;
  state: OutboxState;
  lastError: OutboxError | null;
  /** Entries that must reach the server first. */
  dependsOn: number[];
  /** The mirror table and row this write changes (a temp id for a row created offline). */
  type: DataType | null;
  rowId: number | null;
  /** The negative id of the row this entry creates (always -id), until the server gives one. */
  tempId: number | null;
  /** Entries queued before bases were kept: the row before their change (the upgrade to version 2 made it their row's base). */
  before?: MirrorRow | null;
}

/** What a sent entry left for its dependants: `tempId:-3` → server id, `version:12` → row version. */
export interface Resolution {
  key: string;
  value: number;
  /** When it was learnt; kept as long as the server keeps idempotency keys (a form may still hold the temp id; src/data/offline-period.ts). */
  at: number;
}

export interface OutboxMeta {
  key: string;
  value: number;
}

/**
 * The outbox: the source of truth for unsent writes, in its own database so clearing the
 * mirror never loses one. Strict durability: a write the user was told is saved survives a
 * power cut (Chromium otherwise acknowledges before the disk has it).
 */
/** A row of the mirror: its table and id. */
export interface RowRef {
  type: DataType;
  id: number;
}

/** The server's version of a row unsent writes change (null: made on the device), kept while they wait. */
export interface RowBase extends RowRef {
  key: string;
  row: MirrorRow | null;
}

export class OutboxDatabase extends Dexie {
  entries!: Table<OutboxEntry, number>;
  bases!: Table<RowBase, string>;
  resolutions!: Table<Resolution, string>;
  meta!: Table<OutboxMeta, string>;

  constructor(name = 'fabops-outbox', durability: 'strict' | 'relaxed' = 'strict') {
    super(name, { chromeTransactionDurability: durability });
    this.version(1).stores({
      entries: '++id, state, userId, type, [type+rowId]',
      resolutions: 'key, at',
      meta: 'key',
    });
    // Bases of the rows unsent writes change (docs/decisions.md 151): the first write's `before` of each row.
    this.version(2)
      .stores({ bases: 'key, type' })
      .upgrade(async (tx) => {
        const bases = new Map<string, RowBase>();
        await tx
          .table('entries')
          .orderBy(':id')
          .each((entry: OutboxEntry) => {
            if (entry.type === null || entry.rowId === null) return;
            const key = `${entry.type}:${entry.rowId}`;
            if (!bases.has(key)) bases.set(key, { key, type: entry.type, id: entry.rowId, row: entry.before ?? null });
          });
        await tx.table('bases').bulkPut([...bases.values()]);
      });
  }
}

export const outbox = new OutboxDatabase();

/**
 * The same database for the replayer's own bookkeeping (claiming an entry, settling it,
 * recording a failed attempt), with relaxed durability: such a write lost in a power cut only
 * means the entry is sent again, which its Idempotency-Key makes harmless, while every strict
 * commit waits for a disk flush. What the user was told is saved goes through `outbox`.
 */
export const replayBookkeeping = new OutboxDatabase(undefined, 'relaxed');

/** Meta key: when an entry last reached the server (the header's "last sync"). */
export const LAST_SYNC_KEY = 'lastSyncAt';
/** When the device last ran out of space storing the server's answers to sent writes (cleared once they fit again). */
export const STORAGE_FULL_KEY = 'storage_full_at';
