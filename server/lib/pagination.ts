import { z } from 'zod';
import type { FastifyRequest } from 'fastify';

/** DRF page-number pagination: `?page=&page_size=`. */
export function pageQuerySchema(defaultSize: number, maxSize = 1000) {
  return z.object({
    page: z.coerce.number().int('A valid integer is required.').min(1, 'Invalid page.').default(1),
    page_size: z.coerce.number().int('A valid integer is required.').min(1).max(maxSize).default(defaultSize),
  });
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

export function toPage<T>(request: FastifyRequest, results: T[], count: number, page: number, pageSize: number): Page<T> {
  return {
    count,
    next: page * pageSize < count ? pageLink(request, { page: String(page + 1) }) : null,
    previous: page > 1 ? pageLink(request, { page: String(Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) }) : null,
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
