import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { User } from '../../domain/user';
import { DELIVERY_NOTE_MESSAGES } from '../../domain/delivery-note';
import type { RouteName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, storeSession } from './support';
import { answersOnItsThread, serveThread } from './record-thread';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { operationNamed } from '../../src/data/outbox';
import { canKeepMine } from '../../src/features/sync/ConflictView';
import DeliveryNotesScreen from '../../src/features/delivery-notes/DeliveryNotesScreen';
import DeliveryNoteCreateScreen from '../../src/features/delivery-notes/DeliveryNoteCreateScreen';
import DeliveryNoteDetailScreen from '../../src/features/delivery-notes/DeliveryNoteDetailScreen';
import PackingDispatchDashboard from '../../src/features/dispatches/PackingDispatchDashboard';
import DispatchDetailScreen from '../../src/features/dispatches/DispatchDetailScreen';
import ReadyToDispatchScreen from '../../src/features/dispatches/ReadyToDispatchScreen';
import CancelledDeliveryNotesScreen from '../../src/features/delivery-notes/CancelledDeliveryNotesScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

/** The screen under a route of domain/routes.ts, in a data router as the app has it. */
const show = (routeName: RouteName, Screen: ComponentType, path: string) =>
  renderRoute(routeName, Screen, path, ['dnote-home', 'dnote-detail', 'prod-dnote-detail', 'dnotes-cancelled', 'dnote-create', 'dispatches-home', 'dispatch-detail']);

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 1, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };
const JOB_ORDERS = [
  { id: 501, customer: 1, status: 'in-process', closed_at: null, cancelled_at: null, ...tracked },
  { id: 502, customer: 1, status: 'closed', closed_at: NOW, cancelled_at: null, ...tracked },
];
const PRODUCTS = [
  { id: 31, job_order: 501, product: 'Acrylic display stand', description: '', quantity: '10.000', unit_price: '100.00', amount: '1000.00', sales_order_item: null, ...tracked },
  { id: 32, job_order: 501, product: 'Steel tray', description: '', quantity: '4.000', unit_price: '50.00', amount: '200.00', sales_order_item: null, ...tracked },
];
const note = (values: Record<string, unknown> = {}) => ({
  id: 700,
  job_order: 501,
  delivery_date: '2026-11-20',
  delivery_location: 'Andheri warehouse',
  remarks: '',
  status: 'draft',
  approved_by: null,
  approved_at: null,
  ...tracked,
  ...values,
});
const item = (values: Record<string, unknown> = {}) => ({ id: 81, delivery_note: 700, job_order_item: 31, quantity: '6.000', ...tracked, ...values });

/** Role queries walk jsdom's accessibility tree, slowly on a busy machine: rows and buttons are found by their markup and text. */
const bodyRows = (table: Element = document.body) => [...table.querySelectorAll('tbody tr')];
const tableNamed = async (name: string) => {
  await waitFor(() => expect(document.querySelector(`table[aria-label="${name}"]`)).not.toBeNull());
  return document.querySelector(`table[aria-label="${name}"]`)!;
};
const cellsOf = (row: Element) => [...row.querySelectorAll('td')].map((c) => c.textContent);
const button = (scope: Element | Document, text: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent === text)!;
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)!;
};

