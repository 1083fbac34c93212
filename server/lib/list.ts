import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, getTableColumns, gt, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { notFound } from './http-error';
import { pageLink } from './pagination';
import { isoDateSchema } from '../../domain/entity';

/**
 * The list machinery every mirrored list uses (DESIGN.md "Lists"): DRF page-number pagination
 * (`page`, `page_size`, `limit`), `ordering`, `search`, declared filters, and the
 * `updated_since` delta that the offline mirror pulls.
 */

/** The row columns every list needs; `txid` and `deleted_at` drive the delta. */
type ListTable = PgTable & { id: PgColumn; txid: PgColumn };

/** A query parameter that narrows the list: how to read it, and the condition it adds. */
export interface Filter {
  readonly schema: z.ZodType;
  readonly where: (value: unknown) => SQL | undefined;
}

/** Typed where it is declared; the list reads the value through the same schema. */
export const filter = <V>(schema: z.ZodType<V>, where: (value: V) => SQL | undefined): Filter => ({ schema, where: where as (value: unknown) => SQL | undefined });

const intParam = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(-2_147_483_648).max(2_147_483_647);
export const flagParam = z.enum(['true', 'false', 'True', 'False', '1', '0']).transform((v) => v === 'true' || v === 'True' || v === '1');

/** `?x=<id>`: rows whose column equals the id. */
export const byId = (column: PgColumn) => filter(intParam, (v) => eq(column, v));
/** `?x=<value>` of an enumeration (or any text). */
export const byValue = <V extends string>(column: PgColumn, schema: z.ZodType<V>) => filter(schema, (v) => eq(column, v));
/** `?x=true|false`. */
export const byFlag = (column: PgColumn) => filter(flagParam, (v) => eq(column, v));
/** `?x_from=` / `?x_to=`: inclusive date bounds (pass the two names to `filters`). */
export const fromDate = (column: PgColumn | SQL) => filter(isoDateSchema, (v) => sql`${column} >= ${v}`);
export const toDate = (column: PgColumn | SQL) => filter(isoDateSchema, (v) => sql`${column} <= ${v}`);

/**
 * Orders text the way people read it, ignoring case, and the same on every database (PGlite
 * sorts by byte, PostgreSQL by its locale).
 */
export const byText = (column: PgColumn): SQL => sql`lower(${column})`;

export interface ListSpec<T extends ListTable> {
  readonly table: T;
  /** Page size when the request gives none (business-areas.md §9: 15, requisitions 50). */
  readonly pageSize: number;
  /** Fields a client may order by; the first entry of `defaultOrdering` applies otherwise. */
  readonly orderings: Readonly<Record<string, PgColumn | SQL>>;
  readonly defaultOrdering: string;
  readonly search?: readonly PgColumn[];
  readonly filters?: Readonly<Record<string, Filter>>;
}

export const MAX_PAGE_SIZE = 1000;
const CURSOR = /^\d{1,18}$/;

/** The querystring schema of a list: unknown parameters and ordering fields are 400s, not ignored. */
export function listQuerySchema<T extends ListTable>(spec: ListSpec<T>) {
  const orderingNames = Object.keys(spec.orderings);
  const filterShape = Object.fromEntries(Object.entries(spec.filters ?? {}).map(([name, f]) => [name, f.schema.optional()]));
  const size = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(MAX_PAGE_SIZE).optional();
  return z
    .object({
      page: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1, 'Invalid page.').max(1_000_000).default(1),
      page_size: size,
      limit: size,
      ordering: z
        .string()
        .max(200)
        .refine(
          (value) => value.split(',').every((f) => orderingNames.includes(f.trim().replace(/^-/, ''))),
          `Unknown ordering field. Use one of: ${orderingNames.join(', ')}.`,
        )
        .optional(),
      search: z.string().max(200).optional(),
      updated_since: z.string().regex(CURSOR, 'Invalid cursor.').optional(),
      after_id: intParam.optional(),
      cursor: z.string().regex(CURSOR, 'Invalid cursor.').optional(),
      ...filterShape,
    })
    .strict();
}

export type ListQuery = {
  page: number;
  page_size?: number;
  limit?: number;
  ordering?: string;
  search?: string;
  updated_since?: string;
  after_id?: number;
  cursor?: string;
} & Record<string, unknown>;

/** A page of a list; `cursor` only on delta pages: store it once the last page is read. */
export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
    cursor: z.string().optional(),
  });
}

export interface ListPage<Row> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Row[];
  cursor?: string;
}

