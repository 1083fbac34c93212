import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { User } from '../../domain/user';
import { businessToday } from '../../domain/rules/dates';
import { renderRoute } from './render-screen';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import DispatchesScreen from '../../src/features/dispatches/DispatchesScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 1, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };
/** The business day `days` from today, as the list reads it. */
const day = (days: number) => businessToday(days);
const dispatch = (id: number, dispatch_date: string, status: string, vehicle_number = '') => ({
  id,
  delivery_note: 700 + id,
  job_order: 501,
  dispatch_date,
  vehicle_number,
  driver_name: '',
  driver_phone: '',
  status,
  remarks: '',
  ...tracked,
});

// Unmounted after each test, so no render is left to run once the test environment is gone.
afterEach(() => cleanup());

beforeEach(async () => {
  user = makeUser({ id: 9, department: 'packing-dispatch', designation: 'supervisor-packing-dispatch' });
  storeSession({ userId: 9 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('jobOrders').put({ id: 501, customer: 1, status: 'dispatched', closed_at: null, cancelled_at: null, ...tracked });
  await mirror.rows('customers').put({ id: 1, name: 'Lulu Hypermarket', ...tracked });
});

describe('the dispatches list', () => {
  it("opens on today's dispatches, then the earlier ones, the latest first, with vehicles booked for later days apart", async () => {
    await mirror.rows('dispatches').bulkPut([
      dispatch(1, day(-7), 'delivered'),
      dispatch(2, day(3), 'scheduled', 'MH 12 AB 1234'),
      dispatch(3, day(0), 'dispatched'),
      dispatch(4, day(1), 'scheduled', 'MH 14 CD 9876'),
      dispatch(5, day(-1), 'dispatched'),
      dispatch(6, day(0), 'scheduled'),
    ]);
    renderRoute('dispatches-home', DispatchesScreen, '/dispatches', ['dispatch-detail', 'packing-dispatch-dashboard']);
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(4));
    expect([...document.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')!.textContent)).toEqual(['6', '3', '5', '1']);
    expect(document.querySelector('tbody tr td:nth-child(2)')!.textContent).toMatch(/^Today · /);

    const ahead = screen.getByRole('region', { name: 'Scheduled ahead' });
    expect(ahead.textContent).toContain('Scheduled ahead · 2');
    expect(screen.getAllByTestId('scheduled-dispatch').map((row) => row.textContent)).toEqual([expect.stringContaining('Dispatch 4'), expect.stringContaining('Dispatch 2')]);
    expect(screen.getAllByTestId('scheduled-dispatch')[0]!.textContent).toContain('MH 14 CD 9876');
  });
});
