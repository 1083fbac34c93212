import './setup';
import '../../domain/zod-messages';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { DesignDashboard } from '../../domain/design-dashboard';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { jobOrderRow, tracked as trackedAt } from './rows';
import { fakeServer, makeUser, storeSession } from './support';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import DesignHomeScreen from '../../src/features/design-home/DesignHomeScreen';
import EstimationMaterialsScreen from '../../src/features/estimation-materials/EstimationMaterialsScreen';
import EstimationCategoriesScreen from '../../src/features/estimation-materials/EstimationCategoriesScreen';
import EstimationMaterialDetailsScreen from '../../src/features/estimation-materials/EstimationMaterialDetailsScreen';
import JobOrderDetailScreen from '../../src/features/job-orders/JobOrderDetailScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: readonly RouteName[] = ['estimations-home', 'estimation-detail', 'design-job-detail', 'design-home'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const tracked = trackedAt();
const tile = (key: string) => screen.getByTestId(`tile-${key}`);
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
/** The names in the first column (a row waiting to be sent carries its badge after the name). */
const names = () => rowsOf(screen.getByRole('table')).map((r) => r[0]!.replace(/Pending$/, ''));
/** A form control by the start of its label (required ones carry a star after it). */
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(new RegExp(`^${label.replace(/[()₹]/g, '\\$&')}`));
const NEEDS_SERVER = "This dashboard needs the server: its figures are today's. Connect to see them.";

function figures(values: Partial<DesignDashboard> = {}): DesignDashboard {
  return {
    today: '2026-11-25',
    week_start: '2026-11-23',
    awaiting_approval: {
      count: 7,
      results: [
        { id: 41, title: 'Display wall', party_name: 'Orbit Retail', status: 'submitted', estimation_date: '2026-11-20', total_cost: '125000.50', submitted_at: '2026-11-24T05:00:00.000Z', created_at: '2026-11-20T05:00:00.000Z' },
      ],
    },
    in_costing: { count: 3, results: [{ id: 42, title: 'Acrylic trays', party_name: 'Lumen Opticals', status: 'draft', estimation_date: '2026-11-22', total_cost: '0.00', submitted_at: null, created_at: '2026-11-22T05:00:00.000Z' }] },
    approved_this_week: { count: 2 },
    jobs_waiting: {
      count: 3,
      overdue: 1,
      results: [
        { id: 501, label: '501 - 01-11-2026', customer_name: 'Lulu Hypermarket', status: 'Created', due_date: '2026-11-22', overdue: true },
        { id: 502, label: '502 - 05-11-2026', customer_name: 'Titan Eye Plus', status: 'in-process', due_date: '2026-12-01', overdue: false },
        { id: 503, label: '503 - 06-11-2026', customer_name: 'Titan Eye Plus', status: 'Created', due_date: null, overdue: false },
      ],
    },
    ...values,
  };
}

const category = (id: number, name: string) => ({ id, name, ...tracked });
const material = (id: number, values: Record<string, unknown>) => ({ id, category: 1, name: `Material ${id}`, unit: 'PCS', rate: '0.00', sheet_length: null, sheet_width: null, kg_per_metre: null, ...tracked, ...values });