export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions<T extends ListTable>(spec: ListSpec<T>, query: ListQuery, scope: SQL | undefined): SQL[] {
  const where: SQL[] = [];
  if (scope) where.push(scope);
  for (const [name, f] of Object.entries(spec.filters ?? {})) {
    const value = query[name];
    if (value === undefined) continue;
    const condition = f.where(value);
    if (condition) where.push(condition);
  }
  const term = query.search?.trim();
  if (term && spec.search?.length) {
    const pattern = `%${escapeLike(term)}%`;
    where.push(or(...spec.search.map((column) => ilike(column, pattern)))!);
  }
  return where;
}

function orderBy<T extends ListTable>(spec: ListSpec<T>, ordering: string | undefined): SQL[] {
  const fields = (ordering ?? spec.defaultOrdering).split(',').map((f) => f.trim()).filter(Boolean);
  const terms = fields.map((field) => {
    const column = spec.orderings[field.replace(/^-/, '')]!;
    return field.startsWith('-') ? desc(column) : asc(column);
  });
  // The id breaks ties, so a page never repeats or skips a row between requests.
  if (!fields.some((f) => f.replace(/^-/, '') === 'id')) terms.push(asc(spec.table.id));
  return terms;
}

function deletedAtOf(table: ListTable): PgColumn | undefined {
  return (getTableColumns(table) as Record<string, PgColumn>).deleted_at;
}

/**
 * One page of a list. `scope` is the caller's row rule (e.g. a sales executive's own leads);
 * soft-deleted rows are left out of ordinary pages and included in delta pages.
 */
export async function listPage<T extends ListTable>(
  db: Db,
  request: FastifyRequest,
  spec: ListSpec<T>,
  query: ListQuery,
  scope?: SQL,
): Promise<ListPage<T['$inferSelect']>> {
  if (query.updated_since !== undefined) return deltaPage(db, request, spec, query, scope);
  const pageSize = query.limit ?? query.page_size ?? spec.pageSize;
  const where = conditions(spec, query, scope);
  const deletedAt = deletedAtOf(spec.table);
  if (deletedAt) where.push(isNull(deletedAt));
  const rows = (await db
    .select({ ...getTableColumns(spec.table), total_count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(spec.table as PgTable)
    .where(and(...where))
    .orderBy(...orderBy(spec, query.ordering))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)) as unknown as (T['$inferSelect'] & { total_count: number })[];
  if (!rows.length && query.page > 1) throw notFound('Invalid page.');
  const count = rows[0]?.total_count ?? 0;
  const results = rows.map(({ total_count: _, ...row }) => row as T['$inferSelect']);
  const page = query.page;
  return {
    count,
    next: page * pageSize < count ? pageLink(request, { page: String(page + 1) }) : null,
    previous: page > 1 ? pageLink(request, { page: page === 2 ? null : String(page - 1) }) : null,
    results,
  };
}

/**
 * Rows written since a cursor, soft-deleted and cancelled ones included. The cursor is the
 * oldest transaction still running when the sync began (snapshot xmin), so a transaction that
 * started earlier but commits later is still ahead of it: rows may arrive twice, never not at all.
 * Pages follow the id (`after_id`); every page carries the cursor of the sync's first page.
 */
async function deltaPage<T extends ListTable>(
  db: Db,
  request: FastifyRequest,
  spec: ListSpec<T>,
  query: ListQuery,
  scope: SQL | undefined,
): Promise<ListPage<T['$inferSelect']>> {
  const pageSize = query.limit ?? query.page_size ?? MAX_PAGE_SIZE;
  const cursor = query.cursor ?? (await snapshotCursor(db));
  const where = conditions(spec, query, scope);
  where.push(gte(spec.table.txid, Number(query.updated_since)));
  const remaining = query.after_id === undefined ? where : [...where, gt(spec.table.id, query.after_id)];
  const rows = (await db
    .select({ ...getTableColumns(spec.table), total_count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(spec.table as PgTable)
    .where(and(...remaining))
    .orderBy(asc(spec.table.id))
    .limit(pageSize)) as unknown as (T['$inferSelect'] & { id: number; total_count: number })[];
  const count = rows[0]?.total_count ?? 0;
  const last = rows.at(-1);
  return {
    count,
    next: last && count > rows.length ? pageLink(request, { after_id: String(last.id), cursor, page: null }) : null,
    previous: null,
    results: rows.map(({ total_count: _, ...row }) => row as T['$inferSelect']),
    cursor,
  };
}

/** The oldest transaction id still running now: the next sync starts there. */
export async function snapshotCursor(db: Db): Promise<string> {
  const [row] = await queryRows<{ xmin: string }>(db, sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
  return row!.xmin;
}
