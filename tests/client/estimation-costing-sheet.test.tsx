import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { API } from '../../domain/api-paths';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import type { EstimationView } from '../../domain/estimation';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { estimationCopies, keepEstimation } from '../../src/data/estimation-copies';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { pendingRowIds } from '../../src/data/outbox';
import { addEntry } from '../../src/data/outbox/entries';
import { saveProductCosting } from '../../src/data/operations';
import { createQueryClient } from '../../src/data/query';
import { estimationQuery } from '../../src/features/estimations/api';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests, hasUnsavedChanges } from '../../src/ui/unsaved-changes';
import CostingSheetScreen, { COSTING_NOT_ON_DEVICE, COSTING_SAVED_OFFLINE, FIX_LINES } from '../../src/features/estimations/CostingSheetScreen';

const ASHA = 7;
let user: User = makeUser({ id: ASHA });

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: readonly RouteName[] = ['estimation-detail', 'estimations-home'];
const show = (path = '/estimation/product/costing?product=50') => renderRoute('estimation-product-costing', CostingSheetScreen, path, NEIGHBOURS);
const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  onlineManager.setOnline(online);
};
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const typeIn = (label: string, value: string) => fireEvent.change(box(label), { target: { value } });
const enterIn = (label: string) => fireEvent.keyDown(box(label), { key: 'Enter' });
const text = (testId: string) => screen.getByTestId(testId).textContent;

const ACRYLIC = 301;
const HINGE = 302;
const PIPE = 303;
const material = (id: number, name: string, unit: string, rate: string, values: Record<string, unknown> = {}) => ({ id, category: 1, name, unit, rate, sheet_length: null, sheet_width: null, kg_per_metre: null, ...tracked(), ...values });

const line = (id: number, values: Record<string, unknown>) => ({ id, product: 50, description: '', pieces: '1.000', length: null, width: null, wastage_percent: '0.00', category: 1, category_name: 'acrylic', ...tracked(), ...values });

/** Estimation 5, in costing: product 50 is 2 display units of 1200 × 600 × 900 mm with 10 % overhead. */
const view = (details: unknown[] = []): EstimationView =>
  ({
    id: 5,
    customer: 1,
    lead: null,
    title: 'Eyewear wall',
    requirement: '',
    estimation_date: '2026-11-20',
    status: 'draft',
    total_cost: '0.00',
    costing_version: 0,
    submitted_at: null,
    approved_by: null,
    approved_at: null,
    rejection_reason: '',
    quotation: null,
    customer_name: 'Lumen Opticals',
    lead_company: null,
    created_by_name: 'Asha Menon',
    approved_by_name: null,
    files: [],
    products: [{ id: 50, estimation: 5, name: 'Display unit', description: '', quantity: '2.000', unit_price: '0.00', width: '1200.000', depth: '600.000', height: '900.000', overhead_percent: '10.00', ...tracked(), details }],
    ...tracked(),
  }) as unknown as EstimationView;

let server: FakeServer;

beforeEach(async () => {
  user = makeUser({ id: ASHA, department: 'design', designation: 'executive' });
  storeSession({ userId: ASHA });
  setOnline(true);
  server = fakeServer();
  await Promise.all([...outbox.tables, ...mirror.tables, estimationCopies.estimations].map((t) => t.clear()));
  await mirror.rows('estimationMaterials').bulkPut([
    material(ACRYLIC, 'Acrylic 10mm', 'SQMTR', '1500.00'),
    material(HINGE, 'Hinge', 'PCS', '95.00'),
    material(PIPE, 'MS square pipe 25mm', 'KG', '80.00', { kg_per_metre: '1.200' }),
  ]);
  await mirror.rows('estimations').put({ id: 5, title: 'Eyewear wall', status: 'draft', total_cost: '0.00', ...tracked() });
});
afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  Reflect.deleteProperty(navigator, 'onLine');
  onlineManager.setOnline(true);
});

