import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { API } from '../../domain/api-paths';
import { ESTIMATION_MESSAGES } from '../../domain/estimation';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { tracked } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { estimationCopies } from '../../src/data/estimation-copies';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { enqueue, pendingRowIds } from '../../src/data/outbox';
import { saveProductCosting } from '../../src/data/operations';
import { ESTIMATION_NOTICES } from '../../src/features/estimations/actions';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import EstimationsScreen from '../../src/features/estimations/EstimationsScreen';
import EstimationsCancelledScreen from '../../src/features/estimations/EstimationsCancelledScreen';
import EstimationDetailScreen from '../../src/features/estimations/EstimationDetailScreen';
import EstimationFormScreen, { ESTIMATION_SAVED_OFFLINE } from '../../src/features/estimations/EstimationFormScreen';

const ASHA = 7;
const VIKRAM = 9;
let user: User = makeUser({ id: ASHA });

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: readonly RouteName[] = ['estimations-home', 'estimation-add', 'estimation-detail', 'estimations-cancelled', 'estimation-product-costing', 'design-estimation-create', 'quotation-detail'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const field = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

const designer = (id = ASHA) => makeUser({ id, username: 'asha', department: 'design', designation: 'executive' });
const costingManager = (id = VIKRAM) => makeUser({ id, username: 'vikram', department: 'design', designation: 'costing-manager' });
const salesExec = () => makeUser({ id: 11, username: 'ravi', department: 'sales', designation: 'executive' });

const LUMEN = 1;
const ORBIT_LEAD = 41;

/** An estimation as the list (and the device's mirror) holds it. */
const estimationRow = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  customer: LUMEN,
  lead: null,
  title: `Display unit ${id}`,
  requirement: '',
  estimation_date: '2026-11-20',
  status: 'draft',
  total_cost: '1000.00',
  costing_version: 0,
  submitted_at: null,
  approved_by: null,
  approved_at: null,
  rejection_reason: '',
  quotation: null,
  customer_name: 'Lumen Opticals',
  lead_company: null,
  product_count: 1,
  created_by_name: 'Asha Menon',
  ...tracked(),
  created_by: ASHA,
  ...values,
});

/** Estimation 5 as GET {id}/ sends it: one product of two costing lines. */
const view = (values: Record<string, unknown> = {}) => ({
  ...estimationRow(5, { total_cost: '4400.00' }),
  approved_by_name: null,
  files: [],
  products: [
    {
      id: 50,
      estimation: 5,
      name: 'Acrylic counter',
      description: '',
      quantity: '2.000',
      unit_price: '2200.00',
      width: '1200.000',
      depth: '600.000',
      height: '900.000',
      overhead_percent: '10.00',
      ...tracked(),
      details: [
        { id: 501, product: 50, estimation_material: 301, description: 'Top', pieces: '1.000', length: null, width: null, wastage_percent: '0.00', measured: true, quantity: '1.080', rate: '1500.00', amount: '1620.00', material_name: 'Acrylic 10mm', material_unit: 'SQMTR', category: 3, category_name: 'acrylic', ...tracked() },
        { id: 502, product: 50, estimation_material: 302, description: '', pieces: '1.000', length: null, width: null, wastage_percent: '0.00', measured: false, quantity: '4.000', rate: '95.00', amount: '380.00', material_name: 'Hinge', material_unit: 'PCS', category: 11, category_name: 'hardware', ...tracked() },
      ],
    },
  ],
  ...values,
});

const DETAIL = API.estimations.detail(5);
const page = (results: unknown[], count = results.length) => ({ count, next: null, previous: null, results });
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)! as HTMLElement;
};
const actions = () => within(screen.getByRole('group', { name: 'Estimation actions' })).getAllByRole('button').map((b) => b.textContent);
const shownNumbers = () => [...document.querySelectorAll('tbody tr td:first-child a')].map((a) => a.textContent);

let server: FakeServer;

function serveDetail(values: Record<string, unknown> = {}) {
  server.on('GET', DETAIL, { status: 200, data: view(values) });
  server.on('GET', API.estimations.versions(5), { status: 200, data: [] });
  server.on('GET', API.estimationProducts.costBreakdown(50), {
    status: 200,
    data: [
      { category: 3, category_name: 'acrylic', amount: '1620.00' },
      { category: 11, category_name: 'hardware', amount: '380.00' },
    ],
  });
  server.on('GET', API.boqDrafts.list, { status: 200, data: [] });
}

