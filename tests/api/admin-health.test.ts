import { describe, expect, it } from 'vitest';
import { healthScore, pingSchema, systemHealthSchema } from '../../domain/admin';
import { API } from '../../domain/api-paths';
import { SUPERUSER_REQUIRED } from '../../domain/permissions';
import { auditLog, systemAlerts } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { databaseFigures } from '../../server/modules/admin/measures';
import { startLiveHub } from '../../server/modules/live/hub';
import { expectAccessMatrix } from '../support/access';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('GET admin/system/health/', () => {
  it('answers the measures of this process and the score they make', async () => {
    const admin = await server.as('admin');
    const res = await admin.get(API.admin.health);
    expect(res.statusCode).toBe(200);
    const health = systemHealthSchema.parse(res.json());
    expect(health.database).toEqual({ healthy: true, latencyMs: expect.any(Number), error: null });
    expect(health.stores).toEqual({ jobs: true, liveUpdates: true });
    expect(health.storesInitialised).toBe(true);
    expect(health.memory.percent).toBeGreaterThan(0);
    expect(health.memory.percent).toBeLessThan(100);
    expect(health.memory.heapUsedBytes).toBeLessThan(health.memory.heapLimitBytes);
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(health.eventLoop.maxMs).toBeGreaterThanOrEqual(0);
    // The calls so far (sign-in, this one) are far under a second on average.
    expect(health.apiStatus).toBe('connected');
    expect(health.apiAverageMs).toEqual(expect.any(Number));
    expect(health.riskLevel).toBe('low');
    expect(health.score).toBe(healthScore({ apiStatus: health.apiStatus, databaseHealthy: true, storesInitialised: true, memoryPercent: health.memory.percent }));
    expect(health.instance).toMatch(/:\d+$/);
  });

  it('raises the risk level with high-risk audit entries and open critical alerts', async () => {
    const admin = await server.as('admin');
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ action: 'test.entry', target: `t${i}`, risk_level: 'high' }));
    await server.db().insert(auditLog).values(entries(1));
    expect((await admin.get(API.admin.health)).json().riskLevel).toBe('medium');
    await server.db().insert(auditLog).values(entries(2));
    expect((await admin.get(API.admin.health)).json().riskLevel).toBe('high');
    await server.db().insert(auditLog).values(entries(3));
    expect((await admin.get(API.admin.health)).json().riskLevel).toBe('critical');
    await server.db().delete(auditLog);
    await server.db().insert(systemAlerts).values({ type: 'critical', message: 'Disk full', source: 'database' });
    expect((await admin.get(API.admin.health)).json().riskLevel).toBe('critical');
  });
});

describe('the measures behind the score', () => {
  it('finds the database not healthy when its query fails or does not answer in time', async () => {
    const failing = { execute: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) } as unknown as Db;
    expect(await databaseFigures(failing)).toEqual({ healthy: false, latencyMs: null, error: 'connect ECONNREFUSED 127.0.0.1:5432' });
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as Db;
    expect(await databaseFigures(hanging, 30)).toEqual({ healthy: false, latencyMs: null, error: 'The database did not answer within 0.03 s.' });
  });

  it('finds the live updates listener down once it is closed', async () => {
    const database = { db: server.db(), kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite', close: async () => undefined } as const;
    const hub = await startLiveHub(database, () => undefined);
    expect(hub.listening()).toBe(true);
    await hub.close();
    expect(hub.listening()).toBe(false);
  });
});

describe('GET admin/system/ping/', () => {
  it('answers at once, naming the process', async () => {
    const res = await (await server.as('admin')).get(API.admin.ping);
    expect(res.statusCode).toBe(200);
    expect(pingSchema.parse(res.json())).toEqual({ status: 'ok', timestamp: expect.any(String), instance: expect.any(String) });
  });
});

describe('who may read the health', () => {
  it('only superusers; every other role is refused with the spec’s message, and anonymous callers with 401', async () => {
    await expectAccessMatrix(server.app(), [
      { method: 'GET', url: API.admin.health, permission: 'system.admin' },
      { method: 'GET', url: API.admin.ping, permission: 'system.admin' },
    ]);
    const res = await (await server.as('management')).get(API.admin.health);
    expect(res.json()).toEqual({ detail: SUPERUSER_REQUIRED });
  });
});
