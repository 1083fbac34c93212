import './setup';
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeToken, makeUser, storeSession } from './support';
import { loadCurrentUser, session } from '../../src/data/session';
import { enqueue, outbox } from '../../src/data/outbox';
import { NotPermittedError } from '../../src/data/outbox/enqueue';
import { mirror } from '../../src/data/mirror/db';
import { createJobOrder, createMaterialCategory, createRequisition } from '../../src/data/operations';
import { notify } from '../../src/ui/notify';

/** Issue 17 §1: a write the user may not make is refused before it is queued, never "saved" and then refused by the server. */
vi.mock('../../src/data/preload/deferred', () => ({ preloadGeneration: { current: 0 }, startPreloadSoon: vi.fn(), loadRouteDataSoon: vi.fn(), stopPreloadSoon: vi.fn() }));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));
vi.mock('../../src/ui/notify', () => ({ notify: vi.fn() }));

const PRODUCTION_SUPERVISOR = makeUser({ id: 6, username: 'production', department: 'production', designation: 'supervisor' });
const PRODUCTION_MANAGER = makeUser({ id: 8, username: 'production.manager', department: 'production', designation: 'manager' });
const FOREMAN = makeUser({ id: 5, username: 'foreman', department: 'production', designation: 'foreman' });

async function signInAs(user: typeof FOREMAN) {
  localStorage.clear();
  session.resetForTests();
  const server = fakeServer();
  storeSession({ access: makeToken('access', 300, user.id), refresh: makeToken('refresh', 86400, user.id) });
  server.on('GET', '/auth/users/me/', { status: 200, data: user });
  await loadCurrentUser();
}

const newJobOrder = { customer: 3, sales_executive: 2, job_order_items: [{ product: 'Acrylic display stand', quantity: '10', unit_price: '250.00' }] };

beforeEach(async () => {
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  vi.mocked(notify).mockClear();
});

describe('a write the signed-in user may not make', () => {
  it('is refused before it is queued: production may not raise a job order, and is told so', async () => {
    await signInAs(PRODUCTION_SUPERVISOR);

    const refusal = enqueue(createJobOrder, newJobOrder);

    await expect(refusal).rejects.toBeInstanceOf(NotPermittedError);
    await expect(refusal).rejects.toThrow('New job order: your role does not allow this change, so it was not saved.');
    expect(vi.mocked(notify)).toHaveBeenCalledWith({ type: 'negative', message: 'New job order: your role does not allow this change, so it was not saved.' });
    expect(await outbox.entries.count()).toBe(0);
    expect(await mirror.rows('jobOrders').count()).toBe(0);
  });

  it('refuses a foreman a material category, which only stores and purchase make', async () => {
    await signInAs(FOREMAN);

    await expect(enqueue(createMaterialCategory, { name: 'Glass' })).rejects.toThrow('New material category: your role does not allow this change, so it was not saved.');
    expect(await outbox.entries.count()).toBe(0);
  });
});

describe('a write the signed-in user may make', () => {
  it('is queued and shown at once: a production manager raises a job order', async () => {
    await signInAs(PRODUCTION_MANAGER);

    const { tempId } = await enqueue(createJobOrder, newJobOrder);

    expect(await outbox.entries.count()).toBe(1);
    expect(await mirror.rows('jobOrders').get(tempId!)).toMatchObject({ customer: 3, status: 'Created' });
  });

  it('is queued for a foreman raising a consumables requisition', async () => {
    await signInAs(FOREMAN);

    await enqueue(createRequisition, { requisition_type: 'consumables', requisition_items: [{ material: 1, quantity: '2' }] });

    expect(await outbox.entries.toArray()).toMatchObject([{ operation: 'requisition.create', userId: 5 }]);
  });
});
