import { useState } from 'react';
import type { IndexableType } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { localQueryOf, sortField, WORDS_FIELD, type DataType, type LocalQueryDef } from '../../../domain/data-types';
import { matchesTerms, searchTerms } from '../../../domain/rules/search';
import { mirror, type MirrorRow } from './db';

/**
 * A page of a big list read from the device through its indexes (domain/data-types.ts `query`),
 * so a list of 100,000 rows never holds them all: with no search or filter the page is read in
 * order straight off the sort index; otherwise the rows a search's words or a filter's index pick
 * are read, checked, sorted and cut to the page.
 */
export interface MirrorQuery {
  /** One of the type's sorts, and its direction. */
  sort: { field: string; desc: boolean };
  /** Equality filters on indexed fields. */
  where?: Readonly<Record<string, IndexableType>>;
  /** What was typed in the search box (domain/rules/search.ts). */
  search?: string;
  offset: number;
  limit: number;
}

export interface MirrorPage<T> {
  rows: T[];
  /** Rows matching the query in all. */
  count: number;
}

function queryDef(type: DataType): LocalQueryDef {
  const query = localQueryOf(type);
  if (!query) throw new Error(`${type} has no local query`);
  return query;
}

const compareKeys = (a: unknown, b: unknown) => (a === b ? 0 : a === null || a === undefined ? -1 : b === null || b === undefined ? 1 : (a as never) < (b as never) ? -1 : 1);

/** The ids of the rows of `type` whose words begin with every term. */
async function idsMatching(type: DataType, terms: readonly string[]): Promise<number[]> {
  // The longest term picks the fewest rows through the index; the others are checked on them.
  const longest = terms.reduce((a, b) => (b.length > a.length ? b : a));
  const table = mirror.rows(type);
  const ids = [...new Set(await table.where(WORDS_FIELD).startsWith(longest).primaryKeys())];
  const rows = await table.bulkGet(ids);
  return rows.filter((row): row is MirrorRow => !!row && matchesTerms((row[WORDS_FIELD] as string[] | undefined) ?? [], terms)).map((row) => row.id);
}

/** The rows a search or the first filter picks from their index, before the rest is checked. */
async function candidates(type: DataType, query: LocalQueryDef, terms: readonly string[], where: [string, IndexableType][]): Promise<MirrorRow[]> {
  const table = mirror.rows(type);
  if (terms.length === 0) {
    const [field, value] = where[0]!;
    return table.where(field).equals(value).toArray();
  }
  const ids = new Set(query.search ? await idsMatching(type, terms) : []);
  if (query.searchVia) {
    const referenced = await idsMatching(query.searchVia.type as DataType, terms);
    for (const id of await table.where(query.searchVia.field).anyOf(referenced).primaryKeys()) ids.add(id);
  }
  return (await table.bulkGet([...ids])).filter((row): row is MirrorRow => row !== undefined);
}

/** A query with no search and no filter reads its page straight off the sort index. */
const isPlain = (q: Pick<MirrorQuery, 'search' | 'where'>) => searchTerms(q.search ?? '').length === 0 && Object.keys(q.where ?? {}).length === 0;

function sortKeyOf(type: DataType, field: string): string {
  const kind = queryDef(type).sorts[field];
  if (!kind) throw new Error(`${type} cannot be ordered by ${field}`);
  return sortField(field, kind);
}

/** The page of a plain query, in order off the sort index (no count: counting every row costs far more). */
function pageInOrder(type: DataType, q: MirrorQuery): Promise<MirrorRow[]> {
  const key = sortKeyOf(type, q.sort.field);
  const table = mirror.rows(type);
  const ordered = q.sort.desc ? table.orderBy(key).reverse() : table.orderBy(key);
  return ordered.offset(q.offset).limit(q.limit).toArray();
}

export async function queryMirror(type: DataType, q: MirrorQuery): Promise<MirrorPage<MirrorRow>> {
  if (isPlain(q)) {
    const [rows, count] = await Promise.all([pageInOrder(type, q), mirror.rows(type).count()]);
    return { rows, count };
  }
  const query = queryDef(type);
  const key = sortKeyOf(type, q.sort.field);
  const terms = searchTerms(q.search ?? '');
  const where = Object.entries(q.where ?? {});
  const matching = (await candidates(type, query, terms, where)).filter((row) => where.every(([field, value]) => row[field] === value));
  // The index's own order: by the key, then by id; a descending order is its reverse.
  matching.sort((a, b) => compareKeys(a[key], b[key]) || a.id - b.id);
  if (q.sort.desc) matching.reverse();
  return { rows: matching.slice(q.offset, q.offset + q.limit), count: matching.length };
}

