import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALERT_MESSAGES, ALERTS_CAP } from '../../domain/admin';
import { API } from '../../domain/api-paths';
import { systemAlertSchema, type SystemAlert } from '../../domain/system-alert';
import { auditLog, systemAlerts, users } from '../../server/db/schema';
import { checkAlerts, startAlertMonitor, type MonitorMeasures } from '../../server/modules/admin/monitor';
import { expectAccessMatrix } from '../support/access';
import { useTestServer } from '../support/server';

const server = useTestServer();

const calm: MonitorMeasures = { memoryPercent: 40, averageMs: 80, errorRate: 0 };
const openAlerts = () => server.db().select().from(systemAlerts).where(eq(systemAlerts.resolved, false));

async function alertAt(timestamp: string, changes: Partial<typeof systemAlerts.$inferInsert> = {}) {
  const [row] = await server
    .db()
    .insert(systemAlerts)
    .values({ type: 'warning', message: `raised ${timestamp}`, source: 'test', timestamp, ...changes })
    .returning();
  return row!;
}

describe('the alert monitor (product-frame.md §4, §9)', () => {
  it('raises one alert per cause, step by step, and not again while it is open', async () => {
    const db = server.db();
    expect(await checkAlerts(db, calm)).toEqual([]);

    const memory = await checkAlerts(db, { ...calm, memoryPercent: 91 });
    expect(memory).toEqual([expect.objectContaining({ type: 'warning', source: 'memory', message: 'Memory use is 91 %, above 85 %.', resolved: false })]);
    // Still high at the next check: the open alert stands for it.
    expect(await checkAlerts(db, { ...calm, memoryPercent: 93 })).toEqual([]);

    const slow = await checkAlerts(db, { ...calm, memoryPercent: 93, averageMs: 2500 });
    expect(slow.map((a) => [a.source, a.type])).toEqual([['api', 'warning']]);
    const errors = await checkAlerts(db, { ...calm, memoryPercent: 93, averageMs: 2500, errorRate: 12.5 });
    expect(errors.map((a) => [a.source, a.type])).toEqual([['errors', 'error']]);
    expect(await openAlerts()).toHaveLength(3);

    // Once resolved, the cause may raise a new alert.
    const admin = await server.as('admin');
    expect((await admin.put(API.admin.resolveAlert(memory[0]!.id))).statusCode).toBe(200);
    expect((await checkAlerts(db, { ...calm, memoryPercent: 95 })).map((a) => a.source)).toEqual(['memory']);
    expect(await openAlerts()).toHaveLength(3);

    // Each raise is on the audit log as the system's own write.
    const raised = await db.select().from(auditLog).where(eq(auditLog.action, 'system_alert.raise'));
    expect(raised).toHaveLength(4);
    expect(raised[0]).toMatchObject({ user_id: null, risk_level: 'low', metadata: expect.objectContaining({ source: 'memory' }) });
  });

  it('raises a cause once when two processes check at the same moment', async () => {
    const high = { ...calm, errorRate: 50 };
    const results = await Promise.all([checkAlerts(server.db(), high), checkAlerts(server.db(), high), checkAlerts(server.db(), high)]);
    expect(results.flat()).toHaveLength(1);
    expect(await openAlerts()).toHaveLength(1);
  });

  it('checks on its timer with the measures it is given, and stops', async () => {
    let measures = calm;
    const checks: SystemAlert[][] = [];
    const stop = startAlertMonitor({ db: () => server.db(), measure: () => measures, everyMs: 20, onError: (e) => { throw e; }, onCheck: (raised) => checks.push(raised) });
    const checked = async (n: number) => {
      const target = checks.length + n;
      while (checks.length < target) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await checked(2);
    expect(checks.flat()).toEqual([]);
    measures = { ...calm, averageMs: 3000 };
    await checked(3);
    expect(checks.flat().map((a) => a.source)).toEqual(['api']);
    await stop();
    const after = checks.length;
    measures = { ...calm, memoryPercent: 99 };
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(checks.length).toBe(after);
    expect((await openAlerts()).map((a) => a.source)).toEqual(['api']);
  });

  it(`keeps at most ${ALERTS_CAP} alerts: the resolved go first, then the oldest`, async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    for (let i = 0; i < 60; i++) await alertAt(at(i), { resolved: true, source: 'old' });
    for (let i = 0; i < 40; i++) await alertAt(at(100 + i));
    expect(await checkAlerts(server.db(), { ...calm, memoryPercent: 90 })).toHaveLength(1);
    const kept = await server.db().select().from(systemAlerts);
    expect(kept).toHaveLength(ALERTS_CAP);
    // The newest resolved ones stay; the oldest resolved one went.
    expect(kept.filter((a) => a.resolved)).toHaveLength(59);
    expect(kept.some((a) => a.timestamp === at(0))).toBe(false);
  });
});

