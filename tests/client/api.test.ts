import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, makeToken, storeSession, type FakeServer, type Reply } from './support';
import { api, isNetworkError, SessionExpiredError, setSessionExpiredHandler } from '../../src/data/api';

const REFRESH = '/auth/jwt/refresh/';
const WEEK = 7 * 86400;
let server: FakeServer;
let sessionExpired: ReturnType<typeof vi.fn<() => void>>;

/** The server rotates: every renewal answers a new access token and a new refresh token. */
function rotatingRefresh(): { issued: { access: string; refresh: string }[] } {
  const issued: { access: string; refresh: string }[] = [];
  server.on('POST', REFRESH, () => {
    const pair = { access: makeToken('access', 300), refresh: makeToken('refresh', WEEK) };
    issued.push(pair);
    return { status: 200, data: pair };
  });
  return { issued };
}

beforeEach(() => {
  localStorage.clear();
  server = fakeServer();
  server.on('GET', '/users/', { status: 200, data: [] });
  sessionExpired = vi.fn<() => void>();
  setSessionExpiredHandler(sessionExpired);
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('every request (product-frame.md §7)', () => {
  it('carries Authorization: JWT <access>, base /api/v1, a 50 s timeout and credentials', async () => {
    const access = makeToken('access', 300);
    storeSession({ access, refresh: makeToken('refresh', WEEK) });
    await api.get('/users/');
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'GET', url: '/users/', baseURL: '/api/v1', authorization: `JWT ${access}` });
    expect(request!.config.timeout).toBe(50_000);
    expect(request!.config.withCredentials).toBe(true);
  });

  it('sends JSON', async () => {
    storeSession({ access: makeToken('access', 300) });
    server.on('POST', '/users/activate/3/', { status: 200, data: {} });
    await api.post('/users/activate/3/', { note: 'x' });
    const [request] = server.requests;
    expect(request!.config.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(request!.body).toEqual({ note: 'x' });
  });

  it('sends no Authorization header when no token is stored', async () => {
    await api.get('/users/');
    expect(server.requests[0]!.authorization).toBeUndefined();
  });
});

describe('token renewal before a request', () => {
  it('renews an access token with under 60 s left via POST /auth/jwt/refresh/ on the same base, and stores the rotated pair', async () => {
    const refresh = makeToken('refresh', WEEK);
    storeSession({ access: makeToken('access', 59), refresh });
    const { issued } = rotatingRefresh();

    await api.get('/users/');

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${REFRESH}`, 'GET /users/']);
    const [renewal, request] = server.requests;
    expect(renewal!.baseURL).toBe('/api/v1');
    expect(api.getUri(renewal!.config)).toBe('/api/v1/auth/jwt/refresh/'); // never a fixed host
    expect(renewal!.body).toEqual({ refresh });
    expect(renewal!.authorization).toBeUndefined();
    expect(request!.authorization).toBe(`JWT ${issued[0]!.access}`);
    expect(localStorage.getItem('access')).toBe(issued[0]!.access);
    expect(localStorage.getItem('refresh')).toBe(issued[0]!.refresh);
  });

  it('does not renew an access token with 60 s or more left', async () => {
    const access = makeToken('access', 61);
    storeSession({ access, refresh: makeToken('refresh', WEEK) });
    rotatingRefresh();
    await api.get('/users/');
    expect(server.calls('POST', REFRESH)).toHaveLength(0);
    expect(server.requests[0]!.authorization).toBe(`JWT ${access}`);
  });

  it('renews a missing or undecodable access token when a refresh token exists', async () => {
    storeSession({ access: 'garbage', refresh: makeToken('refresh', WEEK) });
    const { issued } = rotatingRefresh();
    await api.get('/users/');
    expect(server.calls('GET', '/users/')[0]!.authorization).toBe(`JWT ${issued[0]!.access}`);
  });

  it('renews only once for two concurrent requests', async () => {
    storeSession({ access: makeToken('access', 10), refresh: makeToken('refresh', WEEK) });
    const pair = { access: makeToken('access', 300), refresh: makeToken('refresh', WEEK) };
    const reply = deferred<Reply>();
    server.on('POST', REFRESH, () => reply.promise);
    server.on('GET', '/system/modules/', { status: 200, data: {} });

    const both = Promise.all([api.get('/users/'), api.get('/system/modules/')]);
    await vi.waitFor(() => expect(server.calls('POST', REFRESH)).toHaveLength(1));
    reply.resolve({ status: 200, data: pair });
    await both;

    expect(server.calls('POST', REFRESH)).toHaveLength(1);
    expect(server.calls('GET', '/users/')[0]!.authorization).toBe(`JWT ${pair.access}`);
    expect(server.calls('GET', '/system/modules/')[0]!.authorization).toBe(`JWT ${pair.access}`);
  });

  it('renews under the cross-tab Web Lock and reuses a pair another tab renewed meanwhile', async () => {
    storeSession({ access: makeToken('access', 10), refresh: makeToken('refresh', WEEK) });
    const otherTab = { access: makeToken('access', 300), refresh: makeToken('refresh', WEEK) };
    const lockNames: string[] = [];
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (name: string, callback: () => Promise<unknown>) => {
          lockNames.push(name);
          storeSession(otherTab); // the other tab held the lock and renewed first
          return callback();
        },
      },
    });
    rotatingRefresh();

    await api.get('/users/');

    expect(lockNames).toEqual(['fabops-token-refresh']);
    expect(server.calls('POST', REFRESH)).toHaveLength(0);
    expect(server.calls('GET', '/users/')[0]!.authorization).toBe(`JWT ${otherTab.access}`);
  });

  it('calls the session-expired handler and keeps the user on the device when the refresh token has expired (issue 15 §4)', async () => {
    storeSession({ access: makeToken('access', 10), refresh: makeToken('refresh', 30), userId: 7 });
    localStorage.setItem('user_profile', '{}');
    rotatingRefresh();

    await expect(api.get('/users/')).rejects.toBeInstanceOf(SessionExpiredError);

    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(0);
    for (const key of ['user_id', 'user_profile']) expect(localStorage.getItem(key)).not.toBeNull();
  });

  it('calls the session-expired handler and rejects the request when the server refuses the renewal (401)', async () => {
    storeSession({ access: makeToken('access', 10), refresh: makeToken('refresh', WEEK) });
    server.on('POST', REFRESH, { status: 401, data: { detail: 'Token is blacklisted', code: 'token_not_valid' } });

    await expect(api.get('/users/')).rejects.toBeInstanceOf(SessionExpiredError);

    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(server.calls('GET', '/users/')).toHaveLength(0);
  });

  it.each([
    ['a network error', 'network-error' as Reply],
    ['a server error (502)', { status: 502, data: 'Bad gateway' } as Reply],
  ])('keeps the tokens when the renewal fails with %s', async (_what, reply) => {
    const access = makeToken('access', 10);
    const refresh = makeToken('refresh', WEEK);
    storeSession({ access, refresh });
    server.on('POST', REFRESH, reply);

    await expect(api.get('/users/')).rejects.toMatchObject({ isAxiosError: true });

    expect(localStorage.getItem('access')).toBe(access);
    expect(localStorage.getItem('refresh')).toBe(refresh);
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('reports a renewal network failure as a network error (offline, not signed out)', async () => {
    storeSession({ access: makeToken('access', 10), refresh: makeToken('refresh', WEEK) });
    server.on('POST', REFRESH, 'network-error');
    const error: unknown = await api.get('/users/').catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
  });
});

describe('a 401 on a request', () => {
  it('renews once and retries with the new token', async () => {
    const stale = makeToken('access', 300);
    storeSession({ access: stale, refresh: makeToken('refresh', WEEK) });
    const { issued } = rotatingRefresh();
    let attempts = 0;
    server.on('GET', '/users/', () => (++attempts === 1 ? { status: 401, data: { detail: 'Token is invalid or expired' } } : { status: 200, data: [{ id: 1 }] }));

    const response = await api.get('/users/');

    expect(response.data).toEqual([{ id: 1 }]);
    expect(server.calls('POST', REFRESH)).toHaveLength(1);
    expect(server.calls('GET', '/users/').map((r) => r.authorization)).toEqual([`JWT ${stale}`, `JWT ${issued[0]!.access}`]);
  });

  it('is not renewed a second time when the retry also gets a 401', async () => {
    storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', WEEK) });
    rotatingRefresh();
    server.on('GET', '/users/', { status: 401, data: { detail: 'Token is invalid or expired' } });

    await expect(api.get('/users/')).rejects.toMatchObject({ response: { status: 401 } });

    expect(server.calls('POST', REFRESH)).toHaveLength(1);
    expect(server.calls('GET', '/users/')).toHaveLength(2);
  });

  it('is passed on as is when there is no refresh token', async () => {
    storeSession({ access: makeToken('access', 300) });
    server.on('GET', '/users/', { status: 401, data: { detail: 'Token is invalid or expired' } });
    await expect(api.get('/users/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.calls('POST', REFRESH)).toHaveLength(0);
  });
});

describe('session-less paths', () => {
  it.each([
    ['sign-in', '/auth/jwt/create/', { username: 'asha', password: 'secret-pass' }],
    ['token renewal', '/auth/jwt/refresh/', { refresh: 'x' }],
    ['token verification', '/auth/jwt/verify/', { token: 'x' }],
    ['registration', '/auth/users/', { username: 'new' }],
  ])('%s (POST %s) gets no Authorization header and triggers no renewal', async (_what, url, body) => {
    // The access token is nearly expired: any other request would renew it first.
    storeSession({ access: makeToken('access', 10), refresh: makeToken('refresh', WEEK) });
    server.on('POST', url, { status: 200, data: {} });

    await api.post(url, body);

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${url}`]);
    expect(server.requests[0]!.authorization).toBeUndefined();
  });

  it('a 401 on sign-in is not renewed and retried', async () => {
    storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', WEEK) });
    rotatingRefresh();
    server.on('POST', '/auth/jwt/create/', { status: 401, data: { detail: 'No active account found with the given credentials' } });
    await expect(api.post('/auth/jwt/create/', { username: 'a', password: 'b' })).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.requests).toHaveLength(1);
  });
});
