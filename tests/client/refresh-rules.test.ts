import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeToken, makeUser, settle, storeSession, type FakeServer } from './support';
import { FakeList, material } from './mirror-fakes';
import { DATA_TYPES, SCREEN_DATA } from '../../domain/data-types';
import { routeByName, type RouteDef, type RouteName } from '../../domain/routes';
import { guard, resetGuardForTests } from '../../src/app/guard';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { reloadData, stopPreload } from '../../src/data/preload';
import { reloadsOnEntry } from '../../src/data/refresh-events';
import { session } from '../../src/data/session';

const route = (name: RouteName) => routeByName(name);
const list = route('materials-home');

describe('the list refresh rules (product-frame.md §2)', () => {
  it.each([
    ['a dashboard reloads on every entry, from a list', route('customers-home'), route('landing'), true],
    ['a dashboard reloads on every entry, from a detail screen', route('material-detail'), route('production-home'), true],
    ['a dashboard reloads on every entry, from itself', route('landing'), route('landing'), true],
    ['a list reloads after a create screen that affects it', route('material-create'), list, true],
    ['a list reloads after an update screen that affects it', route('stock-adjustment-create'), list, true],
    ['a list does not reload after a create screen that does not affect it', route('lpo-create'), list, false],
    ['a list does not reload after a detail screen', route('material-detail'), list, false],
    ['a list loads when reached from a public screen', route('login'), list, true],
    ['a list loads when reached from a dashboard', route('production-home'), list, true],
    ['a list loads as the first screen of the visit', null, list, true],
    ['a list does not reload when reached from another list', route('customers-home'), list, false],
    ['a detail screen does not reload', route('materials-home'), route('material-detail'), false],
  ] as [string, RouteDef | null, RouteDef, boolean][])('%s', (_rule, from, to, reloads) => {
    expect(reloadsOnEntry(from, to)).toBe(reloads);
  });
});

describe('the refresh rules reload mirrored data through the guard', () => {
  let server: FakeServer;
  let materials: FakeList;
  const materialRequests = () => server.calls('GET', DATA_TYPES.materials.path).length;
  const go = async (name: RouteName) => expect(await guard(route(name), route(name).path)).toEqual({ allow: true });

  beforeEach(async () => {
    stopPreload();
    await mirror.clearAll();
    session.resetForTests();
    resetGuardForTests();
    localStorage.clear();
    server = fakeServer();
    materials = new FakeList(server, DATA_TYPES.materials.path).put(material(1));
    new FakeList(server, DATA_TYPES.materialCategories.path).put({ id: 1, name: 'Acrylic' });
    storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
    // Accounts preload neither materials nor their categories: only the screens load them here.
    server.on('GET', '/auth/users/me/', { status: 200, data: makeUser({ id: 5, department: 'accounts', designation: 'manager', can_create_materials: true }) });
    server.on('GET', '/system/modules/', { status: 200, data: {} });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(() => {
    stopPreload();
    vi.restoreAllMocks();
  });

  it('the materials list reads materials and their categories', () => {
    expect(SCREEN_DATA['materials-home']).toEqual(['materials', 'materialCategories']);
  });

  it('reached from a dashboard, the list syncs; back from a detail screen it does not; back from a create screen it does, as a delta', async () => {
    await go('accounts-home');
    await go('materials-home');
    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(5, 'materials'))).toMatchObject({ rowCount: 1 }));
    expect(materialRequests()).toBe(1);
    const cursor = (await mirror.meta.get(metaKey(5, 'materials')))!.cursor;

    await go('material-detail');
    await go('materials-home');
    await settle();
    expect(materialRequests()).toBe(1);

    materials.put(material(2));
    await go('material-create');
    await go('materials-home');
    await vi.waitFor(() => expect(materialRequests()).toBe(2));
    expect(server.calls('GET', DATA_TYPES.materials.path)[1]!.config.params).toMatchObject({ updated_since: cursor });
    await vi.waitFor(async () => expect(await mirror.rows('materials').count()).toBe(2));
  });

  it('a list this user never loaded loads on entry, whatever the way in', async () => {
    await go('material-detail');
    await go('materials-home');
    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(5, 'materials'))).toMatchObject({ rowCount: 1 }));
    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(5, 'materialCategories'))).toMatchObject({ rowCount: 1 }));
  });

  it('a failed reload keeps the rows, records the error and never blocks navigation', async () => {
    await go('accounts-home');
    await go('materials-home');
    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(5, 'materials'))).toMatchObject({ rowCount: 1 }));
    materials.override = () => 'network-error';
    await go('accounts-home');
    await go('materials-home');
    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(5, 'materials'))).toMatchObject({ error: 'The server cannot be reached.' }));
    expect(await mirror.rows('materials').count()).toBe(1);
    expect(console.warn).toHaveBeenCalledWith('Failed to load materials: The server cannot be reached.');
  });

  it('a refresh asked for on the screen is a delta sync of its types', async () => {
    await go('accounts-home');
    await go('materials-home');
    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(5, 'materials'))).toMatchObject({ rowCount: 1 }));
    materials.remove(1);
    await reloadData(['materials']);
    expect(server.calls('GET', DATA_TYPES.materials.path).at(-1)!.config.params).not.toMatchObject({ updated_since: '0' });
    expect(await mirror.rows('materials').count()).toBe(0);
  });
});
