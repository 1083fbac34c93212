import './setup';
import { AppProviders } from './providers';
import 'fake-indexeddb/auto';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { MATERIAL_EXPORT_COLUMNS } from '../../domain/material-report';
import { routeByName, type RouteName } from '../../domain/routes';
import { fakeServer } from './support';
import { material } from './mirror-fakes';
import { mirror, type MirrorRow } from '../../src/data/mirror/db';
import { Notifications } from '../../src/ui/Notifications';
import MaterialReportScreen from '../../src/features/material-reports/MaterialReportScreen';
import MaterialReportsHomeScreen from '../../src/features/material-reports/MaterialReportsHomeScreen';
import PriceVarianceScreen from '../../src/features/material-reports/PriceVarianceScreen';
import RequisitionReportScreen from '../../src/features/requisitions/RequisitionReportScreen';

/** Every report route under its screen, as the app registers them, so links and pickers lead somewhere real. */
const SCREENS: Readonly<Partial<Record<RouteName, ComponentType>>> = {
  'materials-reports': MaterialReportsHomeScreen,
  'price-variance': PriceVarianceScreen,
  ...Object.fromEntries(
    ['material-reorder', 'material-issued-today', 'material-ageing', 'material-consumption', 'material-price-variance', 'stores-material-consumption', 'materials-reports-aging', 'materials-reports-stock'].map((name) => [name, MaterialReportScreen]),
  ),
  ...Object.fromEntries(['redundant-reserved-materials', 'requisitions-cancelled', 'requisitions-closed'].map((name) => [name, RequisitionReportScreen])),
};

function show(routeName: RouteName, path = routeByName(routeName).path) {
  const routes = (Object.entries(SCREENS) as [RouteName, ComponentType][]).map(([name, Screen]) => ({ path: routeByName(name).path, element: <Screen />, handle: { route: routeByName(name) } }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
      <Notifications />
    </AppProviders>,
  );
  return router;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const page = (results: unknown[], extra: Record<string, unknown> = {}) => ({ count: results.length, next: null, previous: null, results, ...extra });

beforeEach(async () => {
  await Promise.all(mirror.tables.map((t) => t.clear()));
  await mirror.rows('materials').bulkPut([material(12, { name: 'Acrylic sheet clear 5mm', unit: 'SHEET' }), material(13, { name: 'MS square pipe 25mm', unit: 'FT' })] as MirrorRow[]);
});
afterEach(() => cleanup());

describe('the material and requisition reports', () => {
  it('reorder lists what is at or below its level with the shortfall, read from the server page by page', async () => {
    const server = fakeServer();
    server.on('GET', '/materials/materials/reorder/', {
      status: 200,
      data: { count: 1, next: null, previous: null, results: [{ id: 12, name: 'Acrylic sheet clear 5mm', category_name: 'Acrylic', unit: 'SHEET', quantity: '6.000', reserved: '2.000', available: '4.000', reorder_level: '10.000', shortfall: '6.000' }] },
    });
    show('material-reorder');
    await screen.findByText('Acrylic sheet clear 5mm');
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Acrylic sheet clear 5mm', 'Acrylic', 'Sheets', '6.00', '2.00', '4.00', '10.00', '6.00']);
    expect(server.calls('GET', '/materials/materials/reorder/')[0]!.config.params).toEqual({ page: 1, page_size: 15 });
  });

  it('ageing shows the quantity in each bucket, and a server failure is said', async () => {
    const server = fakeServer();
    server.on('GET', '/materials/materials/ageing/', {
      status: 200,
      data: {
        count: 1,
        results: [{ material: 12, material_name: 'MS pipe', unit: 'FT', quantity: '100.000', average_cost: '50.0000', stock_value: '5000.00', buckets: [{ bucket: '0-30', quantity: '60.000', value: '3000.00' }, { bucket: '31-60', quantity: '0.000', value: '0.00' }, { bucket: '61-90', quantity: '0.000', value: '0.00' }, { bucket: 'over-90', quantity: '40.000', value: '2000.00' }] }],
        totals: [],
        total_value: '5000.00',
      },
    });
    show('material-ageing');
    await screen.findByText('MS pipe');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Material', 'Unit', 'On hand', '0-30 days', '31-60 days', '61-90 days', 'Over 90 days', 'Value']);
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['MS pipe', 'Feet', '100.00', '60.00', '0.00', '0.00', '40.00', '5,000.00']);
    expect(screen.getByText('Total value: 5,000.00')).toBeTruthy();
    cleanup();
    server.on('GET', '/materials/materials/ageing/', { status: 403, data: { detail: 'You do not have permission to perform this action.' } });
    show('material-ageing');
    await waitFor(() => expect(screen.getByText('You do not have permission to perform this action.')).toBeTruthy());
  });

  it('redundant reserved materials say why each reservation is no longer needed, 50 a page', async () => {
    const server = fakeServer();
    server.on('GET', '/requisitions/get_redundant_reserved_materials/', {
      status: 200,
      data: { count: 1, next: null, previous: null, results: [{ id: 71, requisition: 900, material_name: 'VHB Tape', material_unit: 'ROLL', quantity_reserved: '3.000', job_order_label: '501 - 20-11-2026', redundant_because: 'job-order-closed' }] },
    });
    show('redundant-reserved-materials');
    await screen.findByText('VHB Tape');
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['900', 'VHB Tape', 'Rolls', '3.00', '501 - 20-11-2026', 'Job order closed or cancelled']);
    expect(server.calls('GET', '/requisitions/get_redundant_reserved_materials/')[0]!.config.params).toEqual({ page: 1, page_size: 50 });
  });
});

