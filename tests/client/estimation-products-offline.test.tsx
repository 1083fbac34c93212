import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { API } from '../../domain/api-paths';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { fakeServer, makeUser, storeSession } from './support';
import { estimationCopies, keepEstimation } from '../../src/data/estimation-copies';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { enqueue, pendingRowIds } from '../../src/data/outbox';
import { replayOutbox } from '../../src/data/outbox/replay';
import { createEstimation, createEstimationProduct } from '../../src/data/operations';
import { createQueryClient } from '../../src/data/query';
import { estimationQuery } from '../../src/features/estimations/api';
import { PRODUCT_ADDED_OFFLINE } from '../../src/features/estimations/products';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import EstimationDetailScreen from '../../src/features/estimations/EstimationDetailScreen';
import CostingSheetScreen, { COSTING_SAVED_OFFLINE } from '../../src/features/estimations/CostingSheetScreen';

/**
 * Issue 21: "a designer can build and edit a costing with no network (through the outbox)" —
 * an estimation made offline, a product added to it and costed on the sheet, all on the device,
 * then sent in order once the connection is back, each with the server ids of the ones before
 * (decision 367).
 */

const ASHA = 7;
const LUMEN = 1;
const HINGE = 302;
let user: User = makeUser({ id: ASHA });

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: readonly RouteName[] = ['estimations-home', 'estimation-detail', 'estimation-product-costing'];
const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  onlineManager.setOnline(online);
};
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const typeIn = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Estimation 55 as the server answers its creation: in costing, no products yet. */
const serverEstimation = {
  id: 55,
  customer: LUMEN,
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
  product_count: 0,
  created_by_name: 'Asha Menon',
  approved_by_name: null,
  products: [],
  files: [],
  ...tracked(),
};
/** Product 501 of it: 2 display units of 1200 × 900 mm face, 10 % overhead. */
const serverProduct = { id: 501, estimation: 55, name: 'Display unit', description: '', quantity: '2.000', unit_price: '0.00', width: '1200.000', depth: null, height: '900.000', overhead_percent: '10.00', ...tracked(), details: [], direct_cost: '0.00' };
const hingeLine = { id: 601, product: 501, estimation_material: HINGE, description: '', pieces: '1.000', length: null, width: null, wastage_percent: '0.00', measured: false, quantity: '4.000', rate: '95.00', amount: '380.00', material_name: 'Hinge', material_unit: 'PCS', category: 11, category_name: 'hardware', ...tracked() };

interface Seen {
  method: string;
  url: string;
  key: string | null;
  body: unknown;
}

/** The API behind `fetch` once the connection is back: each write it is sent answered as the server would, every request recorded. */
function reconnectedServer() {
  const seen: Seen[] = [];
  const answers: Record<string, [number, unknown]> = {
    [`POST ${API.estimations.list}`]: [201, serverEstimation],
    [`POST ${API.estimationProducts.list}`]: [201, serverProduct],
    [`POST ${API.estimationProducts.detailsWithCostUpdate(501)}`]: [200, { ...serverProduct, unit_price: '418.00', details: [hingeLine], direct_cost: '380.00' }],
  };
  const send = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = { method: init.method ?? 'GET', url: String(input).slice('/api/v1'.length), key: new Headers(init.headers).get('Idempotency-Key'), body: typeof init.body === 'string' ? JSON.parse(init.body) : null };
    seen.push(request);
    const [status, body] = answers[`${request.method} ${request.url}`] ?? [404, { detail: 'Not found.' }];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { seen, env: { fetch: send, baseUrl: '/api/v1', tokens: { accessFor: async () => 'access', refreshFor: async () => null } } };
}

