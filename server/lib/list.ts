import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, Column, desc, eq, getTableColumns, gt, gte, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../db/client';
import { queryPreparedRows, queryRows } from '../db/client';
import { pageLink, pageOfSlice } from './pagination';
import { idParams } from './schemas';
import { isoDateSchema } from '../../domain/entity';
import { cursorParam, flagParam, integerParam, MAX_PAGE_SIZE, pageParams, pageSizeParam } from '../../domain/query-params';

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

/** `?x=<id>`: rows whose column equals the id. */
export const byId = (column: PgColumn) => filter(integerParam, (v) => eq(column, v));
/** `?x=<value>` of an enumeration (or any text). */
export const byValue = <V extends string>(column: PgColumn, schema: z.ZodType<V>) => filter(schema, (v) => eq(column, v));
/** `?x=true|false`. */
export const byFlag = (column: PgColumn) => filter(flagParam, (v) => eq(column, v));
/** `?x_from=` / `?x_to=`: inclusive date bounds (pass the two names to `filters`). */
export const fromDate = (column: PgColumn | SQL) => filter(isoDateSchema, (v) => sql`${column} >= ${v}`);
export const toDate = (column: PgColumn | SQL) => filter(isoDateSchema, (v) => sql`${column} <= ${v}`);
/** A report's period (`start_date`, `end_date` read as startDate, endDate): days of `column` within it, either bound open. */
export const inPeriod = (column: PgColumn | SQL, period: { startDate?: string | undefined; endDate?: string | undefined }) =>
  and(period.startDate ? sql`${column} >= ${period.startDate}` : undefined, period.endDate ? sql`${column} <= ${period.endDate}` : undefined);

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
  /**
   * Values read beside each row in the page's own query (the name of what a row refers to, a
   * figure of the day), by property: a second query per page for them cost as much as the page.
   */
  readonly added?: Readonly<Record<string, SQL>>;
}

