import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { freePort, hasExited, startChild, stopChild, type Child } from '../../bench/lib/processes';
import { openDatabase, queryRows, type Database, type Db } from '../../server/db/client';
import { seedDemoUsers } from '../../server/db/seed';
import { hashPassword } from '../../server/lib/password';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';

/** A real API process (server/main.ts) on a database of the test's, for what only processes show. */
export interface ApiProcess {
  url: string;
  child: Child;
  stop(): Promise<void>;
}

const STARTED = /FabOps is running/;
const GIVE_UP_MS = 60_000;

/**
 * Starts `server/main.ts` on the database `env` names (DATABASE_URL or DATA_DIR; no demo seed) and
 * resolves once it listens; on `env.PORT` if given (a restart where clients expect it), else a free port.
 */
export async function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = startChild(['--import', 'tsx', 'server/main.ts'], {
    ...process.env,
    NODE_ENV: 'test',
    SEED: 'none',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    ...env,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API process did not start within ${GIVE_UP_MS / 1000} s:\n${child.output()}`)), GIVE_UP_MS);
    const onOutput = (chunk: Buffer) => {
      if (!STARTED.test(chunk.toString())) return;
      clearTimeout(timer);
      resolve();
    };
    child.process.stdout!.on('data', onOutput);
    void child.exited.then(() => {
      clearTimeout(timer);
      if (hasExited(child)) reject(new Error(`the API process stopped before it listened:\n${child.output()}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, stop: () => stopChild(child) };
}

/** The database real API processes share: the file's PostgreSQL database, or a PGlite data directory (one process at a time). */
export interface SharedDatabase<T> {
  env: NodeJS.ProcessEnv;
  /** What `prepare` made (the demo users are there too). */
  prepared: T;
  /** Reads the database once no process holds it (PGlite allows one at a time). */
  read<R>(query: ReturnType<typeof sql>): Promise<R[]>;
  close(): Promise<void>;
}

export async function shareDatabase<T>(prepare: (db: Db) => Promise<T>): Promise<SharedDatabase<T>> {
  if (process.env.TEST_DB === 'postgres') {
    const server: TestServer = await startTestServer();
    const prepared = await prepare(server.database.db);
    return { env: { DATABASE_URL: server.url! }, prepared, read: (query) => queryRows(server.database.db, query), close: () => server.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-processes-'));
  const open = () => openDatabase({ dataDir: dir });
  const setup: Database = await open();
  await seedDemoUsers(setup.db, await hashPassword(DEMO_PASSWORD, 1024));
  const prepared = await prepare(setup.db);
  await setup.close();
  return {
    env: { DATA_DIR: dir },
    prepared,
    read: async (query) => {
      const database = await open();
      try {
        return await queryRows(database.db, query);
      } finally {
        await database.close();
      }
    },
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Two real API processes on one fresh PostgreSQL database, started once for the describe block that calls it. */
export function useTwoApiProcesses(): { database: () => TestServer; processes: () => [ApiProcess, ApiProcess] } {
  let database: TestServer;
  let processes: [ApiProcess, ApiProcess];
  beforeAll(async () => {
    database = await startTestServer();
    processes = await Promise.all([startApiProcess({ DATABASE_URL: database.url! }), startApiProcess({ DATABASE_URL: database.url! })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await database.close();
  });
  return { database: () => database, processes: () => processes };
}