describe('the costing sheet, offline from the estimation this device last loaded', () => {
  beforeEach(async () => {
    setOnline(false);
    await keepEstimation(ASHA, view());
  });

  it('costs each line as it is typed: Enter adds a line, the unit decides the sizes, a counted unit needs its quantity', async () => {
    show();
    await screen.findByRole('heading', { name: 'Product costing: Display unit' });
    await screen.findByLabelText('Material of line 1');
    // The product's face: 1200 × 900 mm = 1.08 m², 10 % wastage = 1.188 m² at 1,500.00.
    typeIn('Material of line 1', 'acrylic 10mm');
    typeIn('Wastage % of line 1', '10');
    await waitFor(() => expect(text('line-amount-0')).toBe('1,782.00'));
    expect(text('line-quantity-0')).toBe('1.188 Sqr Mtrs');
    enterIn('Wastage % of line 1');
    await waitFor(() => expect(document.activeElement).toBe(box('Material of line 2')));

    // By weight: 4 pieces of 850 mm = 3.4 m × 1.2 kg/m = 4.08 kg, 5 % wastage = 4.284 kg at 80.00.
    typeIn('Material of line 2', 'MS square pipe 25mm');
    expect(screen.queryByLabelText('Width (mm) of line 2')).toBeNull();
    typeIn('Pieces of line 2', '4');
    typeIn('Length (mm) of line 2', '850');
    typeIn('Wastage % of line 2', '5');
    await waitFor(() => expect(text('line-amount-1')).toBe('342.72'));
    expect(text('line-quantity-1')).toBe('4.284 Kilos');
    enterIn('Length (mm) of line 2');
    await waitFor(() => expect(document.activeElement).toBe(box('Material of line 3')));

    // Counted by hand: no sizes, a quantity.
    typeIn('Material of line 3', 'Hinge');
    expect(screen.queryByLabelText('Pieces of line 3')).toBeNull();
    expect(screen.queryByLabelText('Length (mm) of line 3')).toBeNull();
    await waitFor(() => expect(text('line-problem-2')).toBe('A quantity is required for a material counted by hand.'));
    expect(text('line-amount-2')).toBe('—');
    typeIn('Quantity (Pieces) of line 3', '4');
    await waitFor(() => expect(text('line-amount-2')).toBe('380.00'));
    expect(screen.queryByTestId('line-problem-2')).toBeNull();

    // 1,782.00 + 342.72 + 380.00 = 2,504.72; 10 % overhead: 2,755.192 → 2,755.19 a unit; 2 units.
    expect(text('sheet-direct')).toBe('2,504.72');
    expect(text('sheet-overhead')).toBe('250.47');
    expect(text('sheet-unit-price')).toBe('2,755.19');
    expect(text('sheet-total')).toBe('5,510.38');
    expect(hasUnsavedChanges()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    await screen.findByText('estimation-detail');
    await screen.findByText(COSTING_SAVED_OFFLINE);
    const [entry, ...others] = await outbox.entries.toArray();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ operation: 'estimation.product.costing', method: 'POST', url: API.estimationProducts.detailsWithCostUpdate(50), summary: 'Costing of Display unit: 3 lines' });
    expect(entry!.body).toEqual({
      details: [
        { estimation_material: ACRYLIC, description: '', pieces: '1', length: null, width: null, wastage_percent: '10', quantity: null },
        { estimation_material: PIPE, description: '', pieces: '4', length: '850', width: null, wastage_percent: '5', quantity: null },
        { estimation_material: HINGE, description: '', pieces: '1', length: null, width: null, wastage_percent: '0', quantity: '4' },
      ],
    });
    // The device shows the saved costing at once: the kept copy and the estimation's total.
    const kept = (await estimationCopies.estimations.get(`${ASHA}:5`))!.view;
    expect(kept.products[0]!.details.map((d) => [d.quantity, d.amount])).toEqual([
      ['1.188', '1782.00'],
      ['4.284', '342.72'],
      ['4.000', '380.00'],
    ]);
    expect(kept.products[0]!.unit_price).toBe('2755.19');
    expect(await mirror.rows('estimations').get(5)).toMatchObject({ total_cost: '5510.38' });
    expect(await pendingRowIds('estimations')).toEqual(new Set([5]));
  });

  it('saves nothing while a line cannot be costed, and says why under it', async () => {
    show();
    await screen.findByLabelText('Material of line 1');
    typeIn('Material of line 1', 'Hinge');
    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    await screen.findByText(FIX_LINES);
    expect(text('line-problem-0')).toBe('A quantity is required for a material counted by hand.');
    typeIn('Material of line 1', 'Hinges');
    await waitFor(() => expect(text('line-problem-0')).toBe('Choose a material from the list.'));
    expect(await outbox.entries.count()).toBe(0);
  });

  it('opens again, still offline, on the costing saved and waiting: its lines, not yet on the server, are saved again as new lines', async () => {
    show();
    await screen.findByLabelText('Material of line 1');
    typeIn('Material of line 1', 'Hinge');
    typeIn('Quantity (Pieces) of line 1', '4');
    await waitFor(() => expect(text('line-amount-0')).toBe('380.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    await screen.findByText('estimation-detail');
    cleanup();

    show();
    await waitFor(() => expect(box('Material of line 1').value).toBe('Hinge'));
    // 4 hinges at 95.00 = 380.00; 10 % overhead: 418.00 a unit, 2 units 836.00.
    expect(box('Quantity (Pieces) of line 1').value).toBe('4.000');
    expect(text('line-amount-0')).toBe('380.00');
    expect(screen.queryByTestId('line-problem-0')).toBeNull();
    expect(text('sheet-unit-price')).toBe('418.00');
    expect(text('sheet-total')).toBe('836.00');
    typeIn('Quantity (Pieces) of line 1', '6');
    await waitFor(() => expect(text('line-amount-0')).toBe('570.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    await screen.findByText('estimation-detail');
    const entries = await outbox.entries.toArray();
    expect(entries.map((e) => e.body)).toEqual([
      { details: [{ estimation_material: HINGE, description: '', pieces: '1', length: null, width: null, wastage_percent: '0', quantity: '4' }] },
      { details: [{ estimation_material: HINGE, description: '', pieces: '1', length: null, width: null, wastage_percent: '0', quantity: '6', rate: '95.00' }] },
    ]);
  });

  it('says the product is not on this device when no estimation holding it was loaded', async () => {
    show('/estimation/product/costing?product=99');
    await screen.findByText(COSTING_NOT_ON_DEVICE);
  });
});

describe('the costing sheet online', () => {
  it('opens on the server’s lines, a typed quantity as typed, and sends them back with their ids and rates', async () => {
    const details = [
      line(501, { estimation_material: ACRYLIC, description: 'Top', measured: true, quantity: '1.080', rate: '1500.00', amount: '1620.00', material_name: 'Acrylic 10mm', material_unit: 'SQMTR' }),
      // Typed as 4 with 10 % wastage: stored as 4.4.
      line(502, { estimation_material: HINGE, wastage_percent: '10.00', measured: false, quantity: '4.400', rate: '90.00', amount: '396.00', material_name: 'Hinge', material_unit: 'PCS' }),
    ];
    server.on('GET', API.estimationProducts.detail(50), { status: 200, data: { id: 50, estimation: 5 } });
    server.on('GET', API.estimations.detail(5), { status: 200, data: view(details) });
    show();
    await waitFor(() => expect(box('Material of line 2').value).toBe('Hinge'));
    // A measured line is measured again; the rate it was costed at stays.
    expect(box('Quantity (override) of line 1').value).toBe('');
    expect(text('line-amount-0')).toBe('1,620.00');
    expect(box('Quantity (Pieces) of line 2').value).toBe('4.000');
    expect(text('line-amount-1')).toBe('396.00');
    typeIn('Quantity (Pieces) of line 2', '6');
    // 6 + 10 % = 6.6 at 90.00.
    await waitFor(() => expect(text('line-amount-1')).toBe('594.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    await screen.findByText('estimation-detail');
    const [entry] = await outbox.entries.toArray();
    expect(entry!.body).toEqual({
      details: [
        { id: 501, estimation_material: ACRYLIC, description: 'Top', pieces: '1.000', length: null, width: null, wastage_percent: '0.00', quantity: null, rate: '1500.00' },
        { id: 502, estimation_material: HINGE, description: '', pieces: '1.000', length: null, width: null, wastage_percent: '10.00', quantity: '6', rate: '90.00' },
      ],
    });
  });
});

describe('the kept estimation and the saves waiting for the server', () => {
  const sheet = { estimation: 5, product: 50, product_name: 'Display unit', details: [{ estimation_material: HINGE, quantity: '4' }] };

  it('keeps a waiting save on top of the detail when the detail is read again before it is sent', async () => {
    await keepEstimation(ASHA, view());
    await addEntry(saveProductCosting, sheet, { userId: ASHA });
    server.on('GET', API.estimations.detail(5), { status: 200, data: view() });
    await createQueryClient().fetchQuery(estimationQuery(5));
    const kept = (await estimationCopies.estimations.get(`${ASHA}:5`))!.view;
    expect(kept.products[0]!.details.map((d) => [d.estimation_material, d.quantity, d.amount])).toEqual([[HINGE, '4.000', '380.00']]);
    // 380.00 + 10 % = 418.00 a unit, 2 units.
    expect(kept.total_cost).toBe('836.00');
  });

  it('takes the server’s product in place of the device’s figures once the save is confirmed', async () => {
    await keepEstimation(ASHA, view());
    const served = { ...view().products[0]!, unit_price: '440.00', details: [line(601, { estimation_material: HINGE, measured: false, quantity: '4.000', rate: '100.00', amount: '400.00', material_name: 'Hinge', material_unit: 'PCS' })] };
    await saveProductCosting.reconcile(mirror, served, { tempId: null, rowId: 5, entryId: 1 });
    const kept = (await estimationCopies.estimations.get(`${ASHA}:5`))!.view;
    expect(kept.products[0]!.details.map((d) => [d.id, d.amount])).toEqual([[601, '400.00']]);
    expect(kept.total_cost).toBe('880.00');
    expect(await mirror.rows('estimations').get(5)).toMatchObject({ total_cost: '880.00' });
  });
});
