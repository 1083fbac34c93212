import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '../../domain/user';
import { routeByName } from '../../domain/routes';
import { businessToday } from '../../domain/rules/dates';
import { RootShell } from '../../src/app/RootShell';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import DispatchesScreen from '../../src/features/dispatches/DispatchesScreen';
import { AppProviders } from './providers';
import { makeUser, storeSession } from './support';

/** Issue 17 §4: lists page as people expect: Next starts at the top, Back returns to the page, and loading is not "none". */
let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 1, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };
const yesterday = businessToday(-1);
const dispatch = (id: number) => ({ id, delivery_note: 700 + id, job_order: 501, dispatch_date: yesterday, vehicle_number: '', driver_name: '', driver_phone: '', status: 'delivered', remarks: '', ...tracked });
const loaded = (type: 'dispatches' | 'deliveryNotes' | 'jobOrders' | 'customers') => ({ key: metaKey(9, type), userId: 9, type, cursor: '1', loadedAt: Date.now(), rowCount: 0, error: null });

function showDispatches(at = '/dispatches') {
  const list = routeByName('dispatches-home');
  const detail = routeByName('dispatch-detail');
  const router = createMemoryRouter(
    [{ element: <RootShell />, children: [{ path: list.path, element: <DispatchesScreen />, handle: { route: list } }, { path: detail.path, element: <p>dispatch detail</p>, handle: { route: detail } }] }],
    { initialEntries: [at] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const firstCells = () => [...document.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')!.textContent);

beforeEach(async () => {
  user = makeUser({ id: 9, department: 'packing-dispatch', designation: 'supervisor-packing-dispatch' });
  storeSession({ userId: 9 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('jobOrders').put({ id: 501, customer: 1, status: 'dispatched', closed_at: null, cancelled_at: null, ...tracked });
  await mirror.rows('customers').put({ id: 1, name: 'Lulu Hypermarket', ...tracked });
});

afterEach(() => cleanup());

describe('paging a list', () => {
  it('Next starts the next page at the top, and Back from a detail returns to that page', async () => {
    await mirror.meta.bulkPut([loaded('dispatches'), loaded('deliveryNotes'), loaded('jobOrders'), loaded('customers')]);
    await mirror.rows('dispatches').bulkPut(Array.from({ length: 20 }, (_, i) => dispatch(i + 1)));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = showDispatches();
    await waitFor(() => expect(firstCells()).toHaveLength(15));
    scrollTo.mockClear();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(firstCells()).toEqual(['5', '4', '3', '2', '1']));
    expect(router.state.location.search).toBe('?page=2');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    await act(() => router.navigate('/dispatches/detail/3'));
    await screen.findByText('dispatch detail');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(firstCells()).toEqual(['5', '4', '3', '2', '1']));
    expect(screen.getByText(/page 2 of 2/)).toBeTruthy();
  });
});

describe('a list the device is still loading', () => {
  it('says "Loading…", not that there are none, until its data has loaded', async () => {
    showDispatches();
    expect(await screen.findByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('No dispatches.')).toBeNull();
    expect(screen.queryByText(/0 in all/)).toBeNull();

    await act(() => mirror.meta.bulkPut([loaded('dispatches'), loaded('deliveryNotes'), loaded('jobOrders'), loaded('customers')]));
    expect(await screen.findByText('No dispatches.')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