beforeEach(async () => {
  user = makeUser({ id: 5, department: 'production', designation: 'supervisor' });
  storeSession({ userId: 5 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('jobOrders').bulkPut(JOB_ORDERS);
  await mirror.rows('jobOrderItems').bulkPut(PRODUCTS);
  await mirror.rows('customers').put({ id: 1, name: 'Lulu Hypermarket', ...tracked });
  await mirror.rows('deliveryNotes').put(note());
  await mirror.rows('deliveryNoteItems').bulkPut([item(), item({ id: 82, job_order_item: 32, quantity: '1.000' })]);
});

afterEach(() => cleanup());

describe('raising a delivery note', () => {
  it('offers open job orders, shows what is still undelivered, and refuses more than that on the device', async () => {
    show('dnote-create', DeliveryNoteCreateScreen, '/dnotes/create');
    const jobOrder = (await screen.findByLabelText('Job order')) as HTMLSelectElement;
    await waitFor(() => expect([...jobOrder.options].map((o) => o.value)).toEqual(['', '501']));
    fireEvent.change(jobOrder, { target: { value: '501' } });
    const table = await tableNamed('Products of the job order');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    // Ordered 10, 6 on note 700: 4 still to deliver.
    expect(cellsOf(bodyRows(table)[0]!)).toEqual(['Acrylic display stand', '10.00', '6.00', '4.00', '']);
    fireEvent.change(screen.getByLabelText('Delivery location'), { target: { value: 'Thane site' } });
    fireEvent.change(screen.getByLabelText('Quantity of Acrylic display stand'), { target: { value: '4.5' } });
    fireEvent.click(screen.getByText('Save delivery note'));
    expect(await screen.findByText('At most 4.000 can still be delivered.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('queues the note through the outbox and shows it at once with its products inside', async () => {
    const router = show('prod-dnote-create', DeliveryNoteCreateScreen, '/prod/dnote/create?job_order=501');
    fireEvent.change(await screen.findByLabelText('Delivery location'), { target: { value: 'Thane site' } });
    fireEvent.change(screen.getByLabelText('Remarks'), { target: { value: 'Gate 2' } });
    fireEvent.change(await screen.findByLabelText('Quantity of Acrylic display stand'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Quantity of Steel tray'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByText('Save delivery note'));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/prod\/dnote\/detail\/-\d+$/));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'delivery-note.create', method: 'POST', url: '/deliverynotes/delivery_notes/create/', state: 'pending' });
    expect(entry!.payload).toEqual({
      job_order: 501,
      delivery_location: 'Thane site',
      remarks: 'Gate 2',
      items: [
        { job_order_item: 31, quantity: '4' },
        { job_order_item: 32, quantity: '2.5' },
      ],
    });
    const local = await mirror.rows('deliveryNotes').get(entry!.tempId!);
    expect(local).toMatchObject({ status: 'draft', delivery_location: 'Thane site', items: [{ product: 'Acrylic display stand' }, { product: 'Steel tray' }] });

    // The server's answer replaces the temp row; its products go to their own table.
    const server = { ...note({ id: 701, delivery_location: 'Thane site', remarks: 'Gate 2' }), message: DELIVERY_NOTE_MESSAGES.created, items: [{ ...item({ id: 90, delivery_note: 701, quantity: '4.000' }), product: 'Acrylic display stand', description: '', ordered_quantity: '10.000' }] };
    await operationNamed('delivery-note.create')!.reconcile(mirror, server, { tempId: entry!.tempId, rowId: entry!.tempId, entryId: entry!.id });
    expect(await mirror.rows('deliveryNotes').get(entry!.tempId!)).toBeUndefined();
    expect(await mirror.rows('deliveryNotes').get(701)).not.toHaveProperty('items');
    expect(await mirror.rows('deliveryNotes').get(701)).not.toHaveProperty('message');
    expect(await mirror.rows('deliveryNoteItems').get(90)).toEqual(item({ id: 90, delivery_note: 701, quantity: '4.000' }));
  });
});

describe("a delivery note's thread", () => {
  it('opens under "Messages" on the detail and writes to the conversation delivery-note-<id>', async () => {
    serveThread(fakeServer(), 'delivery-note-700');
    show('dnote-detail', DeliveryNoteDetailScreen, '/dnotes/detail/700');
    await answersOnItsThread('delivery-note-700', 'Messages about Delivery note 700');
  });
});

describe('editing a draft note offline', () => {
  it('queues location and remarks with the version the user saw (If-Match), and a conflict can be kept over theirs', async () => {
    show('dnote-detail', DeliveryNoteDetailScreen, '/dnotes/detail/700');
    fireEvent.change(await screen.findByLabelText('Delivery location'), { target: { value: 'Pune depot' } });
    fireEvent.change(screen.getByLabelText('Remarks'), { target: { value: 'Call before' } });
    fireEvent.click(screen.getByText('Save changes'));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'delivery-note.update', method: 'PATCH', url: '/deliverynotes/delivery_notes/update/700/', headers: { 'If-Match': '1' }, body: { delivery_location: 'Pune depot', remarks: 'Call before' } });
    expect(await mirror.rows('deliveryNotes').get(700)).toMatchObject({ delivery_location: 'Pune depot', remarks: 'Call before' });
    expect(canKeepMine(operationNamed('delivery-note.update'), note({ version: 2 }))).toBe(true);
  });

  it('changes a quantity within what is left and removes a product, each with its line version', async () => {
    show('dnote-detail', DeliveryNoteDetailScreen, '/dnotes/detail/700');
    const table = await tableNamed('Products of the delivery note');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    await waitFor(() => expect(button(bodyRows(table)[0]!, 'Change quantity')).toBeTruthy());
    fireEvent.click(button(bodyRows(table)[0]!, 'Change quantity'));
    const dialog = await dialogElement();
    const quantity = within(dialog as HTMLElement).getByLabelText('Quantity');
    fireEvent.change(quantity, { target: { value: '11' } });
    expect(await within(dialog as HTMLElement).findByText('At most 10.000 can still be delivered.')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '8' } });
    fireEvent.click(button(dialog, 'Change'));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    await waitFor(() => expect(document.querySelector(DIALOG)).toBeNull());
    fireEvent.click(button(bodyRows(table)[1]!, 'Remove'));
    fireEvent.click(button(await dialogElement(), 'Remove'));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(2));
    const [change, removal] = await outbox.entries.toArray();
    expect(change).toMatchObject({ operation: 'delivery-note-item.quantity', method: 'PUT', url: '/deliverynotes/delivery_notes/item/qty/update/81/', headers: { 'If-Match': '1' }, body: { quantity: '8' } });
    expect(removal).toMatchObject({ operation: 'delivery-note-item.remove', method: 'PUT', url: '/deliverynotes/delivery_notes/700/delete/item/', headers: { 'If-Match': '1' }, body: { item: 82 } });
    expect(await mirror.rows('deliveryNoteItems').get(81)).toMatchObject({ quantity: '8' });
    expect(await mirror.rows('deliveryNoteItems').get(82)).toBeUndefined();
    expect(await screen.findByText('Product removed from the delivery note.')).toBeTruthy();
  });

  it('approves online and shows the server message as a positive notice; an approved note offers no edits', async () => {
    const server = fakeServer().on('PATCH', '/deliverynotes/delivery_notes/700/approval/', { status: 200, data: { ...note({ status: 'approved' }), items: [], message: DELIVERY_NOTE_MESSAGES.approved } });
    show('dnote-detail', DeliveryNoteDetailScreen, '/dnotes/detail/700');
    fireEvent.click(await screen.findByText('Approve'));
    fireEvent.click(button(await dialogElement(), 'Approve'));
    expect(await screen.findByText(DELIVERY_NOTE_MESSAGES.approved)).toBeTruthy();
    expect(server.calls('PATCH', '/deliverynotes/delivery_notes/700/approval/').map((r) => r.body)).toEqual([{ expected_version: 1 }]);
    cleanup();
    await mirror.rows('deliveryNotes').put(note({ status: 'approved', version: 2 }));
    show('dnote-detail', DeliveryNoteDetailScreen, '/dnotes/detail/700');
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.queryByText('Save changes')).toBeNull();
    expect(screen.queryByText('Change quantity')).toBeNull();
  });

  it('lists the live notes from the device with job order, customer and product count', async () => {
    await mirror.rows('deliveryNotes').put(note({ id: 699, deleted_at: NOW }));
    show('dnote-home', DeliveryNotesScreen, '/dnotes');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const cells = cellsOf(bodyRows()[0]!);
    expect(cells).toEqual(['700', '20-11-2026', '501 - 20-11-2026', 'In Process', 'Lulu Hypermarket', 'Andheri warehouse', '2', 'Draft']);
  });
});

