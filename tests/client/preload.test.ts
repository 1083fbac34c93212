import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeToken, makeUser, settle, storeSession, until, type FakeServer } from './support';
import { customer, FakeList, material } from './mirror-fakes';
import { DATA_TYPES, listPathOf, LOADABLE_TYPES, type DataType } from '../../domain/data-types';
import type { PreloadSet } from '../../domain/preload';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { moduleLoader, startPreload, stopPreload } from '../../src/data/preload';
import { runPreloadTiers } from '../../src/data/preload/tiers';
import { holdPreloadUntil, loadRouteDataSoon, PRELOAD_HOLD_MS, startPreloadSoon, stopPreloadSoon } from '../../src/data/preload/deferred';
import { routeByName } from '../../domain/routes';
import { loadCurrentUser, loadModules, logout, session } from '../../src/data/session';

let server: FakeServer;
let lists: Record<DataType, FakeList>;

const typeOfPath = (url: string) => LOADABLE_TYPES.find((t) => listPathOf(t) === url);
const requestedTypes = () => server.requests.map((r) => typeOfPath(r.url)).filter((t) => t !== undefined);
const metaOf = (userId: number, type: DataType) => mirror.meta.get(metaKey(userId, type));
const loaded = (userId: number, types: DataType[]) =>
  until(async () => {
    for (const type of types) expect((await metaOf(userId, type))?.loadedAt).toEqual(expect.any(Number));
  });
/** Only the tier timers are faked: IndexedDB (fake-indexeddb) runs on setImmediate. */
const fakeTierTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

beforeEach(async () => {
  stopPreload();
  await mirror.clearAll();
  session.resetForTests();
  localStorage.clear();
  server = fakeServer();
  lists = Object.fromEntries(LOADABLE_TYPES.map((t) => [t, new FakeList(server, listPathOf(t)!)])) as Record<DataType, FakeList>;
});

afterEach(() => {
  vi.useRealTimers();
  holdPreloadUntil(Promise.resolve());
  stopPreload();
  vi.restoreAllMocks();
});