/**
 * A list over a big type held on the device: the type, the order it opens in, its page size and
 * how a page's rows become what the table shows. One constant per screen, read by its table and by
 * the router, which starts reading the opening page while the screen's code loads (`primeList`).
 */
export interface MirrorList<T> {
  type: DataType;
  /** One of the type's sorts: the order before a header is clicked. */
  sort: { field: string; desc: boolean };
  pageSize: number;
  /** The page's rows as the table shows them (lookups of names and labels). */
  select: (rows: MirrorRow[]) => Promise<T[]> | T[];
}

/** The page a list opens on: no search, no filter, its first rows in its own order. */
const openingQuery = (list: MirrorList<unknown>): MirrorQuery => ({ sort: list.sort, where: {}, search: '', offset: 0, limit: list.pageSize });

const pageKey = (type: DataType, q: MirrorQuery) => JSON.stringify([type, q.sort.field, q.sort.desc, q.where ?? {}, q.search ?? '', q.offset, q.limit]);

/**
 * A primed opening page is shown by the list's first render only while this fresh: it lets the
 * screen paint its rows at once, and the list's own live read replaces it a moment later.
 */
const PRIMED_FRESH_MS = 3000;

interface PrimedPage {
  key: string;
  select: MirrorList<unknown>['select'];
  rows?: unknown[];
  readAt?: number;
}

/** The opening page of the list being navigated to (one screen opens at a time). */
let primed: PrimedPage | null = null;

/**
 * Starts reading a list's opening page before its screen renders (on navigation, beside the
 * guard and the screen's code), so the first render already has rows: otherwise the read would
 * wait for the shell and the screen to mount, a tablet's 100–200 ms. Settles when the page is read
 * (never rejects).
 */
export function primeList<T>(list: MirrorList<T>): Promise<void> {
  const query = openingQuery(list);
  const entry: PrimedPage = { key: pageKey(list.type, query), select: list.select };
  primed = entry;
  return (async () => list.select(await pageInOrder(list.type, query)))().then(
    (rows) => void Object.assign(entry, { rows, readAt: Date.now() }),
    // The list reads the page itself when it mounts, and shows the error there if there is one.
    () => {
      if (primed === entry) primed = null;
    },
  );
}

/** Test seam. */
export function forgetPrimedForTests(): void {
  primed = null;
}

function primedRows<T>(key: string, select: (rows: MirrorRow[]) => Promise<T[]> | T[]): T[] | undefined {
  const entry = primed;
  if (!entry?.rows || entry.key !== key || entry.select !== select || Date.now() - entry.readAt! > PRIMED_FRESH_MS) return undefined;
  return entry.rows as T[];
}

/**
 * A page of `type` kept current with the mirror (any write to the table reads it again; a page is
 * cheap). `select` turns the page's rows into what the screen shows (lookups included); keep it
 * stable (a module constant or memoised); `where` is taken by its content. Undefined until the
 * device first answers, unless the page was primed (`primeList`). The count of a plain query is
 * asked for once the first page is in: IndexedDB answers one request at a time, and counting
 * 100,000 rows takes a hundred times longer than reading the page, so asked together the page's
 * lookups would wait behind the count (`count` is undefined meanwhile).
 */
export function useMirrorQuery<T>(type: DataType, q: MirrorQuery, select: (rows: MirrorRow[]) => Promise<T[]> | T[]): { rows: T[]; count: number | undefined } | undefined {
  const { sort, search, offset, limit } = q;
  const { field, desc } = sort;
  // A new object with the same filters (a screen's options loading) must not start the page over.
  const whereKey = JSON.stringify(q.where ?? {});
  const plain = isPlain({ search, where: q.where });
  const [opening] = useState(() => {
    const rows = primedRows(pageKey(type, q), select);
    return rows && { rows, count: undefined };
  });
  const page = useLiveQuery(
    async () => {
      const query = { sort: { field, desc }, where: JSON.parse(whereKey) as MirrorQuery['where'], search, offset, limit };
      if (plain) return { rows: await select(await pageInOrder(type, query)), count: undefined };
      const found = await queryMirror(type, query);
      return { rows: await select(found.rows), count: found.count };
    },
    [type, plain, field, desc, whereKey, search, offset, limit, select],
    opening,
  );
  const shown = page !== undefined;
  const total = useLiveQuery(async () => (plain && shown ? await mirror.rows(type).count() : undefined), [type, plain, shown]);
  return page && { rows: page.rows, count: page.count ?? total };
}