describe('dispatch screens', () => {
  it('shows the packing and dispatch dashboard: counts, the 14-day chart and what to dispatch', async () => {
    const daily = Array.from({ length: 14 }, (_, i) => ({ date: `2026-11-${String(i + 7).padStart(2, '0')}`, count: i === 13 ? 3 : i % 2 }));
    const waitingNote = { id: 702, job_order: 501, job_order_label: '501 - 20-11-2026', customer_name: 'Lulu Hypermarket', delivery_location: 'Pune', delivery_date: '2026-11-18', status: 'approved', since: '2026-11-17', days_waiting: 3, booking: null };
    fakeServer().on('GET', '/dispatches/dashboard/', {
      status: 200,
      data: { today: '2026-11-20', ready_to_dispatch: [{ ...waitingNote, id: 701, status: 'ready-to-dispatch', days_waiting: 0 }], waiting: [waitingNote], dispatched_today: [], daily },
    });
    user = makeUser({ id: 9, department: 'packing-dispatch', designation: 'supervisor-packing-dispatch' });
    show('packing-dispatch-dashboard', PackingDispatchDashboard, '/jobs/warehouse');
    await waitFor(() => expect(screen.getByTestId('ready-count').textContent).toBe('1'));
    expect(screen.getByTestId('waiting-count').textContent).toBe('1');
    expect(screen.getByTestId('today-count').textContent).toBe('0');
    const chart = document.querySelector('[aria-label="Dispatches per day for the last 14 days"]')!;
    expect([...chart.querySelectorAll('[data-count]')].map((b) => b.getAttribute('data-count'))).toEqual(daily.map((d) => String(d.count)));
    expect(screen.getByText('1 note has waited 2 days or more.')).toBeTruthy();
    expect(button(await tableNamed('Ready to dispatch'), 'Dispatch')).toBeTruthy();
  });

  it('shows a dispatch from the device, and a job order’s dispatches under /jobs/detail', async () => {
    await mirror.rows('dispatches').put({ id: 40, delivery_note: 700, job_order: 501, dispatch_date: '2026-11-20', vehicle_number: 'MH12 AB 1234', driver_name: 'Ramesh', driver_phone: '', status: 'dispatched', remarks: '', ...tracked });
    show('dispatch-detail', DispatchDetailScreen, '/dispatches/detail/40');
    expect(await screen.findByText('MH12 AB 1234')).toBeTruthy();
    expect(screen.getByText('Andheri warehouse')).toBeTruthy();
    cleanup();
    show('job-dispatch-detail', DispatchDetailScreen, '/jobs/detail/501');
    expect(await screen.findByText('Dispatches of job order 501 - 20-11-2026')).toBeTruthy();
    expect(screen.getAllByTestId('dispatch')).toHaveLength(1);
  });

  it('records a dispatch of a packed note online, with today as its date and the vehicle typed', async () => {
    await mirror.rows('deliveryNotes').put(note({ status: 'ready-to-dispatch', version: 3 }));
    const server = fakeServer().on('POST', '/dispatches/dispatches/', { status: 201, data: {} });
    user = makeUser({ id: 9, department: 'packing-dispatch', designation: 'supervisor-packing-dispatch' });
    show('jobs-ready-to-dispatch', ReadyToDispatchScreen, '/jobs/ready-to-dispatch');
    await waitFor(() => expect(screen.getAllByTestId('ready-note')).toHaveLength(1));
    fireEvent.click(screen.getByText('Dispatch'));
    const dialog = await dialogElement();
    fireEvent.change(within(dialog as HTMLElement).getByLabelText('Vehicle number'), { target: { value: 'mh12 ab 1234' } });
    fireEvent.click(button(dialog, 'Dispatch'));
    expect(await screen.findByText('Dispatch recorded: the delivery note is on its way.')).toBeTruthy();
    const [call] = server.calls('POST', '/dispatches/dispatches/');
    expect(call!.body).toEqual({ delivery_note: 700, job_order: 501, dispatch_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), vehicle_number: 'mh12 ab 1234', status: 'dispatched' });
  });
});

describe('the cancelled delivery notes', () => {
  it('comes from the server, and an empty list gives the spec notice', async () => {
    const server = fakeServer().on('GET', '/deliverychallans/delivery_challans/cancelled_dnotes/', { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    show('dnotes-cancelled', CancelledDeliveryNotesScreen, '/dnotes/cancelled');
    expect(await screen.findByText(DELIVERY_NOTE_MESSAGES.cancelledNotFound)).toBeTruthy();
    expect(server.calls('GET', '/deliverychallans/delivery_challans/cancelled_dnotes/')[0]!.config.params).toMatchObject({ page: 1, page_size: 15 });
  });
});