describe('the tiers (product-frame.md §4, §9: 0 ms, 100 ms, 300 ms)', () => {
  const set: PreloadSet = { critical: ['materials', 'materialCategories'], important: ['vendors'], background: ['customers'] };

  it('critical data loads at once, important after 100 ms, background after 300 ms', () => {
    vi.useFakeTimers();
    const load = vi.fn();
    runPreloadTiers(set, load);
    const loaded = () => load.mock.calls.map(([type, tier]) => `${tier}:${type}`);
    vi.advanceTimersByTime(0);
    expect(loaded()).toEqual(['critical:materials', 'critical:materialCategories']);
    vi.advanceTimersByTime(99);
    expect(loaded()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(loaded()).toEqual(['critical:materials', 'critical:materialCategories', 'important:vendors']);
    vi.advanceTimersByTime(199);
    expect(loaded()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(loaded()).toEqual(['critical:materials', 'critical:materialCategories', 'important:vendors', 'background:customers']);
  });

  it('cancelling stops the tiers not yet due', () => {
    vi.useFakeTimers();
    const load = vi.fn();
    const cancel = runPreloadTiers(set, load);
    vi.advanceTimersByTime(150);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(load.mock.calls.map(([type]) => type)).toEqual(['materials', 'materialCategories', 'vendors']);
  });
});

describe('startPreload', () => {
  it('a stores user’s set is requested tier by tier at its times', async () => {
    const critical: DataType[] = ['materials', 'materialCategories'];
    const important: DataType[] = ['requisitions', 'requisitionDetails', 'jobOrders', 'materialSubcategories', 'vendors', 'lpos', 'lpoItems', 'gras', 'graItems'];
    fakeTierTimers();
    startPreload(makeUser({ id: 7, department: 'stores', designation: 'executive' }));
    vi.advanceTimersByTime(99);
    await loaded(7, critical);
    expect(requestedTypes()).toEqual(critical);
    vi.advanceTimersByTime(1);
    await loaded(7, important);
    expect(requestedTypes()).toEqual([...critical, ...important]);
    vi.advanceTimersByTime(200);
    await loaded(7, ['stockAdjustments', 'customers', 'messages']);
    expect(requestedTypes()).toEqual([...critical, ...important, 'stockAdjustments', 'customers', 'messages']);
  });

  it('loads into the mirror under the user', async () => {
    lists.materials.put(material(1), material(2));
    startPreload(makeUser({ id: 7, department: 'stores' }));
    await vi.waitFor(async () => expect(await metaOf(7, 'materials')).toMatchObject({ rowCount: 2, error: null }));
    expect(await mirror.rows('materials').count()).toBe(2);
  });

  it('a failed type only warns; the other types still load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    lists.materials.override = () => 'network-error';
    lists.materialCategories.put({ id: 1, name: 'Acrylic', deleted_at: null });
    startPreload(makeUser({ id: 7, department: 'stores' }));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to load materials: The server cannot be reached.'));
    await vi.waitFor(async () => expect(await metaOf(7, 'materialCategories')).toMatchObject({ rowCount: 1 }));
    expect(await metaOf(7, 'materials')).toMatchObject({ error: 'The server cannot be reached.' });
  });

  it('the same user again starts nothing new', async () => {
    const accounts: DataType[] = ['customers', 'invoices', 'receipts', 'invoiceItems', 'customerBranches', 'vendors', 'jobOrders', 'customerLpoCodes', 'jobOrderItems', 'messages'];
    const user = makeUser({ id: 7, department: 'accounts' });
    fakeTierTimers();
    startPreload(user);
    vi.runAllTimers();
    await loaded(7, accounts);
    const running = moduleLoader();
    startPreload(user);
    expect(moduleLoader()).toBe(running);
    expect(vi.getTimerCount()).toBe(0);
    expect(requestedTypes()).toEqual(accounts);
  });

  it('a department without a set of its own preloads the management set (customers)', async () => {
    fakeTierTimers();
    startPreload(makeUser({ id: 7, department: 'quality' }));
    vi.runAllTimers();
    await loaded(7, ['customers']);
    expect(requestedTypes()).toEqual(['customers']);
  });

  it('a type of a switched-off module is not preloaded', async () => {
    const outsideMaterials: DataType[] = ['requisitions', 'requisitionDetails', 'jobOrders', 'vendors', 'lpos', 'lpoItems', 'gras', 'graItems', 'customers', 'messages'];
    server.on('GET', '/system/modules/', { status: 200, data: { materials: false } });
    await loadModules();
    fakeTierTimers();
    startPreload(makeUser({ id: 7, department: 'stores' }));
    vi.runAllTimers();
    await loaded(7, outsideMaterials);
    expect(requestedTypes()).toEqual(outsideMaterials);
  });
});

describe('whose rows', () => {
  it('signing in as another user clears the first user’s rows before loading', async () => {
    lists.materials.put(material(1), material(2));
    startPreload(makeUser({ id: 7, department: 'stores' }));
    await vi.waitFor(async () => expect(await metaOf(7, 'materials')).toMatchObject({ rowCount: 2 }));
    for (const list of Object.values(lists)) list.override = () => 'network-error';
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    startPreload(makeUser({ id: 8, department: 'stores' }));
    await vi.waitFor(async () => expect(await metaOf(8, 'materials')).toMatchObject({ error: 'The server cannot be reached.' }));
    expect(await mirror.rows('materials').count()).toBe(0);
    expect((await mirror.meta.toArray()).every((m) => m.userId === 8)).toBe(true);
  });

  it('the same user signing in again keeps the rows and syncs from the cursor', async () => {
    lists.customers.put(customer(1));
    startPreload(makeUser({ id: 7, department: 'management' }));
    // The meta is written with no cursor before the first page: wait for the load's cursor.
    const first = await vi.waitFor(async () => {
      const cursor = (await metaOf(7, 'customers'))?.cursor;
      expect(cursor).toEqual(expect.any(String));
      return cursor;
    });
    stopPreload();
    startPreload(makeUser({ id: 7, department: 'management' }));
    await vi.waitFor(() => expect(server.calls('GET', DATA_TYPES.customers.path)).toHaveLength(2));
    expect(server.calls('GET', DATA_TYPES.customers.path)[1]!.config.params).toMatchObject({ updated_since: first });
    expect(await mirror.rows('customers').count()).toBe(1);
  });

  it('logout stops the preload and empties the mirror', async () => {
    storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
    server.on('GET', '/auth/users/me/', { status: 200, data: makeUser({ id: 7, department: 'stores' }) });
    lists.materials.put(material(1));
    fakeTierTimers();
    await loadCurrentUser();
    await until(() => expect(moduleLoader()).not.toBeNull());
    vi.advanceTimersByTime(0);
    await until(async () => expect(await metaOf(7, 'materials')).toMatchObject({ rowCount: 1 }));
    logout();
    await until(() => expect(moduleLoader()).toBeNull());
    await until(async () => expect(await mirror.meta.count()).toBe(0));
    vi.advanceTimersByTime(300);
    await settle();
    expect(requestedTypes()).toEqual(['materials', 'materialCategories']);
    expect(await mirror.rows('materials').count()).toBe(0);
  });

  it('loading the current user starts the preload', async () => {
    storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
    server.on('GET', '/auth/users/me/', { status: 200, data: makeUser({ id: 9, department: 'marketing' }) });
    await loadCurrentUser();
    await vi.waitFor(async () => expect(await metaOf(9, 'leads')).toBeDefined());
  });

  it('stopping before the tiers are due loads nothing', async () => {
    fakeTierTimers();
    startPreload(makeUser({ id: 7, department: 'stores' }));
    stopPreload();
    expect(vi.getTimerCount()).toBe(0);
    expect(requestedTypes()).toEqual([]);
    expect(await mirror.meta.count()).toBe(0);
  });

  it('the data of the screen being opened while the preload starts still loads (an app opened on a deep link)', async () => {
    const accounts = makeUser({ id: 12, department: 'accounts' });
    // The cached session starts the preload and the guard asks for the screen's data at once.
    startPreloadSoon(accounts);
    loadRouteDataSoon(null, routeByName('accounts-dispatch-detail'), accounts);
    await vi.waitFor(async () => expect((await metaOf(12, 'dispatches'))?.loadedAt).toBeTruthy());
  });
});

describe('on a page load, held until the first screen is drawn', () => {
  const stores = () => makeUser({ id: 7, department: 'stores' });

  // The hold's time limit is a faked timer: the clock moves only when a test moves it.
  beforeEach(fakeTierTimers);

  it('starts the preload and the screen’s data once the first screen is drawn', async () => {
    let drawn!: () => void;
    holdPreloadUntil(new Promise<void>((resolve) => (drawn = resolve)));
    startPreloadSoon(stores());
    loadRouteDataSoon(null, routeByName('materials-home'), stores());
    await vi.advanceTimersByTimeAsync(PRELOAD_HOLD_MS - 1);
    expect(moduleLoader()).toBeNull();
    expect(requestedTypes()).toEqual([]);
    drawn();
    await until(() => expect(requestedTypes()).toEqual(['materials']));
  });

  it(`does not wait longer than ${PRELOAD_HOLD_MS} ms for a screen that is not drawn`, async () => {
    holdPreloadUntil(new Promise(() => {}));
    startPreloadSoon(stores());
    await vi.advanceTimersByTimeAsync(PRELOAD_HOLD_MS - 1);
    expect(moduleLoader()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await until(() => expect(moduleLoader()).not.toBeNull());
    vi.runOnlyPendingTimers();
    await until(() => expect(requestedTypes()).toContain('materials'));
  });

  it('never holds a sign-out: the device is emptied at once', async () => {
    await mirror.rows('materials').put(material(1));
    holdPreloadUntil(new Promise(() => {}));
    stopPreloadSoon({ clearMirror: true });
    await until(async () => expect(await mirror.rows('materials').count()).toBe(0));
  });
});
