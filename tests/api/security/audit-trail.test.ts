import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../../server/db/schema';
import { DEMO_PASSWORD, useTestServer } from '../../support/server';
import { userId } from '../../support/factories';

/** Issue 14 §6: who signed in, who failed, who reused or revoked a token, who was refused, and from where. */
const server = useTestServer();
const ADDRESS = '10.4.0.9';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  server.app().inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: ADDRESS });
const entries = (action: string) => server.db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

describe('the audit log of sign-ins and tokens', () => {
  it('records a successful sign-in with its address and request id', async () => {
    const res = await post('/auth/jwt/create/', { username: 'stores', password: DEMO_PASSWORD });
    const [entry] = await entries('auth.sign_in');
    expect(entry).toMatchObject({ user_id: await userId(server.db(), 'stores'), username: 'stores', client_address: ADDRESS, request_id: res.headers['x-request-id'], risk_level: 'low' });
  });

  it('records a failed sign-in, naming the account tried but no actor, and an unknown username as such', async () => {
    const res = await post('/auth/jwt/create/', { username: 'stores', password: 'wrong-guess' });
    await post('/auth/jwt/create/', { username: 'no.such.user', password: 'wrong-guess' });
    const [unknown, wrong] = await entries('auth.sign_in_failed');
    expect(wrong).toMatchObject({ user_id: null, target: `user:${await userId(server.db(), 'stores')}`, metadata: { reason: 'wrong password' }, client_address: ADDRESS, request_id: res.headers['x-request-id'] });
    expect(unknown).toMatchObject({ user_id: null, target: 'username:no.such.user', metadata: { reason: 'unknown username' } });
  });

  it('records the reuse of a rotated refresh token', async () => {
    const { refresh } = (await post('/auth/jwt/create/', { username: 'stores', password: DEMO_PASSWORD })).json();
    expect((await post('/auth/jwt/refresh/', { refresh })).statusCode).toBe(200);
    const reused = await post('/auth/jwt/refresh/', { refresh });
    expect(reused.statusCode).toBe(401);
    const [entry] = await entries('auth.refresh_token_reused');
    expect(entry).toMatchObject({ username: 'stores', risk_level: 'high', client_address: ADDRESS, request_id: reused.headers['x-request-id'] });
  });

  it('revokes a refresh token on sign-out (POST /auth/jwt/blacklist/), records it, and the token no longer refreshes', async () => {
    const { refresh } = (await post('/auth/jwt/create/', { username: 'stores', password: DEMO_PASSWORD })).json();
    const res = await post('/auth/jwt/blacklist/', { refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await entries('auth.token_revoked')).toHaveLength(1);
    expect((await post('/auth/jwt/refresh/', { refresh })).json()).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    expect((await post('/auth/jwt/blacklist/', { refresh })).statusCode).toBe(401);
  });
});

describe('the audit log of refusals and writes', () => {
  it('records a 403 with who was refused what, from where', async () => {
    const foreman = await server.as('foreman');
    const res = await foreman.get('/vendors/vendors/');
    expect(res.statusCode).toBe(403);
    const [entry] = await entries('access.denied');
    expect(entry).toMatchObject({ username: 'foreman', target: 'GET /api/v1/vendors/vendors/', risk_level: 'medium', request_id: res.headers['x-request-id'] });
    expect(entry!.client_address).toBeTruthy();
  });

  it('stamps every write’s entry with the address and request id of the request that made it', async () => {
    const { access } = (await post('/auth/jwt/create/', { username: 'sales.exec', password: DEMO_PASSWORD })).json();
    const res = await post('/customers/add/', { name: 'Orbit Opticals', phone: '9123456780', state: 'Karnataka' }, { authorization: `JWT ${access}` });
    expect(res.statusCode).toBe(201);
    const [entry] = await entries('customer.create');
    expect(entry).toMatchObject({ username: 'sales.exec', client_address: ADDRESS, request_id: res.headers['x-request-id'] });
  });

  it('keeps a plain request id a client sends, and replaces one that is not a plain token', async () => {
    const kept = await post('/auth/jwt/create/', { username: 'stores', password: DEMO_PASSWORD }, { 'x-request-id': 'tablet-7-req-42' });
    expect(kept.headers['x-request-id']).toBe('tablet-7-req-42');
    const replaced = await post('/auth/jwt/create/', { username: 'stores', password: DEMO_PASSWORD }, { 'x-request-id': `x'; DROP TABLE audit_log; --${'a'.repeat(300)}` });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await entries('auth.sign_in'))[0]!.request_id).toBe(replaced.headers['x-request-id']);
  });
});