describe('consumption', () => {
  const CONSUMPTION = '/materials/materials/consumption_report/';
  const byJobOrder = page(
    [
      { material: 12, material_name: 'Acrylic sheet clear 5mm', unit: 'SHEET', job_order: 501, customer_name: 'Lulu Hypermarket', issued: '12.000', returned: '2.000', consumed: '10.000', value: '1502.50' },
      { material: 13, material_name: 'MS square pipe 25mm', unit: 'FT', job_order: 501, customer_name: 'Lulu Hypermarket', issued: '40.000', returned: '0.000', consumed: '40.000', value: '2000.00' },
    ],
    { total_value: '3502.50' },
  );

  it('opens for the material in the address, then narrows by a period typed as DD-MM-YYYY and groups by job order, with the total value', async () => {
    const server = fakeServer().on('GET', CONSUMPTION, { status: 200, data: page([], { total_value: '0.00' }) });
    show('material-consumption', '/material/consumption?material=12');
    expect(await screen.findByText('Material: Acrylic sheet clear 5mm')).toBeTruthy();
    await waitFor(() => expect(server.calls('GET', CONSUMPTION)).toHaveLength(1));
    expect(server.calls('GET', CONSUMPTION)[0]!.config.params).toEqual({ material: '12', group_by: 'material', page: 1, page_size: 15 });

    server.on('GET', CONSUMPTION, { status: 200, data: byJobOrder });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01-11-2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '30/11/26' } });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'job_order' } });
    fireEvent.click(screen.getByRole('button', { name: 'All materials' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText('MS square pipe 25mm');
    expect(server.calls('GET', CONSUMPTION)[1]!.config.params).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30', group_by: 'job_order', page: 1, page_size: 15 });
    expect(cells(screen.getAllByRole('row')[1]!)).toEqual(['Acrylic sheet clear 5mm', 'Sheets', '501', 'Lulu Hypermarket', '12.00', '2.00', '10.00', '1,502.50']);
    expect(screen.getByText('Total value: 3,502.50')).toBeTruthy();
    expect(within(screen.getAllByRole('row')[1]!).getByRole('link', { name: '501' }).getAttribute('href')).toBe('/stores/joborder/501/material-consumption');
    expect(within(screen.getAllByRole('row')[1]!).getByRole('link', { name: 'Acrylic sheet clear 5mm' }).getAttribute('href')).toBe('/material-detail/12');
  });

  it('refuses dates the spec’s rules reject, and an end before the start, without asking the server', async () => {
    const server = fakeServer().on('GET', CONSUMPTION, { status: 200, data: page([], { total_value: '0.00' }) });
    show('material-consumption');
    await waitFor(() => expect(server.calls('GET', CONSUMPTION)).toHaveLength(1));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    for (const [typed, message] of [
      ['31-02-2026', 'Invalid Date Provided'],
      ['2026-11-01', 'Invalid Date format - Please use DD-MM-YYYY format'],
      ['01-13-2026', 'Invalid Month - Month must be between 1 and 12'],
    ]) {
      fireEvent.change(from, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Show' }));
      expect(await screen.findByText(message!)).toBeTruthy();
    }
    fireEvent.change(from, { target: { value: '10-11-2026' } });
    fireEvent.change(to, { target: { value: '01-11-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeTruthy();
    expect(server.calls('GET', CONSUMPTION)).toHaveLength(1);
  });

  it('shows a job order’s material consumption with its customer, status and total value', async () => {
    const server = fakeServer().on('GET', '/stores/joborder/501/material-consumption/', {
      status: 200,
      data: { job_order: 501, customer_name: 'Lulu Hypermarket', status: 'in-process', total_value: '3502.50', results: byJobOrder.results },
    });
    show('stores-material-consumption', '/stores/joborder/501/material-consumption');
    await screen.findByText('MS square pipe 25mm');
    expect(server.calls('GET', '/stores/joborder/501/material-consumption/')[0]!.config.params).toEqual({});
    for (const figure of ['Job order: 501', 'Customer: Lulu Hypermarket', 'Status: In Process', 'Total value: 3,502.50']) expect(screen.getByText(figure)).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Material', 'Unit', 'Issued', 'Returned', 'Consumed', 'Value']);
    expect(screen.getByText('2 in all · page 1 of 1')).toBeTruthy();
  });
});

describe('price variance', () => {
  it('picks a material on the device, then shows its GRA rates over time with the period’s summary', async () => {
    const server = fakeServer().on('GET', '/materials/materials/12/price-variance-report/', {
      status: 200,
      data: {
        material: 12,
        material_name: 'Acrylic sheet clear 5mm',
        unit: 'SHEET',
        summary: { count: 2, min_rate: '140.00', max_rate: '155.00', average_rate: '147.50', weighted_average_rate: '150.00', first_rate: '140.00', latest_rate: '155.00' },
        ...page([
          { gra: 31, gra_item: 61, gra_date: '2026-10-01', vendor: 4, vendor_name: 'Sheet Traders', quantity_received: '10.000', quantity_accepted: '10.000', rate: '140.00', change: null, change_percent: null, lpo: 20, lpo_rate: '140.00', lpo_variance: '0.00' },
          { gra: 35, gra_item: 66, gra_date: '2026-11-03', vendor: 4, vendor_name: 'Sheet Traders', quantity_received: '20.000', quantity_accepted: '18.000', rate: '155.00', change: '15.00', change_percent: '10.71', lpo: 22, lpo_rate: '150.00', lpo_variance: '5.00' },
        ]),
      },
    });
    const router = show('price-variance');
    fireEvent.change(await screen.findByLabelText('Which material?'), { target: { value: 'clear 5' } });
    fireEvent.click(await screen.findByRole('button', { name: /Acrylic sheet clear 5mm/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/material/price-variance/12'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(server.calls('GET', '/materials/materials/12/price-variance-report/')[0]!.config.params).toEqual({ page: 1, page_size: 15 });
    expect(screen.getAllByRole('row').slice(1).map(cells)).toEqual([
      ['01-10-2026', '31', 'Sheet Traders', '10.00', '10.00', '140.00', '', '', '20', '140.00', '0.00'],
      ['03-11-2026', '35', 'Sheet Traders', '20.00', '18.00', '155.00', '15.00', '10.71', '22', '150.00', '5.00'],
    ]);
    for (const figure of ['Material: Acrylic sheet clear 5mm', 'Unit: Sheets', 'Lowest rate: 140.00', 'Highest rate: 155.00', 'Average rate: 147.50', 'Weighted average rate: 150.00', 'First rate: 140.00', 'Latest rate: 155.00']) {
      expect(screen.getByText(figure)).toBeTruthy();
    }
  });
});

describe('the reports area', () => {
  it('lists the material reports with what each shows, and the stock report gives the total stock value', async () => {
    const server = fakeServer().on('GET', '/materials/materials/filter_materials/', {
      status: 200,
      data: page(
        [{ id: 12, name: 'Acrylic sheet clear 5mm', category_name: 'Acrylic', subcategory_name: 'Clear', unit: 'SHEET', quantity: '10.000', reserved: '3.000', available: '7.000', reorder_level: '7.000', average_cost: '100.0000', stock_value: '1000.00' }],
        { total_value: '125000.00' },
      ),
    });
    show('materials-reports');
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Stock report', 'Material ageing', 'Consumption', 'Price variance', 'Reorder', 'Material issued today']);
    expect(screen.getByText('Every material with what is on hand, reserved and free, and its value at the weighted average cost.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Stock report' }));
    await screen.findByText('Total stock value: 1,25,000.00');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(MATERIAL_EXPORT_COLUMNS.map((c) => c.header));
    expect(cells(screen.getAllByRole('row')[1]!)).toEqual(['Acrylic sheet clear 5mm', 'Acrylic', 'Clear', 'Sheets', '10.00', '3.00', '7.00', '7.00', '100.00', '1,000.00']);
    expect(server.calls('GET', '/materials/materials/filter_materials/')[0]!.config.params).toEqual({ ordering: 'name', page: 1, page_size: 15 });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: '-stock_value' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(server.calls('GET', '/materials/materials/filter_materials/')).toHaveLength(2));
    expect(server.calls('GET', '/materials/materials/filter_materials/')[1]!.config.params).toEqual({ in_stock: 'true', ordering: '-stock_value', page: 1, page_size: 15 });
  });
});

describe('cancelled and closed requisitions', () => {
  it('an empty cancelled list says so', async () => {
    const server = fakeServer().on('GET', '/requisitions/list_cancelled_requisitions/', { status: 200, data: page([]) });
    show('requisitions-cancelled');
    expect(await screen.findByText('Cancelled requisitions not found')).toBeTruthy();
    expect(server.calls('GET', '/requisitions/list_cancelled_requisitions/')[0]!.config.params).toEqual({ page: 1, page_size: 50 });
  });

  it('closed requisitions say when and why, link to their detail and narrow to a period', async () => {
    const row = { id: 900, created_at: '2026-11-02T04:30:00.000Z', closed_at: '2026-11-20T06:00:00.000Z', requisition_type: 'standard', job_order_label: '501 - 01-11-2026', customer_name: 'Lulu Hypermarket', requested_by_name: 'Suresh Patil', close_reason: 'Job done with less' };
    const server = fakeServer().on('GET', '/requisitions/list_closed_requisitions/', { status: 200, data: page([row]) });
    show('requisitions-closed');
    await screen.findByText('Job done with less');
    expect(cells(screen.getAllByRole('row')[1]!)).toEqual(['900', '20-11-2026', 'Standard', '501 - 01-11-2026', 'Lulu Hypermarket', 'Suresh Patil', 'Job done with less']);
    expect(screen.getByRole('link', { name: '900' }).getAttribute('href')).toBe('/detail/requisition/900');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '01-11-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(server.calls('GET', '/requisitions/list_closed_requisitions/')).toHaveLength(2));
    expect(server.calls('GET', '/requisitions/list_closed_requisitions/')[1]!.config.params).toEqual({ start_date: '2026-11-01', page: 1, page_size: 50 });
  });
});
