import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { QUOTATION_MESSAGES } from '../../domain/quotation';
import { EDIT_RULES } from '../../domain/row-rules';
import { renderRoute } from './render-screen';
import { tracked as trackedAt } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { pendingRowIds } from '../../src/data/outbox';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests, hasUnsavedChanges } from '../../src/ui/unsaved-changes';
import QuotationFormScreen, { IMAGES_WITH_SAVE, QUOTATION_SAVED, QUOTATION_SAVED_OFFLINE, revisionNote } from '../../src/features/quotations/QuotationFormScreen';

const ASHA = 7;
const RAVI = 8;
let user: User = makeUser({ id: ASHA });
const users: User[] = [makeUser({ id: ASHA, username: 'asha', department: 'sales', designation: 'executive' }), makeUser({ id: RAVI, username: 'ravi', department: 'sales', designation: 'executive' })];

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user, () => users));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['quotations-home', 'quotation-detail', 'sales-quotations', 'sales-quotation-detail'];
const show = (routeName: RouteName, path: string) => renderRoute(routeName, QuotationFormScreen, path, NEIGHBOURS);
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
/** A field of the form by its name. */
const field = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const optionsOf = (name: string) => [...(field(name) as HTMLSelectElement).options].map((o) => o.textContent);

const tracked = trackedAt();
const ENTITIES = '/system/monarch-entities/';
const DETAIL = '/quotations/quotations/5/';

/** A quotation as the server answers it: one line, sent once (revision 2 next). */
const view = (values: Record<string, unknown> = {}) => ({
  id: 5,
  number: 1042,
  customer: 1,
  branch: 11,
  sales_exec: ASHA,
  monarch_entity: 'Monarch Displays LLP',
  quotation_date: '2026-11-18',
  subject: 'Acrylic counters',
  terms: '50% advance',
  subtotal: '1000.00',
  discount_total: '0.00',
  tax_rate: '18.00',
  tax_amount: '180.00',
  total_amount: '1180.00',
  revision: 1,
  status: 'sent',
  sent_at: '2026-11-18T10:00:00.000Z',
  lead: null,
  customer_name: 'Lulu Hypermarket',
  sales_exec_name: 'asha',
  items: [{ id: 61, quotation: 5, code: 'ACR-10', description: 'Acrylic counter', quantity: '2.000', unit: 'PCS', unit_price: '500.00', discount: '0.00', gross_price: '1000.00', image_path: null, ...tracked }],
  versions: [{ revision: 1, current: true, saved_at: null, saved_by: null }],
  ...tracked,
  version: 4,
  ...values,
});

let server: FakeServer;

