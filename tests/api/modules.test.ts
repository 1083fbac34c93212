import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SUPERUSER_REQUIRED } from '../../domain/permissions';
import { auditLog, systemConfig, users } from '../../server/db/schema';
import { forgetGuardReads } from '../../server/plugins/auth';
import { as, DEMO_PASSWORD, signIn, signedInAs, startTestServer, TEST_MAX_SESSIONS, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// Module switches, the system config and blocks are shared state: every test starts from the seed.
beforeEach(() => server.reset());

const SUPERUSER_ONLY = { detail: SUPERUSER_REQUIRED };
const modulePath = (name: string) => `/system/modules/${encodeURIComponent(name)}/`;

async function idOf(username: string): Promise<number> {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function auditRows(action: string, target?: string) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(target ? and(eq(auditLog.action, action), eq(auditLog.target, target)) : eq(auditLog.action, action));
}

const signInStatus = async (username: string) =>
  (await server.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { username, password: DEMO_PASSWORD } })).statusCode;

/** The modules of the spec, in its order, written out. */
const MODULE_NAMES = [
  'sales orders',
  'invoices',
  'purchase orders',
  'GRA',
  'delivery notes',
  'dispatches',
  'job orders',
  'materials',
  'leads',
  'customers',
  'vendors',
  'quotations',
  'estimation',
  'requisitions',
  'receipts',
  'reports',
  'messaging',
  'accounting',
  'HRMS',
];