beforeEach(async () => {
  user = makeUser({ id: 13, department: 'design', designation: 'designer' });
  storeSession({ userId: 13 });
  setOnline(true);
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('estimationMaterialCategories').bulkPut([category(1, 'acrylic'), category(2, 'MS')]);
  await mirror.rows('estimationMaterials').bulkPut([
    material(11, { name: 'Clear acrylic 3mm', unit: 'SHEET', rate: '2450.00', sheet_length: '2440.000', sheet_width: '1220.000' }),
    material(12, { category: 2, name: 'MS square pipe 25x25', unit: 'KG', rate: '72.50', kg_per_metre: '1.125' }),
  ]);
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('design-home', () => {
  it('shows the counts as tiles leading to the estimations of each status', async () => {
    fakeServer().on('GET', '/dashboard/design/', { status: 200, data: figures() });
    show('design-home', DesignHomeScreen, '/design');
    await waitFor(() => expect(tile('awaitingApproval').textContent).toBe('7'));
    expect(tile('inCosting').textContent).toBe('3');
    expect(tile('approvedThisWeek').textContent).toBe('2');
    expect(tile('jobsWaiting').textContent).toBe('3');
    expect(screen.getByText('Since 23-11-2026')).toBeTruthy();
    expect(screen.getByText('1 overdue')).toBeTruthy();
    expect(tile('awaitingApproval').closest('a')!.getAttribute('href')).toBe('/estimations?status=submitted');
    expect(tile('inCosting').closest('a')!.getAttribute('href')).toBe('/estimations?status=draft');
    expect(tile('approvedThisWeek').closest('a')!.getAttribute('href')).toBe('/estimations?status=approved');
    const waiting = screen.getByRole('table', { name: 'Estimations waiting for approval' });
    expect(rowsOf(waiting)).toEqual([['Display wall', 'Orbit Retail', 'Submitted 24-11-2026', '1,25,000.50']]);
    expect(waiting.querySelector('a')!.getAttribute('href')).toBe('/estimations/detail/41');
    expect(screen.getByText('The newest 1 of 7.')).toBeTruthy();
  });

  it('lists the job orders waiting for design soonest due first, the overdue marked, each opening the design job detail', async () => {
    fakeServer().on('GET', '/dashboard/design/', { status: 200, data: figures() });
    show('design-home', DesignHomeScreen, '/design');
    const jobs = await screen.findByRole('table', { name: 'Job orders waiting for design' });
    expect(rowsOf(jobs)).toEqual([
      ['501 - 01-11-2026', 'Lulu Hypermarket', 'Created', '22-11-2026Overdue'],
      ['502 - 05-11-2026', 'Titan Eye Plus', 'In Process', '01-12-2026'],
      ['503 - 06-11-2026', 'Titan Eye Plus', 'Created', 'No due date'],
    ]);
    expect([...jobs.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-overdue'))).toEqual(['true', null, null]);
    expect(jobs.querySelector('a')!.getAttribute('href')).toBe('/design/job/501');
  });

  it('loads its figures again on every entry', async () => {
    const server = fakeServer().on('GET', '/dashboard/design/', { status: 200, data: figures() });
    show('design-home', DesignHomeScreen, '/design');
    await waitFor(() => expect(tile('inCosting').textContent).toBe('3'));
    cleanup();
    show('design-home', DesignHomeScreen, '/design');
    await waitFor(() => expect(server.calls('GET', '/dashboard/design/')).toHaveLength(2));
  });

  it('offline, says it needs the server and lists the job orders in the Design bucket as the device last synced them', async () => {
    await mirror.rows('customers').bulkPut([{ id: 1, name: 'Lulu Hypermarket', ...tracked }]);
    await mirror.rows('jobOrders').bulkPut([
      jobOrderRow({ id: 501, bucket: 'Design', status: 'Created' }),
      jobOrderRow({ id: 502, bucket: 'Production' }),
      jobOrderRow({ id: 503, bucket: 'Design', cancelled_at: '2026-11-20T09:00:00.000Z' }),
    ]);
    await mirror.meta.put({ key: metaKey(13, 'jobOrders'), userId: 13, type: 'jobOrders', cursor: '9', loadedAt: Date.now() - 3 * 60_000, rowCount: 3, error: null });
    fakeServer().on('GET', '/dashboard/design/', 'network-error');
    show('design-home', DesignHomeScreen, '/design');
    expect(await screen.findByText(NEEDS_SERVER)).toBeTruthy();
    const jobs = await screen.findByRole('table', { name: 'Job orders waiting for design on this device' });
    expect(rowsOf(jobs)).toEqual([['501 - 20-11-2026', 'Lulu Hypermarket']]);
    expect(screen.getByText('Due dates show once the device is back online.')).toBeTruthy();
    expect(screen.queryByTestId('tile-inCosting')).toBeNull();
  });
});

describe('estimation materials', () => {
  const table = () => screen.getByRole('table');

  it('lists the materials from the device with category, unit, rate and costing fields, and searches them', async () => {
    show('estimation-materials-home', EstimationMaterialsScreen, '/estimation/materials');
    await waitFor(() => expect(rowsOf(table())).toHaveLength(2));
    expect(rowsOf(table()).map((r) => r.slice(0, 5))).toEqual([
      ['Clear acrylic 3mm', 'acrylic', 'Sheets', '2,450.00', 'Sheet 2,440.00 × 1,220.00 mm'],
      ['MS square pipe 25x25', 'MS', 'Kilos', '72.50', '1.125 kg/m'],
    ]);
    fireEvent.change(screen.getByLabelText('Search materials'), { target: { value: 'pipe' } });
    await waitFor(() => expect(rowsOf(table()).map((r) => r[0])).toEqual(['MS square pipe 25x25']));
  });

  it('adds a material with its costing fields through the outbox, after checking the fields', async () => {
    show('estimation-materials-home', EstimationMaterialsScreen, '/estimation/materials');
    fireEvent.click(await screen.findByRole('button', { name: 'Add material' }));
    const form = await screen.findByRole('form', { name: 'New estimation material' });
    fireEvent.change(field(form, 'Rate (₹ per unit)'), { target: { value: '-1' } });
    fireEvent.change(field(form, 'Sheet length (mm)'), { target: { value: '-5' } });
    fireEvent.change(field(form, 'Kg per metre'), { target: { value: '1.2345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save material' }));
    await waitFor(() => expect(within(form).getByText('This field may not be blank.')).toBeTruthy());
    expect(within(form).getAllByText('Enter zero or more.')).toHaveLength(2);
    expect(within(form).getByText('Ensure that there are no more than 3 decimal places.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);

    fireEvent.change(field(form, 'Name'), { target: { value: 'Frosted acrylic 5mm' } });
    fireEvent.change(field(form, 'Category'), { target: { value: '1' } });
    fireEvent.change(field(form, 'Unit'), { target: { value: 'SHEET' } });
    fireEvent.change(field(form, 'Rate (₹ per unit)'), { target: { value: '3100.5' } });
    fireEvent.change(field(form, 'Sheet length (mm)'), { target: { value: '3050' } });
    fireEvent.change(field(form, 'Kg per metre'), { target: { value: '' } });
    // No network: the change waits on the device (a replay the test does not serve would refuse it).
    setOnline(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Save material' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    expect((await outbox.entries.toArray())[0]).toMatchObject({
      operation: 'estimation-material.create',
      payload: { name: 'Frosted acrylic 5mm', category: 1, unit: 'SHEET', rate: '3100.5', sheet_length: '3050', sheet_width: null, kg_per_metre: null },
    });
    // Shown at once, marked as waiting to be sent (the badge comes from its own query, later or sooner).
    await waitFor(() => expect(table().querySelector('tbody tr[data-pending] td')?.textContent).toMatch(/^Frosted acrylic 5mm/));
  });

  it('refuses a name the category already has, ignoring case and spaces', async () => {
    show('estimation-materials-home', EstimationMaterialsScreen, '/estimation/materials');
    fireEvent.click(await screen.findByRole('button', { name: 'Add material' }));
    const form = await screen.findByRole('form', { name: 'New estimation material' });
    fireEvent.change(field(form, 'Name'), { target: { value: 'clear ACRYLIC 3 mm' } });
    fireEvent.change(field(form, 'Category'), { target: { value: '1' } });
    fireEvent.change(field(form, 'Rate (₹ per unit)'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save material' }));
    expect(await within(form).findByText('This category already has a material with this name.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('edits a material, sending only what changed with the version it was read at', async () => {
    show('estimation-materials-home', EstimationMaterialsScreen, '/estimation/materials');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit MS square pipe 25x25' }));
    const form = await screen.findByRole('form', { name: 'Edit MS square pipe 25x25' });
    fireEvent.change(field(form, 'Rate (₹ per unit)'), { target: { value: '75' } });
    fireEvent.change(field(form, 'Kg per metre'), { target: { value: '' } });
    // No network: the change waits on the device (a replay the test does not serve would refuse it).
    setOnline(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Save material' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    expect((await outbox.entries.toArray())[0]).toMatchObject({ operation: 'estimation-material.update', payload: { id: 12, rate: '75', kg_per_metre: null, expected_version: 3 } });
    expect(Object.keys((await outbox.entries.toArray())[0]!.payload as object).sort()).toEqual(['expected_version', 'id', 'kg_per_metre', 'rate']);
  });

  it('offers no add or edit to those who only read them', async () => {
    user = makeUser({ id: 13, department: 'sales', designation: 'executive' });
    show('estimation-materials-home', EstimationMaterialsScreen, '/estimation/materials');
    await waitFor(() => expect(rowsOf(table())).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Add material' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});

describe('estimation material categories', () => {
  it('lists the categories with their materials, adds one and renames one through the outbox', async () => {
    show('estimation-categories-home', EstimationCategoriesScreen, '/estimation/material/categories');
    await waitFor(() => expect(rowsOf(screen.getByRole('table')).map((r) => r.slice(0, 2))).toEqual([['MS', '1'], ['acrylic', '1']]));
    const add = screen.getByRole('form', { name: 'New category' });
    fireEvent.change(field(add, 'Name'), { target: { value: 'Powder coating' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(names()).toEqual(['MS', 'Powder coating', 'acrylic']));

    fireEvent.click(screen.getByRole('button', { name: 'Rename MS' }));
    const rename = await screen.findByRole('form', { name: 'Rename MS' });
    fireEvent.change(field(rename, 'New name'), { target: { value: 'MS sections' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(names()).toEqual(['MS sections', 'Powder coating', 'acrylic']));
    expect((await outbox.entries.toArray()).map((e) => [e.operation, e.payload])).toEqual([
      ['estimation-material-category.create', { name: 'Powder coating' }],
      ['estimation-material-category.rename', { id: 2, name: 'MS sections', expected_version: 3 }],
    ]);
  });

  it('refuses a blank name and one another category has', async () => {
    show('estimation-categories-home', EstimationCategoriesScreen, '/estimation/material/categories');
    const add = await screen.findByRole('form', { name: 'New category' });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(await within(add).findByText('This field may not be blank.')).toBeTruthy();
    fireEvent.change(field(add, 'Name'), { target: { value: 'Acry lic' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(await within(add).findByText('A category with this name already exists.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });
});

describe("an estimation material's details", () => {
  const estimation = {
    id: 41,
    title: 'Display wall',
    status: 'draft',
    products: [
      { id: 1, name: 'Wall unit', details: [{ id: 7, estimation_material: 11, description: 'Back panel', quantity: '1.500', rate: '2450.00', amount: '3675.00' }, { id: 8, estimation_material: 12, description: 'Frame', quantity: '4.000', rate: '72.50', amount: '290.00' }] },
      { id: 2, name: 'Counter', details: [{ id: 9, estimation_material: 11, description: 'Top', quantity: '0.250', rate: '2450.00', amount: '612.50' }] },
    ],
  };

  it('shows the material from the device and the lines of the estimation that use it, with their totals', async () => {
    fakeServer().on('GET', '/estimations/estimations/41/', { status: 200, data: estimation });
    show('estimation-material-details', EstimationMaterialDetailsScreen, '/estimation/41/material/11/details');
    expect(await screen.findByRole('heading', { name: 'Clear acrylic 3mm' })).toBeTruthy();
    expect(screen.getByText('₹ 2,450.00 per Sheets')).toBeTruthy();
    expect(screen.getByText('2,440.00 × 1,220.00 mm')).toBeTruthy();
    const lines = await screen.findByRole('table', { name: 'Costing lines using this material' });
    expect(rowsOf(lines)).toEqual([
      ['Wall unit', 'Back panel', '1.500 Sheets', '2,450.00', '3,675.00'],
      ['Counter', 'Top', '0.250 Sheets', '2,450.00', '612.50'],
    ]);
    expect(screen.getByTestId('lines-quantity').textContent).toBe('1.750 Sheets');
    expect(screen.getByTestId('lines-amount').textContent).toBe('4,287.50');
  });

  it("says 'Failed to load estimation details' when the estimation cannot be read", async () => {
    fakeServer().on('GET', '/estimations/estimations/41/', { status: 404, data: { detail: 'Not found.' } });
    show('estimation-material-details', EstimationMaterialDetailsScreen, '/estimation/41/material/11/details');
    expect(await screen.findByText('Failed to load estimation details')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Clear acrylic 3mm' })).toBeTruthy();
  });
});

describe("design's job detail", () => {
  it('shows the job order with its products from the device, and none of the related work design may not open', async () => {
    await mirror.rows('customers').bulkPut([{ id: 1, name: 'Lulu Hypermarket', ...tracked }]);
    await mirror.rows('jobOrders').put(jobOrderRow({ id: 501, bucket: 'Design', status: 'Created' }));
    await mirror.rows('jobOrderItems').put({ id: 31, job_order: 501, product: 'Mirror frame', description: 'Gold', quantity: '4.000', unit_price: '100.00', amount: '400.00', sales_order_item: null, ...tracked });
    fakeServer().on('GET', '/joborders/joborders/501/status-history/', { status: 200, data: [] });
    show('design-job-detail', JobOrderDetailScreen, '/design/job/501');
    expect(await screen.findByText('Mirror frame')).toBeTruthy();
    expect(screen.getByText('Lulu Hypermarket')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Move to another bucket' })).toBeTruthy();
    expect(screen.queryByText('Requisitions')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Expenses' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Material consumption' })).toBeNull();
    expect(screen.queryByText('Change status')).toBeNull();
  });

  it('says of a job order that has not reached design that design sees only those that did', async () => {
    show('design-job-detail', JobOrderDetailScreen, '/design/job/33');
    expect(await screen.findByText('Job order 33 is not on this device. It may have been deleted, or the list has not loaded yet.')).toBeTruthy();
    expect(screen.getByText('Design sees the job orders that reached its desk: this one may not have yet.')).toBeTruthy();
  });
});
