// Fills a bench database before its server starts (PGlite allows one process per data directory):
// the demo company, then `BENCH_MATERIALS_SCALE` x the scale generator's materials.
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { seedScale } from '../server/db/seed/scale';

const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
try {
  await seedIfEmpty(database.db, config);
  const scale = Number(process.env.BENCH_MATERIALS_SCALE ?? '0');
  if (scale > 0) await seedScale(database.db, { scale, only: ['materials'] });
} finally {
  await database.close();
}