beforeEach(async () => {
  user = designer();
  storeSession({ userId: ASHA });
  setOnline(true);
  server = fakeServer();
  await Promise.all([...outbox.tables, ...mirror.tables, estimationCopies.estimations].map((t) => t.clear()));
  await mirror.rows('customers').bulkPut([
    { id: LUMEN, name: 'Lumen Opticals', ...tracked() },
    { id: 2, name: 'Orbit Retail', ...tracked() },
  ]);
  await mirror.rows('leads').put({ id: ORBIT_LEAD, company: 'Zen Interiors', customer: null, ...tracked() });
});
afterEach(() => {
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('the estimations list, read from the device', () => {
  it('shows the newest first, 15 a page, one made on the device first', async () => {
    await mirror.rows('estimations').bulkPut(Array.from({ length: 16 }, (_, i) => estimationRow(100 + i)));
    await mirror.rows('estimations').put(estimationRow(-1, { title: 'Made offline' }));
    show('estimations-home', EstimationsScreen, '/estimations');
    await waitFor(() => expect(shownNumbers()).toHaveLength(15));
    expect(shownNumbers().slice(0, 3)).toEqual(['New', 'EST-115', 'EST-114']);
    expect(screen.getByText('17 in all · page 1 of 2')).toBeTruthy();
  });

  it('narrows by status with the statuses’ own labels, and by a word typed in the search', async () => {
    await mirror.rows('estimations').bulkPut([
      estimationRow(101, { status: 'approved', title: 'Glass shelf' }),
      estimationRow(102, { status: 'submitted' }),
      estimationRow(103, { status: 'approved', title: 'Brass plate' }),
    ]);
    show('estimations-home', EstimationsScreen, '/estimations');
    await waitFor(() => expect(shownNumbers()).toEqual(['EST-103', 'EST-102', 'EST-101']));
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect([...status.options].map((o) => o.textContent)).toEqual(['All statuses', 'In costing', 'Waiting for approval', 'Approved', 'Rejected', 'Quoted']);
    fireEvent.change(status, { target: { value: 'approved' } });
    await waitFor(() => expect(shownNumbers()).toEqual(['EST-103', 'EST-101']));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search estimations' }), { target: { value: 'glass' } });
    await waitFor(() => expect(shownNumbers()).toEqual(['EST-101']));
  });

  it('opens narrowed by the status a link names (design-home’s tiles link to /estimations?status=…)', async () => {
    await mirror.rows('estimations').bulkPut([estimationRow(101, { status: 'draft' }), estimationRow(102, { status: 'submitted' }), estimationRow(103, { status: 'submitted' })]);
    show('estimations-home', EstimationsScreen, '/estimations?status=submitted');
    await waitFor(() => expect(shownNumbers()).toEqual(['EST-103', 'EST-102']));
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('submitted');
  });

  it('offers New estimation to those who cost and to sales, who request one, and not to the workshops, who only read', async () => {
    show('estimations-home', EstimationsScreen, '/estimations');
    fireEvent.click(await screen.findByRole('button', { name: 'New estimation' }));
    await screen.findByText('estimation-add');
    cleanup();
    user = salesExec();
    show('estimations-home', EstimationsScreen, '/estimations');
    fireEvent.click(await screen.findByRole('button', { name: 'New estimation' }));
    await screen.findByText('estimation-add');
    cleanup();
    user = makeUser({ id: 12, username: 'kiran', department: 'acrylic', designation: 'foreman' });
    show('estimations-home', EstimationsScreen, '/estimations');
    await screen.findByRole('button', { name: 'Cancelled estimations' });
    expect(screen.queryByRole('button', { name: 'New estimation' })).toBeNull();
  });

  it('says the estimations failed to load when they never reached the device', async () => {
    await mirror.meta.put({ key: metaKey(ASHA, 'estimations'), userId: ASHA, type: 'estimations', cursor: null, loadedAt: null, rowCount: 0, error: 'Request failed with status code 500' });
    show('estimations-home', EstimationsScreen, '/estimations');
    await screen.findByText(ESTIMATION_MESSAGES.loadFailed);
  });
});

describe('a new estimation', () => {
  it('asks for the customer or the lead and a title, and queues nothing until they are given', async () => {
    show('estimation-add', EstimationFormScreen, '/estimations/add');
    type('estimation_date', '31-02-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save estimation' }));
    await screen.findByText(ESTIMATION_MESSAGES.party);
    expect(screen.getByText('This field may not be blank.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });

  it('offline, for a lead, queues one entry with the exact body, shows the estimation at once and opens it by its temp id', async () => {
    setOnline(false);
    const router = show('design-estimation-create', EstimationFormScreen, '/design/estimation/create');
    await waitFor(() => expect([...(field('lead') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['No lead', 'Zen Interiors']));
    type('lead', String(ORBIT_LEAD));
    type('title', 'Reception desk');
    type('requirement', 'Corian top, 2 drawers');
    type('estimation_date', '24-11-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save estimation' }));

    await screen.findByText('estimation-detail');
    await screen.findByText(ESTIMATION_SAVED_OFFLINE);
    const [entry, ...others] = await outbox.entries.toArray();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ operation: 'estimation.create', method: 'POST', url: API.estimations.list, summary: 'New estimation “Reception desk” for Zen Interiors' });
    expect(entry!.body).toEqual({ customer: null, lead: ORBIT_LEAD, title: 'Reception desk', requirement: 'Corian top, 2 drawers', estimation_date: '2026-11-24' });
    const tempId = entry!.tempId!;
    expect(router.state.location.pathname).toBe(`/estimations/detail/${tempId}`);
    expect(await mirror.rows('estimations').get(tempId)).toMatchObject({ status: 'draft', total_cost: '0.00', lead_company: 'Zen Interiors', customer_name: null, created_by: ASHA });
    expect(await pendingRowIds('estimations')).toEqual(new Set([tempId]));
  });

  it('starts with the customer its link names: a converted lead’s estimation request', async () => {
    user = salesExec();
    show('estimation-add', EstimationFormScreen, `/estimations/add?customer=${LUMEN}`);
    await waitFor(() => expect((field('customer') as HTMLSelectElement).value).toBe(String(LUMEN)));
    type('title', 'Eyewear wall');
    fireEvent.click(screen.getByRole('button', { name: 'Save estimation' }));
    await screen.findByText('estimation-detail');
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'estimation.create', summary: 'New estimation “Eyewear wall” for Lumen Opticals' });
    expect(entry!.body).toMatchObject({ customer: LUMEN, lead: null, title: 'Eyewear wall' });
  });

  it('sends chosen drawings and images with it, as multipart parts of their kind', async () => {
    setOnline(false);
    show('estimation-add', EstimationFormScreen, '/estimations/add');
    await waitFor(() => expect([...(field('customer') as HTMLSelectElement).options].map((o) => o.textContent)).toContain('Lumen Opticals'));
    type('customer', String(LUMEN));
    type('title', 'Eyewear wall');
    const drawing = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'wall.pdf', { type: 'application/pdf' });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'site.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Drawings'), { target: { files: [drawing] } });
    fireEvent.change(screen.getByLabelText('Images'), { target: { files: [photo] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save estimation' }));
    await screen.findByText('estimation-detail');
    const [entry] = await outbox.entries.toArray();
    const { multipart } = entry!.body as { multipart: { dataPart: string; data: Record<string, unknown>; files: { part: string; name: string }[] } };
    expect(multipart.dataPart).toBe('data');
    expect(multipart.data).toMatchObject({ customer: LUMEN, lead: null, title: 'Eyewear wall' });
    expect(multipart.files.map(({ part, name }) => ({ part, name }))).toEqual([
      { part: 'drawings', name: 'wall.pdf' },
      { part: 'images', name: 'site.jpg' },
    ]);
  });
});

