import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, getTableColumns, getTableName, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/client';
import { conflict, fieldError, notFound } from './http-error';

/**
 * A column always named with its table. Drizzle leaves column names bare in a select from one
 * table, so a correlated subquery there that compares with the outer row's column (`lpos.id`)
 * would read its own table's column of that name instead: name the outer column with this.
 */
export const qualified = (column: PgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A tracked table (server/db/schema/columns.ts): id, version, txid. */
export type TrackedTable = PgTable & { id: PgColumn; version: PgColumn; txid: PgColumn };

export const STALE_VERSION = 'This record was changed by someone else since you loaded it. Review the current values and try again.';

/**
 * The version a write expects (DESIGN.md "Concurrency"): `If-Match: <version>` (quotes and W/
 * allowed, as ETags come back) or `expected_version` in the body; none means last write wins.
 */
export function expectedVersion(request: FastifyRequest, body?: { expected_version?: number }): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return body?.expected_version;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(Array.isArray(header) ? (header[0] ?? '') : header);
  if (!match) throw fieldError('If-Match', 'If-Match must be the version number of the row, e.g. "3".');
  return Number(match[1]);
}

/** A write's body split into its changes and the version it expects (If-Match, else `expected_version`). */
export function versionedBody<B extends { expected_version?: number }>(request: FastifyRequest, body: B): [changes: Omit<B, 'expected_version'>, expected: number | undefined] {
  const { expected_version, ...changes } = body;
  return [changes, expectedVersion(request, { expected_version })];
}

/** The ETag of a row: its version, which If-Match sends back. */
export const etagOf = (row: { version: number }) => `"${row.version}"`;

/** Sends a row with its ETag, so the next write can say which version it changes. */
export const sendRow = <R extends { version: number }>(reply: FastifyReply, row: R, status = 200) => reply.code(status).header('etag', etagOf(row)).send(row);

/** The row as the API shows it: the sync id stays inside. */
export function publicRow<R extends Record<string, unknown>>(row: R): Omit<R, 'txid'> {
  const { txid: _, ...rest } = row;
  return rest;
}

function deletedAtOf(table: PgTable): PgColumn | undefined {
  return (getTableColumns(table) as Record<string, PgColumn>).deleted_at;
}

/** A live row by id (within `scope`, the caller's row rule) or 404. */
export async function findRow<T extends TrackedTable>(db: Db, table: T, id: number, scope?: SQL, options: { includeDeleted?: boolean } = {}): Promise<T['$inferSelect']> {
  const deletedAt = deletedAtOf(table);
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), scope, deletedAt && !options.includeDeleted ? isNull(deletedAt) : undefined));
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}

/** 409 with the row as it now is, when the client sent a version (If-Match, expected_version) that is not the row's. */
export function checkVersion(row: { version: number }, expected: number | undefined): void {
  if (expected !== undefined && expected !== row.version) throw conflict(STALE_VERSION, { current: publicRow(row as Record<string, unknown>) });
}

/** A live row by id (within `scope`) locked for the rest of the transaction, its version checked; 404 when there is none. */
export async function lockRow<T extends TrackedTable>(tx: Db, table: T, id: number, expected?: number, scope?: SQL): Promise<T['$inferSelect']> {
  const deletedAt = deletedAtOf(table);
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), scope, deletedAt ? isNull(deletedAt) : undefined))
    .for('update');
  if (!row) throw notFound();
  checkVersion(row as { version: number }, expected);
  return row as T['$inferSelect'];
}

/**
 * Updates a live row, checking its version when the client sent one: a stale write gets 409
 * with the current row, so the client can show what changed. The trigger bumps the version.
 */
export async function updateRow<T extends TrackedTable>(
  db: Db,
  table: T,
  id: number,
  values: Partial<T['$inferInsert']>,
  expected: number | undefined,
  scope?: SQL,
): Promise<T['$inferSelect']> {
  const current = await findRow(db, table, id, scope);
  const currentVersion = (current as { version: number }).version;
  checkVersion(current as { version: number }, expected);
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (!Object.keys(changes).length) return current;
  const [row] = (await db
    .update(table as PgTable)
    .set(changes as never)
    .where(and(eq(table.id, id), eq(table.version, currentVersion)))
    .returning()) as T['$inferSelect'][];
  if (!row) {
    // Another writer got in between the read and the update.
    const latest = await findRow(db, table, id, scope);
    throw conflict(STALE_VERSION, { current: publicRow(latest as Record<string, unknown>) });
  }
  return row as T['$inferSelect'];
}

/** Soft delete (set_deleted): the row stays for delta sync and history. */
export async function softDeleteRow<T extends TrackedTable>(db: Db, table: T, id: number, expected: number | undefined, scope?: SQL): Promise<T['$inferSelect']> {
  return updateRow(db, table, id, { deleted_at: sql`now()` } as unknown as Partial<T['$inferInsert']>, expected, scope);
}

/** Runs a write; a unique violation becomes the given field's 400 instead of a 500. */
export async function withUniqueField<R>(field: string, message: string, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(field, message);
    throw error;
  }
}

/** A foreign key violation (SQLSTATE 23503), as either driver reports it. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

