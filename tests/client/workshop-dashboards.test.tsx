import './setup';
import { AppProviders } from './providers';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '../../domain/user';
import type { WorkshopDashboard } from '../../domain/dashboard';
import { routeByName, type RouteName } from '../../domain/routes';
import { fakeServer, makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import WorkshopDashboardScreen from '../../src/features/workshop-dashboards/WorkshopDashboardScreen';
import RequisitionCreateScreen from '../../src/features/requisitions/RequisitionCreateScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));

function show(routeName: RouteName, Screen = WorkshopDashboardScreen, entry = routeByName(routeName).path) {
  const route = routeByName(routeName);
  const router = createMemoryRouter([{ path: route.path, element: <Screen />, handle: { route } }], { initialEntries: [entry] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const job = (id: number, values: Partial<WorkshopDashboard['in_process']['results'][number]> = {}) => ({
  id,
  label: `${id} - 20-11-2026`,
  customer_name: 'Lulu Hypermarket',
  production_department: 'Acrylic' as const,
  status: 'in-process' as const,
  total_value: '125000.50',
  created: '2026-11-20',
  days_open: 0,
  ...values,
});

function figures(values: Partial<WorkshopDashboard> = {}): WorkshopDashboard {
  return {
    workshop: 'production',
    today: '2026-11-20',
    production_departments: [],
    status_counts: [
      { status: 'Created', label: 'Created', count: 4 },
      { status: 'in-process', label: 'In Process', count: 2 },
      { status: 'handover-to-dispatch', label: 'Handover To Dispatch', count: 0 },
      { status: 'ready-to-dispatch', label: 'Ready To Dispatch', count: 1 },
      { status: 'dispatched', label: 'Dispatched', count: 7 },
      { status: 'closed', label: 'Closed', count: 3 },
    ],
    in_process: { count: 2, value: '1250000.75', results: [job(501), job(502)] },
    weekly_created: ['2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'].map((week_start, i) => ({ week_start, count: i })),
    ageing: { count: 1, results: [job(400, { status: 'Created', days_open: 41 })] },
    requisitions: {
      by_state: [
        { state: 'open', label: 'Open', count: 3 },
        { state: 'approved', label: 'Approved', count: 1 },
        { state: 'partly-issued', label: 'Partly issued', count: 2 },
      ],
      awaiting_approval: 1,
      in_stores_queue: 5,
    },
    issued_today: { count: 1, results: [{ id: 1, transaction_date: '2026-11-20', material: 9, material_name: 'Clear acrylic 3mm', unit: 'SHEET', quantity: '2.000', rate: null, value: '0.00', requisition: 77, job_order: 501, customer_name: 'Lulu Hypermarket', status: 'completed', remarks: '' }] },
    delivery_notes_awaiting_approval: 2,
    low_stock: { count: 1, results: [{ id: 9, name: 'Clear acrylic 3mm', unit: 'SHEET', category_name: 'Sheets', available: '5.000', reorder_level: '10.000', shortfall: '5.000' }] },
    ...values,
  };
}

const tile = (key: string) => screen.getByTestId(`tile-${key}`).textContent;

beforeEach(async () => {
  storeSession({ userId: 5 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});
afterEach(() => cleanup());

describe('the workshop dashboards', () => {
  it('production-home shows its figures, the two charts and the late job orders, and narrows to a department', async () => {
    user = makeUser({ id: 5, department: 'production', designation: 'manager' });
    const server = fakeServer()
      .on('GET', '/dashboard/production/', (request) => ({ status: 200, data: request.config.params?.production_department ? figures({ in_process: { count: 1, value: '10.00', results: [job(501)] } }) : figures() }));
    show('production-home');
    await waitFor(() => expect(tile('inProcess')).toBe('2'));
    expect(screen.getByText('₹ 12,50,000.75 on the floor')).toBeTruthy();
    expect(tile('ageing')).toBe('1');
    expect(tile('inStoresQueue')).toBe('5');
    expect(tile('awaitingApproval')).toBe('1');
    expect(tile('notesAwaitingApproval')).toBe('2');
    const status = document.querySelector('[aria-label="Job orders by status"]')!;
    expect([...status.querySelectorAll('[data-value]')].map((b) => b.getAttribute('data-value'))).toEqual(['4', '2', '0', '1', '7', '3']);
    expect(document.querySelectorAll('[aria-label="Job orders made per week, last 8 weeks"] [data-value]')).toHaveLength(8);
    const late = document.querySelector('table[aria-label="Late job orders"]')!;
    expect(late.textContent).toContain('41 days');
    expect(late.querySelector('a[href="/prod/joborder/detail/400"]')).not.toBeNull();
    fireEvent.click([...document.querySelectorAll('[aria-label="Production department"] button')].find((b) => b.textContent === 'Acrylic')!);
    await waitFor(() => expect(tile('inProcess')).toBe('1'));
    expect(server.calls('GET', '/dashboard/production/').at(-1)!.config.params).toEqual({ production_department: 'Acrylic' });
  });

  it('loads its figures again on every entry', async () => {
    user = makeUser({ id: 5, department: 'metal', designation: 'supervisor' });
    const server = fakeServer().on('GET', '/dashboard/metal/', { status: 200, data: figures({ workshop: 'metal' }) });
    show('metal-home');
    await waitFor(() => expect(tile('lowStock')).toBe('1'));
    cleanup();
    show('metal-home');
    await waitFor(() => expect(server.calls('GET', '/dashboard/metal/')).toHaveLength(2));
    // The second read's answer arrives after its call: wait for the list it fills.
    expect((await screen.findByRole('table', { name: 'Materials low on stock' })).textContent).toContain('Clear acrylic 3mm');
  });

  it('the foreman sees big tiles and job orders in process with links to raise a requisition and open the job order', async () => {
    user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
    fakeServer().on('GET', '/dashboard/foreman/', { status: 200, data: figures({ workshop: 'foreman' }) });
    show('foreman-prod-dashboard');
    await waitFor(() => expect(tile('openRequisitions')).toBe('6'));
    expect(tile('issuedToday')).toBe('1');
    const table = document.querySelector('table[aria-label="Job orders in process"]')!;
    expect(table.querySelector('a[href="/production/foreman/requisition/create?job_order=501"]')).not.toBeNull();
    expect(table.querySelector('a[href="/prod/joborder/detail/502"]')).not.toBeNull();
  });

  it('says a dashboard needs the server when it cannot be reached', async () => {
    user = makeUser({ id: 5, department: 'acrylic', designation: 'supervisor' });
    fakeServer().on('GET', '/dashboard/acrylic/', 'network-error');
    show('acrylic-trays-dashboard');
    expect(await screen.findByText("This dashboard needs the server: its figures are today's. Connect to see them.")).toBeTruthy();
    expect(screen.queryByTestId('tile-inProcess')).toBeNull();
  });

  it("offline, the foreman's dashboard shows the foreman's requisitions and the floor's job orders from the device, and what is still to send", async () => {
    user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
    const at = '2026-11-20T09:00:00.000Z';
    const requisition = (id: number, values: Record<string, unknown> = {}) => ({
      id,
      job_order: 501,
      requisition_type: 'standard',
      requested_by: 5,
      is_approved: false,
      approved_by: null,
      approved_at: null,
      is_completed: false,
      closed_at: null,
      close_reason: null,
      cancel_reason: null,
      created_by: 5,
      created_at: at,
      updated_at: at,
      version: 1,
      deleted_at: null,
      ...values,
    });
    await mirror.rows('requisitions').bulkPut([
      requisition(1),
      requisition(2, { requisition_type: 're-work' }),
      requisition(3),
      requisition(4, { is_completed: true }),
      requisition(5, { deleted_at: at }),
      requisition(6, { requested_by: 9 }),
    ]);
    await mirror.rows('requisitionDetails').put({ id: 30, requisition: 3, material: 9, job_order: 501, quantity: '10', quantity_issued: '4', quantity_reserved: '0', deleted_at: null });
    await mirror.rows('jobOrders').bulkPut([
      { id: 501, status: 'in-process', cancelled_at: null, deleted_at: null },
      { id: 502, status: 'in-process', cancelled_at: at, deleted_at: null },
      { id: 503, status: 'Created', cancelled_at: null, deleted_at: null },
    ]);
    const entry = { idempotencyKey: 'k', operation: 'requisition.create', payload: {}, method: 'POST' as const, url: '/requisitions/requisitions/', body: {}, headers: {}, createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, dependsOn: [], type: null, rowId: null, tempId: null, before: null };
    await outbox.entries.bulkAdd([
      { ...entry, userId: 5, state: 'pending' },
      { ...entry, idempotencyKey: 'l', userId: 5, state: 'rejected' },
      { ...entry, idempotencyKey: 'm', userId: 9, state: 'pending' },
    ] as never);
    fakeServer().on('GET', '/dashboard/foreman/', 'network-error');
    show('foreman-prod-dashboard');
    expect(await screen.findByText("This dashboard needs the server: its figures are today's. Connect to see them.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('device-open').textContent).toBe('3'));
    expect(screen.getByText('Open: 2 · Approved: 0 · Partly issued: 1')).toBeTruthy();
    expect(screen.getByTestId('device-approval').textContent).toBe('1');
    expect(screen.getByTestId('device-in-process').textContent).toBe('1');
    expect(screen.getByTestId('device-unsent').textContent).toBe('1');
    expect(screen.getByText('1 refused: see the Sync screen')).toBeTruthy();
  });

  it("a dashboard's Raise requisition opens the new requisition with the job order picked", async () => {
    user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
    const at = '2026-11-20T09:00:00.000Z';
    await mirror.rows('customers').put({ id: 1, name: 'Lulu Hypermarket', created_at: at, updated_at: at, version: 1, deleted_at: null });
    await mirror.rows('jobOrders').put({ id: 501, customer: 1, status: 'in-process', closed_at: null, cancelled_at: null, deleted_at: null, created_at: at });
    show('foreman-requisition-create', RequisitionCreateScreen, '/production/foreman/requisition/create?job_order=501');
    const select = (await screen.findByLabelText('Job order')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('501'));
  });
});
