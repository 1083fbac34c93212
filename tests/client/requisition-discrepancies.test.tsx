import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { mirror } from '../../src/data/mirror/db';
import RequisitionDiscrepanciesScreen from '../../src/features/requisitions/RequisitionDiscrepanciesScreen';

const stamp = { version: 1, created_at: '2026-11-20T09:00:00Z', updated_at: '2026-11-20T09:00:00Z', deleted_at: null };
const requisition = (id: number, jobOrder: number, facts: { closed_at?: string | null; deleted_at?: string | null } = {}) => ({
  id,
  requisition_type: 'standard',
  job_order: jobOrder,
  job_order_label: `${jobOrder} - 02-11-2026`,
  customer_name: 'Lulu',
  requested_by: 4,
  requested_by_name: 'foreman',
  is_completed: false,
  is_approved: false,
  closed_at: null,
  ...stamp,
  ...facts,
});
const MATERIAL_NAMES: Record<number, string> = { 1: 'Acrylic sheet 3mm', 2: 'MS pipe 25mm' };
/** A line as the server sends it, with its material's name and unit. */
const line = (id: number, req: number, material: number, quantity: string, issued: string, reserved = '0.000') => ({
  id,
  requisition: req,
  material,
  material_name: MATERIAL_NAMES[material],
  material_unit: 'PCS',
  job_order: null,
  quantity,
  quantity_issued: issued,
  quantity_reserved: reserved,
  ...stamp,
});

beforeEach(async () => {
  await Promise.all(mirror.tables.map((t) => t.clear()));
  await mirror.rows('jobOrders').bulkPut([
    { id: 100, status: 'in-process', closed_at: null, cancelled_at: null, ...stamp },
    { id: 200, status: 'closed', closed_at: '2026-11-21T09:00:00Z', cancelled_at: null, ...stamp },
  ]);
  await mirror.rows('requisitions').bulkPut([
    requisition(1, 100, { closed_at: '2026-11-22T09:00:00Z' }),
    requisition(2, 200),
    requisition(3, 100),
    requisition(4, 100, { deleted_at: '2026-11-22T09:00:00Z' }),
  ]);
  await mirror.rows('requisitionDetails').bulkPut([
    line(11, 1, 1, '10.000', '6.500'),
    line(21, 2, 2, '4.000', '1.000'),
    line(31, 3, 1, '8.000', '2.000'),
    line(41, 4, 2, '3.000', '0.000'),
  ]);
});

afterEach(() => cleanup());

describe('requisition discrepancies, read from the device', () => {
  it('lists a closed-short line and a line of an ended job order, with what was not issued, and nothing else', async () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>
          <RequisitionDiscrepanciesScreen />
        </MemoryRouter>
      </ChakraProvider>,
    );
    const closedShort = (await screen.findByRole('cell', { name: 'Acrylic sheet 3mm' })).closest('tr')!;
    expect(within(closedShort).getByText('Closed short')).toBeTruthy();
    expect(closedShort.textContent).toContain('3.50');
    const ended = screen.getByRole('cell', { name: 'MS pipe 25mm' }).closest('tr')!;
    expect(within(ended).getByText('Job order ended')).toBeTruthy();
    expect(ended.textContent).toContain('200 - 02-11-2026');
    // The open requisition on a live job order and the cancelled one are not discrepancies.
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
