import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, makeToken, makeUser, storeSession, type FakeServer, type Reply } from './support';
import { api } from '../../src/data/api';
import { loadCurrentUser, loadModules, loadUsers, logout, session, signInAgain } from '../../src/data/session';

// The session's own rules; the preload it starts is tested in preload.test.ts, and its
// on-demand import would outlive this file.
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));

const ME = '/auth/users/me/';
let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  session.resetForTests();
  server = fakeServer();
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 7 * 86400) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loading the current user (product-frame.md §4 Session)', () => {
  it('shares one request between concurrent calls, and both get the user', async () => {
    const reply = deferred<Reply>();
    server.on('GET', ME, () => reply.promise);
    const first = loadCurrentUser();
    const second = loadCurrentUser();
    reply.resolve({ status: 200, data: makeUser() });
    await expect(first).resolves.toMatchObject({ id: 7, username: 'asha' });
    await expect(second).resolves.toMatchObject({ id: 7, username: 'asha' });
    expect(server.calls('GET', ME)).toHaveLength(1);
    expect(session.state.user?.id).toBe(7);
  });

  it('makes a waiting call poll every 100 ms for the running one', async () => {
    vi.useFakeTimers();
    const reply = deferred<Reply>();
    server.on('GET', ME, () => reply.promise);
    void loadCurrentUser();
    let settled = false;
    const second = loadCurrentUser().finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(250);
    reply.resolve({ status: 200, data: makeUser() });
    await vi.advanceTimersByTimeAsync(49);
    expect(settled).toBe(false); // the next poll is at 300 ms
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await expect(second).resolves.toMatchObject({ id: 7 });
  });

  it("fails a waiting call with 'User initialization timeout' after 5 s", async () => {
    vi.useFakeTimers();
    server.on('GET', ME, 'never');
    void loadCurrentUser();
    let outcome: string | undefined;
    void loadCurrentUser().then(
      () => (outcome = 'resolved'),
      (error: Error) => (outcome = error.message),
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('User initialization timeout');
    expect(server.calls('GET', ME)).toHaveLength(1);
  });

  it.each([
    ['an empty body', ''],
    ['null', null],
    ['an empty object', {}],
  ])("signs out with 'No user data received' on %s", async (_what, data) => {
    localStorage.setItem('user_id', '7');
    server.on('GET', ME, { status: 200, data });
    await expect(loadCurrentUser()).rejects.toThrow('No user data received');
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(session.state.user).toBeNull();
  });

  it('is online again as soon as the server answers anything, after opening offline from the cached profile', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    session.resetForTests();
    server.on('GET', ME, 'network-error');
    await loadCurrentUser();
    expect(session.state.offline).toBe(true);
    server.on('GET', '/system/modules/', { status: 200, data: {} });
    await loadModules();
    expect(session.state.offline).toBe(false);
  });

  it('asks the server again the moment the network comes back, after opening offline', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    session.resetForTests();
    server.on('GET', ME, 'network-error');
    await loadCurrentUser();
    server.on('GET', ME, { status: 200, data: makeUser() });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(session.state.offline).toBe(false));
    expect(server.calls('GET', ME)).toHaveLength(3);
  });

  it('keeps the user signed in from the cached profile when the network fails (offline: true)', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    session.resetForTests();
    server.on('GET', ME, 'network-error');
    await expect(loadCurrentUser()).resolves.toMatchObject({ id: 7, username: 'asha' });
    expect(session.state).toMatchObject({ user: { id: 7 }, offline: true });
    expect(localStorage.getItem('access')).not.toBeNull();
    expect(localStorage.getItem('refresh')).not.toBeNull();
  });

  it('keeps the user signed in from the cached profile while the server is down for maintenance (503), online', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    session.resetForTests();
    server.on('GET', ME, { status: 503, data: { detail: 'FabOps is down for maintenance. Your work is kept on this device and sent when it is back.', code: 'maintenance' } });
    await expect(loadCurrentUser()).resolves.toMatchObject({ id: 7, username: 'asha' });
    expect(session.state).toMatchObject({ user: { id: 7 }, offline: false });
    expect(localStorage.getItem('refresh')).not.toBeNull();
  });

  it('keeps the stored tokens when the network fails and no profile is cached', async () => {
    server.on('GET', ME, 'network-error');
    await expect(loadCurrentUser()).rejects.toThrow();
    expect(localStorage.getItem('access')).not.toBeNull();
    expect(localStorage.getItem('refresh')).not.toBeNull();
    expect(session.state.user).toBeNull();
  });

  it('is back online (offline: false) once the server answers again', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    server.on('GET', ME, 'network-error');
    await loadCurrentUser();
    expect(session.state.offline).toBe(true);
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    expect(session.state.offline).toBe(false);
  });

  it('keeps the user, marked expired, on a 401 that a token renewal cannot cure; signing in again ends it', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    server.on('GET', ME, { status: 401, data: { detail: 'Token is invalid or expired' } });
    server.on('POST', '/auth/jwt/refresh/', { status: 401, data: { detail: 'Token is blacklisted' } });
    await expect(loadCurrentUser()).resolves.toMatchObject({ id: 7 });
    expect(session.state).toMatchObject({ user: { id: 7 }, expired: true });
    expect(localStorage.getItem('user_id')).toBe('7');

    server.on('POST', '/auth/jwt/create/', { status: 200, data: { access: makeToken('access', 300), refresh: makeToken('refresh', 7 * 86400) } });
    server.on('GET', ME, { status: 200, data: makeUser() });
    await signInAgain('fabops-demo');
    expect(server.calls('POST', '/auth/jwt/create/')[0]!.body).toEqual({ username: 'asha', password: 'fabops-demo' });
    expect(session.state).toMatchObject({ user: { id: 7 }, expired: false });
  });

  it('signs out on a 401 when there is no refresh token', async () => {
    localStorage.removeItem('refresh');
    server.on('GET', ME, { status: 401, data: { detail: 'Token is invalid or expired' } });
    await expect(loadCurrentUser()).rejects.toMatchObject({ response: { status: 401 } });
    expect(session.state.user).toBeNull();
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('tells no one when the server confirms the profile as it was (a screen being drawn is not started over)', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    const user = session.state.user;
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    await loadCurrentUser();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(session.state.user).toBe(user);
  });

  it('tells subscribers when the confirmed profile has changed', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    server.on('GET', ME, { status: 200, data: makeUser({ first_name: 'Asha B.' }) });
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    await loadCurrentUser();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(session.state.user?.first_name).toBe('Asha B.');
  });
});