describe('an estimation’s detail', () => {
  it('shows its products with their costing lines and the cost by category, as a chart and a table', async () => {
    serveDetail();
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await screen.findByText('Acrylic counter');
    const lines = screen.getByRole('table', { name: 'Costing lines of Acrylic counter' });
    expect([...lines.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Acrylic 10mm', 'Top', '1.000', '—', '—', '0.00', '1.080 Sqr Mtrs', '1,500.00', '1,620.00'],
      ['Hinge', '—', '1.000', '—', '—', '0.00', '4.000 Pieces', '95.00', '380.00'],
    ]);
    const chart = await screen.findByRole('img', { name: 'Cost of Acrylic counter by category' });
    expect([...chart.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1,620.00', '380.00']);
    const table = screen.getByRole('table', { name: 'Cost of Acrylic counter by category (table)' });
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['acrylic', '1,620.00', 'hardware', '380.00']);
  });

  it('downloads a drawing through the API client (the file store answers only with the session’s token)', async () => {
    const drawing = { id: 9, kind: 'drawing', original_name: 'wall.pdf', content_type: 'application/pdf', size: 4, url: API.files.content(77) };
    serveDetail({ files: [drawing] });
    server.on('GET', API.files.content(77), { status: 200, data: new Blob(['%PDF']) });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Drawing: wall.pdf' }));
    await waitFor(() => expect(server.calls('GET', API.files.content(77))).toHaveLength(1));
  });

  it('shows the costing saved on the device while it waits to be sent, and reads the server’s detail again once it is sent', async () => {
    serveDetail();
    await mirror.rows('estimationMaterials').put({ id: 302, category: 11, name: 'Hinge', unit: 'PCS', rate: '95.00', sheet_length: null, sheet_width: null, kg_per_metre: null, ...tracked() });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    const linesShown = () => [...screen.getByRole('table', { name: 'Costing lines of Acrylic counter' }).querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    await waitFor(() => expect(linesShown()).toHaveLength(2));
    await waitFor(async () => expect(await estimationCopies.estimations.get(`${ASHA}:5`)).toBeDefined());

    // The costing sheet's save, with no connection: 6 hinges at 95.00 = 570.00; 10 % overhead, 627.00 a unit; 2 units 1,254.00.
    await enqueue(saveProductCosting, { estimation: 5, product: 50, product_name: 'Acrylic counter', details: [{ estimation_material: 302, quantity: '6' }] });
    await waitFor(() => expect(linesShown()).toEqual([['Hinge', '—', '1.000', '—', '—', '0.00', '6.000 Pieces', '95.00', '570.00']]));
    expect(screen.getByText('Changes waiting to be sent')).toBeTruthy();
    expect(screen.getByText('1,254.00')).toBeTruthy();
    const reads = server.calls('GET', DETAIL).length;

    // Sent: the server's detail holds it now, and is read again.
    const sent = view().products[0]!;
    server.on('GET', DETAIL, {
      status: 200,
      data: view({ total_cost: '1254.00', products: [{ ...sent, unit_price: '627.00', details: [{ ...sent.details[1]!, id: 601, quantity: '6.000', amount: '570.00' }] }] }),
    });
    await outbox.transaction('rw', outbox.entries, outbox.bases, async () => {
      await outbox.entries.clear();
      await outbox.bases.clear();
    });
    await waitFor(() => expect(server.calls('GET', DETAIL).length).toBe(reads + 1));
    await waitFor(() => expect(screen.queryByText('Changes waiting to be sent')).toBeNull());
    // The server's answer to the read again (asked for as the changes left the queue).
    await waitFor(() => expect(linesShown()).toEqual([['Hinge', '—', '1.000', '—', '—', '0.00', '6.000 Pieces', '95.00', '570.00']]));
  });

  it('holds a submission while costing saves wait on the device: the costing approved must be the one saved', async () => {
    serveDetail();
    await mirror.rows('estimationMaterials').put({ id: 302, category: 11, name: 'Hinge', unit: 'PCS', rate: '95.00', sheet_length: null, sheet_width: null, kg_per_metre: null, ...tracked() });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await waitFor(() => expect(actions()).toEqual(['Submit for approval', 'Cancel estimation']));
    await waitFor(async () => expect(await estimationCopies.estimations.get(`${ASHA}:5`)).toBeDefined());
    await enqueue(saveProductCosting, { estimation: 5, product: 50, product_name: 'Acrylic counter', details: [{ estimation_material: 302, quantity: '6' }] });
    await screen.findByText('Changes waiting to be sent');
    fireEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await screen.findByText(ESTIMATION_NOTICES.savesWaiting);
    expect(document.querySelector(DIALOG)).toBeNull();
    expect(server.calls('POST', API.estimations.submit(5))).toEqual([]);
  });

  it('lets the designer submit a costing in progress, or cancel it, and keeps the detail for the costing sheet offline', async () => {
    serveDetail();
    server.on('POST', API.estimations.submit(5), { status: 200, data: view({ status: 'submitted', costing_version: 1 }) });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await waitFor(() => expect(actions()).toEqual(['Submit for approval', 'Cancel estimation']));
    expect(await estimationCopies.estimations.get(`${ASHA}:5`)).toMatchObject({ products: [50] });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Submit' }));
    await screen.findByText('Estimation sent for approval.');
    expect(server.calls('POST', API.estimations.submit(5)).map((r) => r.body)).toEqual([{ expected_version: 3 }]);
    await waitFor(() => expect(screen.getAllByText('Waiting for approval').length).toBeGreaterThan(0));
  });

  it('lets a costing manager approve or reject a submitted estimation, with the reason', async () => {
    user = costingManager();
    serveDetail({ status: 'submitted' });
    server.on('POST', API.estimations.reject(5), { status: 200, data: view({ status: 'rejected', rejection_reason: 'Use 8mm acrylic' }) });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await waitFor(() => expect(actions()).toEqual(['Approve', 'Reject', 'Cancel estimation']));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await dialogElement();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Use 8mm acrylic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Rejected: Use 8mm acrylic');
    expect(server.calls('POST', API.estimations.reject(5)).map((r) => r.body)).toEqual([{ reason: 'Use 8mm acrylic', expected_version: 3 }]);
  });

  it('never offers the author of an estimation its approval, even a costing manager', async () => {
    user = costingManager(ASHA);
    serveDetail({ status: 'submitted' });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await waitFor(() => expect(actions()).toEqual(['Cancel estimation']));
  });

  it('makes a quotation of an approved estimation with the margin typed, and opens it', async () => {
    user = salesExec();
    serveDetail({ status: 'approved', approved_at: '2026-11-21T05:00:00.000Z', approved_by: VIKRAM, approved_by_name: 'Vikram Rao' });
    server.on('POST', API.estimations.quotation(5), { status: 201, data: { estimation: view({ status: 'quoted' }), quotation: { id: 77 } } });
    server.on('GET', API.quotations.monarchEntities, { status: 200, data: { monarch_entities: [] } });
    const router = show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await waitFor(() => expect(actions()).toEqual(['Make quotation']));
    expect(screen.getByText('21-11-2026 by Vikram Rao')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make quotation' }));
    const dialog = await dialogElement();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make quotation' }));
    await screen.findByText('quotation-detail');
    expect(router.state.location.pathname).toBe('/quotations/detail/77');
    expect(server.calls('POST', API.estimations.quotation(5)).map((r) => r.body)).toEqual([{ margin_percent: '12.5', expected_version: 3 }]);
  });

  it('asks which of the company’s entities issues the quotation once the company has named them, and sends it', async () => {
    user = salesExec();
    serveDetail({ status: 'approved', approved_at: '2026-11-21T05:00:00.000Z', approved_by: VIKRAM, approved_by_name: 'Vikram Rao' });
    server.on('POST', API.estimations.quotation(5), { status: 201, data: { estimation: view({ status: 'quoted' }), quotation: { id: 78 } } });
    server.on('GET', API.quotations.monarchEntities, { status: 200, data: { monarch_entities: ['Monarch Displays LLP', 'Monarch Signs Pvt Ltd'] } });
    const router = show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await waitFor(() => expect(actions()).toEqual(['Make quotation']));
    await waitFor(() => expect(server.calls('GET', API.quotations.monarchEntities)).not.toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Make quotation' }));
    const margin = await dialogElement();
    fireEvent.change(within(margin).getByRole('textbox'), { target: { value: '25' } });
    fireEvent.click(within(margin).getByRole('button', { name: 'Make quotation' }));
    const entity = await screen.findByRole('dialog', { name: 'Which entity issues the quotation of EST-5?' });
    const choice = within(entity).getByRole('combobox', { name: 'Monarch entity' }) as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual(['Choose…', 'Monarch Displays LLP', 'Monarch Signs Pvt Ltd']);
    expect((within(entity).getByRole('button', { name: 'Make quotation' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(choice, { target: { value: 'Monarch Signs Pvt Ltd' } });
    fireEvent.click(within(entity).getByRole('button', { name: 'Make quotation' }));
    await screen.findByText('quotation-detail');
    expect(router.state.location.pathname).toBe('/quotations/detail/78');
    expect(server.calls('POST', API.estimations.quotation(5)).map((r) => r.body)).toEqual([{ margin_percent: '25', monarch_entity: 'Monarch Signs Pvt Ltd', expected_version: 3 }]);
  });

  it('offers no step to a user who may only read estimations', async () => {
    user = makeUser({ id: 12, department: 'metal', designation: 'executive' });
    serveDetail({ status: 'submitted' });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await screen.findByText('Acrylic counter');
    expect(screen.queryByRole('group', { name: 'Estimation actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Costing sheet' })).toBeNull();
  });

  it('says the details failed to load when the server cannot give them', async () => {
    server.on('GET', DETAIL, { status: 404, data: { detail: 'Not found.' } });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
    await screen.findByText(ESTIMATION_MESSAGES.detailFailed);
    expect(screen.getByText('Not found.')).toBeTruthy();
  });
});

describe('the cancelled estimations', () => {
  it('says none were found when there are none', async () => {
    server.on('GET', API.estimations.cancelled, { status: 200, data: page([]) });
    show('estimations-cancelled', EstimationsCancelledScreen, '/estimations/cancelled');
    await waitFor(() => expect(screen.getAllByText(ESTIMATION_MESSAGES.noneCancelled).length).toBe(2));
  });

  it('lists a page of them with the status each had', async () => {
    server.on('GET', API.estimations.cancelled, { status: 200, data: page([estimationRow(8, { status: 'rejected', deleted_at: '2026-11-22T05:00:00.000Z' })]) });
    show('estimations-cancelled', EstimationsCancelledScreen, '/estimations/cancelled');
    const row = await screen.findByRole('row', { name: /EST-8/ });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['EST-8', '20-11-2026', 'Display unit 8', 'Lumen Opticals', '1,000.00', 'Rejected', '22-11-2026']);
  });
});

describe('a product’s bill-of-quantities drafts (decision 363)', () => {
  const CUSTOMERS = { id: 61, product: 50, width: '1200.000', depth: '600.000', height: '900.000', quantity: '2.000', ...tracked() };
  const SITE = { id: 62, product: 50, width: '1000.000', depth: null, height: '750.000', quantity: '3.000', ...tracked() };
  const CUSTOMERS_TEXT = '1,200.000 × 600.000 × 900.000 mm, quantity 2.000';
  const SITE_TEXT = '1,000.000 × — × 750.000 mm, quantity 3.000';
  const draftList = () => screen.getByRole('list', { name: 'Bill-of-quantities drafts of Acrylic counter' });
  const shownDrafts = () => within(draftList()).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
  const showDrafts = (values: Record<string, unknown> = {}) => {
    serveDetail(values);
    server.on('GET', API.boqDrafts.list, { status: 200, data: [CUSTOMERS, SITE] });
    show('estimation-detail', EstimationDetailScreen, '/estimations/detail/5');
  };
  const chooseSizes = async (text: string) => {
    fireEvent.click(within(await screen.findByRole('listitem', { name: text })).getByRole('button', { name: 'Use these sizes' }));
    const dialog = await dialogElement();
    expect(dialog.textContent).toContain(`The product becomes ${text}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use these sizes' }));
  };

  it('lists the sizes kept beside each product, oldest first, from one read of the estimation’s drafts (decision 369)', async () => {
    const stand = { ...view().products[0]!, id: 51, name: 'Floor stand', details: [] };
    showDrafts({ products: [...view().products, stand] });
    server.on('GET', API.boqDrafts.list, { status: 200, data: [CUSTOMERS, { id: 64, product: 51, width: null, depth: null, height: '1800.000', quantity: '1.000', ...tracked() }, SITE] });
    await waitFor(() => expect(shownDrafts()).toEqual([CUSTOMERS_TEXT, SITE_TEXT]));
    const standDrafts = screen.getByRole('list', { name: 'Bill-of-quantities drafts of Floor stand' });
    expect(within(standDrafts).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['— × — × 1,800.000 mm, quantity 1.000']);
    expect(server.calls('GET', API.boqDrafts.list).map((r) => r.config.params)).toEqual([{ estimation: 5 }]);
    expect(within(draftList()).getAllByRole('button', { name: 'Use these sizes' })).toHaveLength(2);
  });

  it('uses a draft’s sizes: one request, then the product’s sizes, unit price and the estimation’s total as the server worked them out', async () => {
    let applied = false;
    // The server's figures, shown as sent: 1,000 × 750 = 0.75 m² × 1,500.00 = 1,125.00 + 380.00 = 1,505.00; + 10% = 1,655.50; × 3 = 4,966.50.
    const [counter] = view().products;
    const costed = view({ total_cost: '4966.50', products: [{ ...counter, width: '1000.000', depth: null, height: '750.000', quantity: '3.000', unit_price: '1655.50', version: 4 }] });
    showDrafts();
    server.on('GET', DETAIL, () => ({ status: 200, data: applied ? costed : view() }));
    server.on('POST', API.boqDrafts.apply(62), () => {
      applied = true;
      return { status: 200, data: costed.products[0] };
    });
    await screen.findByText('1,200.000 mm × 600.000 mm × 900.000 mm');
    expect(screen.getByText('4,400.00')).toBeTruthy();
    await chooseSizes(SITE_TEXT);
    await screen.findByText('Sizes used: the product is costed again.');
    expect(server.calls('POST', API.boqDrafts.apply(62)).map((r) => r.body)).toEqual([undefined]);
    expect(server.calls('POST', API.boqDrafts.apply(61))).toEqual([]);
    await screen.findByText('1,000.000 mm × — × 750.000 mm');
    expect(screen.getByText('1,655.50')).toBeTruthy();
    expect(screen.getByText('4,966.50')).toBeTruthy();
    expect(screen.getByText('3.000')).toBeTruthy();
  });

  it('adds sizes typed in the product’s small form, a blank size sent as none', async () => {
    showDrafts();
    server.on('POST', API.boqDrafts.list, { status: 201, data: { id: 63, product: 50, width: '800.000', depth: null, height: '600.000', quantity: '4.000', ...tracked() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add sizes' }));
    const form = screen.getByRole('form', { name: 'Add sizes to Acrylic counter' });
    const typeIn = (label: string | RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    typeIn('Width (mm)', '800');
    typeIn('Height (mm)', '600');
    typeIn(/Quantity/, '0');
    fireEvent.click(within(form).getByRole('button', { name: 'Save sizes' }));
    await within(form).findByText('Enter a quantity above zero.');
    expect(server.calls('POST', API.boqDrafts.list)).toEqual([]);
    typeIn(/Quantity/, '4');
    fireEvent.click(within(form).getByRole('button', { name: 'Save sizes' }));
    await screen.findByText('Sizes added.');
    expect(server.calls('POST', API.boqDrafts.list).map((r) => r.body)).toEqual([{ product: 50, width: '800', depth: null, height: '600', quantity: '4' }]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add sizes to Acrylic counter' })).toBeNull());
    // The drafts are read again after the write.
    await waitFor(() => expect(server.calls('GET', API.boqDrafts.list).length).toBeGreaterThan(1));
  });

  it('removes a draft, naming the version seen', async () => {
    showDrafts();
    server.on('DELETE', API.boqDrafts.detail(61), { status: 204 });
    fireEvent.click(within(await screen.findByRole('listitem', { name: CUSTOMERS_TEXT })).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Sizes removed.');
    expect(server.calls('DELETE', API.boqDrafts.detail(61)).map((r) => r.config.headers.get('If-Match'))).toEqual(['3']);
  });

  it('says why the server refused, and changes nothing shown', async () => {
    showDrafts();
    server.on('POST', API.boqDrafts.apply(62), { status: 400, data: { non_field_errors: ['A width is required: give the part or the product a height.'] } });
    await chooseSizes(SITE_TEXT);
    await screen.findByText('The sizes were not changed');
    expect(screen.getByText('A width is required: give the part or the product a height.')).toBeTruthy();
    expect(screen.getByText('1,200.000 mm × 600.000 mm × 900.000 mm')).toBeTruthy();
  });

  it('shows the drafts without their steps to a reader, and on an estimation that can no longer change', async () => {
    user = makeUser({ id: 12, department: 'metal', designation: 'executive' });
    showDrafts();
    await waitFor(() => expect(shownDrafts()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Use these sizes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add sizes' })).toBeNull();
    cleanup();
    user = designer();
    showDrafts({ status: 'approved' });
    await waitFor(() => expect(shownDrafts()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add sizes' })).toBeNull();
  });
});