describe('GET /system/modules/', () => {
  it('lists every module of the spec, each enabled by default', async () => {
    const res = await (await signedInAs(server.app, 'sales.exec')).get('/system/modules/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(Object.fromEntries(MODULE_NAMES.map((name) => [name, true])));
  });

  it('answers 401 without sign-in', async () => {
    expect((await as(server.app, null).get('/system/modules/')).statusCode).toBe(401);
  });
});

describe('PUT /system/modules/{name}/', () => {
  it('lets a superuser switch a module whose name has a space off and on again', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.put('/system/modules/sales%20orders/', { is_enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'sales orders', is_enabled: false, updated_by: 'admin' });

    const map = (await admin.get('/system/modules/')).json();
    expect(map['sales orders']).toBe(false);
    expect(Object.entries(map).filter(([, on]) => !on)).toEqual([['sales orders', false]]);

    expect((await admin.put('/system/modules/sales%20orders/', { is_enabled: true })).json().is_enabled).toBe(true);
    expect((await admin.get('/system/modules/')).json()['sales orders']).toBe(true);
  });

  it('shows the change to every user, not only the superuser', async () => {
    await (await signedInAs(server.app, 'admin')).put(modulePath('GRA'), { is_enabled: false });
    const map = (await (await signedInAs(server.app, 'stores')).get('/system/modules/')).json();
    expect(map.GRA).toBe(false);
  });

  it('writes each switch to the audit log', async () => {
    const admin = await signedInAs(server.app, 'admin');
    await admin.put(modulePath('delivery notes'), { is_enabled: false });
    await admin.put(modulePath('delivery notes'), { is_enabled: true });
    expect(await auditRows('module.disable', 'module:delivery notes')).toEqual([expect.objectContaining({ username: 'admin', risk_level: 'high' })]);
    expect(await auditRows('module.enable', 'module:delivery notes')).toHaveLength(1);
  });

  it(`refuses a non-superuser with 403 "${SUPERUSER_REQUIRED}", and nothing changes`, async () => {
    for (const username of ['sales.exec', 'management']) {
      const res = await (await signedInAs(server.app, username)).put(modulePath('invoices'), { is_enabled: false });
      expect(res.statusCode, username).toBe(403);
      expect(res.json(), username).toEqual(SUPERUSER_ONLY);
    }
    expect((await (await signedInAs(server.app, 'admin')).get('/system/modules/')).json().invoices).toBe(true);
    expect(await auditRows('module.disable')).toHaveLength(0);
  });

  it('refuses a non-superuser with 403 before looking at the body or the name', async () => {
    const sales = await signedInAs(server.app, 'sales.exec');
    expect((await sales.put(modulePath('invoices'), { is_enabled: 'no' })).statusCode).toBe(403);
    expect((await sales.put(modulePath('no such module'), { is_enabled: false })).statusCode).toBe(403);
  });

  it('answers 401 without sign-in', async () => {
    expect((await as(server.app, null).put(modulePath('invoices'), { is_enabled: false })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown module name, including a wrongly cased one', async () => {
    const admin = await signedInAs(server.app, 'admin');
    for (const name of ['no such module', 'Sales Orders', 'gra', 'x'.repeat(100), 'x'.repeat(200)]) {
      const res = await admin.put(modulePath(name), { is_enabled: false });
      expect(res.statusCode, name).toBe(404);
    }
    expect(Object.keys((await admin.get('/system/modules/')).json()).sort()).toEqual([...MODULE_NAMES].sort());
  });

  it('refuses a missing or non-boolean is_enabled with 400', async () => {
    const admin = await signedInAs(server.app, 'admin');
    for (const body of [{}, { is_enabled: 'false' }, { is_enabled: 0 }, { is_enabled: null }]) {
      const res = await admin.put(modulePath('invoices'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toHaveProperty('is_enabled');
    }
    expect((await admin.get('/system/modules/')).json().invoices).toBe(true);
  });
});

describe('GET /system/modules/detailed/', () => {
  it('lists every module with its routes, never changed by default', async () => {
    const res = await (await signedInAs(server.app, 'sales.exec')).get('/system/modules/detailed/');
    expect(res.statusCode).toBe(200);
    const details = res.json() as { name: string; is_enabled: boolean; routes: string[]; updated_at: string | null; updated_by: string | null }[];
    expect(details.map((d) => d.name)).toEqual([...MODULE_NAMES]);
    for (const detail of details) {
      expect(detail).toMatchObject({ is_enabled: true, updated_at: null, updated_by: null });
    }
    const routesOf = (name: string) => details.find((d) => d.name === name)!.routes;
    expect(routesOf('vendors')).toEqual(['vendors-home', 'vendor-detail']);
    expect(routesOf('dispatches')).toEqual(['dispatches-home', 'dispatch-detail', 'accounts-dispatch-detail']);
    expect(routesOf('messaging')).toEqual(['messages-home']);
    expect(routesOf('accounting')).toEqual([]);
    expect(routesOf('leads')).toContain('leads-home');
  });

  it('shows a switch with who made it and when', async () => {
    const before = Date.now();
    await (await signedInAs(server.app, 'admin')).put(modulePath('job orders'), { is_enabled: false });
    const details = (await (await signedInAs(server.app, 'foreman')).get('/system/modules/detailed/')).json() as { name: string; is_enabled: boolean; updated_at: string; updated_by: string }[];
    const jobOrders = details.find((d) => d.name === 'job orders')!;
    expect(jobOrders).toMatchObject({ is_enabled: false, updated_by: 'admin' });
    expect(new Date(jobOrders.updated_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(details.filter((d) => d.name !== 'job orders').every((d) => d.is_enabled && d.updated_by === null)).toBe(true);
  });
});

/** The system configuration's defaults of the spec, written out. */
const SPEC_DEFAULTS = { maintenanceMode: false, allowNewRegistrations: true, sessionTimeout: 3600, maxConcurrentSessions: 5 };
/** What a test server stores: the defaults, with room for the suite's many sign-ins. */
const SEEDED = { ...SPEC_DEFAULTS, maxConcurrentSessions: TEST_MAX_SESSIONS };

describe('GET and PUT /admin/system/config/', () => {
  it('returns the defaults of the spec to a superuser when none is stored', async () => {
    const admin = await signedInAs(server.app, 'admin');
    await server.database.db.delete(systemConfig);
    forgetGuardReads(server.app);
    const res = await admin.get('/admin/system/config/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SPEC_DEFAULTS);
  });

  it('stores a new configuration, returns it, and audits the change', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const next = { maintenanceMode: true, allowNewRegistrations: false, sessionTimeout: 7200, maxConcurrentSessions: 2 };
    const res = await admin.put('/admin/system/config/', next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next);
    expect((await admin.get('/admin/system/config/')).json()).toEqual(next);
    expect(await auditRows('system.config.update', 'system_config')).toEqual([expect.objectContaining({ username: 'admin', risk_level: 'critical', metadata: next })]);
  });

  it('ignores unknown fields', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.put('/admin/system/config/', { ...SPEC_DEFAULTS, sessionTimeout: 900, debug: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...SPEC_DEFAULTS, sessionTimeout: 900 });
  });

  it('refuses a non-superuser reading or writing it with 403', async () => {
    for (const username of ['sales.manager', 'management']) {
      const client = await signedInAs(server.app, username);
      const read = await client.get('/admin/system/config/');
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual(SUPERUSER_ONLY);
      const write = await client.put('/admin/system/config/', { ...SPEC_DEFAULTS, maintenanceMode: true });
      expect(write.statusCode).toBe(403);
      expect(write.json()).toEqual(SUPERUSER_ONLY);
    }
    expect((await (await signedInAs(server.app, 'admin')).get('/admin/system/config/')).json()).toEqual(SEEDED);
  });

  it('answers 401 without sign-in', async () => {
    expect((await as(server.app, null).get('/admin/system/config/')).statusCode).toBe(401);
    expect((await as(server.app, null).put('/admin/system/config/', SPEC_DEFAULTS)).statusCode).toBe(401);
  });

  it('refuses missing, wrong-typed and out-of-range fields with a message per field, and keeps the old values', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const missing = await admin.put('/admin/system/config/', { maintenanceMode: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      allowNewRegistrations: ['This field is required.'],
      sessionTimeout: ['This field is required.'],
      maxConcurrentSessions: ['This field is required.'],
    });
    for (const [field, value] of [
      ['maintenanceMode', 'yes'],
      ['sessionTimeout', 59],
      ['sessionTimeout', 3600.5],
      ['sessionTimeout', '3600'],
      ['maxConcurrentSessions', 0],
      ['maxConcurrentSessions', 101],
    ] as const) {
      const res = await admin.put('/admin/system/config/', { ...SPEC_DEFAULTS, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys(res.json()), `${field}=${value}`).toEqual([field]);
    }
    expect((await admin.get('/admin/system/config/')).json()).toEqual(SEEDED);
    expect(await auditRows('system.config.update')).toHaveLength(0);
  });
});

describe('POST /admin/users/{id}/block/ and /unblock/', () => {
  it('blocks a user: no sign-in, no use of a token issued before, no refresh; audited with the reason', async () => {
    const tokens = await signIn(server.app, 'sales.exec');
    const admin = await signedInAs(server.app, 'admin');
    const id = await idOf('sales.exec');
    const res = await admin.post(`/admin/users/${id}/block/`, { reason: 'Lost tablet' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, username: 'sales.exec', is_active: false });

    expect(await signInStatus('sales.exec')).toBe(401);
    expect((await as(server.app, tokens.access).get('/auth/users/me/')).statusCode).toBe(401);
    const refreshed = await as(server.app, null).post('/auth/jwt/refresh/', { refresh: tokens.refresh });
    expect(refreshed.statusCode).toBe(401);

    expect(await auditRows('user.block', `user:${id}`)).toEqual([
      expect.objectContaining({ username: 'admin', risk_level: 'critical', metadata: { reason: 'Lost tablet' } }),
    ]);
  });

  it('unblocks a user, who can then sign in again; audited', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const id = await idOf('sales.exec');
    await admin.post(`/admin/users/${id}/block/`, { reason: 'Lost tablet' });
    const res = await admin.post(`/admin/users/${id}/unblock/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, is_active: true });
    expect(await signInStatus('sales.exec')).toBe(200);
    expect(await auditRows('user.unblock', `user:${id}`)).toHaveLength(1);
  });

  it('requires a reason that is not blank', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const url = `/admin/users/${await idOf('sales.exec')}/block/`;
    expect((await admin.post(url, {})).json()).toEqual({ reason: ['This field is required.'] });
    const blank = await admin.post(url, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ reason: ['This field may not be blank.'] });
    const long = await admin.post(url, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toHaveProperty('reason');
    expect(await signInStatus('sales.exec')).toBe(200);
  });

  it('refuses a superuser blocking their own account with 400', async () => {
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.post(`/admin/users/${await idOf('admin')}/block/`, { reason: 'oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['You cannot block your own account.'] });
    expect(await signInStatus('admin')).toBe(200);
  });

  it('refuses non-superusers, the Admin department included, with 403', async () => {
    for (const username of ['sales.manager', 'management']) {
      const client = await signedInAs(server.app, username);
      const res = await client.post(`/admin/users/${await idOf('stores')}/block/`, { reason: 'no' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(SUPERUSER_ONLY);
      expect((await client.post(`/admin/users/${await idOf('stores')}/unblock/`)).statusCode).toBe(403);
    }
    expect(await signInStatus('stores')).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await signedInAs(server.app, 'admin');
    expect((await admin.post('/admin/users/999999/block/', { reason: 'x' })).statusCode).toBe(404);
    expect((await admin.post('/admin/users/999999/unblock/')).statusCode).toBe(404);
    expect((await admin.post('/admin/users/abc/block/', { reason: 'x' })).statusCode).toBe(404);
  });

  it('answers 401 without sign-in', async () => {
    expect((await as(server.app, null).post(`/admin/users/${await idOf('stores')}/block/`, { reason: 'x' })).statusCode).toBe(401);
  });
});
