import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeToken, makeUser, storeSession, type FakeServer } from './support';
import { customer, FakeList, material } from './mirror-fakes';
import { DATA_TYPES, listPathOf, LOADABLE_TYPES, type DataType } from '../../domain/data-types';
import { PRELOAD_SETS, type PreloadSet } from '../../domain/preload';
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

beforeEach(async () => {
  stopPreload();
  await mirror.clearAll();
  session.resetForTests();
  localStorage.clear();
  server = fakeServer();
  lists = Object.fromEntries(LOADABLE_TYPES.map((t) => [t, new FakeList(server, listPathOf(t)!)])) as Record<DataType, FakeList>;
});

afterEach(() => {
  holdPreloadUntil(Promise.resolve());
  stopPreload();
  vi.useRealTimers();
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
    // Only the tier timers are faked: IndexedDB (fake-indexeddb) runs on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stores = PRELOAD_SETS.stores;
    startPreload(makeUser({ id: 7, department: 'stores', designation: 'executive' }));
    vi.advanceTimersByTime(0);
    await vi.waitFor(() => expect(new Set(requestedTypes())).toEqual(new Set(stores.critical)));
    vi.advanceTimersByTime(99);
    await new Promise((resolve) => setImmediate(resolve));
    expect(new Set(requestedTypes())).toEqual(new Set(stores.critical));
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(new Set(requestedTypes())).toEqual(new Set([...stores.critical, ...stores.important])));
    vi.advanceTimersByTime(200);
    await vi.waitFor(() => expect(requestedTypes()).toHaveLength(stores.critical.length + stores.important.length + stores.background.length));
    expect(requestedTypes().slice(-stores.background.length)).toEqual([...stores.background]);
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
    const user = makeUser({ id: 7, department: 'accounts' });
    const count = Object.values(PRELOAD_SETS.accounts).flat().length;
    startPreload(user);
    await vi.waitFor(() => expect(requestedTypes()).toHaveLength(count));
    startPreload(user);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(requestedTypes()).toHaveLength(count);
  });

  it('a department without a set of its own preloads the management set (customers)', async () => {
    startPreload(makeUser({ id: 7, department: 'quality' }));
    await vi.waitFor(async () => expect(await metaOf(7, 'customers')).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(requestedTypes()).toEqual(['customers']);
  });

  it('a type of a switched-off module is not preloaded', async () => {
    server.on('GET', '/system/modules/', { status: 200, data: { materials: false } });
    await loadModules();
    startPreload(makeUser({ id: 7, department: 'stores' }));
    await new Promise((resolve) => setTimeout(resolve, 350));
    await vi.waitFor(() => expect(requestedTypes()).toEqual(['requisitions', 'requisitionDetails', 'jobOrders', 'vendors', 'customers']));
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
    const first = await vi.waitFor(async () => (await metaOf(7, 'customers'))!.cursor!);
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
    await loadCurrentUser();
    await vi.waitFor(async () => expect(await metaOf(7, 'materials')).toMatchObject({ rowCount: 1 }));
    logout();
    await vi.waitFor(() => expect(moduleLoader()).toBeNull());
    await vi.waitFor(async () => expect(await mirror.meta.count()).toBe(0));
    const requests = requestedTypes().length;
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(requestedTypes()).toHaveLength(requests);
    expect(await mirror.rows('materials').count()).toBe(0);
  });

  it('loading the current user starts the preload', async () => {
    storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
    server.on('GET', '/auth/users/me/', { status: 200, data: makeUser({ id: 9, department: 'marketing' }) });
    await loadCurrentUser();
    await vi.waitFor(async () => expect(await metaOf(9, 'leads')).toBeDefined());
  });

  it('stopping before the tiers are due loads nothing', async () => {
    startPreload(makeUser({ id: 7, department: 'stores' }));
    stopPreload();
    await new Promise((resolve) => setTimeout(resolve, 350));
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

  it('starts the preload and the screen’s data once the first screen is drawn', async () => {
    let drawn!: () => void;
    holdPreloadUntil(new Promise<void>((resolve) => (drawn = resolve)));
    startPreloadSoon(stores());
    loadRouteDataSoon(null, routeByName('materials-home'), stores());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requestedTypes()).toEqual([]);
    drawn();
    await vi.waitFor(() => expect(requestedTypes()).toContain('materials'));
  });

  it(`does not wait longer than ${PRELOAD_HOLD_MS} ms for a screen that is not drawn`, async () => {
    holdPreloadUntil(new Promise(() => {}));
    const asked = Date.now();
    startPreloadSoon(stores());
    await vi.waitFor(() => expect(requestedTypes()).toContain('materials'), { timeout: PRELOAD_HOLD_MS + 1000 });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(PRELOAD_HOLD_MS - 10);
  });

  it('never holds a sign-out: the device is emptied at once', async () => {
    await mirror.rows('materials').put(material(1));
    holdPreloadUntil(new Promise(() => {}));
    stopPreloadSoon({ clearMirror: true });
    await vi.waitFor(async () => expect(await mirror.rows('materials').count()).toBe(0), { timeout: 500 });
  });
});
