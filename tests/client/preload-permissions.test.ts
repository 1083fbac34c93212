import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeToken, makeUser, settle, storeSession, type FakeServer } from './support';
import { FakeList } from './mirror-fakes';
import { DATA_TYPES, SCREEN_DATA } from '../../domain/data-types';
import { routeByName } from '../../domain/routes';
import { guard, resetGuardForTests } from '../../src/app/guard';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { stopPreload } from '../../src/data/preload';
import { session } from '../../src/data/session';

/** Issue 17 §1: a device never asks for a list its user may not read, so no refused load leaves data missing. */
describe('the lists a screen loads', () => {
  let server: FakeServer;

  beforeEach(async () => {
    stopPreload();
    await mirror.clearAll();
    session.resetForTests();
    resetGuardForTests();
    localStorage.clear();
    server = fakeServer();
    new FakeList(server, DATA_TYPES.jobOrders.path).put({ id: 33, customer: 1, status: 'in-process', bucket: 'Design' });
    new FakeList(server, DATA_TYPES.jobOrderItems.path).put({ id: 7, job_order: 33, product: 'Mirror frame' });
    new FakeList(server, DATA_TYPES.customers.path).put({ id: 1, name: 'Acme' });
    new FakeList(server, DATA_TYPES.customerBranches.path);
    storeSession({ access: makeToken('access', 300), refresh: makeToken('refresh', 86400) });
    server.on('GET', '/auth/users/me/', { status: 200, data: makeUser({ id: 12, department: 'design', designation: 'designer' }) });
    server.on('GET', '/system/modules/', { status: 200, data: {} });
  });

  afterEach(() => stopPreload());

  it("loads for design's job order screen the job orders it may read with their products (docs/decisions.md 357)", async () => {
    expect(SCREEN_DATA['design-job-detail']).toEqual(['jobOrders', 'jobOrderItems', 'customers', 'customerBranches']);

    expect(await guard(routeByName('design-job-detail'), '/design/job/33')).toEqual({ allow: true });

    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(12, 'jobOrders'))).toMatchObject({ rowCount: 1, error: null }));
    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(12, 'jobOrderItems'))).toMatchObject({ rowCount: 1, error: null }));
  });

  it("never asks, on a customer's detail, for the leads, sales orders and invoices design may not read", async () => {
    expect(SCREEN_DATA['customer-detail']).toEqual(expect.arrayContaining(['leads', 'salesOrders', 'invoices', 'jobOrders']));

    expect(await guard(routeByName('customer-detail'), '/customers/detail/1')).toEqual({ allow: true });

    await vi.waitFor(async () => expect(await mirror.meta.get(metaKey(12, 'jobOrders'))).toMatchObject({ rowCount: 1, error: null }));
    await settle();
    for (const type of ['leads', 'salesOrders', 'invoices'] as const) {
      expect(server.calls('GET', DATA_TYPES[type].path), type).toEqual([]);
      expect(await mirror.meta.get(metaKey(12, type)), type).toBeUndefined();
    }
  });
});
