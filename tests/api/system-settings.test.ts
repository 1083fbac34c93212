import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { MAINTENANCE } from '../../domain/auth';
import { as, DEMO_PASSWORD, signIn, signedInAs, startTestServer, type TestServer } from '../support/server';

/**
 * Issue 23 §2: the system settings take effect in the API. Maintenance mode closes every call to
 * everyone but superusers; a switched-off module's calls are refused, naming it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const IN_MAINTENANCE = { detail: 'FabOps is down for maintenance. Your work is kept on this device and sent when it is back.', code: 'maintenance' };

async function setConfig(changes: Record<string, unknown>) {
  const admin = await signedInAs(server.app, 'admin');
  const current = (await admin.get(API.system.config)).json<Record<string, unknown>>();
  expect((await admin.put(API.system.config, { ...current, ...changes })).statusCode).toBe(200);
}
const setModule = async (name: string, enabled: boolean) =>
  expect((await (await signedInAs(server.app, 'admin')).put(API.system.module(name), { is_enabled: enabled })).statusCode).toBe(200);
const signInAnswer = (username: string, password = DEMO_PASSWORD) => server.app.inject({ method: 'POST', url: `/api/v1${API.auth.create}`, payload: { username, password } });

describe('maintenance mode', () => {
  it('answers 503 with the maintenance message to every call of a user who is not a superuser, and asks to come back in a minute', async () => {
    const foreman = await signedInAs(server.app, 'foreman');
    const stores = await signedInAs(server.app, 'stores');
    await setConfig({ maintenanceMode: true });
    for (const [client, path] of [
      [foreman, API.auth.me],
      [foreman, API.requisitions.list],
      [stores, API.system.modules],
    ] as const) {
      const res = await client.get(path);
      expect(res.statusCode, path).toBe(503);
      expect(res.json()).toEqual(IN_MAINTENANCE);
      expect(res.headers['retry-after']).toBe('60');
    }
    const write = await foreman.post(API.requisitions.list, {});
    expect(write.statusCode).toBe(503);
    expect(MAINTENANCE.message).toBe(IN_MAINTENANCE.detail);
  });

  it('lets superusers work on, sign in and change the settings back', async () => {
    await setConfig({ maintenanceMode: true });
    expect((await signInAnswer('admin')).statusCode).toBe(200);
    const admin = await signedInAs(server.app, 'admin');
    expect((await admin.get(API.users.list)).statusCode).toBe(200);
    await setConfig({ maintenanceMode: false });
    expect((await (await signedInAs(server.app, 'foreman')).get(API.auth.me)).statusCode).toBe(200);
  });

  it('refuses a non-superuser’s sign-in with the maintenance message, but a wrong password as always', async () => {
    await setConfig({ maintenanceMode: true });
    const refused = await signInAnswer('foreman');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(IN_MAINTENANCE);
    const wrong = await signInAnswer('foreman', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
  });

  it('answers a renewal with 503, not a refusal, so the device keeps its session for afterwards', async () => {
    const { refresh } = await signIn(server.app, 'foreman');
    await setConfig({ maintenanceMode: true });
    const renewal = await server.app.inject({ method: 'POST', url: `/api/v1${API.auth.refresh}`, payload: { refresh } });
    expect(renewal.statusCode).toBe(503);
    await setConfig({ maintenanceMode: false });
    const after = await server.app.inject({ method: 'POST', url: `/api/v1${API.auth.refresh}`, payload: { refresh } });
    expect(after.statusCode).toBe(200);
  });

  it('keeps the health check and signing out open, and closes registration', async () => {
    const { refresh } = await signIn(server.app, 'foreman');
    await setConfig({ maintenanceMode: true });
    expect((await as(server.app, null).get(API.health)).statusCode).toBe(200);
    expect((await as(server.app, null).post(API.auth.blacklist, { refresh })).statusCode).toBe(200);
    const registration = await as(server.app, null).post(API.auth.register, { username: 'new.joiner', password: 'Quartz-lantern-meadow-47', re_password: 'Quartz-lantern-meadow-47' });
    expect(registration.statusCode).toBe(503);
    expect(registration.json()).toEqual(IN_MAINTENANCE);
  });
});

describe('module switches', () => {
  const OFF = (name: string) => ({ detail: `The ${name} module is switched off. Ask a superuser to switch it on.`, code: 'module_disabled' });

  it('refuses every call of a switched-off module with 403 naming it, to superusers too', async () => {
    const accounts = await signedInAs(server.app, 'accounts');
    expect((await accounts.get(API.invoices.list)).statusCode).toBe(200);
    await setModule('invoices', false);
    for (const client of [accounts, await signedInAs(server.app, 'admin')]) {
      const res = await client.get(API.invoices.list);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(OFF('invoices'));
    }
    const write = await accounts.post(API.invoices.list, {});
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual(OFF('invoices'));
  });

  it('leaves the other modules and the calls of no module open, and opens again when switched on', async () => {
    const stores = await signedInAs(server.app, 'stores');
    await setModule('requisitions', false);
    expect((await stores.get(API.requisitions.list)).json()).toEqual(OFF('requisitions'));
    expect((await stores.get(API.materials.list)).statusCode).toBe(200);
    expect((await stores.get(API.auth.me)).statusCode).toBe(200);
    expect((await stores.get(API.system.modules)).json()).toMatchObject({ requisitions: false, materials: true });
    await setModule('requisitions', true);
    expect((await stores.get(API.requisitions.list)).statusCode).toBe(200);
  });

  it('names the module of a path with two words (sales orders, purchase orders, delivery notes)', async () => {
    const admin = await signedInAs(server.app, 'admin');
    await setModule('purchase orders', false);
    expect((await admin.get(API.lpos.list)).json()).toEqual(OFF('purchase orders'));
  });
});
