import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { PurchasesDashboard } from '../../domain/dashboard';
import { routeByName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import JobOrderDetailScreen from '../../src/features/job-orders/JobOrderDetailScreen';
import PurchasesDashboardScreen from '../../src/features/purchases-dashboard/PurchasesDashboardScreen';
import StockTransactionsScreen from '../../src/features/stock-transactions/StockTransactionsScreen';
import { AppProviders } from './providers';
import { renderRoute } from './render-screen';
import { jobOrderRow, ledgerRow, tracked } from './rows';
import { fakeServer, makeUser, storeSession } from './support';

/** Issue 17 §2: screens name a person, a job order and a unit by their label, never by a bare id or code. */

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

/** Made on 12-11-2026, so its label is "501 - 12-11-2026". */
const MADE = '2026-11-12T06:30:00.000Z';
const jobOrder = (values: Record<string, unknown> = {}) => jobOrderRow({ sales_executive: 2, ...tracked(MADE), ...values });

/** The value the detail shows beside a field's name. */
function detailValue(label: string): string | null | undefined {
  const name = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === label);
  return name?.nextElementSibling?.textContent;
}

beforeEach(async () => {
  storeSession({ userId: 5 });
  user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});
afterEach(() => cleanup());

describe("the job order detail's sales executive", () => {
  it.each([
    ['job-order-detail', '/jobs/job-order-detail/501'],
    ['prod-joborder-detail', '/prod/joborder/detail/501'],
    ['acrylic-job-detail', '/jobs/acrylic/job/501'],
  ] as const)('is named on %s by the name the server sent with the row, on a device that never loaded the user list', async (routeName, path) => {
    await mirror.rows('jobOrders').put(jobOrder({ customer_name: 'Lulu Hypermarket', sales_executive_name: 'Ravi Kumar' }));
    renderRoute(routeName, JobOrderDetailScreen, path, []);
    await waitFor(() => expect(detailValue('Sales executive')).toBe('Ravi Kumar'));
  });

  it('is the signed-in sales executive by name on a job order made offline, before the server has named it', async () => {
    user = makeUser({ id: 2, username: 'ravi.k', first_name: 'Ravi', last_name: 'Kumar', department: 'sales', designation: 'executive' });
    await mirror.rows('jobOrders').put(jobOrder({ id: -3 }));
    renderRoute('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/-3', []);
    await waitFor(() => expect(detailValue('Sales executive')).toBe('Ravi Kumar'));
  });

  it('says the device cannot name someone rather than showing their number', async () => {
    await mirror.rows('jobOrders').put(jobOrder({ id: -3 }));
    renderRoute('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/-3', []);
    await waitFor(() => expect(detailValue('Sales executive')).toBe('Not known on this device'));
  });
});

describe("the stock ledger's job orders", () => {
  it('are shown by their "id - date" label', async () => {
    user = makeUser({ id: 8, department: 'stores' });
    await mirror.rows('materials').put({ id: 12, name: 'Acrylic sheet clear 5mm', unit: 'SHEET', quantity: '6.000', category: 1, ...tracked(MADE) });
    await mirror.rows('jobOrders').put(jobOrder());
    await mirror.rows('stockTransactions').put(ledgerRow(1, { transaction_type: 'issue', quantity: '-4.000', transaction_date: '2026-11-19', job_order: 501 }));
    renderRoute('stock-transactions-home', StockTransactionsScreen, '/stock/transactions', []);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[5]!.textContent).toBe('501 - 12-11-2026');
  });
});

describe("the purchases dashboard's reorder card", () => {
  it("writes each material's unit as its label", async () => {
    user = makeUser({ id: 8, department: 'stores' });
    const reorder: PurchasesDashboard['reorder'] = {
      count: 2,
      results: [
        { id: 9, name: 'Clear acrylic 3mm', unit: 'SHEET', category_name: 'Sheets', available: '5.000', reorder_level: '10.000', shortfall: '5.000' },
        { id: 10, name: 'Stretch film', unit: 'MICR', category_name: 'Packing', available: '23.000', reorder_level: '25.000', shortfall: '2.000' },
      ],
    };
    fakeServer().on('GET', '/dashboard/purchases/', {
      status: 200,
      data: {
        today: '2026-11-20',
        stores_queue: { count: 0, results: [] },
        reorder,
        adjustments_awaiting_approval: 0,
        issued_today: 0,
        stock_value: '0.00',
        receipts_this_month: { lines: 0, value: '0.00', gras: 0 },
        lpos_pending_receipt: { count: 0, value: '0.00', overdue: 0 },
        monthly_purchases: [],
        quarter_start: '2026-10-01',
        top_vendors: [],
      } satisfies PurchasesDashboard,
    });
    const route = routeByName('purchases-dash');
    render(
      <AppProviders>
        <RouterProvider router={createMemoryRouter([{ path: route.path, element: <PurchasesDashboardScreen />, handle: { route } }], { initialEntries: [route.path] })} />
      </AppProviders>,
    );
    const table = await screen.findByRole('table', { name: 'Materials to reorder' });
    const available = [...table.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[2]!.textContent);
    expect(available).toEqual(['5.00 Sheets', '23.00 Micron']);
  });
});
