import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { pageParams, pageSizeParam } from '../../domain/query-params';
import { notFound } from './http-error';

/** DRF page-number pagination: `?page=&page_size=`. */
export function pageQuerySchema(defaultSize: number, maxSize?: number) {
  return z.object({ page: pageParams.page, page_size: pageSizeParam(maxSize).default(defaultSize) });
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * A link to another page of the same list: the request's path and query with `changes` made (null
 * drops a parameter). Relative, so it never echoes the Host header a client chose (issue 14).
 */
export function pageLink(request: FastifyRequest, changes: Record<string, string | null>): string {
  const at = request.url.indexOf('?');
  const path = at < 0 ? request.url : request.url.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) query.delete(key);
    else query.set(key, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** DRF's links around a page: the previous of page 2 is the list without `page`. */
export function toPage<T>(request: FastifyRequest, results: T[], count: number, page: number, pageSize: number): Page<T> {
  return {
    count,
    next: page * pageSize < count ? pageLink(request, { page: String(page + 1) }) : null,
    previous: page > 1 ? pageLink(request, { page: page === 2 ? null : String(page - 1) }) : null,
    results,
  };
}

/** Which page of a report or list a service is asked for; page counts from 1. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** A page of rows and the number of rows in all pages. */
export interface Slice<R> {
  count: number;
  results: R[];
}

/** The SQL limit and offset of a page. */
export const pageOf = (paging: Paging) => ({ limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize });

/** How many rows all pages hold, on every row of the page (`total_count`), in the one query. */
export const totalCount = sql<number>`(count(*) over ())::int`.mapWith(Number);

/** A list query (built `$dynamic()`) cut to one page; the whole list without paging. */
export const pageRows = <Q extends PgSelect>(query: Q, paging?: Paging): Q => (paging ? query.limit(pageOf(paging).limit).offset(pageOf(paging).offset) : query);

/**
 * Documents of one page with their lines: the rows carry `total_count` (totalCount), `linesOf`
 * loads the lines of their ids in one query, `parentOf` says whose a line is.
 */
export async function withLines<R extends { id: number; total_count: number }, L>(
  rows: readonly R[],
  linesOf: (ids: number[]) => Promise<L[]>,
  parentOf: (line: L) => number,
): Promise<{ count: number; results: { row: Omit<R, 'total_count'>; lines: L[] }[] }> {
  const byParent = new Map<number, L[]>();
  for (const line of await linesOf(rows.map((r) => r.id))) byParent.set(parentOf(line), [...(byParent.get(parentOf(line)) ?? []), line]);
  return { count: rows[0]?.total_count ?? 0, results: rows.map(({ total_count: _, ...row }) => ({ row, lines: byParent.get(row.id) ?? [] })) };
}

/** A page of what a list or report found; a page past the end is 404, as DRF answers. */
export function pageOfSlice<R>(request: FastifyRequest, slice: Slice<R>, paging: Paging): Page<R> {
  if (!slice.results.length && paging.page > 1) throw notFound('Invalid page.');
  return toPage(request, slice.results, slice.count, paging.page, paging.pageSize);
}

/** Loads the page a report query asks for (`page`, `page_size`, else `defaultSize` rows). */
export async function loadPage<S extends Slice<unknown>>(
  request: FastifyRequest,
  query: { page: number; page_size?: number },
  defaultSize: number,
  load: (paging: Paging) => Promise<S>,
): Promise<S & Pick<Page<unknown>, 'next' | 'previous'>> {
  const paging = { page: query.page, pageSize: query.page_size ?? defaultSize };
  const slice = await load(paging);
  const { next, previous } = pageOfSlice(request, slice, paging);
  return { ...slice, next, previous };
}
