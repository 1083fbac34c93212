import { environmentFor, type FreshDatabase } from './databases';
import { startBenchServer, withBenchServer } from './bench-server';
import { underLoad, type LoadFigures } from './load';
import { runToEnd } from './processes';
import { listBesideRawSql } from './raw-sql';

/** The materials list and its delta sync, measured against the same query in raw SQL. */
export interface CatalogueFigures {
  api: LoadFigures;
  /** The same query behind a bare HTTP server (the budget's baseline, decision 391). */
  rawSql: LoadFigures;
  /** The same query looped in one process, no HTTP. */
  rawSqlInProcess: LoadFigures;
  deltaRows: number;
  deltaSeconds: number;
}

export const LIST_CONNECTIONS = 50;
/** Scale 1 is about 2,000 materials; scale 50 about 100,000 (issue 3). */
export const LIST_SCALE = 1;
export const DELTA_SCALE = 50;
const DELTA_PAGE_SIZE = 1000;

/**
 * Seeds the demo company (once) and adds `scale` x the generator's volume of `parts`; the server
 * must be stopped (PGlite).
 */
export async function prepare(database: FreshDatabase, scale: number, parts: readonly string[] = ['materials']): Promise<void> {
  await runToEnd(['--import', 'tsx', 'bench/prepare.ts'], environmentFor(database, { BENCH_SCALE: String(scale), BENCH_SCALE_ONLY: parts.join(',') }));
}

export async function getJson<T>(url: string, access: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `JWT ${access}` } });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The category with the most materials, so the filtered page is a real page. */
async function busiestCategory(origin: string, access: string): Promise<number> {
  const categories = await getJson<{ results: { id: number }[] }>(`${origin}/api/v1/materials/material-categories/?page_size=1000`, access);
  let best = { id: categories.results[0]!.id, count: -1 };
  for (const { id } of categories.results) {
    const { count } = await getJson<{ count: number }>(`${origin}/api/v1/materials/materials/?category=${id}&page_size=1`, access);
    if (count > best.count) best = { id, count };
  }
  return best.id;
}

export async function materialsListOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>): Promise<Pick<CatalogueFigures, 'api' | 'rawSql' | 'rawSqlInProcess'>> {
  await prepare(database, LIST_SCALE);
  let category: number | undefined;
  const api = () =>
    withBenchServer(environmentFor(database), async (origin) => {
      const access = await signIn(origin);
      category ??= await busiestCategory(origin, access);
      return underLoad({ url: `${origin}/api/v1/materials/materials/?category=${category}&ordering=-quantity&page_size=15`, headers: { authorization: `JWT ${access}` }, connections: LIST_CONNECTIONS });
    });
  return listBesideRawSql(database, api, () => ({ BENCH_QUERY: 'materials', BENCH_CATEGORY: String(category) }), LIST_CONNECTIONS);
}

/** A first sync of the whole materials mirror, page by page, as a tablet does it. */
export async function deltaSyncOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>): Promise<Pick<CatalogueFigures, 'deltaRows' | 'deltaSeconds'>> {
  await prepare(database, DELTA_SCALE);
  const server = await startBenchServer(environmentFor(database));
  try {
    const access = await signIn(server.origin);
    const started = performance.now();
    let url: string | null = `${server.origin}/api/v1/materials/materials/?updated_since=0&page_size=${DELTA_PAGE_SIZE}`;
    let rows = 0;
    while (url) {
      const page: { results: unknown[]; next: string | null } = await getJson(url, access);
      rows += page.results.length;
      url = page.next && new URL(page.next, server.origin).href;
    }
    return { deltaRows: rows, deltaSeconds: (performance.now() - started) / 1000 };
  } finally {
    await server.stop();
  }
}
