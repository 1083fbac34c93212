import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '../../domain/user';
import { routeByName, type RouteName } from '../../domain/routes';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { Notifications } from '../../src/ui/Notifications';
import StockAdjustmentsScreen, { ADJUSTMENT_REQUESTED_OFFLINE } from '../../src/features/stock-adjustments/StockAdjustmentsScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

function show(routeName: RouteName = 'stock-adjustments-home') {
  const route = routeByName(routeName);
  const router = createMemoryRouter([{ path: route.path, element: <StockAdjustmentsScreen />, handle: { route } }], { initialEntries: [route.path] });
  render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
      <Notifications />
    </ChakraProvider>,
  );
}

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 1, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };

beforeEach(async () => {
  user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
  storeSession({ userId: 8 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materials').put({ id: 12, name: 'Acrylic sheet clear 5mm', unit: 'SHEET', quantity: '12.000', brand: '', size: '', color: '', thickness: '5mm', category: 1, ...tracked });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('stock adjustments', () => {
  it('stores requests one offline: queued, shown at once as pending, and stock does not move until approved', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    show('stock-adjustment-create');
    const form = await screen.findByRole('form', { name: 'Request a stock adjustment' });
    fireEvent.change(within(form).getByLabelText('Find a material'), { target: { value: '5mm' } });
    fireEvent.click(await within(form).findByRole('button', { name: /Acrylic sheet clear 5mm/ }));
    fireEvent.change(within(form).getByLabelText(/^Quantity/), { target: { value: '-3' } });
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'Damaged in handling' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request adjustment' }));

    expect(await screen.findByText(ADJUSTMENT_REQUESTED_OFFLINE)).toBeTruthy();
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'stock-adjustment.request', url: '/stockadjustments/stock-adjustments/' });
    expect(entry!.payload).toMatchObject({ material: 12, quantity: '-3', reason: 'Damaged in handling' });
    const row = (await screen.findByRole('cell', { name: /Acrylic sheet clear 5mm/ })).closest('tr')!;
    await waitFor(() => expect(row.getAttribute('data-pending')).toBe('true'));
    expect(row.textContent).toContain('Pending');
    expect(await mirror.rows('materials').get(12)).toMatchObject({ quantity: '12.000' });
  });

  it('needs a material, a quantity other than zero and a reason', async () => {
    show('stock-adjustment-create');
    const form = await screen.findByRole('form', { name: 'Request a stock adjustment' });
    fireEvent.change(within(form).getByLabelText(/^Quantity/), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request adjustment' }));
    expect(await screen.findByText('The quantity may not be zero.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('only a stores manager is offered approve and reject, on requests the server has', async () => {
    await mirror.rows('stockAdjustments').put({ id: 40, material: 12, quantity: '-2.000', reason: 'Count difference', status: 'pending', approved_by: null, decided_at: null, remarks: '', ...tracked });
    show();
    await screen.findByText('Count difference');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    cleanup();
    user = makeUser({ id: 9, department: 'stores', designation: 'manager' });
    show();
    await screen.findByText('Count difference');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });
});
