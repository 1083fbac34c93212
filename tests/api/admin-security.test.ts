import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { securityMetricsSchema } from '../../domain/admin';
import { API } from '../../domain/api-paths';
import { auditLog, systemAlerts, userSessions, users } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { signIn, useTestServer } from '../support/server';

const server = useTestServer();
const HOUR = 3_600_000;

const metrics = async () => {
  const res = await (await server.as('admin')).get(API.admin.securityMetrics);
  expect(res.statusCode).toBe(200);
  return securityMetricsSchema.parse(res.json());
};

describe('GET admin/security/metrics/', () => {
  it('counts failed sign-ins and refusals of the last 24 hours from the audit log', async () => {
    for (const password of ['wrong-1', 'wrong-2']) {
      expect((await server.app().inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username: 'stores', password } })).statusCode).toBe(401);
    }
    await (await server.as('stores')).get(API.admin.health);
    const figures = await metrics();
    expect(figures).toMatchObject({ failedSignIns: 2, throttledSignIns: 0, refusals: 1, highRiskEntries: 0, criticalEntries: 0, blockedUsers: 0, openCriticalAlerts: 0, riskLevel: 'low' });
    expect(Date.now() - Date.parse(figures.since)).toBeGreaterThanOrEqual(24 * HOUR);
    expect(Date.now() - Date.parse(figures.since)).toBeLessThan(24 * HOUR + 60_000);
  });

  it('counts the sessions live now and the users they belong to, leaving out those ended', async () => {
    await server.db().delete(userSessions);
    await server.as('stores');
    await server.as('stores');
    const foreman = await signIn(server.app(), 'foreman');
    await server.app().inject({ method: 'POST', url: '/api/v1/auth/jwt/blacklist/', payload: { refresh: foreman.refresh } });
    await server.as('foreman');
    // With the superuser who asks: stores twice, foreman once (the other signed out), admin.
    expect(await metrics()).toMatchObject({ activeSessions: 4, signedInUsers: 3 });
  });

  it('leaves out entries older than 24 hours', async () => {
    const old = new Date(Date.now() - 25 * HOUR);
    await server
      .db()
      .insert(auditLog)
      .values([
        { action: 'auth.sign_in_failed', target: 'username:x', timestamp: old },
        { action: 'user.block', target: 'user:3', risk_level: 'critical', timestamp: old },
      ]);
    expect(await metrics()).toMatchObject({ failedSignIns: 0, highRiskEntries: 0, criticalEntries: 0 });
  });

  it('counts high and critical entries as high-risk, and takes the risk level of §4 from them and the open critical alerts', async () => {
    const entries = (n: number, risk: string) => Array.from({ length: n }, (_, i) => ({ action: 'test.entry', target: `t${i}`, risk_level: risk }));
    await server.db().insert(auditLog).values(entries(5, 'low'));
    expect((await metrics()).riskLevel).toBe('low');
    await server.db().insert(auditLog).values(entries(2, 'high'));
    expect(await metrics()).toMatchObject({ highRiskEntries: 2, riskLevel: 'medium' });
    await server.db().insert(auditLog).values(entries(1, 'critical'));
    expect(await metrics()).toMatchObject({ highRiskEntries: 3, criticalEntries: 1, riskLevel: 'high' });
    await server.db().insert(auditLog).values(entries(3, 'high'));
    expect(await metrics()).toMatchObject({ highRiskEntries: 6, riskLevel: 'critical' });
  });

  it('is critical while a critical alert is open, whatever the log says', async () => {
    const [alert] = await server.db().insert(systemAlerts).values({ type: 'critical', message: 'Database unreachable', source: 'database' }).returning();
    await server.db().insert(systemAlerts).values({ type: 'critical', message: 'Resolved long ago', source: 'database', resolved: true });
    expect(await metrics()).toMatchObject({ openCriticalAlerts: 1, riskLevel: 'critical' });
    await (await server.as('admin')).put(API.admin.resolveAlert(alert!.id));
    // Resolving is a medium-risk entry, not a high one.
    expect(await metrics()).toMatchObject({ openCriticalAlerts: 0, riskLevel: 'low' });
  });

  it('counts blocked accounts and throttled sign-ins', async () => {
    const admin = await server.as('admin');
    const [foreman] = await server.db().select().from(users).where(eq(users.username, 'foreman'));
    expect((await admin.post(API.system.blockUser(foreman!.id), { reason: 'Lost tablet' })).statusCode).toBe(200);
    await server.db().insert(auditLog).values({ action: 'auth.sign_in_throttled', target: 'username:foreman', risk_level: 'medium' });
    expect(await metrics()).toMatchObject({ blockedUsers: 1, throttledSignIns: 1 });
  });
});

describe('who may read the security metrics', () => {
  it('only superusers', async () => {
    await expectAccessMatrix(server.app(), [{ method: 'GET', url: API.admin.securityMetrics, permission: 'system.admin' }]);
  });
});