describe('GET admin/system/alerts/', () => {
  it('lists the unresolved first, newest first, and filters by resolved', async () => {
    const a = await alertAt('2026-03-01T08:00:00.000Z');
    const b = await alertAt('2026-03-02T08:00:00.000Z');
    const c = await alertAt('2026-03-03T08:00:00.000Z', { resolved: true });
    const d = await alertAt('2026-02-01T08:00:00.000Z', { type: 'critical' });
    const admin = await server.as('admin');
    const ids = async (query = '') => ((await admin.get(`${API.admin.alerts}${query}`)).json() as SystemAlert[]).map((x) => x.id);
    expect(await ids()).toEqual([b.id, a.id, d.id, c.id]);
    expect(await ids('?resolved=false')).toEqual([b.id, a.id, d.id]);
    expect(await ids('?resolved=true')).toEqual([c.id]);
    const [first] = (await admin.get(API.admin.alerts)).json() as unknown[];
    expect(systemAlertSchema.strict().parse(first)).toMatchObject({ id: b.id, type: 'warning', message: 'raised 2026-03-02T08:00:00.000Z', timestamp: '2026-03-02T08:00:00.000Z', resolved: false, source: 'test' });
  });

  it('refuses a bad filter with 400', async () => {
    const admin = await server.as('admin');
    expect((await admin.get(`${API.admin.alerts}?resolved=maybe`)).json()).toEqual({ resolved: ['Must be a valid boolean.'] });
    const unknown = await admin.get(`${API.admin.alerts}?type=critical`);
    expect(unknown.statusCode).toBe(400);
  });
});

describe('PUT admin/system/alerts/{id}/resolve/', () => {
  it('resolves an alert, says who and when, and audits it', async () => {
    const alert = await alertAt('2026-03-01T08:00:00.000Z', { type: 'critical', source: 'database' });
    const admin = await server.as('admin');
    const res = await admin.put(API.admin.resolveAlert(alert.id));
    expect(res.statusCode).toBe(200);
    const [adminRow] = await server.db().select().from(users).where(eq(users.username, 'admin'));
    expect(res.json()).toMatchObject({ id: alert.id, resolved: true, resolved_by: adminRow!.id, resolved_at: expect.any(String), version: 2 });
    const [entry] = await server.db().select().from(auditLog).where(eq(auditLog.action, 'system_alert.resolve'));
    expect(entry).toMatchObject({ username: 'admin', target: `system_alerts:${alert.id}`, risk_level: 'medium', metadata: { type: 'critical', source: 'database' } });
  });

  it('answers 409 with the alert when it is already resolved, and audits nothing more', async () => {
    const alert = await alertAt('2026-03-01T08:00:00.000Z');
    const admin = await server.as('admin');
    await admin.put(API.admin.resolveAlert(alert.id));
    const again = await admin.put(API.admin.resolveAlert(alert.id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: ALERT_MESSAGES.alreadyResolved, alert: { id: alert.id, resolved: true } });
    expect(await server.db().select().from(auditLog).where(eq(auditLog.action, 'system_alert.resolve'))).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const admin = await server.as('admin');
    for (const id of ['999999', '0', 'abc', '99999999999']) {
      expect((await admin.put(`/admin/system/alerts/${id}/resolve/`)).statusCode, id).toBe(404);
    }
  });
});

describe('who may read and resolve alerts', () => {
  it('only superusers', async () => {
    const alert = await alertAt('2026-03-01T08:00:00.000Z');
    await expectAccessMatrix(server.app(), [
      { method: 'GET', url: API.admin.alerts, permission: 'system.admin' },
      { method: 'PUT', url: API.admin.resolveAlert(alert.id), permission: 'system.admin' },
    ]);
  });
});
