import { describe, expect, it } from 'vitest';
import { healthScore, pingSchema, systemHealthSchema } from '../../domain/admin';
import { API } from '../../domain/api-paths';
import { SUPERUSER_REQUIRED } from '../../domain/permissions';
import { auditLog, systemAlerts } from '../../server/db/schema';
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
