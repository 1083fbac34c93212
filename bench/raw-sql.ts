// The materials-list query of the API, written by hand and run through the same driver, under the
// same concurrency: the baseline the API's figure is divided by. Prints one JSON line of figures.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows } from '../server/db/client';

const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
const category = Number(process.env.BENCH_CATEGORY);
const connections = Number(process.env.BENCH_CONNECTIONS ?? '50');

const query = () =>
  queryRows(
    database.db,
    sql`SELECT *, count(*) OVER () AS total_count FROM materials
        WHERE category = ${category} AND deleted_at IS NULL
        ORDER BY quantity DESC, id ASC LIMIT 15 OFFSET 0`,
  );

async function run(seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const rows = await query();
        // JSON as the API sends it, so both sides pay for the rows they return.
        JSON.stringify(rows);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

try {
  await run(1);
  const seconds = 5;
  const latencies = (await run(seconds)).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(JSON.stringify({ p50: at(0.5), p99: at(0.99), requestsPerSecond: latencies.length / seconds }));
} finally {
  await database.close();
}
