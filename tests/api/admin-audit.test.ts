import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { AUDIT_MESSAGES, auditEntrySchema, type AuditEntry } from '../../domain/admin';
import { API } from '../../domain/api-paths';
import { auditLog } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { useTestServer, type TestClient } from '../support/server';

const server = useTestServer();

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: AuditEntry[];
}

/**
 * The log of these tests, written out: six entries over three days by two users and the system.
 * Signed in first, then the log emptied, so that only these rows are in it.
 */
async function adminWithLog(): Promise<{ admin: TestClient; ids: Record<string, number>; adminId: number; storesId: number }> {
  const admin = await server.as('admin');
  await server.db().delete(auditLog);
  const adminId = await userId(server.db(), 'admin');
  const storesId = await userId(server.db(), 'stores');
  const rows = [
    ['signIn', { timestamp: new Date('2026-05-01T08:00:00Z'), user_id: storesId, username: 'stores', action: 'auth.sign_in', target: `user:${storesId}`, risk_level: 'low' }],
    ['issue', { timestamp: new Date('2026-05-01T09:30:00Z'), user_id: storesId, username: 'stores', action: 'stock.issue', target: 'requisitions:17', risk_level: 'low', metadata: { quantity: '4.000' } }],
    ['block', { timestamp: new Date('2026-05-02T11:00:00Z'), user_id: adminId, username: 'admin', action: 'user.block', target: `user:${storesId}`, risk_level: 'high', metadata: { reason: 'Left the company' } }],
    ['config', { timestamp: new Date('2026-05-02T11:05:00Z'), user_id: adminId, username: 'admin', action: 'system.config.update', target: 'system_config', risk_level: 'critical' }],
    ['raise', { timestamp: new Date('2026-05-03T00:00:00Z'), user_id: null, username: null, action: 'system_alert.raise', target: 'system_alerts:4', risk_level: 'low' }],
    ['gra', { timestamp: new Date('2026-05-03T10:00:00Z'), user_id: storesId, username: 'stores', action: 'gra.cancel', target: 'GRAS:9', risk_level: 'high', client_address: '10.1.2.3', request_id: 'req-gra-9' }],
  ] as const;
  const ids: Record<string, number> = {};
  for (const [name, values] of rows) {
    const [row] = await server.db().insert(auditLog).values(values).returning();
    ids[name] = row!.id;
  }
  return { admin, ids, adminId, storesId };
}

const page = async (admin: TestClient, query: string): Promise<Page> => {
  const res = await admin.get(`${API.admin.audit}${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json();
};

describe('GET admin/audit/', () => {
  it('answers the entries newest first in the shape of product-frame.md §3', async () => {
    const { admin, ids, storesId } = await adminWithLog();
    const all = await page(admin, '');
    expect(all.count).toBe(6);
    expect(all.results.map((e) => e.id)).toEqual([ids.gra, ids.raise, ids.config, ids.block, ids.issue, ids.signIn]);
    expect(auditEntrySchema.strict().parse(all.results[0])).toEqual({
      id: ids.gra,
      timestamp: '2026-05-03T10:00:00.000Z',
      riskLevel: 'high',
      action: 'gra.cancel',
      target: 'GRAS:9',
      metadata: {},
      userId: storesId,
      username: 'stores',
      clientAddress: '10.1.2.3',
      requestId: 'req-gra-9',
    });
    expect(all.results[4]!.metadata).toEqual({ quantity: '4.000' });
  });

  it('filters by user, action, target, risk level and period, alone and together', async () => {
    const { admin, ids, adminId, storesId } = await adminWithLog();
    const found = async (query: string) => (await page(admin, query)).results.map((e) => e.id);
    expect(await found(`?user=${adminId}`)).toEqual([ids.config, ids.block]);
    expect(await found(`?user=${storesId}`)).toEqual([ids.gra, ids.issue, ids.signIn]);
    expect(await found('?action=user.block')).toEqual([ids.block]);
    // The action is matched whole: a part of one matches nothing.
    expect(await found('?action=user')).toEqual([]);
    // The target is searched, in any case.
    expect(await found(`?target=user:${storesId}`)).toEqual([ids.block, ids.signIn]);
    expect(await found('?target=gras')).toEqual([ids.gra]);
    // A LIKE wildcard is a plain character.
    expect(await found('?target=%25')).toEqual([]);
    expect(await found('?riskLevel=high')).toEqual([ids.gra, ids.block]);
    expect(await found('?riskLevel=critical')).toEqual([ids.config]);
    // Both ends included.
    expect(await found('?from=2026-05-02T11:00:00Z')).toEqual([ids.gra, ids.raise, ids.config, ids.block]);
    expect(await found('?to=2026-05-02T11:00:00Z')).toEqual([ids.block, ids.issue, ids.signIn]);
    expect(await found('?from=2026-05-02T00:00:00%2B05:30&to=2026-05-02T23:59:59%2B05:30')).toEqual([ids.config, ids.block]);
    expect(await found(`?user=${storesId}&riskLevel=high&from=2026-05-03T00:00:00Z`)).toEqual([ids.gra]);
    expect(await found(`?user=${adminId}&riskLevel=low`)).toEqual([]);
  });

  it('loads 50 entries unless a limit is given, with DRF’s limit-offset links', async () => {
    const { admin, ids } = await adminWithLog();
    await server
      .db()
      .insert(auditLog)
      .values(Array.from({ length: 60 }, (_, i) => ({ timestamp: new Date(Date.parse('2026-04-01T00:00:00Z') + i * 60_000), action: 'test.entry', target: `t${i}` })));
    const first = await page(admin, '');
    expect(first.count).toBe(66);
    expect(first.results).toHaveLength(50);
    expect(first.next).toBe(`/api/v1${API.admin.audit}?offset=50`);
    expect(first.previous).toBeNull();

    const two = await page(admin, '?limit=2&offset=2');
    expect(two.results.map((e) => e.id)).toEqual([ids.config, ids.block]);
    expect(two.next).toBe(`/api/v1${API.admin.audit}?limit=2&offset=4`);
    expect(two.previous).toBe(`/api/v1${API.admin.audit}?limit=2`);
    const last = await page(admin, '?limit=10&offset=60');
    expect(last.results).toHaveLength(6);
    expect(last.next).toBeNull();
    expect(last.previous).toBe(`/api/v1${API.admin.audit}?limit=10&offset=50`);
  });

  it.each([
    ['?limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
    ['?limit=abc', { limit: ['A valid integer is required.'] }],
    ['?limit=1001', { limit: ['Ensure this value is less than or equal to 1000.'] }],
    ['?offset=-1', { offset: ['Ensure this value is greater than or equal to 0.'] }],
    ['?offset=1.5', { offset: ['A valid integer is required.'] }],
    ['?user=0', { user: ['Invalid pk - object does not exist.'] }],
    ['?user=stores', { user: ['A valid integer is required.'] }],
    ['?riskLevel=severe', { riskLevel: ['"severe" is not a valid choice.'] }],
    ['?from=2026-05-01', { from: [expect.stringMatching(/^Datetime has wrong format/)] }],
    ['?to=yesterday', { to: [expect.stringMatching(/^Datetime has wrong format/)] }],
    ['?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', { to: ['The end cannot be before the start.'] }],
    ['?colour=red', { non_field_errors: [expect.stringContaining('colour')] }],
    [`?action=${'a'.repeat(101)}`, { action: [expect.any(String)] }],
  ])('refuses %s with 400 naming the filter', async (query, body) => {
    const admin = await server.as('admin');
    const res = await admin.get(`${API.admin.audit}${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });
});

