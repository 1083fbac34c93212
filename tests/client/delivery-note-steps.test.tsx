import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { User } from '../../domain/user';
import type { RouteName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import DeliveryNoteDetailScreen from '../../src/features/delivery-notes/DeliveryNoteDetailScreen';
import ReadyToDispatchScreen from '../../src/features/dispatches/ReadyToDispatchScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, ['dnote-home', 'dnote-detail', 'jobs-ready-to-dispatch']);

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 1, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };
const note = (values: Record<string, unknown> = {}) => ({
  id: 700,
  job_order: 501,
  delivery_date: '2026-11-20',
  delivery_location: 'Andheri warehouse',
  remarks: '',
  status: 'approved',
  approved_by: 5,
  approved_at: NOW,
  ...tracked,
  ...values,
});
const dispatch = (values: Record<string, unknown>) => ({ id: 40, delivery_note: 700, job_order: 501, dispatch_date: '2026-11-27', vehicle_number: '', driver_name: '', driver_phone: '', status: 'scheduled', remarks: '', ...tracked, ...values });
const SUPERVISOR = { id: 5, department: 'production', designation: 'supervisor' } as const;
const DISPATCHER = { id: 9, department: 'packing-dispatch', designation: 'supervisor-packing-dispatch' } as const;
const buttonsNamed = (text: string) => [...document.querySelectorAll('button, a')].filter((b) => b.textContent === text);

// Unmounted after each test, so no render is left to run once the test environment is gone.
afterEach(() => cleanup());

beforeEach(async () => {
  storeSession({ userId: 5 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('jobOrders').put({ id: 501, customer: 1, status: 'ready-to-dispatch', closed_at: null, cancelled_at: null, ...tracked });
  await mirror.rows('jobOrderItems').put({ id: 31, job_order: 501, product: 'Acrylic display stand', description: '', quantity: '10.000', unit_price: '100.00', amount: '1000.00', sales_order_item: null, ...tracked });
  await mirror.rows('customers').put({ id: 1, name: 'Lulu Hypermarket', ...tracked });
  await mirror.rows('deliveryNoteItems').put({ id: 81, delivery_note: 700, job_order_item: 31, quantity: '6.000', ...tracked });
});

describe('a delivery note says who moves it on', () => {
  it('tells the production supervisor who approved it that packing & dispatch marks it ready, with no button of theirs', async () => {
    user = makeUser(SUPERVISOR);
    await mirror.rows('deliveryNotes').put(note());
    show('dnote-detail', DeliveryNoteDetailScreen, '/dnotes/detail/700');
    expect(await screen.findByText('Waiting for packing & dispatch to mark it ready.')).toBeTruthy();
    expect(buttonsNamed('Ready to dispatch')).toHaveLength(0);
  });

  it('offers packing & dispatch the step instead of the wait', async () => {
    user = makeUser(DISPATCHER);
    await mirror.rows('deliveryNotes').put(note());
    show('dnote-detail', DeliveryNoteDetailScreen, '/dnotes/detail/700');
    await waitFor(() => expect(buttonsNamed('Ready to dispatch')).toHaveLength(1));
    expect(screen.queryByText('Waiting for packing & dispatch to mark it ready.')).toBeNull();
  });

  it('tells packing & dispatch that a draft waits for a production supervisor to approve it', async () => {
    user = makeUser(DISPATCHER);
    await mirror.rows('deliveryNotes').put(note({ status: 'draft', approved_by: null, approved_at: null }));
    show('dnote-detail', DeliveryNoteDetailScreen, '/dnotes/detail/700');
    expect(await screen.findByText('Waiting for a production supervisor to approve it.')).toBeTruthy();
    expect(buttonsNamed('Approve')).toHaveLength(0);
  });
});

describe('the ready-to-dispatch list', () => {
  it('lists a packed note with a vehicle booked, offering that vehicle, and leaves out a note whose goods have left', async () => {
    user = makeUser(DISPATCHER);
    await mirror.rows('deliveryNotes').bulkPut([note({ status: 'ready-to-dispatch' }), note({ id: 701, status: 'ready-to-dispatch' })]);
    await mirror.rows('dispatches').bulkPut([
      dispatch({ id: 40, status: 'cancelled', vehicle_number: 'MH 04 XY 1111' }),
      dispatch({ id: 41, vehicle_number: 'MH 12 AB 1234' }),
      dispatch({ id: 42, delivery_note: 701, status: 'dispatched', dispatch_date: '2026-11-19' }),
    ]);
    show('jobs-ready-to-dispatch', ReadyToDispatchScreen, '/jobs/ready-to-dispatch');
    await waitFor(() => expect(screen.getAllByTestId('ready-note')).toHaveLength(1));
    const card = screen.getByTestId('ready-note');
    expect(card.textContent).toContain('Delivery note 700');
    expect(card.textContent).toContain('Vehicle booked for 27-11-2026: MH 12 AB 1234');
    fireEvent.click(within(card).getByText('Dispatch'));
    await waitFor(() => expect(document.querySelector('[role="dialog"], [role="alertdialog"]')).not.toBeNull());
    const dialog = document.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]')!;
    expect((within(dialog).getByLabelText('Vehicle number') as HTMLInputElement).value).toBe('MH 12 AB 1234');
  });
});