beforeEach(async () => {
  user = makeUser({ id: ASHA, username: 'asha', department: 'design', designation: 'executive' });
  storeSession({ userId: ASHA });
  setOnline(false);
  fakeServer();
  await Promise.all([...outbox.tables, ...mirror.tables, estimationCopies.estimations].map((t) => t.clear()));
  await mirror.rows('customers').put({ id: LUMEN, name: 'Lumen Opticals', ...tracked() });
  await mirror.rows('estimationMaterials').put({ id: HINGE, category: 11, name: 'Hinge', unit: 'PCS', rate: '95.00', sheet_length: null, sheet_width: null, kg_per_metre: null, ...tracked() });
});
afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  Reflect.deleteProperty(navigator, 'onLine');
  onlineManager.setOnline(true);
});

describe('a product of an estimation, added and costed offline (decision 367)', () => {
  it('adds a product to an estimation made offline and costs it on the sheet; back online the estimation, the product and the costing go once each, in order, with the server ids', async () => {
    const estimation = await enqueue(createEstimation, { customer: LUMEN, title: 'Eyewear wall', estimation_date: '2026-11-20' });
    const estimationId = estimation.tempId!;

    // The detail of the estimation made offline offers Add product.
    const router = renderRoute('estimation-detail', EstimationDetailScreen, `/estimations/detail/${estimationId}`, NEIGHBOURS);
    await screen.findByText('No products yet.');
    type('name', 'Display unit');
    type('quantity', '2');
    type('width', '1200');
    type('height', '900');
    type('overhead_percent', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await screen.findByText(PRODUCT_ADDED_OFFLINE);
    const card = await screen.findByTestId('estimation-product');
    expect(within(card).getByRole('heading').textContent).toBe('Display unit');

    const productEntry = (await outbox.entries.toArray()).find((e) => e.operation === createEstimationProduct.name)!;
    const productId = productEntry.tempId!;
    expect(productEntry).toMatchObject({ method: 'POST', url: API.estimationProducts.list, dependsOn: [estimation.entryId], summary: 'Product “Display unit” added to estimation “Eyewear wall”' });
    expect(productEntry.body).toEqual({ estimation: `{{tempId:${estimationId}}}`, name: 'Display unit', description: '', quantity: '2', width: '1200', depth: null, height: '900', overhead_percent: '10' });
    expect(await mirror.rows('estimations').get(estimationId)).toMatchObject({ product_count: 1 });
    expect(await estimationCopies.estimations.get(`${ASHA}:${estimationId}`)).toMatchObject({ products: [productId] });

    // Its costing sheet opens from the device: 4 hinges at 95.00 = 380.00; 10 % overhead, 418.00 a unit; 2 units 836.00.
    fireEvent.click(within(card).getByRole('button', { name: 'Costing sheet' }));
    await screen.findByText('estimation-product-costing');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/estimation/product/costing?product=${productId}`);
    cleanup();
    renderRoute('estimation-product-costing', CostingSheetScreen, `/estimation/product/costing?product=${productId}`, NEIGHBOURS);
    await screen.findByRole('heading', { name: 'Product costing: Display unit' });
    typeIn('Material of line 1', 'Hinge');
    await screen.findByLabelText('Quantity (Pieces) of line 1');
    typeIn('Quantity (Pieces) of line 1', '4');
    await waitFor(() => expect(screen.getByTestId('sheet-total').textContent).toBe('836.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Save costing' }));
    await screen.findByText(COSTING_SAVED_OFFLINE);

    const costingEntry = (await outbox.entries.toArray()).find((e) => e.operation === 'estimation.product.costing')!;
    expect(costingEntry.url).toBe(API.estimationProducts.detailsWithCostUpdate(`{{tempId:${productId}}}`));
    expect([...costingEntry.dependsOn].sort()).toEqual([estimation.entryId, productEntry.id].sort());
    const kept = (await estimationCopies.estimations.get(`${ASHA}:${estimationId}`))!.view;
    expect(kept.products.map((p) => [p.id, p.unit_price, p.details.map((d) => [d.estimation_material, d.quantity, d.amount])])).toEqual([[productId, '418.00', [[HINGE, '4.000', '380.00']]]]);
    expect(kept.total_cost).toBe('836.00');
    expect(await mirror.rows('estimations').get(estimationId)).toMatchObject({ total_cost: '836.00' });
    expect(await pendingRowIds('estimations')).toContain(estimationId);

    // The connection is back.
    const { seen, env } = reconnectedServer();
    expect(await replayOutbox(env)).toEqual({ ran: true, sent: 3, rejected: 0, remaining: 0 });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${API.estimations.list}`, `POST ${API.estimationProducts.list}`, `POST ${API.estimationProducts.detailsWithCostUpdate(501)}`]);
    expect(new Set(seen.map((r) => r.key)).size).toBe(3);
    expect(seen[0]!.body).toEqual({ customer: LUMEN, lead: null, title: 'Eyewear wall', requirement: '', estimation_date: '2026-11-20' });
    expect(seen[1]!.body).toEqual({ estimation: 55, name: 'Display unit', description: '', quantity: '2', width: '1200', depth: null, height: '900', overhead_percent: '10' });
    expect(seen[2]!.body).toEqual({ details: [{ estimation_material: HINGE, description: '', pieces: '1', length: null, width: null, wastage_percent: '0', quantity: '4' }] });

    // The device follows the server: its row, and its copy of the detail under the server ids.
    expect(await mirror.rows('estimations').get(estimationId)).toBeUndefined();
    expect(await mirror.rows('estimations').get(55)).toMatchObject({ title: 'Eyewear wall' });
    const copies = await estimationCopies.estimations.toArray();
    expect(copies.map((c) => [c.key, c.products])).toEqual([[`${ASHA}:55`, [501]]]);
    expect(copies[0]!.view.products.map((p) => [p.id, p.estimation, p.unit_price, p.details.map((d) => d.id)])).toEqual([[501, 55, '418.00', [601]]]);
    expect(await outbox.entries.count()).toBe(0);

    // A sheet opened by the product's temp id follows it to its server id.
    cleanup();
    const sheet = renderRoute('estimation-product-costing', CostingSheetScreen, `/estimation/product/costing?product=${productId}`, NEIGHBOURS);
    await waitFor(() => expect(sheet.state.location.search).toBe('?product=501'));
    await waitFor(() => expect((screen.getByLabelText('Material of line 1') as HTMLInputElement).value).toBe('Hinge'));
  });

  it('keeps a product added on the device on the detail read again before it is sent, and counts it on the estimation’s row', async () => {
    const { products: _, approved_by_name: __, files: ___, ...row } = { ...serverEstimation, product_count: 1 };
    await mirror.rows('estimations').put(row);
    await keepEstimation(ASHA, { ...serverEstimation, product_count: 1, products: [{ ...serverProduct, id: 500, name: 'Header panel' }] } as never);
    const { tempId } = await enqueue(createEstimationProduct, { estimation: 55, name: 'Display unit', quantity: '2', width: '1200', height: '900', overhead_percent: '10' });
    expect(await mirror.rows('estimations').get(55)).toMatchObject({ product_count: 2 });
    expect(await pendingRowIds('estimations')).toContain(55);

    setOnline(true);
    fakeServer().on('GET', API.estimations.detail(55), { status: 200, data: { ...serverEstimation, product_count: 1, products: [{ ...serverProduct, id: 500, name: 'Header panel' }] } });
    await createQueryClient().fetchQuery(estimationQuery(55));
    const kept = (await estimationCopies.estimations.get(`${ASHA}:55`))!;
    expect(kept.products).toEqual([500, tempId]);
    expect(kept.view.products.map((p) => [p.id, p.name, p.quantity, p.width, p.depth, p.unit_price])).toEqual([
      [500, 'Header panel', '2.000', '1200.000', null, '0.00'],
      [tempId, 'Display unit', '2', '1200', null, '0.00'],
    ]);
  });
});
