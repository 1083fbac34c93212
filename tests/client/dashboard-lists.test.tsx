import './setup';
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { LandingFigures, WorkshopDashboard } from '../../domain/dashboard';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import LandingScreen from '../../src/features/landing/LandingScreen';
import WorkshopDashboardScreen from '../../src/features/workshop-dashboards/WorkshopDashboardScreen';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, storeSession } from './support';

/** Issue 17 §2: dashboards fit a tablet: the first rows of each list with the way to the whole list, each figure once, charts with an axis and values. */

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));

const show = (routeName: RouteName, path: string, Screen: ComponentType = WorkshopDashboardScreen) => renderRoute(routeName, Screen, path, []);

const job = (id: number): WorkshopDashboard['in_process']['results'][number] => ({
  id,
  label: `${id} - 20-11-2026`,
  customer_name: 'Lulu Hypermarket',
  production_department: 'Acrylic',
  status: 'in-process',
  total_value: '1000.00',
  created: '2026-11-20',
  days_open: 3,
});
/** The first ten of a longer list, as the server cuts it. */
const ten = (first: number) => Array.from({ length: 10 }, (_, i) => job(first + i));

function figures(values: Partial<WorkshopDashboard> = {}): WorkshopDashboard {
  return {
    workshop: 'foreman',
    today: '2026-11-20',
    production_departments: [],
    status_counts: [],
    in_process: { count: 37, value: '37000.00', results: ten(500) },
    weekly_created: [],
    ageing: { count: 0, results: [] },
    requisitions: { by_state: [{ state: 'open', label: 'Open', count: 3 }], awaiting_approval: 1, in_stores_queue: 2 },
    issued_today: { count: 0, results: [] },
    delivery_notes_awaiting_approval: 0,
    low_stock: { count: 0, results: [] },
    ...values,
  };
}

const table = (name: string) => screen.getByRole('table', { name });
const bodyRows = (element: HTMLElement) => [...element.querySelectorAll('tbody tr')] as HTMLElement[];

// jsdom lays nothing out: the charts' container is given a desktop card's width.
beforeAll(() => {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 960, 280) : measure.call(this);
  });
});
afterAll(() => vi.restoreAllMocks());
beforeEach(async () => {
  storeSession({ userId: 5 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});
afterEach(() => cleanup());

describe("the foreman's dashboard", () => {
  beforeEach(() => {
    user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
  });

  it('shows the oldest 10 job orders in process and leads to all 37', async () => {
    fakeServer().on('GET', '/dashboard/foreman/', { status: 200, data: figures() });
    show('foreman-prod-dashboard', '/production/foreman');
    const jobs = await screen.findByRole('table', { name: 'Job orders in process' });
    expect(bodyRows(jobs)).toHaveLength(10);
    expect(screen.getByText('The oldest 10 of 37.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all 37' }).getAttribute('href')).toBe('/prod/jobs');
  });

  it('opens a job order from its label and offers one button per row, to raise a requisition', async () => {
    fakeServer().on('GET', '/dashboard/foreman/', { status: 200, data: figures({ in_process: { count: 1, value: '1000.00', results: [job(501)] } }) });
    show('foreman-prod-dashboard', '/production/foreman');
    const [row] = bodyRows(await screen.findByRole('table', { name: 'Job orders in process' }));
    expect(within(row!).getByRole('link', { name: '501 - 20-11-2026' }).getAttribute('href')).toBe('/prod/joborder/detail/501');
    expect(within(row!).getAllByRole('link').map((link) => link.textContent)).toEqual(['501 - 20-11-2026', 'Raise requisition']);
    expect(screen.queryByRole('link', { name: /^View all/ })).toBeNull();
  });

  it('shows each figure once while the server answers', async () => {
    fakeServer().on('GET', '/dashboard/foreman/', { status: 200, data: figures() });
    show('foreman-prod-dashboard', '/production/foreman');
    await waitFor(() => expect(screen.getByTestId('tile-inProcess').textContent).toBe('37'));
    expect(screen.getAllByText('Waiting for approval')).toHaveLength(1);
    expect(screen.queryByTestId('device-in-process')).toBeNull();
    expect(screen.queryByText('On this tablet')).toBeNull();
  });

  it('leads from what was issued today to the whole day', async () => {
    const issued = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      transaction_date: '2026-11-20',
      material: 9,
      material_name: 'Clear acrylic 3mm',
      unit: 'SHEET',
      quantity: '2.000',
      rate: null,
      value: '0.00',
      requisition: 77,
      job_order: 501,
      customer_name: 'Lulu Hypermarket',
      status: 'completed' as const,
      remarks: '',
    }));
    fakeServer().on('GET', '/dashboard/foreman/', { status: 200, data: figures({ issued_today: { count: 14, results: issued } }) });
    show('foreman-prod-dashboard', '/production/foreman');
    const today = await screen.findByRole('table', { name: 'Issued today' });
    expect(bodyRows(today)[0]!.textContent).toContain('2.00 Sheets');
    expect(screen.getByRole('link', { name: 'View all 14' }).getAttribute('href')).toBe('/material-issued-today');
  });
});

