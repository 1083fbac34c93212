import { environmentFor, type FreshDatabase } from './databases';
import { startBenchServer } from './bench-server';
import { underLoad, type LoadFigures } from './load';
import { runToEnd } from './processes';

/** bench/raw-sql.ts run to its end with these settings: its one JSON line of figures. */
export async function rawSql(database: FreshDatabase, env: Record<string, string>): Promise<unknown> {
  const output = await runToEnd(['--import', 'tsx', 'bench/raw-sql.ts'], environmentFor(database, env));
  return JSON.parse(output.trim().split('\n').at(-1)!);
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
