import { environmentFor, type FreshDatabase } from './databases';
import { startBenchServer } from './bench-server';
import { underLoad, type LoadFigures } from './load';
import { runToEnd } from './processes';

/** bench/raw-sql.ts run to its end with these settings: its one JSON line of figures. */
export async function rawSql(database: FreshDatabase, env: Record<string, string>): Promise<unknown> {
  const output = await runToEnd(['--import', 'tsx', 'bench/raw-sql.ts'], environmentFor(database, env));
  return JSON.parse(output.trim().split('\n').at(-1)!);
}

/** A list under load through the API beside the same query in raw SQL (decision 391), in one round. */
export interface ListRound {
  api: LoadFigures;
  /** The same query behind a bare HTTP server: the budget's baseline. */
  rawSql: LoadFigures;
  /** The same query looped in one process, no HTTP. */
  rawSqlInProcess: LoadFigures;
}

/**
 * Rounds of the API and its raw query, taken in turn: this machine's speed drifts by a fifth from
 * minute to minute, and one window of each measured the drift as often as the list. The round of
 * the median ratio gives the figures.
 */
export const LIST_ROUNDS = 3;

/**
 * A list's budget figures: `api` measures the list under load (its server stopped when it
 * answers: PGlite lets one process at a time open its data), then the raw query runs with the
 * settings `rawEnv` gives (which may use what `api` learned), LIST_ROUNDS times in turn.
 */
export async function listBesideRawSql(database: FreshDatabase, api: () => Promise<LoadFigures>, rawEnv: () => Record<string, string>, connections: number): Promise<ListRound> {
  const rounds: ListRound[] = [];
  for (let round = 0; round < LIST_ROUNDS; round++) {
    const apiFigures = await api();
    const raw = await rawSqlUnderLoad(database, rawEnv(), connections);
    rounds.push({ api: apiFigures, rawSql: raw.http, rawSqlInProcess: raw.inProcess });
  }
  const ratio = ({ api: a, rawSql }: ListRound) => rawSql.requestsPerSecond / a.requestsPerSecond;
  return rounds.sort((a, b) => ratio(a) - ratio(b))[Math.floor(rounds.length / 2)]!;
}

/**
 * A list's raw-SQL baseline under `connections` clients (decision 391): `http` is the query behind
 * a bare node:http server in a process of its own, driven by the same load generator as the API
 * (the budget's baseline: both sides pay for HTTP and for the generator's share of the cores);
 * `inProcess` is the query looped in one process with no HTTP at all, shown beside it.
 */
export async function rawSqlUnderLoad(database: FreshDatabase, env: Record<string, string>, connections: number): Promise<{ http: LoadFigures; inProcess: LoadFigures }> {
  const server = await startBenchServer(environmentFor(database, { ...env, BENCH_SERVE: '1' }), 'bench/raw-sql.ts');
  let http: LoadFigures;
  try {
    http = await underLoad({ url: `${server.origin}/`, connections });
  } finally {
    await server.stop();
  }
  const inProcess = (await rawSql(database, { ...env, BENCH_CONNECTIONS: String(connections) })) as LoadFigures;
  return { http, inProcess };
}
