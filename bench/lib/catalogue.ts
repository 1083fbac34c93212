import { environmentFor, type FreshDatabase } from './databases';
import { startBenchServer } from './bench-server';
import { underLoad, type LoadFigures } from './load';
import { runToEnd } from './processes';
import { rawSqlUnderLoad } from './raw-sql';

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

/**
 * Rounds of the API and its raw query, taken in turn: this machine's speed drifts by a fifth from
 * minute to minute, and one window of each measured the drift as often as the list. The round of
 * the median ratio gives the figures.
 */
export const LIST_ROUNDS = 3;

export async function materialsListOn(database: FreshDatabase, signIn: (origin: string) => Promise<string>): Promise<Pick<CatalogueFigures, 'api' | 'rawSql' | 'rawSqlInProcess'>> {
  await prepare(database, LIST_SCALE);
  const rounds: Pick<CatalogueFigures, 'api' | 'rawSql' | 'rawSqlInProcess'>[] = [];
  let category: number | undefined;
  for (let round = 0; round < LIST_ROUNDS; round++) {
    // PGlite lets one process at a time open its data: the server stops before the raw query runs.
    const server = await startBenchServer(environmentFor(database));
    let api: LoadFigures;
    try {
      const access = await signIn(server.origin);
      category ??= await busiestCategory(server.origin, access);
      api = await underLoad({
        url: `${server.origin}/api/v1/materials/materials/?category=${category}&ordering=-quantity&page_size=15`,
        headers: { authorization: `JWT ${access}` },
        connections: LIST_CONNECTIONS,
      });
    } finally {
      await server.stop();
    }
    const raw = await rawSqlUnderLoad(database, { BENCH_QUERY: 'materials', BENCH_CATEGORY: String(category) }, LIST_CONNECTIONS);
    rounds.push({ api, rawSql: raw.http, rawSqlInProcess: raw.inProcess });
  }
  const ratio = ({ api, rawSql }: (typeof rounds)[number]) => rawSql.requestsPerSecond / api.requestsPerSecond;
  return rounds.sort((a, b) => ratio(a) - ratio(b))[Math.floor(rounds.length / 2)]!;
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
