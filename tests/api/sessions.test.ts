import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { decodeToken } from '../../domain/auth';
import { SUPERUSER_REQUIRED } from '../../domain/permissions';
import { auditLog, userSessions } from '../../server/db/schema';
import { forgetGuardReads } from '../../server/plugins/auth';
import { as, DEMO_PASSWORD, signIn, signedInAs, startTestServer, TEST_MAX_SESSIONS, type TestServer } from '../support/server';

/**
 * Issue 23 §2: sessions. Every sign-in is a session with its device and start; a superuser sees
 * the live ones and can end one at once; a sign-in beyond the maximum ends the oldest; a session
 * idle longer than the timeout must sign in again.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  await server.database.db.delete(userSessions);
});

const ENDED = { detail: 'Your session has ended. Please sign in again.', code: 'session_ended' };
const TIMED_OUT = { detail: 'Your session timed out after a period of inactivity. Please sign in again.', code: 'session_timed_out' };
const TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function signInFrom(username: string, device: string) {
  const res = await server.app.inject({ method: 'POST', url: `/api/v1${API.auth.create}`, payload: { username, password: DEMO_PASSWORD }, headers: { 'user-agent': device } });
  expect(res.statusCode).toBe(200);
  const pair = res.json<{ access: string; refresh: string }>();
  return { ...pair, sid: decodeToken(pair.access)!.sid!, client: as(server.app, pair.access) };
}

const refresh = (token: string) => server.app.inject({ method: 'POST', url: `/api/v1${API.auth.refresh}`, payload: { refresh: token } });
const auditOf = (action: string) => server.database.db.select().from(auditLog).where(eq(auditLog.action, action));

async function setConfig(changes: Record<string, unknown>) {
  const admin = await signedInAs(server.app, 'admin');
  const current = (await admin.get(API.system.config)).json<Record<string, unknown>>();
  expect((await admin.put(API.system.config, { ...current, ...changes })).statusCode).toBe(200);
}

describe('GET /admin/users/active-sessions/', () => {
  it('lists every live session with its user, device, start and last activity, newest first', async () => {
    const before = Date.now();
    const tablet = await signInFrom('foreman', TABLET);
    const desk = await signInFrom('stores', 'Desktop browser');
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.get(API.admin.activeSessions);
    expect(res.statusCode).toBe(200);
    const sessions = res.json<{ id: string; userId: number; username: string; sessionStart: string; lastActivity: string; device: string; clientAddress: string }[]>();
    expect(sessions.map((s) => [s.username, s.device])).toEqual([
      ['admin', 'lightMyRequest'],
      ['stores', 'Desktop browser'],
      // Named as a superuser recognises it, not by its whole user agent.
      ['foreman', 'Chrome on Android'],
    ]);
    const foreman = sessions[2]!;
    expect(foreman.id).toBe(tablet.sid);
    expect(foreman.userId).toBe(decodeToken(tablet.access)!.user_id);
    expect(new Date(foreman.sessionStart).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(foreman.lastActivity).toBe(foreman.sessionStart);
    expect(foreman.clientAddress).toBe('127.0.0.1');
    expect(desk.sid).toBe(sessions[1]!.id);
  });

  it('keeps the build each device last called with, as soon as it changes, and ignores what is no build’s name', async () => {
    const tablet = await signInFrom('foreman', TABLET);
    const versionOf = async () =>
      (await (await signedInAs(server.app, 'admin')).get(`${API.admin.activeSessions}?user=${decodeToken(tablet.access)!.user_id}`)).json<{ appVersion: string | null }[]>()[0]!.appVersion;
    expect(await versionOf()).toBeNull();
    await tablet.client.get(API.auth.me, { 'x-app-version': '0.1.0+202612071620' });
    expect(await versionOf()).toBe('0.1.0+202612071620');
    await tablet.client.get(API.auth.me, { 'x-app-version': '<script>alert(1)</script>' });
    expect(await versionOf()).toBe('0.1.0+202612071620');
    // Updated on the device: the next call names the new build, and it is kept at once.
    await tablet.client.get(API.auth.me, { 'x-app-version': '0.1.0+202612080900' });
    expect(await versionOf()).toBe('0.1.0+202612080900');
  });

  it('lists one user’s sessions with ?user=', async () => {
    const first = await signInFrom('foreman', 'Tablet one');
    const second = await signInFrom('foreman', 'Tablet two');
    await signInFrom('stores', 'Desk');
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.get(`${API.admin.activeSessions}?user=${decodeToken(first.access)!.user_id}`);
    expect(res.json<{ id: string }[]>().map((s) => s.id)).toEqual([second.sid, first.sid]);
    expect((await admin.get(`${API.admin.activeSessions}?user=abc`)).statusCode).toBe(400);
  });

  it('leaves out a session signed out', async () => {
    const tablet = await signInFrom('foreman', TABLET);
    expect((await server.app.inject({ method: 'POST', url: `/api/v1${API.auth.blacklist}`, payload: { refresh: tablet.refresh } })).statusCode).toBe(200);
    const sessions = (await (await signedInAs(server.app, 'admin')).get(API.admin.activeSessions)).json<{ username: string }[]>();
    expect(sessions.map((s) => s.username)).toEqual(['admin']);
    expect((await tablet.client.get(API.auth.me)).json()).toEqual(ENDED);
  });

  it('answers non-superusers with the spec’s refusal, and 401 without sign-in', async () => {
    for (const username of ['management', 'sales.manager', 'stores.manager', 'accounts']) {
      const res = await (await signedInAs(server.app, username)).get(API.admin.activeSessions);
      expect(res.statusCode, username).toBe(403);
      expect(res.json()).toEqual({ detail: SUPERUSER_REQUIRED });
    }
    expect((await as(server.app, null).get(API.admin.activeSessions)).statusCode).toBe(401);
  });
});

describe('POST /admin/users/sessions/{id}/terminate/', () => {
  it('ends the session at once: its next call and its refresh fail, and it is on record', async () => {
    const tablet = await signInFrom('foreman', TABLET);
    const other = await signInFrom('foreman', 'Desk');
    expect((await tablet.client.get(API.auth.me)).statusCode).toBe(200);
    const admin = await signedInAs(server.app, 'admin');
    const res = await admin.post(API.admin.terminateSession(tablet.sid));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ terminated: tablet.sid });
    const call = await tablet.client.get(API.auth.me);
    expect(call.statusCode).toBe(401);
    expect(call.json()).toEqual(ENDED);
    const renewal = await refresh(tablet.refresh);
    expect(renewal.statusCode).toBe(401);
    expect(renewal.json()).toEqual(ENDED);
    // The user's other session is untouched.
    expect((await other.client.get(API.auth.me)).statusCode).toBe(200);
    const [entry] = await auditOf('auth.session_terminated');
    expect(entry).toMatchObject({ username: 'admin', target: `user:${decodeToken(tablet.access)!.user_id}`, risk_level: 'high', metadata: { session: tablet.sid } });
  });

  it('answers 404 for a session already ended or unknown, and refuses non-superusers', async () => {
    const tablet = await signInFrom('foreman', TABLET);
    const admin = await signedInAs(server.app, 'admin');
    expect((await admin.post(API.admin.terminateSession(tablet.sid))).statusCode).toBe(200);
    const again = await admin.post(API.admin.terminateSession(tablet.sid));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'No live session with this id.' });
    expect((await admin.post(API.admin.terminateSession('not-a-session'))).statusCode).toBe(404);
    const other = await signInFrom('stores', 'Desk');
    const refused = await (await signedInAs(server.app, 'management')).post(API.admin.terminateSession(other.sid));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SUPERUSER_REQUIRED });
    expect((await other.client.get(API.auth.me)).statusCode).toBe(200);
  });
});

describe('the maximum of concurrent sessions', () => {
  it('is the suite’s own on a test server, so its many sign-ins do not end each other', async () => {
    expect((await (await signedInAs(server.app, 'admin')).get(API.system.config)).json()).toMatchObject({ maxConcurrentSessions: TEST_MAX_SESSIONS });
  });

  it('ends the oldest session (its refresh token too) when a sign-in goes beyond it', async () => {
    await setConfig({ maxConcurrentSessions: 2 });
    const first = await signInFrom('foreman', 'Tablet one');
    const second = await signInFrom('foreman', 'Tablet two');
    expect((await first.client.get(API.auth.me)).statusCode).toBe(200);
    const third = await signInFrom('foreman', 'Tablet three');
    expect((await first.client.get(API.auth.me)).json()).toEqual(ENDED);
    expect((await refresh(first.refresh)).json()).toEqual(ENDED);
    expect((await second.client.get(API.auth.me)).statusCode).toBe(200);
    expect((await third.client.get(API.auth.me)).statusCode).toBe(200);
    const [row] = await server.database.db.select().from(userSessions).where(eq(userSessions.id, first.sid));
    expect(row).toMatchObject({ end_reason: 'replaced' });
    const [entry] = await auditOf('auth.session_replaced');
    expect(entry).toMatchObject({ username: 'foreman', metadata: { sessions: [first.sid], maximum: 2 } });
    // Another user's sessions do not count.
    expect((await (await signInFrom('stores', 'Desk')).client.get(API.auth.me)).statusCode).toBe(200);
    expect((await second.client.get(API.auth.me)).statusCode).toBe(200);
  });
});

describe('the session timeout', () => {
  /** The session's last activity set `seconds` ago: the test's clock. */
  async function idleFor(sid: string, seconds: number) {
    await server.database.db.update(userSessions).set({ last_activity: new Date(Date.now() - seconds * 1000) }).where(eq(userSessions.id, sid));
    forgetGuardReads(server.app);
  }

  it('ends a session idle longer than it: its call and its refresh answer that it timed out', async () => {
    await setConfig({ sessionTimeout: 600 });
    const tablet = await signInFrom('foreman', TABLET);
    await idleFor(tablet.sid, 601);
    const call = await tablet.client.get(API.auth.me);
    expect(call.statusCode).toBe(401);
    expect(call.json()).toEqual(TIMED_OUT);
    expect((await refresh(tablet.refresh)).json()).toEqual(ENDED);
    const [row] = await server.database.db.select().from(userSessions).where(eq(userSessions.id, tablet.sid));
    expect(row).toMatchObject({ end_reason: 'timed-out' });
    expect(await auditOf('auth.session_timed_out')).toHaveLength(1);
  });

  it('refuses a refresh after the timeout too', async () => {
    await setConfig({ sessionTimeout: 600 });
    const tablet = await signInFrom('foreman', TABLET);
    await idleFor(tablet.sid, 601);
    const renewal = await refresh(tablet.refresh);
    expect(renewal.statusCode).toBe(401);
    expect(renewal.json()).toEqual(TIMED_OUT);
  });

  it('keeps a session used within it alive, and a call or a refresh counts as its activity', async () => {
    await setConfig({ sessionTimeout: 600 });
    const tablet = await signInFrom('foreman', TABLET);
    await idleFor(tablet.sid, 599);
    expect((await tablet.client.get(API.auth.me)).statusCode).toBe(200);
    const [afterCall] = await server.database.db.select().from(userSessions).where(eq(userSessions.id, tablet.sid));
    expect(Date.now() - afterCall!.last_activity.getTime()).toBeLessThan(5000);
    await idleFor(tablet.sid, 599);
    const renewal = await refresh(tablet.refresh);
    expect(renewal.statusCode).toBe(200);
    expect(decodeToken(renewal.json<{ access: string }>().access)!.sid).toBe(tablet.sid);
    await idleFor(tablet.sid, 300);
    expect((await as(server.app, renewal.json<{ access: string }>().access).get(API.auth.me)).statusCode).toBe(200);
  });

  it('refuses a token that names no session', async () => {
    const { access } = await signIn(server.app, 'foreman');
    const sid = decodeToken(access)!.sid!;
    await server.database.db.delete(userSessions).where(and(eq(userSessions.id, sid)));
    forgetGuardReads(server.app);
    expect((await as(server.app, access).get(API.auth.me)).json()).toEqual(ENDED);
  });
});
