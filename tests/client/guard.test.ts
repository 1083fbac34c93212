import './setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { deferred, fakeServer, makeToken, makeUser, storeSession, type FakeServer, type Reply } from './support';
import { guard, resetGuardForTests } from '../../src/app/guard';
import { emitRefresh, REFRESH_HISTORY_LIMIT, refreshHistory, useRefreshOn } from '../../src/data/refresh-events';
import { loadCurrentUser, loadModules, session } from '../../src/data/session';
import { routeByName, type RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';

// These tests are about where a user may go. The preload the guard and the session start is
// tested in preload.test.ts and refresh-rules.test.ts; its on-demand import would outlive this file.
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));

const ME = '/auth/users/me/';
let server: FakeServer;

function signedIn(user: Partial<User> = {}, modules: Record<string, boolean> = {}): void {
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 7 * 86400) });
  server.on('GET', ME, { status: 200, data: makeUser(user) });
  server.on('GET', '/system/modules/', { status: 200, data: modules });
}

const go = (name: RouteName, fullPath?: string) => guard(routeByName(name), fullPath ?? routeByName(name).path);

beforeEach(() => {
  localStorage.clear();
  session.resetForTests();
  resetGuardForTests();
  server = fakeServer();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('step 1: public routes', () => {
  it.each(['login-root', 'login', 'register', 'logout', 'not-found'] as const)('%s proceeds without a session', async (name) => {
    await expect(go(name)).resolves.toEqual({ allow: true });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['login', { department: 'sales', designation: 'executive' }, '/sales/home'],
    ['login-root', { department: 'accounts', designation: 'manager' }, '/accounts'],
    ['register', { department: 'production', designation: 'foreman' }, '/production/foreman'],
  ] as [RouteName, Partial<User>, string][])('%s with a signed-in user and a stored token redirects to the landing route', async (name, user, landing) => {
    signedIn(user);
    await expect(go(name)).resolves.toEqual({ allow: false, redirect: landing });
  });

  it('login with a user in memory but no stored token proceeds', async () => {
    signedIn();
    await loadCurrentUser();
    localStorage.removeItem('access');
    await expect(go('login')).resolves.toEqual({ allow: true });
  });

  it('login with a stored token the server no longer accepts proceeds to the sign-in screen', async () => {
    storeSession({ access: makeToken('access', 300) });
    server.on('GET', ME, { status: 401, data: { detail: 'Token is invalid or expired' } });
    await expect(go('login')).resolves.toEqual({ allow: true });
  });
});

describe('steps 2–3: other routes need a user', () => {
  it("redirects to /login?redirect=<encoded full path> with 'Please sign in to continue.' when no token is stored", async () => {
    await expect(go('leads-home', '/leads?status=open&page=2')).resolves.toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fleads%3Fstatus%3Dopen%26page%3D2',
      message: 'Please sign in to continue.',
      caption: 'No access token available',
      messageType: 'info',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('loads the user from the stored token and lets the user in', async () => {
    signedIn();
    await expect(go('leads-home')).resolves.toEqual({ allow: true });
    expect(session.state.user?.id).toBe(7);
  });

  it("logs out and redirects with 'Failed to authenticate user: ...' when the user cannot be loaded", async () => {
    signedIn();
    localStorage.setItem('user_id', '7');
    server.on('GET', ME, { status: 500, data: { detail: 'Server error' } });

    const verdict = await go('jobs-home', '/jobs?page=3');

    expect(verdict).toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fjobs%3Fpage%3D3',
      message: 'Failed to authenticate user: Request failed with status code 500',
      messageType: 'negative',
    });
    for (const key of ['access', 'refresh', 'user_id']) expect(localStorage.getItem(key)).toBeNull();
    expect(session.state.user).toBeNull();
  });

  it("logs out and redirects with 'Failed to load user data from token' when no user id results", async () => {
    signedIn({ id: 0 });
    const verdict = await go('landing');
    expect(verdict).toMatchObject({ allow: false, redirect: '/login?redirect=%2Flanding', message: 'Failed to load user data from token' });
    expect(localStorage.getItem('access')).toBeNull();
  });

  it("logs out and redirects with 'No user data received' on an empty current-user answer", async () => {
    signedIn();
    server.on('GET', ME, { status: 200, data: {} });
    await expect(go('landing')).resolves.toMatchObject({ allow: false, message: 'No user data received' });
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('lets the user in from the cached profile while the server is unreachable', async () => {
    signedIn();
    await loadCurrentUser();
    session.resetForTests();
    server.on('GET', ME, 'network-error');
    server.on('GET', '/system/modules/', 'network-error');
    server.on('GET', '/system/offline/', 'network-error');
    await expect(go('landing')).resolves.toEqual({ allow: true });
    await vi.waitFor(() => expect(session.state.offline).toBe(true));
  });
});

describe('opening the app on a device that knows its user (offline first)', () => {
  /** A session used before on this device: its profile and module switches are cached. */
  async function usedBefore(user: Partial<User> = {}, modules: Record<string, boolean> = {}) {
    signedIn(user, modules);
    await loadCurrentUser();
    await loadModules();
    session.resetForTests();
    server.requests.length = 0;
  }

  it('lets the user in from the cached profile without waiting for the server, which confirms the user meanwhile', async () => {
    await usedBefore({ first_name: 'Asha' });
    const answer = deferred<Reply>();
    server.on('GET', ME, () => answer.promise);

    await expect(go('landing')).resolves.toEqual({ allow: true });
    expect(session.state.user).toMatchObject({ id: 7, first_name: 'Asha' });
    expect(server.calls('GET', ME)).toHaveLength(1);

    answer.resolve({ status: 200, data: makeUser({ first_name: 'Asha R.' }) });
    await vi.waitFor(() => expect(session.state.user).toMatchObject({ first_name: 'Asha R.' }));
  });

  it('applies the module switches cached at the last load while the server cannot be reached', async () => {
    await usedBefore({}, { leads: false });
    server.on('GET', ME, 'network-error');
    await expect(go('leads-home')).resolves.toEqual({ allow: false, redirect: '/404' });
  });

  it('lets a screen the cached switches refuse through once the server says its module is on again', async () => {
    await usedBefore({}, { leads: false });
    server.on('GET', '/system/modules/', { status: 200, data: { leads: true } });
    await expect(go('leads-home')).resolves.toEqual({ allow: true });
  });

  it('keeps the user and asks them to sign in again once the server refuses the cached session (a 401 no renewal cures)', async () => {
    await usedBefore();
    server.on('GET', ME, { status: 401, data: { detail: 'Token is invalid or expired' } });
    server.on('POST', '/auth/jwt/refresh/', { status: 401, data: { detail: 'Token is blacklisted' } });

    await expect(go('landing')).resolves.toEqual({ allow: true });
    await vi.waitFor(() => expect(session.state.expired).toBe(true));
    expect(session.state.user).not.toBeNull();
    expect(localStorage.getItem('user_profile')).not.toBeNull();
  });

  it('opens from the cache when the stored session can no longer be renewed, marked expired (a week offline locks nobody out)', async () => {
    await usedBefore();
    localStorage.setItem('refresh', makeToken('refresh', -10));
    server.on('GET', ME, 'network-error');
    await expect(go('landing')).resolves.toEqual({ allow: true });
    expect(session.state).toMatchObject({ user: { id: 7 }, expired: true });
  });

  it('does not open from the cache a device the server has not confirmed for longer than it may work offline, and empties its data', async () => {
    await usedBefore();
    localStorage.setItem('session_confirmed_at', String(Date.now() - 31 * 86_400_000));
    server.on('GET', ME, 'network-error');
    await expect(go('landing')).resolves.toMatchObject({ allow: false, redirect: '/login?redirect=%2Flanding' });
    expect(session.state.user).toBeNull();
  });

  it('follows the offline period the server set: with 60 days, a device last confirmed 45 days ago still opens from its cache', async () => {
    await usedBefore();
    localStorage.setItem('offline_work_days', '60');
    localStorage.setItem('session_confirmed_at', String(Date.now() - 45 * 86_400_000));
    server.on('GET', ME, 'network-error');
    server.on('GET', '/system/modules/', 'network-error');
    server.on('GET', '/system/offline/', 'network-error');
    await expect(go('landing')).resolves.toEqual({ allow: true });
    await vi.waitFor(() => expect(session.state).toMatchObject({ user: { id: 7 }, offline: true }));
  });

  it('learns the offline period from the server when the user loads', async () => {
    await usedBefore();
    server.on('GET', '/system/offline/', { status: 200, data: { offline_work_days: 12 } });
    await expect(go('landing')).resolves.toEqual({ allow: true });
    await vi.waitFor(() => expect(localStorage.getItem('offline_work_days')).toBe('12'));
  });

  it('sends to sign-in with a network warning but keeps the stored session when the server is unreachable and nothing is cached', async () => {
    signedIn();
    server.on('GET', ME, 'network-error');
    await expect(go('users-home', '/users')).resolves.toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fusers',
      message: 'The server cannot be reached. Check the connection and try again.',
      messageType: 'warning',
    });
    expect(localStorage.getItem('access')).not.toBeNull();
    expect(localStorage.getItem('refresh')).not.toBeNull();
  });
});

describe('step 4: data loading only warns', () => {
  it('a failed module configuration load warns and does not block navigation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn();
    server.on('GET', '/system/modules/', { status: 500, data: { detail: 'boom' } });
    await expect(go('landing')).resolves.toEqual({ allow: true });
    expect(warn).toHaveBeenCalledWith('Failed to load module configuration');
  });
});

describe('step 5: the superuser area', () => {
  it.each(['superuser-dashboard', 'system-diagnostics', 'module-management', 'user-management', 'audit-logs', 'performance-monitor', 'system-configuration'] as const)(
    "redirects a non-superuser away from %s with 'Access denied: Superuser privileges required'",
    async (name) => {
      signedIn({ department: 'accounts', designation: 'manager' });
      await expect(go(name)).resolves.toEqual({
        allow: false,
        redirect: '/accounts',
        message: 'Access denied: Superuser privileges required',
        messageType: 'negative',
      });
    },
  );

  it('lets a superuser in', async () => {
    signedIn({ department: 'admin', designation: 'manager', is_superuser: true });
    await expect(go('superuser-dashboard')).resolves.toEqual({ allow: true });
    await expect(go('system-configuration')).resolves.toEqual({ allow: true });
  });
});

describe('screens the permission matrix refuses (issue 17 §1)', () => {
  it.each([
    ['jobs-valuation', { department: 'production', designation: 'supervisor' }, '/production'],
    ['jobs-statuswise-ageing', { department: 'production', designation: 'foreman' }, '/production/foreman'],
    ['sales-valuation', { department: 'sales', designation: 'executive' }, '/sales/home'],
    ['foreman-prod-dashboard', { department: 'management', designation: 'manager' }, '/landing'],
    ['job-order-create', { department: 'production', designation: 'supervisor' }, '/production'],
  ] as [RouteName, Partial<User>, string][])('refuses %s to a %j, back to their landing page', async (name, user, landing) => {
    signedIn(user);
    await expect(go(name)).resolves.toEqual({ allow: false, redirect: landing, message: 'You do not have permission to perform this action.', messageType: 'negative' });
  });

  it('opens the same screens to those the matrix permits', async () => {
    signedIn({ department: 'production', designation: 'manager' });
    await expect(go('jobs-valuation')).resolves.toEqual({ allow: true });
    await expect(go('job-order-create')).resolves.toEqual({ allow: true });
  });
});

describe('module switches', () => {
  it("redirects a disabled module's route to /404", async () => {
    signedIn({}, { leads: false });
    await expect(go('leads-home')).resolves.toEqual({ allow: false, redirect: '/404' });
    await expect(go('lead-edit', '/leads/edit/4')).resolves.toEqual({ allow: false, redirect: '/404' });
  });

  it('lets an enabled (or unlisted) module through', async () => {
    signedIn({}, { leads: true });
    await expect(go('leads-home')).resolves.toEqual({ allow: true });
    await expect(go('customers-home')).resolves.toEqual({ allow: true });
  });
});

describe('refresh events (list refresh rules)', () => {
  it('leaving an operation route emits a refresh event with its affects', async () => {
    signedIn();
    const leads = vi.fn();
    const customers = vi.fn();
    renderHook(() => {
      useRefreshOn('leads-home', leads);
      useRefreshOn('customers-home', customers);
    });

    await go('lead-edit', '/leads/edit/4');
    expect(leads).not.toHaveBeenCalled();
    await go('leads-home');

    expect(leads).toHaveBeenCalledTimes(1);
    expect(customers).not.toHaveBeenCalled();
    expect(refreshHistory().at(-1)).toMatchObject({ from: 'lead-edit', affects: ['leads-home'] });
  });

  it('coming back from a detail route emits nothing', async () => {
    signedIn();
    await go('leads-home');
    const before = refreshHistory().length;
    const leads = vi.fn();
    renderHook(() => useRefreshOn('leads-home', leads));

    await go('lead-detail', '/leads/detail/4');
    await go('leads-home');

    expect(leads).not.toHaveBeenCalled();
    expect(refreshHistory()).toHaveLength(before);
  });

  it('refresh history keeps at most 100 events, dropping the oldest', () => {
    for (let i = 0; i < REFRESH_HISTORY_LIMIT + 30; i++) emitRefresh(`screen-${i}`, ['leads-home']);
    expect(REFRESH_HISTORY_LIMIT).toBe(100);
    expect(refreshHistory()).toHaveLength(100);
    expect(refreshHistory()[0]!.from).toBe('screen-30');
    expect(refreshHistory().at(-1)!.from).toBe('screen-129');
  });
});
