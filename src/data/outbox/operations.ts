import { z } from 'zod';
import type { DataType } from '../../../domain/data-types';
import type { Permission } from '../../../domain/permissions';
import type { MirrorDatabase, MirrorRow } from '../mirror/db';
import type { OutboxMethod } from './db';

/** The HTTP request of an entry, under the API base; ids of offline rows go in with `ref()`. */
export interface OutboxRequest {
  method: OutboxMethod;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApplyContext {
  /** The id the new row takes in the mirror until the server gives it one (creating operations). */
  tempId: number;
  userId: number;
  /** ISO time of the change, for the row's created_at and updated_at. */
  now: string;
}

export interface ReconcileContext {
  /** The temp id the entry created its row under, or null. */
  tempId: number | null;
  /** The row id the entry changed (the temp id for a created row). */
  rowId: number | null;
  entryId: number;
}

/**
 * One kind of offline write, declared once; `enqueue(operation, payload)` queues it (the payload
 * checked against the schema's input type) and the replayer sends it. Everything here must work in
 * the service worker too (no window, no localStorage). `P` is the payload once parsed, `I` as given.
 */
export interface Operation<P = unknown, I = P> {
  /** Unique, stable: it is stored with every entry (e.g. 'material.create'). */
  name: string;
  /** What the Sync screen calls it, in the business's words. */
  label: string;
  /**
   * The permission the write needs: its endpoint's access (tests/api/outbox-permissions.test.ts
   * holds the server to it). `enqueue` refuses a user without it, and screens offer the action
   * only to users with it.
   */
  permission: Permission;
  /** The mirror table the write changes. */
  type: DataType;
  /** The payload (a domain/ schema; ids of rows created offline are negative, see localRefSchema). */
  schema: z.ZodType<P, I>;
  /** True when the write creates a row: it shows in the mirror under a temp id until sent. */
  creates?: boolean;
  /** For a write to an existing row: its id (later writes to the same row wait for this one). */
  rowId?: (payload: P) => number;
  request(payload: P): OutboxRequest;
  /**
   * The rows besides its own that its optimistic change touches (a stock issue: the material's on
   * hand and the requisition line's issued quantity): they are drawn again when it leaves the queue.
   */
  touches?: (payload: P) => { type: DataType; id: number | null | undefined }[];
  /** The optimistic change to the mirror. */
  apply(mirror: MirrorDatabase, payload: P, ctx: ApplyContext): Promise<unknown>;
  /** Puts the server's answer in the mirror (replacing the temp row). Run again if interrupted: idempotent. */
  reconcile(mirror: MirrorDatabase, serverRow: unknown, ctx: ReconcileContext): Promise<unknown>;
  /** A short description of one entry for the Sync screen (e.g. the material's name). */
  describe?: (payload: P) => string;
  /**
   * The change in the user's words, with the names the payload only holds ids of (read from the
   * mirror when it is queued or resent): "Issue 547 Sheets of Copper Wire 1.5 sqmm to requisition 319".
   */
  summarize?: (mirror: MirrorDatabase, payload: P) => Promise<string>;
}

/** The payload an operation is queued with, before its schema parses it. */
export type PayloadOf<O> = O extends Operation<unknown, infer I> ? I : never;

const registry = new Map<string, Operation>();

/** Declares an operation and registers it by name (the name its entries are stored under). */
export function defineOperation<P, I>(operation: Operation<P, I>): Operation<P, I> {
  // Hot module replacement runs a declaring module again; anywhere else a repeat is a clash.
  if (registry.has(operation.name) && !import.meta.hot) throw new Error(`Outbox operation declared twice: ${operation.name}`);
  registry.set(operation.name, operation as unknown as Operation);
  return operation;
}

/** The operation a stored entry names (an entry outlives the code that queued it: it may be gone). */
export function operationNamed(name: string): Operation | undefined {
  return registry.get(name);
}

/** Every operation declared so far (all of them once src/data/operations is imported). */
export function registeredOperations(): Operation[] {
  return [...registry.values()];
}

/** A reference in a payload that may name a row created offline (negative temp id). */
export const localRefSchema = z
  .number({ error: 'This field is required.' })
  .int('Incorrect type. Expected pk value.')
  .refine((id) => id !== 0, 'Invalid pk - object does not exist.');

/** A row made offline, shaped like the API's: tracked fields filled in, version 1. */
export function newRow(fields: object, ctx: ApplyContext): MirrorRow {
  return { ...fields, id: ctx.tempId, created_by: ctx.userId, created_at: ctx.now, updated_at: ctx.now, version: 1 };
}

/** The usual optimistic update: the changed fields merged into the row (if the mirror has it). */
export async function mergeInto(mirror: MirrorDatabase, type: DataType, id: number, changes: object, now: string): Promise<void> {
  await mirror.rows(type).update(id, { ...changes, updated_at: now });
}

/** The usual reconcile: the server's row takes the place of the temp row. */
export async function putServerRow(mirror: MirrorDatabase, type: DataType, serverRow: unknown, ctx: ReconcileContext): Promise<void> {
  const row = serverRow as MirrorRow | null;
  await mirror.transaction('rw', mirror.rows(type), async () => {
    if (ctx.tempId !== null) await mirror.rows(type).delete(ctx.tempId);
    if (row && typeof row.id === 'number') await mirror.rows(type).put(row);
  });
}

/** The If-Match header of an update: the version the user saw, when the form sent one. */
export function ifMatch(version: number | undefined): Record<string, string> {
  return version === undefined ? {} : { 'If-Match': String(version) };
}
