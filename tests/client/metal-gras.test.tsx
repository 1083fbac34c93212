import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { SCREEN_DATA } from '../../domain/data-types';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { makeUser } from './support';
import MetalGrasScreen from '../../src/features/gras/MetalGrasScreen';

const stamp = { version: 1, created_by: null, created_at: '2026-11-20T09:00:00Z', updated_at: '2026-11-20T09:00:00Z', deleted_at: null };
const gra = (id: number, date: string, vendor: string, facts: { cancelled_at?: string | null } = {}) => ({
  id,
  lpo: 1,
  vendor: id,
  vendor_name: vendor,
  gra_date: date,
  invoice_number: '',
  challan_number: '',
  remarks: '',
  cancelled_at: null,
  cancellation_remarks: null,
  ...stamp,
  ...facts,
});
const line = (id: number, graId: number, material: number, received: string, accepted = received, facts: { deleted_at?: string | null } = {}) => ({
  id,
  gra: graId,
  lpo_item: id,
  material,
  quantity_received: received,
  quantity_accepted: accepted,
  rate: '100.00',
  remarks: '',
  ...stamp,
  ...facts,
});
const requisition = (id: number, department: string, facts: { deleted_at?: string | null } = {}) => ({ id, requested_by_department: department, requisition_type: 'standard', ...stamp, ...facts });
const asked = (id: number, req: number, material: number) => ({ id, requisition: req, material, job_order: null, quantity: '1.000', quantity_issued: '0.000', quantity_reserved: '0.000', ...stamp });

/**
 * Metal asked for MS sheets and MS pipes, production for acrylic; a cancelled metal requisition
 * asked for glass. Three GRAs brought sheets, pipes, acrylic and glass; a cancelled one brought
 * pipes too.
 */
const METAL_USER = 14;
vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => makeUser({ id: METAL_USER, department: 'metal' })));

beforeEach(async () => {
  await Promise.all(mirror.tables.map((t) => t.clear()));
  // The device has finished loading the screen's lists (until then the list says Loading…).
  await mirror.meta.bulkPut(SCREEN_DATA['metal-gra']!.map((type) => ({ key: metaKey(METAL_USER, type), userId: METAL_USER, type, cursor: '1', loadedAt: Date.now(), rowCount: 0, error: null })));
  await mirror.rows('materials').bulkPut([
    { id: 1, name: 'MS sheet 2mm', unit: 'SHEET', ...stamp },
    { id: 2, name: 'MS pipe 25mm', unit: 'MTRS', ...stamp },
    { id: 3, name: 'Clear acrylic 3mm', unit: 'SHEET', ...stamp },
    { id: 4, name: 'Clear glass 5mm', unit: 'SQMTR', ...stamp },
  ]);
  await mirror.rows('requisitions').bulkPut([requisition(1, 'metal'), requisition(2, 'production'), requisition(3, 'metal', { deleted_at: '2026-11-21T09:00:00Z' })]);
  await mirror.rows('requisitionDetails').bulkPut([asked(11, 1, 1), asked(12, 1, 2), asked(21, 2, 3), asked(31, 3, 4)]);
  await mirror.rows('gras').bulkPut([
    gra(101, '2026-11-02', 'Mahalaxmi Steel Traders'),
    gra(102, '2026-11-09', 'Jai Hind Pipes & Tubes'),
    gra(103, '2026-11-05', 'Shree Ganesh Acrylics'),
    gra(104, '2026-11-10', 'Mahalaxmi Steel Traders', { cancelled_at: '2026-11-11T09:00:00Z' }),
  ]);
  await mirror.rows('graItems').bulkPut([
    line(1001, 101, 1, '12.000', '11.000'),
    line(1002, 102, 2, '60.000'),
    line(1003, 103, 3, '5.000'),
    line(1004, 103, 4, '2.000'),
    line(1005, 104, 2, '30.000', '30.000', { deleted_at: '2026-11-11T09:00:00Z' }),
  ]);
});

afterEach(() => cleanup());

function renderScreen() {
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <MetalGrasScreen />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('the metal workshop’s goods received, read from the device', () => {
  it('lists what arrived for the materials metal asks for, newest first, with date, GRA, vendor, material, quantity and unit', async () => {
    renderScreen();
    const pipes = (await screen.findByRole('cell', { name: 'MS pipe 25mm' })).closest('tr')!;
    expect(within(pipes).getByText('09-11-2026')).toBeTruthy();
    expect(within(pipes).getByText('102')).toBeTruthy();
    expect(within(pipes).getByText('Jai Hind Pipes & Tubes')).toBeTruthy();
    expect(pipes.textContent).toContain('60.00 Meters');
    const sheets = screen.getByRole('cell', { name: 'MS sheet 2mm' }).closest('tr')!;
    expect(sheets.textContent).toContain('02-11-2026');
    expect(sheets.textContent).toContain('11.00 Sheets');
    expect(sheets.textContent).toContain('of 12.00 received');
    // Acrylic is production's, glass only on a cancelled requisition, and the cancelled GRA no longer counts.
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual(['MS pipe 25mm', 'MS sheet 2mm']);
  });

  it('shows everything received when the foreman turns the workshop filter off', async () => {
    renderScreen();
    await screen.findByRole('cell', { name: 'MS pipe 25mm' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only materials metal asks for' }));
    await screen.findByRole('cell', { name: 'Clear acrylic 3mm' });
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual(['MS pipe 25mm', 'Clear acrylic 3mm', 'Clear glass 5mm', 'MS sheet 2mm']);
  });

  it('says so when nothing has arrived for metal yet', async () => {
    await mirror.rows('graItems').clear();
    renderScreen();
    expect(await screen.findByText('No goods received yet for the materials the metal workshop asks for.')).toBeTruthy();
  });

  it('loads GRAs, their lines and metal’s requisitions with the route, not with the preload set metal shares', () => {
    expect(SCREEN_DATA['metal-gra']).toEqual(['gras', 'graItems', 'requisitions', 'requisitionDetails', 'materials']);
  });
});
