import './setup';
import { AppProviders } from './providers';
import 'fake-indexeddb/auto';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { User } from '../../domain/user';
import { routeByName, type RouteName } from '../../domain/routes';
import { businessToday, formatDisplayDate } from '../../domain/rules/dates';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { material } from './mirror-fakes';
import { metaKey, mirror, type MirrorRow } from '../../src/data/mirror/db';
import MaterialsScreen from '../../src/features/materials/MaterialsScreen';
import MaterialDetailScreen from '../../src/features/materials/MaterialDetailScreen';

let user: User = makeUser();
vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));
const downloadLabels = vi.fn(async () => undefined);
vi.mock('../../src/ui/labels', () => ({ downloadLabels }));

const SCREENS: Partial<Record<RouteName, ComponentType>> = { 'materials-home': MaterialsScreen, 'material-detail': MaterialDetailScreen };

function show(path: string) {
  const routes = (['materials-home', 'material-detail', 'material-price-variance', 'material-consumption'] as const).map((name) => {
    const route = routeByName(name);
    const Screen = SCREENS[name];
    return { path: route.path, element: Screen ? <Screen /> : <p>{name}</p>, handle: { route } };
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const daysAgo = (days: number) => businessToday(-days);

const ACRYLIC = material(12, { name: 'Acrylic sheet clear 5mm', category: 1, subcategory: 3, unit: 'SHEET', brand: 'Plexi', thickness: '5mm', quantity: '1234.500', reorder_level: '10.000', average_cost: '150.2500' });
const LEDGER = {
  material: 12,
  material_name: 'Acrylic sheet clear 5mm',
  unit: 'SHEET',
  opening_balance: '1200.000',
  closing_balance: '1234.500',
  count: 2,
  next: null,
  previous: null,
  results: [
    { id: 501, transaction_date: '2026-11-02', transaction_type: 'receipt', quantity: '40.000', rate: '150.0000', value: '6000.00', requisition: null, job_order: null, gra_item: 9, stock_adjustment: null, reverses: null, reversed_by: null, status: 'completed', remarks: 'GRA 9', balance: '1240.000' },
    { id: 502, transaction_date: '2026-11-05', transaction_type: 'issue', quantity: '-5.500', rate: '150.2500', value: '-826.38', requisition: 900, job_order: 501, gra_item: null, stock_adjustment: null, reverses: null, reversed_by: null, status: 'in-transit', remarks: '', balance: '1234.500' },
  ],
};

let server: FakeServer;

beforeEach(async () => {
  user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
  storeSession({ userId: 8 });
  setOnline(true);
  downloadLabels.mockClear();
  await Promise.all(mirror.tables.map((t) => t.clear()));
  await mirror.rows('materials').bulkPut([ACRYLIC, material(13, { name: 'MS square pipe 25mm' }), material(-2, { name: 'Acrylic sheet opal 3mm' })] as MirrorRow[]);
  await mirror.meta.put({ key: metaKey(8, 'materials'), rowCount: 3 } as never);
  await mirror.rows('materialCategories').put({ id: 1, name: 'Acrylic', created_by: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', version: 1, deleted_at: null });
  await mirror.rows('materialSubcategories').put({ id: 3, name: 'Clear', category: 1, created_by: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', version: 1, deleted_at: null });
  server = fakeServer();
  server.on('GET', '/stocks/stock-value/12/', { status: 200, data: { material: 12, name: 'Acrylic sheet clear 5mm', unit: 'SHEET', quantity: '1234.500', reserved: '34.500', available: '1200.000', average_cost: '150.2500', stock_value: '185483.63' } });
  server.on('GET', '/materials/materials/log_report/', { status: 200, data: LEDGER });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'onLine');
});

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe("a material's page", () => {
  it('opens from the materials list and shows what the device holds, its QR label and where its stock stands', async () => {
    const router = show('/materials');
    fireEvent.click(await screen.findByRole('link', { name: 'Acrylic sheet clear 5mm' }));
    expect(await screen.findByRole('heading', { name: 'Acrylic sheet clear 5mm' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/material-detail/12');
    for (const text of ['Acrylic', 'Clear', 'Plexi', '5mm', '1,234.50 Sheets', '10.00', '150.25']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText('Colour')).toBeNull();
    expect(screen.getByRole('img', { name: 'QR label fabops:material:12' })).toBeTruthy();
    // Reserved, free and value are the server's: the device cannot know other tablets' reservations.
    expect(await screen.findByText('1,85,483.63')).toBeTruthy();
    expect(screen.getByText('34.50')).toBeTruthy();
    expect(screen.getByText('1,200.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Price variance' }).getAttribute('href')).toBe('/material/price-variance/12');
    expect(screen.getByRole('link', { name: 'Consumption' }).getAttribute('href')).toBe('/material/consumption?material=12');
  });

  it('shows the recent ledger from the server: the last 30 days with the balance after each row', async () => {
    show('/material-detail/12');
    const ledger = await screen.findByRole('table');
    await waitFor(() => expect(cellsOf(ledger)).toHaveLength(2));
    expect(server.calls('GET', '/materials/materials/log_report/')[0]!.config.params).toEqual({ material: 12, startDate: daysAgo(30), page: 1, page_size: 15 });
    expect(cellsOf(ledger)).toEqual([
      ['02-11-2026', 'Receipt', '40.00', '150.00', '6,000.00', '', '', 'Completed', '', 'GRA 9', '1,240.00'],
      ['05-11-2026', 'Issue', '-5.50', '150.25', '-826.38', '900', '501', 'In Transit', '', '', '1,234.50'],
    ]);
    expect(within(ledger).getByRole('link', { name: '900' }).getAttribute('href')).toBe('/detail/requisition/900');
    expect(screen.getByText('Opening balance: 1,200.00')).toBeTruthy();
    expect(screen.getByText('Closing balance: 1,234.50')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(formatDisplayDate(daysAgo(30)));
  });

  it('reads another period of the ledger, typed as DD-MM-YYYY', async () => {
    show('/material-detail/12');
    await waitFor(() => expect(server.calls('GET', '/materials/materials/log_report/')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01/04/26' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(server.calls('GET', '/materials/materials/log_report/')).toHaveLength(2));
    expect(server.calls('GET', '/materials/materials/log_report/')[1]!.config.params).toEqual({ material: 12, startDate: '2026-04-01', page: 1, page_size: 15 });
  });

  it('offline, shows what the device holds and says the ledger and stock position need the server', async () => {
    setOnline(false);
    show('/material-detail/12');
    expect(await screen.findByText('1,234.50 Sheets')).toBeTruthy();
    expect(screen.getByText('Reserved, free stock and stock value come from the server: they show once this device is online.')).toBeTruthy();
    expect(screen.getByText('Recent ledger is worked out by the server: it shows here once this device is back online.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR label fabops:material:12' })).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('prints its label as a PDF built on the device', async () => {
    show('/material-detail/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Print label' }));
    await waitFor(() => expect(downloadLabels).toHaveBeenCalledOnce());
    expect(downloadLabels).toHaveBeenCalledWith([expect.objectContaining({ id: 12, name: 'Acrylic sheet clear 5mm' })]);
  });

  it('a material saved offline has no label or ledger until the server has it', async () => {
    show('/material-detail/-2');
    expect(await screen.findByText('The label can be printed once the server has this material.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText('Recent ledger')).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('the shop floor sees the material and its ledger but not its value', async () => {
    user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
    show('/material-detail/12');
    expect(await screen.findByText('Recent ledger')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Price variance' })).toBeNull();
    expect(server.calls('GET', '/stocks/stock-value/12/')).toHaveLength(0);
  });

  it('says when the material is not on this device', async () => {
    show('/material-detail/99');
    expect(await screen.findByText('Material 99 is not on this device. It may be outside the materials you see, or the list has not loaded yet.')).toBeTruthy();
  });
});
