// Fills a bench database before its server starts (PGlite allows one process per data directory):
// the demo company, then `BENCH_SCALE` x the scale generator's volume of the parts in
// `BENCH_SCALE_ONLY` (comma-separated, default materials), vacuumed and analysed.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { seedScale, type SeedGroup } from '../server/db/seed/scale';

const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
try {
  await seedIfEmpty(database.db, config);
  const scale = Number(process.env.BENCH_SCALE ?? '0');
  const only = (process.env.BENCH_SCALE_ONLY ?? 'materials').split(',') as SeedGroup[];
  if (scale > 0) await seedScale(database.db, { scale, only });
  // Measured settled: current planner statistics, and no autovacuum of the new rows competing with
  // whichever side of a comparison (the API or its raw query) happens to run first.
  await database.db.execute(sql`VACUUM ANALYZE`);
} finally {
  await database.close();
}
