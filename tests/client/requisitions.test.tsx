import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '../../domain/user';
import type { RouteName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { fakeServer, makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { operationNamed } from '../../src/data/outbox';
import { replayOutbox } from '../../src/data/outbox/replay';
import RequisitionsScreen from '../../src/features/requisitions/RequisitionsScreen';
import RequisitionCreateScreen from '../../src/features/requisitions/RequisitionCreateScreen';
import RequisitionDetailScreen from '../../src/features/requisitions/RequisitionDetailScreen';

let user: User = makeUser();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const SCREENS = { list: RequisitionsScreen, create: RequisitionCreateScreen, detail: RequisitionDetailScreen };

/** The screen under a route of domain/routes.ts, in a data router as the app has it. */
const show = (routeName: RouteName, screenKind: keyof typeof SCREENS, path: string) =>
  renderRoute(routeName, SCREENS[screenKind], path, ['requisitions-home', 'requisition-detail', 'foreman-requisition-detail', 'foreman-prod-dashboard']);

const NOW = '2026-11-20T09:00:00.000Z';
const tracked = { created_by: 1, created_at: NOW, updated_at: NOW, version: 1, deleted_at: null };
const MATERIALS = [
  { id: 11, name: 'Acrylic sheet clear 3mm', unit: 'SHEET', quantity: '40.000', brand: '', size: '', color: '', thickness: '3mm', category: 1 },
  { id: 12, name: 'Acrylic sheet clear 5mm', unit: 'SHEET', quantity: '12.000', brand: '', size: '', color: '', thickness: '5mm', category: 1 },
  { id: 13, name: 'MS square pipe 25mm', unit: 'FT', quantity: '300.000', brand: '', size: '25mm', color: '', thickness: '', category: 2 },
].map((m) => ({ ...m, ...tracked }));
const JOB_ORDERS = [
  { id: 501, customer: 1, status: 'in-process', closed_at: null, cancelled_at: null, ...tracked },
  { id: 502, customer: 1, status: 'closed', closed_at: NOW, cancelled_at: null, ...tracked },
  { id: 503, customer: 1, status: 'Created', closed_at: null, cancelled_at: NOW, ...tracked },
];
const requisitionRow = (values: Record<string, unknown> = {}) => ({
  id: 900,
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
  state: 'open',
  job_order_label: '501 - 20-11-2026',
  customer: 1,
  customer_name: 'Lulu Hypermarket',
  requested_by_name: 'Suresh Patil',
  requested_by_department: 'production',
  requested_by_designation: 'foreman',
  line_count: 1,
  has_issues: false,
  has_reservations: false,
  ...tracked,
  ...values,
});
/** Every material's name and unit (GET materials/material-names/): what a foreman's picker searches. */
const MATERIAL_NAMES = MATERIALS.map(({ quantity: _, ...identity }) => identity);
/** A line as the server sends it: with its material's name and unit. */
const line = (values: Record<string, unknown> = {}) => {
  const material = MATERIALS.find((m) => m.id === (values.material ?? 12))!;
  return { id: 71, requisition: 900, material: material.id, material_name: material.name, material_unit: material.unit, job_order: 501, quantity: '10.000', quantity_issued: '0.000', quantity_reserved: '0.000', ...tracked, ...values };
};

beforeEach(async () => {
  user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
  storeSession({ userId: 5 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('materials').bulkPut(MATERIALS);
  await mirror.rows('materialNames').bulkPut(MATERIAL_NAMES);
  await mirror.rows('jobOrders').bulkPut(JOB_ORDERS);
  await mirror.rows('customers').put({ id: 1, name: 'Lulu Hypermarket', ...tracked });
});

afterEach(() => cleanup());

async function pick(name: string, term: string) {
  fireEvent.change(screen.getByLabelText('Find a material'), { target: { value: term } });
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(name) }));
}

describe('raising a requisition on the shop floor', () => {
  it('offers only open job orders, and queues the requisition with its materials through the outbox', async () => {
    const router = show('foreman-requisition-create', 'create', '/production/foreman/requisition/create');
    const jobOrder = (await screen.findByLabelText('Job order')) as HTMLSelectElement;
    await waitFor(() => expect([...jobOrder.options].map((o) => o.value)).toEqual(['', '501']));
    fireEvent.change(jobOrder, { target: { value: '501' } });
    await pick('Acrylic sheet clear 3mm', 'clear 3mm');
    await pick('Acrylic sheet clear 5mm', 'acrylic 5mm');
    await pick('MS square pipe', 'pipe');
    fireEvent.change(screen.getByLabelText('Quantity of Acrylic sheet clear 3mm'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Quantity of Acrylic sheet clear 5mm'), { target: { value: '2.5' } });
    fireEvent.change(screen.getByLabelText('Quantity of MS square pipe 25mm'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save requisition' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/production\/foreman\/requisition\/-\d+$/));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'requisition.create', method: 'POST', url: '/requisitions/requisitions/', state: 'pending' });
    expect(entry!.payload).toEqual({
      requisition_type: 'standard',
      job_order: 501,
      confirm_repeat: false,
      requisition_items: [
        { material: 11, quantity: '4' },
        { material: 12, quantity: '2.5' },
        { material: 13, quantity: '120' },
      ],
    });
    const local = await mirror.rows('requisitions').get(entry!.tempId!);
    expect(local).toMatchObject({ state: 'open', job_order_label: '501 - 20-11-2026', customer_name: 'Lulu Hypermarket', line_count: 3 });
    expect((local!.requisition_items as { material_name: string }[]).map((l) => l.material_name)).toEqual(['Acrylic sheet clear 3mm', 'Acrylic sheet clear 5mm', 'MS square pipe 25mm']);
  });

  it('refuses to save without materials, and a job order is required unless it is for consumables', async () => {
    show('requisition-create', 'create', '/requisition/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Save requisition' }));
    expect(await screen.findByText('A job order is required unless the requisition is for consumables.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('a requisition made offline is on top of the list, newest first, with a pending badge', async () => {
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').put(line());
    const router = show('foreman-requisition-create', 'create', '/production/foreman/requisition/create');
    fireEvent.change(await screen.findByLabelText(/^Requisition type/), { target: { value: 'consumables' } });
    await pick('Acrylic sheet clear 3mm', '3mm');
    fireEvent.change(screen.getByLabelText('Quantity of Acrylic sheet clear 3mm'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save requisition' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/-\d+$/));
    cleanup();

    show('requisitions-home', 'list', '/requisitions');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    // The pending ids come from the outbox, which may answer after the rows.
    await waitFor(() => expect(screen.getAllByRole('row')[1]!.getAttribute('data-pending')).toBe('true'));
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('New')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Consumables');
    expect(rows[1]!.textContent).toContain('900');
    expect(rows[1]!.textContent).toContain('Lulu Hypermarket');
  });
});

describe("the foreman's materials on his requisitions", () => {
  /** The foreman's device: his materials are consumables only (none of these), every material's name is in materialNames. */
  beforeEach(() => mirror.rows('materials').clear());

  it('offers every material in his picker, by name and unit, without stock', async () => {
    show('foreman-requisition-create', 'create', '/production/foreman/requisition/create');
    fireEvent.change(await screen.findByLabelText('Find a material'), { target: { value: 'pipe' } });
    const offered = await screen.findByRole('button', { name: /MS square pipe 25mm/ });
    expect(offered.textContent).toBe('MS square pipe 25mmFeet');
    fireEvent.click(offered);
    expect(screen.getByLabelText('Quantity of MS square pipe 25mm')).toBeTruthy();
  });

  it('names every line of his requisition with its material and unit', async () => {
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').put(line({ id: 72, material: 13 }));
    show('foreman-requisition-detail', 'detail', '/production/foreman/requisition/900');
    const table = await screen.findByRole('table', { name: 'Materials of the requisition' });
    await waitFor(() => expect(within(table).getByText('MS square pipe 25mm')).toBeTruthy());
    expect(within(table).getByText('Feet')).toBeTruthy();
    expect(table.textContent).not.toContain('Material 13');
  });
});

describe('whose requisition it is (domain/row-rules.ts)', () => {
  beforeEach(async () => {
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').put(line());
  });
  const offered = (name: string) => screen.queryByRole('button', { name }) !== null;

  it("offers another department (acrylic) no change or cancel of a foreman's requisition", async () => {
    user = makeUser({ id: 20, department: 'acrylic', designation: 'supervisor' });
    show('requisition-detail', 'detail', '/detail/requisition/900');
    await screen.findByRole('table', { name: 'Materials of the requisition' });
    expect([offered('Change'), offered('Cancel requisition'), screen.queryAllByLabelText('Add a material').length > 0]).toEqual([false, false, false]);
  });

  it("offers a supervisor of the raiser's department (production) the change and the cancel", async () => {
    user = makeUser({ id: 21, department: 'production', designation: 'supervisor' });
    show('requisition-detail', 'detail', '/detail/requisition/900');
    expect(await screen.findByRole('button', { name: 'Cancel requisition' })).toBeTruthy();
    expect([offered('Change'), screen.queryAllByLabelText('Add a material').length > 0]).toEqual([true, true]);
  });

  it('offers stores the issue and the reserve, and no change or cancel', async () => {
    user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
    show('requisition-detail', 'detail', '/detail/requisition/900');
    expect(await screen.findByRole('button', { name: 'Issue' })).toBeTruthy();
    expect([offered('Reserve'), offered('Change'), offered('Cancel requisition'), screen.queryAllByLabelText('Add a material').length > 0]).toEqual([true, false, false, false]);
  });
});

describe('a requisition in stores', () => {
  beforeEach(() => {
    user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
    storeSession({ userId: 8 });
  });

  it('stores issues against a line: a signed ledger row is queued, the line and the material move at once', async () => {
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').put(line());
    show('requisition-detail', 'detail', '/detail/requisition/900');
    fireEvent.change(await screen.findByLabelText('Issue quantity of Acrylic sheet clear 5mm'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));

    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'stock.record', url: '/stocks/stocktransactions/' });
    expect(entry!.payload).toMatchObject({ material: 12, transaction_type: 'issue', quantity: '-4', requisition: 900, requisition_detail: 71, job_order: 501 });
    expect(await mirror.rows('requisitionDetails').get(71)).toMatchObject({ quantity_issued: '4.000' });
    expect(await mirror.rows('materials').get(12)).toMatchObject({ quantity: '8.000' });
    expect(await screen.findByText('Partly issued')).toBeTruthy();
  });

  it('offers in each issue box what the line still needs, and says Issued as soon as every line is issued, before the server confirms', async () => {
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').bulkPut([line({ quantity_issued: '3.000' }), line({ id: 72, material: 13, quantity: '2.500' })]);
    show('requisition-detail', 'detail', '/detail/requisition/900');
    const sheets = (await screen.findByLabelText('Issue quantity of Acrylic sheet clear 5mm')) as HTMLInputElement;
    const pipe = screen.getByLabelText('Issue quantity of MS square pipe 25mm') as HTMLInputElement;
    expect([sheets.value, pipe.value]).toEqual(['7', '2.5']);
    expect(screen.getByText('Partly issued')).toBeTruthy();

    for (const button of screen.getAllByRole('button', { name: 'Issue' })) fireEvent.click(button);
    await waitFor(async () => expect(await outbox.entries.count()).toBe(2));
    expect((await outbox.entries.toArray()).map((entry) => entry.payload)).toEqual([
      expect.objectContaining({ quantity: '-7', requisition_detail: 71 }),
      expect.objectContaining({ quantity: '-2.5', requisition_detail: 72 }),
    ]);
    // The badge, not the column header of the same name.
    await waitFor(() => expect(screen.getAllByText('Issued').filter((element) => !element.closest('th'))).toHaveLength(1));
    expect(screen.queryByText('Partly issued')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull();
  });

  it('a refused issue is taken back on its line, which says why (issue 15 §3)', async () => {
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').put(line());
    await mirror.rows('materials').put({ id: 12, name: 'Acrylic sheet clear 5mm', unit: 'SHEET', category: 3, quantity: '12.000', version: 1 });
    show('requisition-detail', 'detail', '/detail/requisition/900');
    fireEvent.change(await screen.findByLabelText('Issue quantity of Acrylic sheet clear 5mm'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await waitFor(async () => expect(await mirror.rows('requisitionDetails').get(71)).toMatchObject({ quantity_issued: '4.000' }));

    const refusal = new Response(JSON.stringify({ quantity: ['Only 2.000 SHEET are free.'] }), { status: 400, headers: { 'Content-Type': 'application/json' } });
    await replayOutbox({ fetch: async () => refusal, baseUrl: '/api/v1', tokens: { accessFor: async () => 'access', refreshFor: async () => 'access' } });

    expect(await screen.findByText('A change here was refused: quantity: Only 2.000 SHEET are free. See Sync to fix or discard it.')).toBeTruthy();
    expect(await mirror.rows('requisitionDetails').get(71)).toMatchObject({ quantity_issued: '0.000' });
    expect(await mirror.rows('materials').get(12)).toMatchObject({ quantity: '12.000' });
  });

  it('does not issue more than the line still asks for', async () => {
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').put(line({ quantity_issued: '7.000' }));
    show('requisition-detail', 'detail', '/detail/requisition/900');
    fireEvent.change(await screen.findByLabelText('Issue quantity of Acrylic sheet clear 5mm'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('At most 3.000 remain to be issued.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('issues exactly what remains of a line in thousandths: 0.2 of 0.300 with 0.100 issued goes, 0.201 does not (issue 16)', async () => {
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').put(line({ quantity: '0.300', quantity_issued: '0.100' }));
    show('requisition-detail', 'detail', '/detail/requisition/900');
    const box = await screen.findByLabelText('Issue quantity of Acrylic sheet clear 5mm');

    fireEvent.change(box, { target: { value: '0.201' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('At most 0.200 remain to be issued.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);

    fireEvent.change(box, { target: { value: '0.2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    expect((await outbox.entries.toArray())[0]!.payload).toMatchObject({ transaction_type: 'issue', quantity: '-0.2', requisition_detail: 71 });
    expect(await mirror.rows('requisitionDetails').get(71)).toMatchObject({ quantity_issued: '0.300' });
    expect(screen.queryByText('At most 0.200 remain to be issued.')).toBeNull();
  });

  it('a re-work requisition waits for approval: stores sees why and cannot issue', async () => {
    await mirror.rows('requisitions').put(requisitionRow({ requisition_type: 're-work' }));
    await mirror.rows('requisitionDetails').put(line());
    show('requisition-detail', 'detail', '/detail/requisition/900');
    expect(await screen.findByText('This requisition must be approved before stores can issue or reserve material against it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('management approves a re-work requisition', async () => {
    user = makeUser({ id: 3, department: 'management', designation: 'manager' });
    await mirror.rows('requisitions').put(requisitionRow({ requisition_type: 're-work' }));
    show('requisition-detail', 'detail', '/detail/requisition/900');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
  });
});

describe('the stores queue', () => {
  it('lists what stores may issue against now, the newest first: approved re-work, nothing for closed job orders or finished requisitions', async () => {
    user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
    await mirror.rows('requisitions').bulkPut([
      requisitionRow({ id: 907 }),
      requisitionRow({ id: 900 }),
      requisitionRow({ id: 901, requisition_type: 're-work' }),
      requisitionRow({ id: 902, requisition_type: 're-work', is_approved: true }),
      requisitionRow({ id: 903, job_order: 502 }),
      requisitionRow({ id: 904, requisition_type: 'consumables', job_order: null }),
      requisitionRow({ id: 905, is_completed: true }),
      requisitionRow({ id: 906, closed_at: NOW }),
      requisitionRow({ id: 908, job_order: 503 }),
    ]);
    await mirror.rows('requisitionDetails').put(line({ id: 77, requisition: 907, quantity_issued: '2.000' }));
    show('stores-requisitions', 'list', '/stores/requisitions');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    expect(screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['907', '904', '902', '900']);
    expect(screen.queryByRole('button', { name: 'New requisition' })).toBeNull();
    // The lists of requisitions that are over are in no menu: every requisitions list leads to them.
    expect(screen.getByRole('link', { name: 'Closed requisitions' }).getAttribute('href')).toBe('/requisitions/closed');
    expect(screen.getByRole('link', { name: 'Cancelled requisitions' }).getAttribute('href')).toBe('/requisitions/cancelled');
  });
  it('opens on the newest 50 waiting: a requisition just raised is on top of the first page, not on the last', async () => {
    user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
    await mirror.rows('requisitions').bulkPut(Array.from({ length: 51 }, (_, i) => requisitionRow({ id: 1000 + i })));
    show('stores-requisitions', 'list', '/stores/requisitions');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(51));
    const first = screen.getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell')[0]!.textContent).toBe('1050');
    expect(screen.queryByRole('link', { name: '1000' })).toBeNull();
  });
});

describe('reserving material for a line', () => {
  const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  beforeEach(async () => {
    user = makeUser({ id: 8, department: 'stores', designation: 'executive' });
    await mirror.rows('requisitions').put(requisitionRow());
    await mirror.rows('requisitionDetails').put(line({ quantity_issued: '3.000', quantity_reserved: '1.000' }));
  });
  afterEach(() => Reflect.deleteProperty(navigator, 'onLine'));

  it('stores holds a quantity up to what the line still needs, with the server', async () => {
    const server = fakeServer().on('POST', '/materials/materials/reserve_material/', { status: 200, data: line({ quantity_issued: '3.000', quantity_reserved: '4.000' }) });
    show('requisition-detail', 'detail', '/detail/requisition/900');
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve' }));
    const dialog = within(await screen.findByRole('dialog'));
    const quantity = dialog.getByLabelText('Quantity to hold');
    expect((quantity as HTMLInputElement).value).toBe('1');
    fireEvent.change(quantity, { target: { value: '8' } });
    expect(dialog.getByText('More cannot be reserved than the line still needs.')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '4' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('Acrylic sheet clear 5mm: 4 reserved.')).toBeTruthy();
    expect(server.calls('POST', '/materials/materials/reserve_material/').map((r) => r.body)).toEqual([{ requisition_detail: 71, quantity: '4' }]);
    expect(await outbox.entries.count()).toBe(0);
  });

  it('shows the server’s refusal, and offline says it needs a connection without asking', async () => {
    fakeServer().on('POST', '/materials/materials/reserve_material/', { status: 409, data: { detail: 'Not enough Acrylic sheet clear 5mm in stock to reserve: asked 7, available 2.' } });
    show('requisition-detail', 'detail', '/detail/requisition/900');
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Quantity to hold'), { target: { value: '7' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('Not enough Acrylic sheet clear 5mm in stock to reserve: asked 7, available 2.')).toBeTruthy();

    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('This needs a connection to the server. Try again when you are online.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the shop floor sees what is reserved per line but cannot reserve', async () => {
    user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
    show('requisition-detail', 'detail', '/detail/requisition/900');
    const row = (await screen.findByRole('cell', { name: /Acrylic sheet clear 5mm/ })).closest('tr')!;
    expect(within(row).getAllByRole('cell').slice(2, 5).map((c) => c.textContent)).toEqual(['10.00', '1.00', '3.00']);
    expect(screen.queryByRole('button', { name: 'Reserve' })).toBeNull();
  });
});

describe('the sync of a requisition made offline', () => {
  it('puts the server’s lines in their table and moves lines added offline to the server id', async () => {
    await mirror.rows('requisitions').put(requisitionRow({ id: -4 }));
    await mirror.rows('requisitionDetails').put(line({ id: -6, requisition: -4 }));
    const server = { ...requisitionRow({ id: 950 }), requisition_items: [{ ...line({ id: 80, requisition: 950, material: 11 }), material_name: 'Acrylic sheet clear 3mm', material_unit: 'SHEET' }] };
    await operationNamed('requisition.create')!.reconcile(mirror, server, { tempId: -4, rowId: -4, entryId: 4 });
    expect(await mirror.rows('requisitions').get(-4)).toBeUndefined();
    expect(await mirror.rows('requisitions').get(950)).not.toHaveProperty('requisition_items');
    expect(await mirror.rows('requisitionDetails').get(80)).toMatchObject({ requisition: 950, material: 11 });
    expect(await mirror.rows('requisitionDetails').get(-6)).toMatchObject({ requisition: 950 });
  });
});
