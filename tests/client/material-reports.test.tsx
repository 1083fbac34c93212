import './setup';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routeByName } from '../../domain/routes';
import { fakeServer } from './support';
import MaterialReportScreen from '../../src/features/material-reports/MaterialReportScreen';
import RequisitionReportScreen from '../../src/features/requisitions/RequisitionReportScreen';

function show(routeName: string, Screen = MaterialReportScreen) {
  const route = routeByName(routeName);
  const router = createMemoryRouter([{ path: route.path, element: <Screen />, handle: { route } }], { initialEntries: [route.path] });
  render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}

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
    show('redundant-reserved-materials', RequisitionReportScreen);
    await screen.findByText('VHB Tape');
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['900', 'VHB Tape', 'Rolls', '3.00', '501 - 20-11-2026', 'Job order closed or cancelled']);
    expect(server.calls('GET', '/requisitions/get_redundant_reserved_materials/')[0]!.config.params).toEqual({ page: 1, page_size: 50 });
  });
});
