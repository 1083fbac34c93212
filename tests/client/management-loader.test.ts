import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, makeToken, makeUser, settle, storeSession, until, type FakeServer } from './support';
import { FakeList } from './mirror-fakes';
import { listPathOf, LOADABLE_TYPES, MODULE_HOME_DATA, type DataType } from '../../domain/data-types';
import { routeByName } from '../../domain/routes';
import { guard, resetGuardForTests } from '../../src/app/guard';
import { mirror } from '../../src/data/mirror/db';
import { moduleLoader, stopPreload } from '../../src/data/preload';
import { ModuleLoader, type TypeLoader } from '../../src/data/preload/module-loader';
import { session } from '../../src/data/session';

const MODULES = { 'quotations-home': ['quotations', 'customers'], 'jobs-home': ['jobOrders', 'customers'], 'vendors-home': ['vendors'], 'reports-home': [] };

/** Loaders that record the order they ran in and resolve at once, unless told otherwise. */
function loaders(...types: string[]) {
  const order: string[] = [];
  const table: Record<string, TypeLoader> = {};
  for (const type of types) table[type] = vi.fn(async () => void order.push(type));
  return { order, table };
}

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the module loader rules (product-frame.md §4)', () => {
  it('a module is loaded once and skipped afterwards', async () => {
    const { order, table } = loaders('vendors');
    const loader = new ModuleLoader(MODULES, table);
    await loader.loadModule('vendors-home');
    await loader.loadModule('vendors-home');
    expect(order).toEqual(['vendors']);
    expect(loader.isModuleLoaded('vendors-home')).toBe(true);
  });

  it('a data type loaded for one module is skipped by the next', async () => {
    const { order, table } = loaders('quotations', 'jobOrders', 'customers');
    const loader = new ModuleLoader(MODULES, table);
    await loader.loadModule('quotations-home');
    await loader.loadModule('jobs-home');
    expect(order).toEqual(['quotations', 'customers', 'jobOrders']);
  });

  it('a concurrent request for a module waits for the one in flight', async () => {
    const held = deferred<void>();
    const vendors = vi.fn(() => held.promise);
    const loader = new ModuleLoader(MODULES, { vendors });
    const first = loader.loadModule('vendors-home');
    const second = loader.loadModule('vendors-home');
    expect(second).toBe(first);
    let settled = false;
    void second.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    held.resolve();
    await second;
    expect(vendors).toHaveBeenCalledTimes(1);
    expect(loader.isModuleLoaded('vendors-home')).toBe(true);
  });

  it('types load one after another', async () => {
    const held = deferred<void>();
    const customers = vi.fn(async () => {});
    const loader = new ModuleLoader(MODULES, { quotations: () => held.promise, customers });
    const loading = loader.loadModule('quotations-home');
    await settle();
    expect(customers).not.toHaveBeenCalled();
    held.resolve();
    await loading;
    expect(customers).toHaveBeenCalledTimes(1);
  });

  it("a type without a loader is recorded as 'No loader found for: {type}' and the others still load", async () => {
    const { order, table } = loaders('customers');
    const loader = new ModuleLoader(MODULES, table);
    await loader.loadModule('quotations-home');
    expect(order).toEqual(['customers']);
    expect(loader.failures.get('quotations')).toBe('No loader found for: quotations');
    expect(warn).toHaveBeenCalledWith('No loader found for: quotations');
    expect(loader.isTypeLoaded('quotations')).toBe(false);
  });

  it("a failed type is recorded as 'Failed to load {type}: {message}' and the others still load", async () => {
    const { order, table } = loaders('jobOrders');
    table.customers = async () => {
      throw new Error('The server cannot be reached.');
    };
    const loader = new ModuleLoader({ 'jobs-home': ['customers', 'jobOrders'] }, table);
    await expect(loader.loadModule('jobs-home')).resolves.toBeUndefined();
    expect(order).toEqual(['jobOrders']);
    expect(loader.failures.get('customers')).toBe('Failed to load customers: The server cannot be reached.');
    expect(warn).toHaveBeenCalledWith('Failed to load customers: The server cannot be reached.');
    expect(loader.isTypeLoaded('customers')).toBe(false);
  });

  it('a failed type is tried again by the next module that needs it', async () => {
    let attempts = 0;
    const loader = new ModuleLoader(MODULES, {
      quotations: async () => {},
      jobOrders: async () => {},
      customers: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
      },
    });
    await loader.loadModule('quotations-home');
    await loader.loadModule('jobs-home');
    expect(attempts).toBe(2);
    expect(loader.isTypeLoaded('customers')).toBe(true);
    expect(loader.failures.has('customers')).toBe(false);
  });

  it('a module with no data types counts as loaded', async () => {
    const loader = new ModuleLoader(MODULES, {});
    await loader.loadModule('reports-home');
    expect(loader.isModuleLoaded('reports-home')).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reloading a module loads it and its types again', async () => {
    const { order, table } = loaders('vendors');
    const loader = new ModuleLoader(MODULES, table);
    await loader.loadModule('vendors-home');
    await loader.reloadModule('vendors-home');
    expect(order).toEqual(['vendors', 'vendors']);
  });

  it('an invalidated module loads again on the next request; other modules stay loaded', async () => {
    const { order, table } = loaders('vendors', 'quotations', 'customers');
    const loader = new ModuleLoader(MODULES, table);
    await loader.loadModule('vendors-home');
    await loader.loadModule('quotations-home');
    loader.invalidate('vendors-home');
    expect(loader.isModuleLoaded('vendors-home')).toBe(false);
    expect(loader.isModuleLoaded('quotations-home')).toBe(true);
    await loader.loadModule('vendors-home');
    await loader.loadModule('quotations-home');
    expect(order).toEqual(['vendors', 'quotations', 'customers', 'vendors']);
  });

  it('clearing the cache forgets every module and type', async () => {
    const { order, table } = loaders('quotations', 'jobOrders', 'customers');
    const loader = new ModuleLoader(MODULES, table);
    await loader.loadModule('quotations-home');
    loader.clear();
    expect(loader.isModuleLoaded('quotations-home')).toBe(false);
    expect(loader.isTypeLoaded('customers')).toBe(false);
    await loader.loadModule('jobs-home');
    expect(order).toEqual(['quotations', 'customers', 'jobOrders', 'customers']);
  });
});

