import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { seedDemoUsers } from '../../server/db/seed';
import { hashPassword } from '../../server/lib/password';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/server';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { makeCategory, makeMaterial } from '../support/factories';

/**
 * Exactly once through crashes (issue 15 §1): keyed stock writes sent 48 at a time to a real API
 * process that is killed (SIGKILL) at a random moment, restarted, and every unanswered write
 * retried with its same Idempotency-Key, as the outbox does. Each key must have made its change
 * exactly once, and a retry is answered at once (no 409 "in flight").
 */
const WRITES = 300;
const AT_ONCE = 48;
const KILLS = 3;

/** The database the processes share: the file's PostgreSQL database, or a PGlite data directory. */
interface SharedDatabase {
  env: NodeJS.ProcessEnv;
  material: number;
  /** Reads the database once no process holds it (PGlite allows one at a time). */
  read<T>(query: ReturnType<typeof sql>): Promise<T[]>;
  close(): Promise<void>;
}

async function shareDatabase(): Promise<SharedDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    const server: TestServer = await startTestServer();
    const material = await makeMaterial(server.database.db, (await makeCategory(server.database.db)).id);
    return { env: { DATABASE_URL: server.url! }, material: material.id, read: (query) => queryRows(server.database.db, query), close: () => server.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-crash-'));
  const open = () => openDatabase({ dataDir: dir });
  const setup: Database = await open();
  await seedDemoUsers(setup.db, await hashPassword(DEMO_PASSWORD, 1024));
  const material = await makeMaterial(setup.db, (await makeCategory(setup.db)).id);
  await setup.close();
  return {
    env: { DATA_DIR: dir },
    material: material.id,
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

const signInTo = async (api: ApiProcess) => {
  const res = await fetch(`${api.url}/api/v1/auth/jwt/create/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'stores', password: DEMO_PASSWORD }) });
  return ((await res.json()) as { access: string }).access;
};

describe('keyed writes through a killed API process', () => {
  let shared: SharedDatabase;
  beforeAll(async () => {
    shared = await shareDatabase();
  }, 60_000);
  afterAll(() => shared.close());

  it(`applies each of ${WRITES} keyed stock adjustment requests exactly once across ${KILLS} kills and restarts`, async () => {
    const keys = Array.from({ length: WRITES }, (_, i) => `crash-test:${i}`);
    const answers = new Map<string, { status: number; body: string; replayed: boolean }[]>();
    const send = async (api: ApiProcess, access: string, key: string) => {
      const res = await fetch(`${api.url}/api/v1/stockadjustments/stock-adjustments/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${access}`, 'idempotency-key': key },
        body: JSON.stringify({ material: shared.material, quantity: '1.000', reason: key }),
      });
      const answer = { status: res.status, body: await res.text(), replayed: res.headers.get('idempotent-replayed') === 'true' };
      answers.set(key, [...(answers.get(key) ?? []), answer]);
    };
    /** Sends the unanswered keys AT_ONCE at a time until they are all answered or the process dies. */
    const drain = async (api: ApiProcess, access: string, killAfter: number | null) => {
      let sent = 0;
      const pending = keys.filter((key) => !answers.get(key)?.some((a) => a.status === 201));
      const worker = async () => {
        for (let key = pending.shift(); key; key = pending.shift()) {
          if (killAfter !== null && ++sent === killAfter) process.kill(-api.child.process.pid!, 'SIGKILL');
          await send(api, access, key).catch(() => undefined);
        }
      };
      await Promise.all(Array.from({ length: AT_ONCE }, worker));
    };

    for (let round = 0; round <= KILLS; round++) {
      const api = await startApiProcess(shared.env);
      try {
        const access = await signInTo(api);
        const killAfter = round < KILLS ? 20 + Math.floor(Math.random() * 200) : null;
        await drain(api, access, killAfter);
      } finally {
        await api.stop();
      }
    }

    for (const key of keys) {
      const got = answers.get(key) ?? [];
      expect(got.filter((a) => a.status === 201).length, key).toBeGreaterThan(0);
      expect(got.every((a) => a.status === 201), `${key}: ${got.map((a) => a.status).join(',')}`).toBe(true);
      expect(new Set(got.map((a) => JSON.parse(a.body).id)).size, key).toBe(1);
    }
    const counts = await shared.read<{ reason: string; n: number }>(sql`SELECT reason, count(*)::int AS n FROM stock_adjustments GROUP BY reason`);
    expect(counts).toHaveLength(WRITES);
    expect(counts.filter((row) => row.n !== 1)).toEqual([]);
  }, 240_000);
});
