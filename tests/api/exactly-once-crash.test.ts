import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../support/server';
import { shareDatabase, startApiProcess, type ApiProcess, type SharedDatabase } from '../support/api-process';
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

const signInTo = async (api: ApiProcess) => {
  const res = await fetch(`${api.url}/api/v1/auth/jwt/create/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'stores', password: DEMO_PASSWORD }) });
  return ((await res.json()) as { access: string }).access;
};

describe('keyed writes through a killed API process', () => {
  let shared: SharedDatabase<number>;
  beforeAll(async () => {
    shared = await shareDatabase(async (db) => (await makeMaterial(db, (await makeCategory(db)).id)).id);
  }, 60_000);
  afterAll(() => shared.close());

  it(`applies each of ${WRITES} keyed stock adjustment requests exactly once across ${KILLS} kills and restarts`, async () => {
    const keys = Array.from({ length: WRITES }, (_, i) => `crash-test:${i}`);
    const answers = new Map<string, { status: number; body: string; replayed: boolean }[]>();
    const send = async (api: ApiProcess, access: string, key: string) => {
      const res = await fetch(`${api.url}/api/v1/stockadjustments/stock-adjustments/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${access}`, 'idempotency-key': key },
        body: JSON.stringify({ material: shared.prepared, quantity: '1.000', reason: key }),
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