describe('POST admin/audit/', () => {
  const latest = async () => (await server.db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

  it('records the caller’s entry, keeping the client’s clock in the metadata', async () => {
    const admin = await server.as('admin');
    const adminId = await userId(server.db(), 'admin');
    const res = await admin.post(
      API.admin.audit,
      { action: 'superuser.export_audit', target: 'audit_log', metadata: { rows: 120, format: 'csv' }, timestamp: '2026-05-04T09:15:00+05:30', userId: adminId, username: 'Admin' },
      { 'x-request-id': 'export-1' },
    );
    expect(res.statusCode).toBe(201);
    const entry = auditEntrySchema.strict().parse(res.json());
    expect(entry).toMatchObject({
      action: 'superuser.export_audit',
      target: 'audit_log',
      riskLevel: 'low',
      userId: adminId,
      username: 'admin',
      requestId: 'export-1',
      clientAddress: '127.0.0.1',
      metadata: { rows: 120, format: 'csv', clientTimestamp: '2026-05-04T09:15:00+05:30' },
    });
    // The entry's own time is the server's.
    expect(Math.abs(Date.parse(entry.timestamp) - Date.now())).toBeLessThan(60_000);
    expect((await latest()).id).toBe(entry.id);
    expect((await page(admin, '?action=superuser.export_audit')).results).toEqual([entry]);
  });

  it('records under the caller when no user is named, at the risk level given', async () => {
    const admin = await server.as('admin');
    const res = await admin.post(API.admin.audit, { action: 'superuser.view', target: 'performance', riskLevel: 'medium' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'admin', riskLevel: 'medium', metadata: {} });
  });

  it('refuses an entry in someone else’s name', async () => {
    const admin = await server.as('admin');
    const storesId = await userId(server.db(), 'stores');
    const before = (await latest()).id;
    const res = await admin.post(API.admin.audit, { action: 'x.y', target: 't', userId: storesId, username: 'stores' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ userId: [AUDIT_MESSAGES.notCaller], username: [AUDIT_MESSAGES.notCaller] });
    expect((await latest()).id).toBe(before);
  });

  it.each([
    [{}, ['action', 'target']],
    [{ action: ' ', target: 't' }, ['action']],
    [{ action: 'a', target: 't', metadata: 'text' }, ['metadata']],
    [{ action: 'a', target: 't', metadata: [1, 2] }, ['metadata']],
    [{ action: 'a', target: 't', metadata: { blob: 'x'.repeat(10_001) } }, ['metadata']],
    [{ action: 'a', target: 't', timestamp: 'today' }, ['timestamp']],
    [{ action: 'a', target: 't', userId: 'me' }, ['userId']],
    [{ action: 'a', target: 't', riskLevel: 'extreme' }, ['riskLevel']],
  ])('refuses %j with 400 naming %j', async (body, fields) => {
    const admin = await server.as('admin');
    const res = await admin.post(API.admin.audit, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual([...fields].sort());
  });

  it('replays a repeated Idempotency-Key instead of recording twice', async () => {
    const admin = await server.as('admin');
    const body = { action: 'superuser.view', target: 'dashboard' };
    const first = await admin.post(API.admin.audit, body, { 'idempotency-key': 'view-1' });
    const second = await admin.post(API.admin.audit, body, { 'idempotency-key': 'view-1' });
    expect(second.json()).toEqual(first.json());
    expect(await server.db().select().from(auditLog).where(eq(auditLog.action, 'superuser.view'))).toHaveLength(1);
  });
});

describe('who may read and write the audit log', () => {
  it('only superusers', async () => {
    await expectAccessMatrix(server.app(), [
      { method: 'GET', url: API.admin.audit, permission: 'system.admin' },
      { method: 'POST', url: API.admin.audit, body: { action: 'x.y', target: 't' }, permission: 'system.admin' },
    ]);
  });
});