/** The querystring schema of a list: unknown parameters and ordering fields are 400s, not ignored. */
export function listQuerySchema<T extends ListTable>(spec: ListSpec<T>): z.ZodType<ListQuery, Record<string, unknown>> {
  const orderingNames = Object.keys(spec.orderings);
  const filterShape = Object.fromEntries(Object.entries(spec.filters ?? {}).map(([name, f]) => [name, f.schema.optional()]));
  return z
    .object({
      ...pageParams,
      limit: pageSizeParam().optional(),
      ordering: z
        .string()
        .max(200)
        .refine(
          (value) => value.split(',').every((f) => orderingNames.includes(f.trim().replace(/^-/, ''))),
          `Unknown ordering field. Use one of: ${orderingNames.join(', ')}.`,
        )
        .optional(),
      search: z.string().max(200).optional(),
      updated_since: cursorParam.optional(),
      after_id: integerParam.optional(),
      cursor: cursorParam.optional(),
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

/**
 * What every request of a list reads the same way, worked out once per list (issue 16's list-call
 * budget): the select list with its added values, the table, the live-row condition and the
 * default order, written as text once, and how each column's value is read. A page is then one
 * SQL template of the request's own conditions, order and limit after that text, run like a
 * hand-written query: building drizzle's select and mapping its rows took a fifth of a list call's
 * time, and walking the added values' subqueries again on every request a tenth.
 */
interface ListShape {
  /** `SELECT <every column>, count(*) OVER () AS rows_in_all, <added values> FROM <table>`. */
  readonly selectFrom: SQL;
  /** Each row property, the column it comes from, and the column's reader (drizzle's own mapping). */
  readonly columns: readonly (readonly [property: string, name: string, column: PgColumn])[];
  /** The spec's added values, as the driver gives them. */
  readonly added: readonly string[];
  /**
   * When every property has its column's name, the driver's record is the row: only the columns
   * whose reader changes a value are read again, in place (a page of 15 rows of 45 columns copied
   * into new objects was a twentieth of a list call).
   */
  readonly inPlace: readonly (readonly [property: string, column: PgColumn])[] | null;
  /** Rows not soft-deleted, for tables that soft-delete. */
  readonly live: SQL | undefined;
  /** The ORDER BY of each ordering asked for, as text (a bounded number of them). */
  readonly orders: Map<string | undefined, SQL>;
}
const shapes = new WeakMap<object, ListShape>();
const dialect = new PgDialect();

/**
 * A fixed piece of a list's query as text, its values written in: only the code's own constants
 * (statuses, a time zone) can be there, never a request's value, so nothing needs escaping beyond
 * what the driver's literal quoting does.
 */
function asText(query: SQL): SQL {
  const { params } = dialect.sqlToQuery(query);
  const constant = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
  if (!params.every(constant)) throw new Error(`A list's added values and orderings may hold only constants, not ${params.find((v) => !constant(v))}`);
  return sql.raw(dialect.sqlToQuery(query.inlineParams()).sql);
}

function shapeOf<T extends ListTable>(spec: ListSpec<T>): ListShape {
  let shape = shapes.get(spec);
  if (!shape) {
    const columns = getTableColumns(spec.table) as Record<string, PgColumn>;
    const properties = Object.entries(columns);
    const added = Object.entries(spec.added ?? {});
    shape = {
      selectFrom: asText(
        sql.join([
          sql`SELECT ${sql.join(Object.values(columns), sql`, `)}, count(*) OVER () AS rows_in_all`,
          ...added.map(([property, value]) => sql`, (${value}) AS ${sql.identifier(property)}`),
          sql` FROM ${spec.table}`,
        ]),
      ),
      columns: properties.map(([property, column]) => [property, column.name, column] as const),
      inPlace: properties.every(([property, column]) => property === column.name)
        ? properties.filter(([, column]) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue)
        : null,
      added: added.map(([property]) => property),
      live: columns.deleted_at && asText(isNull(columns.deleted_at)),
      orders: new Map(),
    };
    shapes.set(spec, shape);
  }
  return shape;
}

function readInPlace(record: Record<string, unknown>, readers: NonNullable<ListShape['inPlace']>) {
  for (const [property, column] of readers) {
    const value = record[property];
    if (value !== null) record[property] = column.mapFromDriverValue(value);
  }
  return record;
}

function readCopied(record: Record<string, unknown>, shape: ListShape) {
  const row: Record<string, unknown> = {};
  for (const [property, name, column] of shape.columns) {
    const value = record[name];
    row[property] = value === null ? null : column.mapFromDriverValue(value);
  }
  for (const property of shape.added) row[property] = record[property];
  return row;
}

/** Orderings kept as text per list: the fields a list has give few, but a client may combine them at will. */
const MAX_ORDERS_KEPT = 50;

/** The ORDER BY of a list for an ordering (already checked against the list's fields), the list's own by default. */
function orderOf<T extends ListTable>(spec: ListSpec<T>, shape: ListShape, ordering: string | undefined): SQL {
  let order = shape.orders.get(ordering);
  if (!order) {
    order = asText(sql.join(orderBy(spec, ordering), sql`, `));
    if (shape.orders.size < MAX_ORDERS_KEPT) shape.orders.set(ordering, order);
  }
  return order;
}

/** A page's rows and the number of rows in all pages, read as drizzle would read them. */
async function selectRows<T extends ListTable>(db: Db, spec: ListSpec<T>, where: SQL[], order: SQL, limit: number, offset = 0): Promise<{ count: number; rows: T['$inferSelect'][] }> {
  const shape = shapeOf(spec);
  const filtered = where.length ? sql` WHERE ${and(...where)}` : sql``;
  const found = await queryPreparedRows<Record<string, unknown>>(db, sql`${shape.selectFrom}${filtered} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`);
  const readers = shape.inPlace;
  const rows = (readers ? found.map((record) => readInPlace(record, readers)) : found.map((record) => readCopied(record, shape))) as T['$inferSelect'][];
  return { count: Number(found[0]?.rows_in_all ?? 0), rows };
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
  const shape = shapeOf(spec);
  const where = conditions(spec, query, scope);
  if (shape.live) where.push(shape.live);
  const order = orderOf(spec, shape, query.ordering);
  const { count, rows } = await selectRows(db, spec, where, order, pageSize, (query.page - 1) * pageSize);
  return pageOfSlice(request, { count, results: rows }, { page: query.page, pageSize });
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
  const { count, rows } = await selectRows(db, spec, remaining, asc(spec.table.id), pageSize);
  const last = rows.at(-1) as { id: number } | undefined;
  return {
    count,
    next: last && count > rows.length ? pageLink(request, { after_id: String(last.id), cursor, page: null }) : null,
    previous: null,
    results: rows,
    cursor,
  };
}

interface ListRequestTypes {
  Querystring: ListQuery;
  Params: { id: number };
}
export type ListRequest = FastifyRequest<ListRequestTypes>;

/** Who may read a list route, and the row rule and description it applies. */
export interface ListRoute<T extends ListTable, Item extends z.ZodType> {
  readonly access: NonNullable<FastifyContextConfig['access']>;
  readonly tags: string[];
  readonly spec: ListSpec<T>;
  /** One row of the answer, as the documentation and the serializer know it. */
  readonly item: Item;
  /** True when the path names a parent row by `:id` (e.g. a job order's expenses); the scope reads it. */
  readonly byParent?: boolean;
  /** The caller's row rule (e.g. a sales executive's own leads, a job order's expenses). */
  readonly scope?: (request: ListRequest) => SQL | undefined | Promise<SQL | undefined>;
  /** The rows as the screen shows them (names joined in, figures added), one query per page. */
  readonly describe?: (db: Db, rows: T['$inferSelect'][]) => Promise<z.input<Item>[]> | z.input<Item>[];
}

/**
 * Registers a list at each of `urls`: the query schema (unknown parameters, filters and orderings
 * are 400s naming the field), the row rule, ordering, search, filters, the delta cursor and the page.
 */
export function listRoute<T extends ListTable, Item extends z.ZodType>(fastify: FastifyInstance, urls: string | readonly string[], route: ListRoute<T, Item>): void {
  const schema = { tags: route.tags, ...(route.byParent && { params: idParams }), querystring: listQuerySchema(route.spec), response: { 200: listPageSchema(route.item) } };
  for (const url of typeof urls === 'string' ? [urls] : urls) {
    // The route's schemas validate the query and the path before the handler runs.
    fastify.route<ListRequestTypes>({
      method: 'GET',
      url,
      config: { access: route.access },
      schema,
      handler: async (request) => {
        const scope = await route.scope?.(request);
        const page = await listPage(fastify.db, request, route.spec, request.query, scope);
        return route.describe ? { ...page, results: await route.describe(fastify.db, page.results) } : page;
      },
    });
  }
}

/** The oldest transaction id still running now: the next sync starts there. */
export async function snapshotCursor(db: Db): Promise<string> {
  const [row] = await queryRows<{ xmin: string }>(db, sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
  return row!.xmin;
}
