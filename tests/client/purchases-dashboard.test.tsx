import './setup';
import { AppProviders } from './providers';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '../../domain/user';
import type { PurchasesDashboard } from '../../domain/dashboard';
import { routeByName } from '../../domain/routes';
import { fakeServer, makeUser, storeSession } from './support';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import PurchasesDashboardScreen from '../../src/features/purchases-dashboard/PurchasesDashboardScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));

function show() {
  const route = routeByName('purchases-dash');
  const router = createMemoryRouter([{ path: route.path, element: <PurchasesDashboardScreen />, handle: { route } }], { initialEntries: [route.path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function figures(values: Partial<PurchasesDashboard> = {}): PurchasesDashboard {
  return {
    today: '2026-11-20',
    stores_queue: {
      count: 7,
      results: [
        { id: 77, requisition_type: 'standard', job_order_label: '501 - 12-11-2026', customer_name: 'Lulu Hypermarket', requested_by_name: 'Suresh Patil', created: '2026-11-15', days_waiting: 5 },
        { id: 81, requisition_type: 'shortfall', job_order_label: null, customer_name: null, requested_by_name: 'Gurpreet Singh', created: '2026-11-20', days_waiting: 0 },
      ],
    },
    reorder: { count: 1, results: [{ id: 9, name: 'Clear acrylic 3mm', unit: 'SHEET', category_name: 'Sheets', available: '5.000', reorder_level: '10.000', shortfall: '5.000' }] },
    adjustments_awaiting_approval: 0,
    issued_today: 12,
    stock_value: '1234567.50',
    receipts_this_month: { lines: 4, value: '250000.00', gras: 2 },
    lpos_pending_receipt: { count: 3, value: '76000.25', overdue: 1 },
    monthly_purchases: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month, i) => ({ month, total: `${i * 100000}.00` })),
    quarter_start: '2026-10-01',
    top_vendors: [{ id: 3, name: 'Bharat Metals', lpo_count: 2, total_value: '500000.00' }],
    ...values,
  };
}

const tile = (key: string) => screen.getByTestId(`tile-${key}`);
const NEEDS_SERVER = "This dashboard needs the server: its figures are today's. Connect to see them.";

beforeEach(async () => {
  storeSession({ userId: 5 });
  user = makeUser({ id: 5, department: 'stores', designation: 'executive' });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});
afterEach(() => cleanup());

describe('the stores and purchase dashboard (purchases-dash)', () => {
  it('shows the figures in Indian digits, each tile leading to where its work is done', async () => {
    fakeServer().on('GET', '/dashboard/purchases/', { status: 200, data: figures() });
    show();
    await waitFor(() => expect(tile('storesQueue').textContent).toBe('7'));
    expect(screen.getByText('First in line waiting 5 days')).toBeTruthy();
    expect(tile('reorder').textContent).toBe('1');
    expect(tile('adjustments').textContent).toBe('0');
    expect(tile('issuedToday').textContent).toBe('12');
    expect(tile('lposPending').textContent).toBe('3');
    expect(screen.getByText('₹ 76,000.25 still to come · 1 past expected date')).toBeTruthy();
    expect(tile('receipts').textContent).toBe('₹ 2,50,000.00');
    expect(tile('stockValue').textContent).toBe('₹ 12,34,567.50');
    expect(tile('storesQueue').closest('a')!.getAttribute('href')).toBe('/stores/requisitions');
    expect(tile('reorder').closest('a')!.getAttribute('href')).toBe('/material/reorder');
    expect(tile('adjustments').closest('a')!.getAttribute('href')).toBe('/stock/adjustments');
    // The purchasing screens come later: no link to a screen that is not there.
    expect(tile('lposPending').closest('a')).toBeNull();
  });

  it('lists the oldest of the queue with a link to each requisition, what to reorder, the purchases chart and the top vendors', async () => {
    fakeServer().on('GET', '/dashboard/purchases/', { status: 200, data: figures() });
    show();
    const queue = await screen.findByRole('table', { name: 'Stores queue' });
    expect(queue.querySelector('a[href="/detail/requisition/77"]')).not.toBeNull();
    expect(queue.querySelector('a[href="/detail/requisition/81"]')).not.toBeNull();
    expect(queue.textContent).toContain('5 days');
    expect(queue.textContent).toContain('Today');
    expect(screen.getByText('The oldest 2 of 7.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the queue' }).getAttribute('href')).toBe('/stores/requisitions');
    const reorder = screen.getByRole('table', { name: 'Materials to reorder' });
    expect(reorder.querySelector('a[href="/material-detail/9"]')!.textContent).toBe('Clear acrylic 3mm');
    expect(reorder.textContent).toContain('5.00 Sheets');
    expect(screen.getByRole('link', { name: 'Reorder report' }).getAttribute('href')).toBe('/material/reorder');
    const chart = screen.getByRole('img', { name: 'Purchases per month, last 6 months' });
    expect([...chart.querySelectorAll('[data-value]')].map((b) => b.getAttribute('data-value'))).toEqual(['0.00', '1,00,000.00', '2,00,000.00', '3,00,000.00', '4,00,000.00', '5,00,000.00']);
    expect(screen.getByRole('table', { name: 'Top vendors this quarter' }).textContent).toContain('5,00,000.00');
  });

  it('colours only the tiles that ask for action', async () => {
    fakeServer().on('GET', '/dashboard/purchases/', { status: 200, data: figures() });
    show();
    await waitFor(() => expect(tile('storesQueue').textContent).toBe('7'));
    const outlined = (key: string) => getComputedStyle(tile(key).closest('a, .chakra-card__root')!).borderWidth === '2px';
    expect(outlined('storesQueue')).toBe(true);
    expect(outlined('lposPending')).toBe(true);
    expect(outlined('adjustments')).toBe(false);
    expect(outlined('stockValue')).toBe(false);
  });

  it('loads its figures again on every entry', async () => {
    const server = fakeServer().on('GET', '/dashboard/purchases/', { status: 200, data: figures() });
    show();
    await waitFor(() => expect(tile('storesQueue').textContent).toBe('7'));
    cleanup();
    show();
    await waitFor(() => expect(server.calls('GET', '/dashboard/purchases/')).toHaveLength(2));
  });

  it('offline, says it needs the server and shows the stores queue as last synced and what is still to send', async () => {
    const at = '2026-11-20T09:00:00.000Z';
    const requisition = (id: number, values: Record<string, unknown> = {}) => ({
      id,
      job_order: 501,
      requisition_type: 'standard',
      requested_by: 9,
      is_approved: false,
      is_completed: false,
      closed_at: null,
      created_at: at,
      updated_at: at,
      version: 1,
      deleted_at: null,
      ...values,
    });
    await mirror.rows('requisitions').bulkPut([
      requisition(1),
      requisition(2, { requisition_type: 're-work' }),
      requisition(3, { requisition_type: 're-work', is_approved: true }),
      requisition(4, { job_order: 502 }),
      requisition(5, { is_completed: true }),
      requisition(6, { deleted_at: at }),
    ]);
    await mirror.rows('jobOrders').bulkPut([
      { id: 501, status: 'in-process', closed_at: null, cancelled_at: null, deleted_at: null },
      { id: 502, status: 'closed', closed_at: at, cancelled_at: null, deleted_at: null },
    ]);
    await mirror.meta.bulkPut(
      (['requisitions', 'requisitionDetails', 'jobOrders'] as const).map((type) => ({ key: metaKey(5, type), userId: 5, type, cursor: '9', loadedAt: Date.now() - 3 * 60_000, rowCount: 1, error: null })),
    );
    const entry = { idempotencyKey: 'k', operation: 'stock-transaction.create', payload: {}, method: 'POST' as const, url: '/stock/stocktransactions/', body: {}, headers: {}, createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, dependsOn: [], type: null, rowId: null, tempId: null, before: null };
    await outbox.entries.bulkAdd([
      { ...entry, userId: 5, state: 'pending' },
      { ...entry, idempotencyKey: 'l', userId: 5, state: 'pending' },
      { ...entry, idempotencyKey: 'm', userId: 9, state: 'pending' },
    ] as never);
    fakeServer().on('GET', '/dashboard/purchases/', 'network-error');
    show();
    expect(await screen.findByText(NEEDS_SERVER)).toBeTruthy();
    // 1 and the approved re-work; not the unapproved re-work, the closed job order's, the issued or the cancelled one.
    await waitFor(() => expect(screen.getByTestId('device-queue').textContent).toBe('2'));
    expect(screen.getByText('As last synced')).toBeTruthy();
    expect(screen.getByText('updated 3 min ago')).toBeTruthy();
    expect(screen.getByTestId('device-unsent').textContent).toBe('2');
    expect(screen.queryByTestId('tile-storesQueue')).toBeNull();
  });

  it('offline on a desk that never synced the queue, says so rather than showing none', async () => {
    fakeServer().on('GET', '/dashboard/purchases/', 'network-error');
    show();
    expect(await screen.findByText(NEEDS_SERVER)).toBeTruthy();
    expect(await screen.findByText('The queue is not on this device')).toBeTruthy();
    expect(screen.getByTestId('device-queue').textContent).toBe('—');
  });
});