describe('logout', () => {
  it("clears 'access', 'refresh', 'user_id', the users list and the current user; later calls carry no Authorization header", async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    server.on('GET', '/users/', { status: 200, data: { count: 2, results: [makeUser(), makeUser({ id: 8, username: 'ravi' })] } });
    await loadCurrentUser();
    await loadUsers();
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(session.state.users).toHaveLength(2);

    logout();

    for (const key of ['access', 'refresh', 'user_id']) expect(localStorage.getItem(key)).toBeNull();
    await api.get('/users/');
    expect(server.calls('GET', '/users/').at(-1)!.authorization).toBeUndefined();
    expect(session.state.users).toEqual([]);
    expect(session.state.user).toBeNull();
  });

  it('tells subscribers that the user is gone', async () => {
    server.on('GET', ME, { status: 200, data: makeUser() });
    await loadCurrentUser();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    logout();
    unsubscribe();
    expect(listener).toHaveBeenCalled();
  });
});

describe('the user list (GET /users/)', () => {
  it('reads the list from results or from a plain array', async () => {
    server.on('GET', '/users/', { status: 200, data: { count: 1, results: [makeUser()] } });
    await expect(loadUsers()).resolves.toHaveLength(1);
    server.on('GET', '/users/', { status: 200, data: [makeUser(), makeUser({ id: 8, username: 'ravi' })] });
    await expect(loadUsers()).resolves.toHaveLength(2);
  });

  it.each([
    ['an object without results', { detail: 'odd' }],
    ['results that are not an array', { results: 'none' }],
    ['a string', 'no users'],
  ])('gives an empty list (logged only) for %s', async (_what, data) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.on('GET', '/users/', { status: 200, data: [makeUser()] });
    await loadUsers();
    server.on('GET', '/users/', { status: 200, data });
    await expect(loadUsers()).resolves.toEqual([]);
    expect(session.state.users).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('module configuration (GET /system/modules/)', () => {
  it('stores the module map', async () => {
    server.on('GET', '/system/modules/', { status: 200, data: { leads: false, invoices: true } });
    await expect(loadModules()).resolves.toEqual({ leads: false, invoices: true });
    expect(session.state.modules).toEqual({ leads: false, invoices: true });
  });

  it('falls back to the defaults silently on a 401', async () => {
    localStorage.removeItem('refresh');
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    server.on('GET', '/system/modules/', { status: 401, data: { detail: 'Authentication credentials were not provided.' } });
    await expect(loadModules()).resolves.toEqual({});
    expect(session.state.modules).toEqual({});
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('falls back to the defaults silently on a 401 whose token renewal is refused', async () => {
    server.on('GET', '/system/modules/', { status: 401, data: { detail: 'Token is invalid or expired' } });
    server.on('POST', '/auth/jwt/refresh/', { status: 401, data: { detail: 'Token is blacklisted' } });
    await expect(loadModules()).resolves.toEqual({});
  });

  it('reads the switches again when a call is refused because its module was switched off meanwhile', async () => {
    server.on('GET', '/auth/users/me/', { status: 200, data: makeUser() });
    server.on('GET', '/system/modules/', { status: 200, data: {} });
    await loadCurrentUser();
    expect(session.state.modules).toEqual({});
    server.on('GET', '/system/modules/', { status: 200, data: { invoices: false } });
    server.on('GET', '/invoices/', { status: 403, data: { detail: 'The invoices module is switched off. Ask a superuser to switch it on.', code: 'module_disabled' } });
    await expect(api.get('/invoices/')).rejects.toThrow();
    await vi.waitFor(() => expect(session.state.modules).toEqual({ invoices: false }));
  });

  it.each([
    ['a 500', { status: 500, data: { detail: 'boom' } }],
    ['a 403', { status: 403, data: { detail: 'You do not have permission to perform this action.' } }],
    ['a malformed map', { status: 200, data: { leads: 'off' } }],
  ] as [string, Reply][])("throws 'Failed to load module configuration' on %s", async (_what, reply) => {
    server.on('GET', '/system/modules/', reply);
    await expect(loadModules()).rejects.toThrow('Failed to load module configuration');
  });
});
