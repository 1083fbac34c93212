import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, makeToken, storeSession, type FakeServer, type Reply } from './support';
import { api, ApiError, isNetworkError, responseBody, responseStatus, SessionExpiredError, setSessionExpiredHandler, setTransport } from '../../src/data/api';
import { processing } from '../../src/data/processing';

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

    await expect(api.get('/users/')).rejects.toBeInstanceOf(ApiError);

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

describe('what a failed call tells', () => {
  it("a refusal carries the server's status and body, and is no network failure", async () => {
    server.on('POST', '/requisitions/close/5/', { status: 409, data: { detail: 'The requisition was changed by someone else.' } });
    const error: unknown = await api.post('/requisitions/close/5/', { reason: 'done' }).catch((e: unknown) => e);
    expect(responseStatus(error)).toBe(409);
    expect(responseBody(error)).toEqual({ detail: 'The requisition was changed by someone else.' });
    expect(isNetworkError(error)).toBe(false);
  });

  it('no answer is a network failure, with no status and no body', async () => {
    server.on('GET', '/users/', 'network-error');
    const error: unknown = await api.get('/users/').catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(responseStatus(error)).toBeUndefined();
    expect(responseBody(error)).toBeUndefined();
  });

  it('an error that is not a call\'s is neither', () => {
    const error = new Error('a bug');
    expect(isNetworkError(error)).toBe(false);
    expect(responseStatus(error)).toBeUndefined();
  });
});

describe('the processing overlay', () => {
  const inFlight = () => processing.inFlight.getState();

  it('counts a write until its answer, a refusal too', async () => {
    const reply = deferred<Reply>();
    server.on('PUT', '/requisitions/approve/5/', () => reply.promise);
    const write = api.put('/requisitions/approve/5/', {}).catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(inFlight()).toBe(1);
    reply.resolve({ status: 400, data: { non_field_errors: ['Only pending requisitions can be approved.'] } });
    await write;
    expect(inFlight()).toBe(0);
  });

  it('never counts a read', async () => {
    const reply = deferred<Reply>();
    server.on('GET', '/users/', () => reply.promise);
    const read = api.get('/users/');
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(inFlight()).toBe(0);
    reply.resolve({ status: 200, data: [] });
    await read;
  });

  it('does not count the renewal of a read', async () => {
    storeSession({ access: makeToken('access', 10), refresh: makeToken('refresh', WEEK) });
    const reply = deferred<Reply>();
    server.on('POST', REFRESH, () => reply.promise);
    const read = api.get('/users/');
    await vi.waitFor(() => expect(server.calls('POST', REFRESH)).toHaveLength(1));
    expect(inFlight()).toBe(0);
    reply.resolve({ status: 200, data: { access: makeToken('access', 300), refresh: makeToken('refresh', WEEK) } });
    await read;
  });
});

describe('over the wire (fetch)', () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  let fetched: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
  /** A server that never answers: the call ends only when its signal aborts it. */
  const noAnswerUntilAborted = (_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
  const sent = () => {
    const [url, init] = fetched.mock.calls[0]!;
    return { url, init, headers: new Headers(init.headers) };
  };

  beforeEach(() => {
    fetched = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => json({ id: 3 }));
    vi.stubGlobal('fetch', fetched);
    setTransport(null);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("goes to /api/v1 on the page's own server with the query (empty values left out), the token, JSON and cookies", async () => {
    const access = makeToken('access', 300);
    storeSession({ access });

    const response = await api.post('/users/activate/3/', { department: 'sales' }, { params: { page: 2, search: undefined, department: null, active: true } });

    const { url, init, headers } = sent();
    expect(url).toBe('/api/v1/users/activate/3/?page=2&active=true');
    expect(init).toMatchObject({ method: 'POST', body: '{"department":"sales"}', credentials: 'include' });
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe(`JWT ${access}`);
    expect(response).toMatchObject({ status: 200, data: { id: 3 } });
  });

  it('sends If-Match and other headers the caller gives, and no content type without a body', async () => {
    await api.delete('/materials/materials/12/', { headers: { 'If-Match': '4' } });
    const { init, headers } = sent();
    expect(init.body).toBeUndefined();
    expect(headers.get('If-Match')).toBe('4');
    expect(headers.get('Content-Type')).toBeNull();
  });

  it('sends a DELETE with a reason as its JSON body', async () => {
    await api.delete('/requisitions/5/', { data: { reason: 'Ordered twice' } });
    expect(sent().init).toMatchObject({ method: 'DELETE', body: '{"reason":"Ordered twice"}' });
  });

  it('uploads FormData as it is, leaving the multipart content type to the browser', async () => {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.7']), 'drawing.pdf');
    await api.post('/files/', form);
    const { init, headers } = sent();
    expect(init.body).toBe(form);
    expect(headers.get('Content-Type')).toBeNull();
  });

  it("reads a download as a blob, with the answer's headers by lower-case name", async () => {
    fetched.mockResolvedValueOnce(new Response('name,qty', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="stock.csv"' } }));
    const response = await api.get<Blob>('/reports/stock/export/', { responseType: 'blob' });
    expect(response.headers['content-disposition']).toBe('attachment; filename="stock.csv"');
    expect(await response.data.text()).toBe('name,qty');
  });

  it("keeps a refusal's JSON body, and an answer that is not JSON (a proxy's error page) as text", async () => {
    fetched.mockResolvedValueOnce(json({ quantity: ['Ensure this value is greater than 0.'] }, 400));
    const refused: unknown = await api.post('/requisitions/', { quantity: '0' }).catch((e: unknown) => e);
    expect(responseBody(refused)).toEqual({ quantity: ['Ensure this value is greater than 0.'] });

    fetched.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    const failed: unknown = await api.get('/users/').catch((e: unknown) => e);
    expect(responseStatus(failed)).toBe(502);
    expect(responseBody(failed)).toBe('Bad gateway');
  });

  it('gives up after 50 s without an answer, as a network failure', async () => {
    vi.useFakeTimers();
    fetched.mockImplementationOnce(noAnswerUntilAborted);
    const call = api.get('/users/').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(49_999);
    expect(sent().init.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isNetworkError(await call)).toBe(true);
  });

  it("ends with the caller's abort, as a network failure", async () => {
    fetched.mockImplementationOnce(noAnswerUntilAborted);
    const controller = new AbortController();
    const call = api.get('/users/', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    controller.abort();
    expect(isNetworkError(await call)).toBe(true);
  });
});