beforeEach(async () => {
  user = makeUser({ id: ASHA, username: 'asha', department: 'sales', designation: 'executive' });
  storeSession({ userId: ASHA });
  setOnline(true);
  server = fakeServer();
  server.on('GET', ENTITIES, { status: 200, data: { monarch_entities: ['Monarch Displays LLP', 'Monarch Glass Works'] } });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('customers').bulkPut([
    { id: 1, name: 'Lulu Hypermarket', ...tracked },
    { id: 2, name: 'Orbit Retail', ...tracked },
  ]);
  await mirror.rows('customerBranches').bulkPut([
    { id: 11, customer: 1, location: 'Kochi', address_line_1: 'Edappally', is_active: true, ...tracked },
    { id: 12, customer: 1, location: 'Pune', address_line_1: '', is_active: true, ...tracked },
    { id: 13, customer: 1, location: 'Nashik', address_line_1: '', is_active: false, ...tracked },
    { id: 21, customer: 2, location: 'Mumbai', address_line_1: '', is_active: true, ...tracked },
  ]);
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

/** Two lines whose figures round: 3.333 × 99.99 = 333.26667 and 2.5 × 1234.55 = 3086.375. */
async function typeTwoLines() {
  await waitFor(() => expect(optionsOf('customer')).toContain('Lulu Hypermarket'));
  type('customer', '1');
  type('items.0.code', 'ACR-10');
  type('items.0.description', 'Acrylic counter');
  type('items.0.quantity', '3.333');
  type('items.0.unit_price', '99.99');
  type('items.0.discount', '0.27');
  fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
  await waitFor(() => expect(field('items.1.description')).not.toBeNull());
  type('items.1.description', 'Brass nameplate');
  type('items.1.quantity', '2.5');
  type('items.1.unit_price', '1234.55');
  type('tax_rate', '18');
}

describe('a new quotation', () => {
  it('shows each line’s gross price and the totals to the paisa, as the server computes them', async () => {
    show('quotation-create', '/quotations/create');
    await typeTwoLines();
    await waitFor(() => expect(screen.getByTestId('total-total').textContent).toBe('4,034.87'));
    expect(screen.getByTestId('line-total-0').textContent).toBe('Gross price: 333.00');
    expect(screen.getByTestId('line-total-1').textContent).toBe('Gross price: 3,086.38');
    expect(screen.getByTestId('total-subtotal').textContent).toBe('3,419.65');
    expect(screen.getByTestId('total-discount').textContent).toBe('0.27');
    expect(screen.getByTestId('total-tax').textContent).toBe('615.49');
  });

  it('offers only the active branches of the chosen customer, under the branch label', async () => {
    show('quotation-create', '/quotations/create');
    await waitFor(() => expect(optionsOf('customer')).toEqual(['Select', 'Lulu Hypermarket', 'Orbit Retail']));
    type('customer', '1');
    await waitFor(() => expect(optionsOf('branch')).toEqual(['No branch', 'Kochi - Edappally', 'Pune']));
    type('customer', '2');
    await waitFor(() => expect(optionsOf('branch')).toEqual(['No branch', 'Mumbai']));
  });

  it('asks for one of the company’s entities once they are named, and a sales executive quotes as themself', async () => {
    show('sales-quotation-create', '/sales/quotations/create');
    await waitFor(() => expect(optionsOf('monarch_entity')).toEqual(['Select', 'Monarch Displays LLP', 'Monarch Glass Works']));
    expect(field('sales_exec')).toBeNull();
    await typeTwoLines();
    fireEvent.click(screen.getByRole('button', { name: 'Save quotation' }));
    await screen.findByText(QUOTATION_MESSAGES.monarchEntityRequired);
    expect(await outbox.entries.count()).toBe(0);
  });

  it('offline, queues one entry, shows the draft at once with its pending badge and opens it by its temp id', async () => {
    setOnline(false);
    const router = show('sales-quotation-create', '/sales/quotations/create');
    await typeTwoLines();
    type('monarch_entity', 'Monarch Displays LLP');
    fireEvent.click(screen.getByRole('button', { name: 'Save quotation' }));

    await screen.findByText('sales-quotation-detail');
    await screen.findByText(QUOTATION_SAVED_OFFLINE);
    const [entry, ...others] = await outbox.entries.toArray();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ operation: 'quotation.create', method: 'POST', url: '/quotations/quotations/' });
    expect(entry!.body).toMatchObject({
      customer: 1,
      branch: null,
      sales_exec: ASHA,
      monarch_entity: 'Monarch Displays LLP',
      tax_rate: '18',
      items: [
        { code: 'ACR-10', description: 'Acrylic counter', quantity: '3.333', unit: 'PCS', unit_price: '99.99', discount: '0.27' },
        { code: '', description: 'Brass nameplate', quantity: '2.5', unit: 'PCS', unit_price: '1234.55', discount: '0' },
      ],
    });
    const tempId = entry!.tempId!;
    expect(router.state.location.pathname).toBe(`/sales/quotations/detail/${tempId}`);
    expect(await mirror.rows('quotations').get(tempId)).toMatchObject({ number: null, status: 'draft', subtotal: '3419.65', tax_amount: '615.49', total_amount: '4034.87', sales_exec: ASHA });
    expect(await pendingRowIds('quotations')).toEqual(new Set([tempId]));
  });

  it('offline, keeps a chosen picture with the queued quotation, in the part of its line', async () => {
    setOnline(false);
    show('quotation-create', '/quotations/create');
    await typeTwoLines();
    type('monarch_entity', 'Monarch Displays LLP');
    expect(screen.getByText(IMAGES_WITH_SAVE)).toBeTruthy();
    const picture = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'nameplate.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Image of item 2'), { target: { files: [picture] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save quotation' }));
    await screen.findByText('quotation-detail');

    // The entry as IndexedDB keeps it: what survives the app closing.
    const [entry] = await outbox.entries.toArray();
    const { multipart } = entry!.body as { multipart: { dataPart: string; data: { items: { description: string }[] }; files: { part: string; name: string; file: Blob }[] } };
    expect(multipart.dataPart).toBe('data');
    expect(multipart.data.items.map((item) => item.description)).toEqual(['Acrylic counter', 'Brass nameplate']);
    // jsdom's File does not survive fake-indexeddb's clone (Chromium keeps the Blob: e2e/sales-day.spec.ts).
    expect(multipart.files.map(({ part, name, file }) => ({ part, name, kept: !!file }))).toEqual([{ part: 'items.1.image', name: 'nameplate.jpg', kept: true }]);
    expect((entry!.payload as { images: unknown[] }).images).toHaveLength(1);
    const row = (await mirror.rows('quotations').get(entry!.tempId!)) as Record<string, unknown>;
    expect(row).not.toHaveProperty('images');
  });

  it('reports typed input as unsaved until the quotation is saved', async () => {
    setOnline(false);
    show('quotation-create', '/quotations/create');
    await waitFor(() => expect(optionsOf('customer')).toContain('Lulu Hypermarket'));
    expect(hasUnsavedChanges()).toBe(false);
    await typeTwoLines();
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    type('monarch_entity', 'Monarch Displays LLP');
    fireEvent.click(screen.getByRole('button', { name: 'Save quotation' }));
    await screen.findByText('quotation-detail');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('refuses a line whose discount is above its amount, saying why, and queues nothing', async () => {
    show('quotation-create', '/quotations/create');
    await typeTwoLines();
    type('items.0.discount', '400');
    fireEvent.click(screen.getByRole('button', { name: 'Save quotation' }));
    await screen.findByText('Discount cannot exceed the line amount (quantity × unit price).');
    expect(await outbox.entries.count()).toBe(0);
  });
});

describe('editing a quotation', () => {
  it('loads it from the server and sends the change with If-Match at the version it was loaded at', async () => {
    server.on('GET', DETAIL, { status: 200, data: view() });
    await mirror.rows('quotations').put(view());
    const router = show('quotation-update', '/quotations/update/5');
    await screen.findByText('Edit quotation 1042');
    expect(screen.getByText(revisionNote(1)).textContent).toBe('The customer was sent revision 1: saving a change makes revision 2, and revision 1 stays as it was sent.');
    await waitFor(() => expect(field('branch').value).toBe('11'));
    expect(field('quotation_date').value).toBe('18-11-2026');
    expect(field('items.0.unit_price').value).toBe('500.00');
    type('items.0.unit_price', '550');
    fireEvent.click(screen.getByRole('button', { name: 'Save quotation' }));

    await screen.findByText('quotation-detail');
    await screen.findByText(QUOTATION_SAVED);
    expect(router.state.location.pathname).toBe('/quotations/detail/5');
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'quotation.update', method: 'PATCH', url: DETAIL, headers: { 'If-Match': '4' } });
    expect(entry!.body).toMatchObject({ customer: 1, branch: 11, items: [{ id: 61, description: 'Acrylic counter', unit_price: '550' }] });
    // The device shows the change at once, priced as the server will price it: 2 × 550 = 1,100 and 18% tax.
    expect(await mirror.rows('quotations').get(5)).toMatchObject({ subtotal: '1100.00', tax_amount: '198.00', total_amount: '1298.00', items: [{ id: 61, gross_price: '1100.00' }] });
    expect(await pendingRowIds('quotations')).toEqual(new Set([5]));
  });

  it('shows the server’s message for a cancelled quotation, and the edit rule for another executive’s', async () => {
    server.on('GET', DETAIL, { status: 404, data: { detail: 'Not found.' } });
    show('quotation-update', '/quotations/update/5');
    await screen.findByText('Not found.');
    expect(screen.queryByRole('button', { name: 'Save quotation' })).toBeNull();
    cleanup();

    server.on('GET', DETAIL, { status: 200, data: view({ sales_exec: RAVI }) });
    show('sales-quotation-update', '/sales/quotations/update/5');
    await screen.findByText(EDIT_RULES.quotation.refusal);
    expect(screen.queryByRole('button', { name: 'Save quotation' })).toBeNull();
  });

  it('shows a line’s image as the server keeps it, and the newly chosen one in its place', async () => {
    const stored = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    server.on('GET', DETAIL, { status: 200, data: view({ items: [{ ...view().items[0], image_path: '/files/90/content/' }] }) });
    server.on('GET', '/files/90/content/', { status: 200, data: stored });
    const made = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blob === stored ? 'blob:stored' : 'blob:chosen'));
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    show('quotation-update', '/quotations/update/5');
    expect((await screen.findByRole<HTMLImageElement>('img', { name: 'Image of item 1' })).src).toBe('blob:stored');
    expect(server.calls('GET', '/files/90/content/')[0]!.config.responseType).toBe('blob');

    fireEvent.change(screen.getByLabelText('Image of item 1'), { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'counter.jpg', { type: 'image/jpeg' })] } });
    expect((await screen.findByRole<HTMLImageElement>('img', { name: 'New image of item 1' })).src).toBe('blob:chosen');
    expect(screen.queryByRole('img', { name: 'Image of item 1' })).toBeNull();
    expect(revoked).toHaveBeenCalledWith('blob:stored');
    made.mockRestore();
    revoked.mockRestore();
  });

  it('queues the change with the chosen picture in the part of its line, at the version it was loaded at', async () => {
    server.on('GET', DETAIL, { status: 200, data: view() });
    show('quotation-update', '/quotations/update/5');
    await screen.findByText('Edit quotation 1042');
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'counter.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image of item 1'), { target: { files: [picture] } });
    type('subject', 'Acrylic counters, revised');
    fireEvent.click(screen.getByRole('button', { name: 'Save quotation' }));
    await screen.findByText('quotation-detail');

    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'quotation.update', method: 'PATCH', url: DETAIL.replace('/api/v1', ''), headers: { 'If-Match': '4' } });
    const { multipart } = entry!.body as { multipart: { data: Record<string, unknown>; files: { part: string; name: string }[] } };
    expect(multipart.data).toMatchObject({ subject: 'Acrylic counters, revised', items: [{ id: 61, code: 'ACR-10', description: 'Acrylic counter', quantity: '2.000', unit: 'PCS', unit_price: '500.00', discount: '0.00' }] });
    expect(multipart.files.map(({ part, name }) => ({ part, name }))).toEqual([{ part: 'items.0.image', name: 'counter.png' }]);
  });
});
