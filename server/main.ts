import { loadConfig, ConfigError, DEMO_HOST } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DataDirectoryLockedError } from './db/lock';
import { seedIfEmpty, DEMO_PASSWORD } from './db/seed';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
  const seeded = config.SEED === 'demo' ? await seedIfEmpty(database.db, config) : [];
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.host });
  const url = `http://localhost:${config.PORT}`;
  console.log(`\nFabOps is running at ${url}  (API docs: ${url}/api/docs; database: ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`);
  if (!config.HOST && config.host === DEMO_HOST) {
    console.log(`Listening on ${DEMO_HOST} only, as the demo company is seeded: set HOST=0.0.0.0 to listen on every interface.`);
  }
  if (seeded.length) {
    console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"): ${seeded.join(', ')}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) {
    console.error(error.message);
  } else {
    console.error('FabOps failed to start:', error);
  }
  process.exit(1);
});