describe('management users in the app', () => {
  let server: FakeServer;
  let lists: Record<DataType, FakeList>;
  const path = (type: DataType) => listPathOf(type)!;

  beforeEach(async () => {
    stopPreload();
    await mirror.clearAll();
    session.resetForTests();
    resetGuardForTests();
    localStorage.clear();
    server = fakeServer();
    lists = Object.fromEntries(LOADABLE_TYPES.map((t) => [t, new FakeList(server, listPathOf(t)!)])) as Record<DataType, FakeList>;
    storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
    server.on('GET', '/auth/users/me/', { status: 200, data: makeUser({ id: 3, department: 'management', designation: 'manager' }) });
    server.on('GET', '/system/modules/', { status: 200, data: {} });
  });

  afterEach(() => stopPreload());

  it('the module home map is the spec’s table', () => {
    expect(MODULE_HOME_DATA).toMatchObject({ 'customers-home': ['customers'], 'gra-home': ['gras', 'lpos'], 'reports-home': [], 'dnote-home': ['deliveryNotes'] });
  });

  it('get customers as their critical preload and no department tiers', async () => {
    // Only the tier timers are faked: IndexedDB (fake-indexeddb) runs on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await guard(routeByName('landing'), '/landing');
    await until(() => expect(moduleLoader()).not.toBeNull());
    // Past every tier (0, 100 and 300 ms).
    vi.advanceTimersByTime(300);
    await until(() => expect(moduleLoader()?.isTypeLoaded('customers')).toBe(true));
    await settle();
    const listPaths = new Set(LOADABLE_TYPES.map(path));
    expect(server.requests.map((r) => r.url).filter((url) => listPaths.has(url))).toEqual(['/customers/customers/']);
  });

  it('entering a module home loads its module through the guard, skipping what the preload loaded', async () => {
    await guard(routeByName('landing'), '/landing');
    await vi.waitFor(() => expect(moduleLoader()?.isTypeLoaded('customers')).toBe(true));
    await expect(guard(routeByName('lpos-home'), '/lpo')).resolves.toEqual({ allow: true });
    await vi.waitFor(() => expect(moduleLoader()?.isModuleLoaded('lpos-home')).toBe(true));
    expect(server.calls('GET', path('vendors'))).toHaveLength(1);
    expect(server.calls('GET', path('lpos'))).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
    await guard(routeByName('quotations-home'), '/quotations');
    await vi.waitFor(() => expect(moduleLoader()?.isModuleLoaded('quotations-home')).toBe(true));
    expect(server.calls('GET', path('customers'))).toHaveLength(1);
    await guard(routeByName('lpos-home'), '/lpo');
    expect(server.calls('GET', path('vendors'))).toHaveLength(1);
    expect(server.calls('GET', path('lpos'))).toHaveLength(1);
  });

  it('entering the sales orders home loads the sales orders onto the device (salesorders-home: salesOrders)', async () => {
    lists.salesOrders.put({ id: 41, customer: 1, status: 'accepted', total_order_value: '1180.00' });
    await expect(guard(routeByName('salesorders-home'), '/salesorders')).resolves.toEqual({ allow: true });
    await vi.waitFor(() => expect(moduleLoader()?.isModuleLoaded('salesorders-home')).toBe(true));
    expect(moduleLoader()?.failures.size).toBe(0);
    expect(server.calls('GET', path('salesOrders'))).toHaveLength(1);
    expect(await mirror.rows('salesOrders').get(41)).toMatchObject({ status: 'accepted', total_order_value: '1180.00' });
  });

  it('a module whose data does not answer never blocks navigation', async () => {
    lists.vendors.override = () => 'never';
    await expect(guard(routeByName('vendors-home'), '/vendors')).resolves.toEqual({ allow: true });
    await vi.waitFor(() => expect(server.calls('GET', path('vendors'))).toHaveLength(1));
  });

  it('a module whose data fails is recorded and warned, and navigation goes on', async () => {
    lists.vendors.override = () => 'network-error';
    await expect(guard(routeByName('vendors-home'), '/vendors')).resolves.toEqual({ allow: true });
    await vi.waitFor(() => expect(moduleLoader()?.failures.get('vendors')).toBe('Failed to load vendors: The server cannot be reached.'));
    expect(warn).toHaveBeenCalledWith('Failed to load vendors: The server cannot be reached.');
  });
});
