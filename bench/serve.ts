// The API under load, in a process of its own: autocannon runs in the bench process, and sharing
// one event loop with the server would slow both and make the latencies meaningless.
// It reads DATA_DIR or DATABASE_URL like `npm start`, so PGlite is measured on disk as in use.
// BENCH_CLIENT_DIR, when set, is served as the client (the browser rows: the app and the bench page).
// BENCH_REQUEST_METRICS=off builds the app without the metrics hooks (the metrics rows' baseline).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';

const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: process.env.BENCH_CLIENT_DIR || '/nonexistent',
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
});
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
await seedIfEmpty(database.db, config);
const app = await buildApp({ config, database, requestMetrics: process.env.BENCH_REQUEST_METRICS !== 'off' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`port ${(app.server.address() as AddressInfo).port}`);