describe("production's dashboard", () => {
  const late = { count: 41, results: ten(400) };
  const low = {
    count: 50,
    results: Array.from({ length: 10 }, (_, i) => ({ id: 900 + i, name: `Material ${i}`, unit: 'MICR', category_name: 'Packing', available: '1.000', reorder_level: '10.000', shortfall: '9.000' })),
  };

  it('shows ten late job orders and ten materials low on stock, not 91 rows, each list leading to its whole', async () => {
    user = makeUser({ id: 5, department: 'management', designation: 'manager' });
    fakeServer().on('GET', '/dashboard/production/', { status: 200, data: figures({ workshop: 'production', ageing: late, low_stock: low }) });
    show('production-home', '/production');
    expect(bodyRows(await screen.findByRole('table', { name: 'Late job orders' }))).toHaveLength(10);
    expect(bodyRows(table('Materials low on stock'))).toHaveLength(10);
    expect(bodyRows(table('Materials low on stock'))[0]!.textContent).toContain('1.00 Micron');
    expect(screen.getByRole('link', { name: 'View all 41' }).getAttribute('href')).toBe('/prod/jobs');
    expect(screen.getByRole('link', { name: 'View all 50' }).getAttribute('href')).toBe('/material/reorder');
  });

  it('offers no way to a list its user may not read', async () => {
    user = makeUser({ id: 5, department: 'production', designation: 'supervisor' });
    fakeServer().on('GET', '/dashboard/production/', { status: 200, data: figures({ workshop: 'production', ageing: late, low_stock: low }) });
    show('production-home', '/production');
    await screen.findByRole('table', { name: 'Materials low on stock' });
    expect(screen.getByText('The oldest 10 of 50.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View all 50' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View all 41' })).toBeTruthy();
  });
});

describe("the landing page's monthly purchases", () => {
  const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

  it('is a bar chart on an axis in Indian digits, each month written in whole rupees for screen readers and on its bar', async () => {
    user = makeUser({ id: 5, department: 'management', designation: 'manager' });
    const landing: LandingFigures = {
      job_order_value: '0.00',
      job_order_count: 0,
      status_counts: [],
      monthly_purchases: months.map((month, i) => ({ month, total: i === 11 ? '1049815.40' : `${i * 25000}.00` })),
    };
    fakeServer().on('GET', '/dashboard/landing/', { status: 200, data: landing });
    show('landing', '/landing', LandingScreen);
    const chart = await screen.findByRole('img', { name: 'Monthly purchases for the last 12 months' });
    const described = [...chart.querySelectorAll('td[data-value]')].map((cell) => [cell.getAttribute('data-key'), cell.textContent]);
    expect(described).toHaveLength(12);
    expect(described[0]).toEqual(['Dec 25', '0']);
    expect(described[1]).toEqual(['Jan 26', '25,000']);
    expect(described[11]).toEqual(['Nov 26', '10,49,815']);
    await waitFor(() => expect(chart.querySelectorAll('.recharts-yAxis-tick-labels text').length).toBeGreaterThan(1));
    const ticks = [...chart.querySelectorAll('.recharts-yAxis-tick-labels text')].map((t) => t.textContent);
    expect(ticks).toContain('0');
    expect(ticks.some((tick) => /^\d{1,2},\d\d,\d{3}$/.test(tick ?? ''))).toBe(true);
    expect([...chart.querySelectorAll('.recharts-label-list text')].map((t) => t.textContent)).toContain('10,49,815');
  });
});
