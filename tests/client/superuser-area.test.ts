import './setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../domain/menus';
import { ROUTES, routeByName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { fakeServer, makeToken, makeUser, storeSession } from './support';
import { guard, resetGuardForTests } from '../../src/app/guard';
import { NOT_BUILT_YET, screenOf } from '../../src/app/screens';
import { session } from '../../src/data/session';

vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));

/** The seven screens of the superuser area (product-frame.md §2). */
const AREA = ROUTES.filter((r) => r.layout === 'superuser');
/** Who manages accounts in the Admin department without being a superuser: the nearest to the area who may not enter it. */
const officeAdmin = makeUser({ id: 2, username: 'office.admin', department: 'admin', designation: 'executive' });
const superuser = makeUser({ id: 1, username: 'admin', department: 'admin', designation: 'manager', is_superuser: true });

function signedIn(user: User) {
  storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 7 * 86400) });
  fakeServer().on('GET', '/auth/users/me/', { status: 200, data: user }).on('GET', '/system/modules/', { status: 200, data: {} });
}

beforeEach(() => {
  localStorage.clear();
  session.resetForTests();
  resetGuardForTests();
});

describe('the superuser area', () => {
  it('has a built screen for each of its seven routes', () => {
    expect(AREA.map((r) => r.name).sort()).toEqual(['audit-logs', 'module-management', 'performance-monitor', 'superuser-dashboard', 'system-configuration', 'system-diagnostics', 'user-management']);
    expect(NOT_BUILT_YET).toEqual([]);
    for (const route of AREA) expect(screenOf(route.name), route.name).toBeDefined();
  });

  it.each(AREA.map((r) => r.name))('keeps %s from an Admin-department user who is not a superuser', async (name) => {
    signedIn(officeAdmin);
    await expect(guard(routeByName(name), routeByName(name).path)).resolves.toMatchObject({ allow: false, message: 'Access denied: Superuser privileges required' });
  });

  it("is in a superuser's menu and in nobody else's", () => {
    const areaIn = (user: User) => menuFor(user, {}).flatMap((g) => g.routes).filter((r) => r.layout === 'superuser').map((r) => r.name);
    expect(areaIn(superuser).sort()).toEqual(AREA.map((r) => r.name).sort());
    for (const user of [officeAdmin, makeUser({ department: 'management', designation: 'manager' }), makeUser({ department: 'admin', designation: 'manager' })]) expect(areaIn(user)).toEqual([]);
  });
});
