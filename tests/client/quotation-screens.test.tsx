import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { API } from '../../domain/api-paths';
import { businessDayOf } from '../../domain/rules/dates';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { quotationRow, tracked } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { answersOnItsThread, serveThread } from './record-thread';
import { mirror } from '../../src/data/mirror/db';
import { outbox, type OutboxEntry } from '../../src/data/outbox/db';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import QuotationsScreen from '../../src/features/quotations/QuotationsScreen';
import QuotationsCancelledScreen from '../../src/features/quotations/QuotationsCancelledScreen';
import QuotationDetailScreen from '../../src/features/quotations/QuotationDetailScreen';

const ASHA = 7;
const RAVI = 8;
let user: User = makeUser({ id: ASHA });
/** The user list the device holds (none loaded: the rows name their executives). */
const users: User[] = [];

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users, modules: {}, offline: false }),
  loadUsers: async () => users,
}));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: readonly RouteName[] = [
  'quotations-home',
  'quotation-detail',
  'quotation-create',
  'quotation-update',
  'quotations-cancelled',
  'sales-quotations',
  'sales-quotation-detail',
  'sales-quotation-create',
  'sales-quotation-update',
  'salesorder-detail',
  'sales-order-detail',
];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);

const LUMEN = 1;
const ORBIT = 2;

const quotation = (id: number, number: number, values: Record<string, unknown> = {}) => quotationRow(id, number, { customer: LUMEN, sales_exec: ASHA, ...values });

const line = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  quotation: 5,
  code: `AC-${id}`,
  description: `Acrylic stand ${id}`,
  quantity: '10.000',
  unit: 'PCS',
  unit_price: '1250.50',
  discount: '105.00',
  gross_price: '12400.00',
  image_path: null,
  ...tracked(),
  ...values,
});
const snapshotLine = ({ id, code, description, quantity, unit, unit_price, discount, gross_price, image_path }: ReturnType<typeof line>) => ({ id, code, description, quantity, unit, unit_price, discount, gross_price, image_path });

/** Quotation 5 (No. 12) as GET {id}/ sends it. */
const view = (values: Record<string, unknown> = {}) => ({
  ...quotation(5, 12, {
    branch: 31,
    subtotal: '25006.00',
    discount_total: '210.00',
    tax_amount: '4463.28',
    total_amount: '29259.28',
    status: 'sent',
    sent_at: '2026-11-11T05:00:00.000Z',
  }),
  items: [line(51), line(52, { code: '', description: 'Mirror tray', quantity: '2.500', unit: 'SQMTR', unit_price: '82.40', discount: '0.00', gross_price: '206.00' })],
  versions: [{ revision: 1, current: true, saved_at: null, saved_by: null }],
  ...values,
});

const DETAIL = API.quotations.detail(5);
const page = (results: unknown[], count = results.length) => ({ count, next: null, previous: null, results });
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)! as HTMLElement;
};
const actions = () => within(screen.getByRole('group', { name: 'Quotation actions' })).getAllByRole('button').map((b) => b.textContent);
const shownNumbers = () => [...document.querySelectorAll('tbody tr td:first-child a')].map((a) => a.textContent);

function serveDetail(server: FakeServer, values: Record<string, unknown> = {}) {
  server.on('GET', DETAIL, { status: 200, data: view(values) });
}

beforeEach(async () => {
  user = makeUser({ id: ASHA, department: 'sales', designation: 'executive' });
  storeSession({ userId: ASHA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('customers').bulkPut([
    { id: LUMEN, name: 'Lumen Opticals', email: 'buying@lumen.example', ...tracked() },
    { id: ORBIT, name: 'Orbit Retail', email: '', ...tracked() },
  ]);
  await mirror.rows('customerBranches').put({ id: 31, customer: LUMEN, location: 'Pune', address_line_1: 'FC Road', is_active: true, ...tracked() });
});
afterEach(() => {
  cleanup();
  closeDialog(false);
  vi.restoreAllMocks();
  forgetNotificationsForTests();
});

describe('the quotations list, read from the device', () => {
  it('shows the newest number first, 15 a page, and a quotation made on the device first with the pending badge', async () => {
    await mirror.rows('quotations').bulkPut(Array.from({ length: 16 }, (_, i) => quotation(100 + i, i + 1)));
    // A draft made offline: a temp id, no number yet, its create waiting in the outbox.
    await mirror.rows('quotations').put(quotation(-1, 0, { customer_name: 'Orbit Retail', customer: ORBIT }));
    const create: Omit<OutboxEntry, 'id'> = {
      ...{ operation: 'quotation.create', payload: {}, method: 'POST', url: API.quotations.list, body: {}, headers: {}, userId: ASHA, idempotencyKey: 'k1' },
      ...{ createdAt: 1, attempts: 0, nextAttemptAt: 0, state: 'pending', lastError: null, dependsOn: [], type: 'quotations', rowId: -1, tempId: -1 },
    };
    await outbox.entries.add(create as OutboxEntry);
    show('quotations-home', QuotationsScreen, '/quotations');
    await waitFor(() => expect(shownNumbers()).toHaveLength(15));
    expect(shownNumbers().slice(0, 4)).toEqual(['New', '16', '15', '14']);
    // The outbox's pending ids arrive from their own query, after the rows.
    await waitFor(() => expect(within(document.querySelector('tbody tr')!).getByText('Pending')).toBeTruthy());
    expect(document.querySelectorAll('tbody tr[data-pending]')).toHaveLength(1);
    expect(screen.getByText('17 in all · page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownNumbers()).toEqual(['2', '1']));
  });

  it('leaves out a cancelled quotation the delta brought', async () => {
    await mirror.rows('quotations').bulkPut([quotation(101, 1), quotation(102, 2, { deleted_at: '2026-11-12T05:00:00.000Z' })]);
    show('quotations-home', QuotationsScreen, '/quotations');
    await waitFor(() => expect(shownNumbers()).toEqual(['1']));
  });

  it('narrows by each filter of filter_quotations on the device: numbers, dates, customer, sales executive and entity', async () => {
    await mirror.rows('quotations').bulkPut([
      quotation(101, 1, { quotation_date: '2026-10-01' }),
      quotation(102, 2, { quotation_date: '2026-10-15', sales_exec: RAVI, sales_exec_name: 'Ravi Kumar', monarch_entity: 'Monarch Retail Interiors LLP' }),
      quotation(103, 3, { quotation_date: '2026-11-01', customer: ORBIT, customer_name: 'Orbit Retail' }),
      quotation(104, 4, { quotation_date: '2026-11-10', customer: ORBIT, customer_name: 'Orbit Retail', sales_exec: RAVI, sales_exec_name: 'Ravi Kumar' }),
      quotation(105, 5, { quotation_date: '2026-11-20', monarch_entity: 'Monarch Retail Interiors LLP' }),
    ]);
    const router = show('quotations-home', QuotationsScreen, '/quotations');
    await waitFor(() => expect(shownNumbers()).toEqual(['5', '4', '3', '2', '1']));
    fireEvent.change(screen.getByLabelText('From number'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('To number'), { target: { value: '4' } });
    await waitFor(() => expect(shownNumbers()).toEqual(['4', '3', '2']));
    const from = screen.getByLabelText('Date from');
    fireEvent.change(from, { target: { value: '15-10-2026' } });
    fireEvent.blur(from);
    const to = screen.getByLabelText('Date to');
    fireEvent.change(to, { target: { value: '01-11-2026' } });
    fireEvent.blur(to);
    await waitFor(() => expect(shownNumbers()).toEqual(['3', '2']));
    expect(router.state.location.search).toBe('?start_number=2&end_number=4&start_date=2026-10-15&end_date=2026-11-01');

    fireEvent.change(screen.getByLabelText('From number'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('To number'), { target: { value: '' } });
    fireEvent.change(from, { target: { value: '' } });
    fireEvent.blur(from);
    fireEvent.change(to, { target: { value: '' } });
    fireEvent.blur(to);
    await waitFor(() => expect(shownNumbers()).toEqual(['5', '4', '3', '2', '1']));
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: String(ORBIT) } });
    await waitFor(() => expect(shownNumbers()).toEqual(['4', '3']));
    expect([...screen.getByLabelText('Sales executive').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All sales executives', 'Asha Menon', 'Ravi Kumar']);
    fireEvent.change(screen.getByLabelText('Sales executive'), { target: { value: String(RAVI) } });
    await waitFor(() => expect(shownNumbers()).toEqual(['4']));
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Entity'), { target: { value: 'Monarch Retail Interiors LLP' } });
    await waitFor(() => expect(shownNumbers()).toEqual(['2']));
  });

  it('leaves a quotation made on the device (no number yet) out of a number range', async () => {
    await mirror.rows('quotations').bulkPut([quotation(-2, 0), quotation(101, 1)]);
    show('quotations-home', QuotationsScreen, '/quotations?start_number=1');
    await waitFor(() => expect(shownNumbers()).toEqual(['1']));
  });

  it("opens 'New quotation' and a quotation in the sales layout's own screens, and links the cancelled list", async () => {
    await mirror.rows('quotations').put(quotation(101, 1));
    const router = show('sales-quotations', QuotationsScreen, '/sales/quotations');
    fireEvent.click(await screen.findByRole('link', { name: '1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/quotations/detail/101'));
    await router.navigate('/sales/quotations');
    fireEvent.click(await screen.findByRole('button', { name: 'New quotation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/quotations/create'));
    await router.navigate('/sales/quotations');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelled quotations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotations/cancelled'));
  });

  it('offers no new quotation to a reader who may not write them', async () => {
    user = makeUser({ id: 20, department: 'accounts', designation: 'executive' });
    await mirror.rows('quotations').put(quotation(101, 1));
    show('quotations-home', QuotationsScreen, '/quotations');
    await waitFor(() => expect(shownNumbers()).toEqual(['1']));
    expect(screen.queryByRole('button', { name: 'New quotation' })).toBeNull();
  });
});

describe('the cancelled quotations', () => {
  it('reads deleted_list/ from the server, 15 a page, the latest cancelled first', async () => {
    const server = fakeServer();
    server.on('GET', API.quotations.deleted, { status: 200, data: page([{ ...view(), deleted_at: '2026-11-21T05:00:00.000Z' }], 16) });
    show('quotations-cancelled', QuotationsCancelledScreen, '/quotations/cancelled');
    const row = (await screen.findByText('Display 12')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['12', '10-11-2026', 'Lumen Opticals', 'Display 12', 'Asha Menon', '29,259.28', 'Sent', '21-11-2026']);
    expect(server.calls('GET', API.quotations.deleted)[0]!.config.params).toEqual({ page: 1, page_size: 15 });
    expect(screen.getByText('16 in all · page 1 of 2')).toBeTruthy();
  });

  it('says when nothing is cancelled', async () => {
    fakeServer().on('GET', API.quotations.deleted, { status: 200, data: page([]) });
    show('quotations-cancelled', QuotationsCancelledScreen, '/quotations/cancelled');
    expect(await screen.findByText('No cancelled quotations.')).toBeTruthy();
  });
});

describe('a quotation', () => {
  it('shows its header with the branch label, its items and the totals exactly as the server sent them', async () => {
    serveDetail(fakeServer());
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByText('Acrylic stand 51');
    expect(screen.getByRole('heading', { name: 'Quotation 12' })).toBeTruthy();
    await screen.findByText('Pune - FC Road');
    expect(screen.getByText('Monarch Display Systems Pvt Ltd')).toBeTruthy();
    expect(screen.getByText('Asha Menon')).toBeTruthy();
    const rows = [...screen.getByRole('table', { name: 'Items' }).querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['AC-51', 'Acrylic stand 51', '10.000', 'Pieces', '1,250.50', '105.00', '12,400.00'],
      ['—', 'Mirror tray', '2.500', 'Sqr Mtrs', '82.40', '0.00', '206.00'],
    ]);
    const totals = within(screen.getByLabelText('Totals'));
    expect(totals.getAllByRole('term').map((t) => t.textContent)).toEqual(['Subtotal', 'Discount', 'Tax (18.00%)', 'Total']);
    expect(totals.getAllByRole('definition').map((d) => d.textContent)).toEqual(['25,006.00', '210.00', '4,463.28', '29,259.28']);
  });

  it('opens its thread under "Messages", named by its number, and writes to quotation-<id>', async () => {
    const server = fakeServer();
    serveDetail(server);
    serveThread(server, 'quotation-5');
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await answersOnItsThread('quotation-5', 'Messages about Quotation 12');
  });

  it('offers exactly the steps QUOTATION_STEPS allows from each status', async () => {
    const server = fakeServer();
    serveDetail(server, { status: 'draft' });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByText('Acrylic stand 51');
    expect(actions()).toEqual(['Send to customer', 'Edit', 'Cancel quotation']);
    cleanup();
    serveDetail(server, { status: 'sent' });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByText('Acrylic stand 51');
    expect(actions()).toEqual(['Send again', 'Mark accepted', 'Mark rejected', 'Edit', 'Cancel quotation']);
    cleanup();
    serveDetail(server, { status: 'accepted' });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByText('Acrylic stand 51');
    expect(actions()).toEqual(['Create sales order', 'Cancel quotation']);
  });

  it("offers a sales executive no action on another executive's quotation, and a reader none", async () => {
    const server = fakeServer();
    serveDetail(server, { sales_exec: RAVI, sales_exec_name: 'Ravi Kumar' });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByText('Acrylic stand 51');
    expect(screen.queryByRole('group', { name: 'Quotation actions' })).toBeNull();
    cleanup();
    user = makeUser({ id: 20, department: 'design', designation: 'executive' });
    serveDetail(server);
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByText('Acrylic stand 51');
    expect(screen.queryByRole('group', { name: 'Quotation actions' })).toBeNull();
  });

  it('records the customer’s acceptance at the version shown', async () => {
    const server = fakeServer();
    serveDetail(server);
    server.on('PATCH', API.quotations.status(5), () => {
      serveDetail(server, { status: 'accepted', version: 4 });
      return { status: 200, data: view({ status: 'accepted', version: 4 }) };
    });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark accepted' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Accepted' }));
    expect(await screen.findByText('Quotation marked Accepted.')).toBeTruthy();
    expect(server.calls('PATCH', API.quotations.status(5))[0]!.body).toEqual({ status: 'accepted', expected_version: 3 });
    await waitFor(() => expect(actions()).toEqual(['Create sales order', 'Cancel quotation']));
  });

  it("sends it to the customer's address, and shows the server's reason when the mail is refused", async () => {
    const server = fakeServer();
    serveDetail(server, { status: 'draft' });
    server.on('POST', API.quotations.send(5), () => {
      serveDetail(server);
      return { status: 200, data: view() };
    });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Send to customer' }));
    let dialog = await dialogElement();
    const addresses = within(dialog).getByLabelText('E-mail addresses') as HTMLInputElement;
    expect(addresses.value).toBe('buying@lumen.example');
    fireEvent.change(addresses, { target: { value: 'buying@lumen.example, owner@lumen.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Quotation sent to buying@lumen.example, owner@lumen.example.')).toBeTruthy();
    expect(server.calls('POST', API.quotations.send(5))[0]!.body).toEqual({ email_addresses: ['buying@lumen.example', 'owner@lumen.example'] });
    await waitFor(() => expect(actions()[0]).toBe('Send again'));

    server.on('POST', API.quotations.send(5), { status: 400, data: { email_addresses: { 0: ['Enter a valid email address.'] } } });
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    dialog = await dialogElement();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send the quotation')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
  });

  it('sends the four print choices in the PDF request, previews the PDF in the page and downloads it', async () => {
    const server = fakeServer();
    serveDetail(server);
    server.on('GET', API.quotations.printPdf(5), { status: 200, data: new Blob(['%PDF-1.7']) });
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:quotation');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    const title = await screen.findByLabelText<HTMLInputElement>('Title');
    fireEvent.change(title, { target: { value: 'Proforma offer' } });
    await waitFor(() => expect(title.value).toBe('Proforma offer'));
    for (const name of ['Show discounts', 'Show product codes']) {
      const flag = screen.getByRole<HTMLInputElement>('checkbox', { name });
      expect(flag.checked).toBe(true);
      fireEvent.click(flag);
      // The switch's own state (what the request is built from), not the native box, which flips at once.
      await waitFor(() => expect(flag.closest('[data-part="root"]')?.getAttribute('data-state')).toBe('unchecked'));
    }
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show item images' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Proforma offer');
    fireEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    const preview = await screen.findByTitle('Quotation PDF preview');
    expect(preview.getAttribute('src')).toBe('blob:quotation');
    const [asked] = server.calls('GET', API.quotations.printPdf(5));
    expect(asked!.config.params).toEqual({ title: 'Proforma offer', show_code: 'false', show_image: 'true', show_discount: 'false' });
    expect(asked!.config.responseType).toBe('blob');
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(server.calls('GET', API.quotations.printPdf(5))).toHaveLength(2));
    await waitFor(() => expect(made).toHaveBeenCalledTimes(2));
    expect(server.calls('GET', API.quotations.printPdf(5))[1]!.config.params).toEqual({ title: 'Proforma offer', show_code: 'false', show_image: 'true', show_discount: 'false' });
  });

  it('creates a sales order from an accepted quotation and opens it in the same layout', async () => {
    const server = fakeServer();
    serveDetail(server, { status: 'accepted' });
    server.on('POST', API.salesOrders.createFromQuotation, { status: 201, data: { id: 77 } });
    const router = show('sales-quotation-detail', QuotationDetailScreen, '/sales/quotations/detail/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Create sales order' }));
    const dialog = await dialogElement();
    fireEvent.change(within(dialog).getByLabelText("Customer's PO number (optional)"), { target: { value: 'PO-9 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create sales order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/order/77'));
    expect(server.calls('POST', API.salesOrders.createFromQuotation)[0]!.body).toEqual({ quotation: 5, order_date: businessDayOf(new Date()), customer_po_number: 'PO-9' });
    expect(await screen.findByText('Sales order created from quotation successfully')).toBeTruthy();
  });

  it("says 'Failed to create sales order from quotation' with the server's reason", async () => {
    const server = fakeServer();
    serveDetail(server, { status: 'accepted' });
    server.on('POST', API.salesOrders.createFromQuotation, { status: 400, data: { quotation: ['This quotation already has sales order 70.'] } });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Create sales order' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Create sales order' }));
    expect(await screen.findByText('Failed to create sales order from quotation')).toBeTruthy();
    expect(screen.getByText('This quotation already has sales order 70.')).toBeTruthy();
  });

  it('opens the edit form of its layout', async () => {
    serveDetail(fakeServer());
    const router = show('sales-quotation-detail', QuotationDetailScreen, '/sales/quotations/detail/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/quotations/update/5'));
  });

  it('cancels it at the version shown once confirmed, and goes to the cancelled list', async () => {
    const server = fakeServer();
    serveDetail(server);
    server.on('DELETE', DETAIL, { status: 204, data: undefined });
    const router = show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel quotation' }));
    const dialog = await dialogElement();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(document.querySelector(DIALOG)).toBeNull());
    expect(server.calls('DELETE', DETAIL)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel quotation' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Cancel quotation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotations/cancelled'));
    expect(server.calls('DELETE', DETAIL)[0]!.config.headers.get('If-Match')).toBe('3');
    expect(await screen.findByText('Quotation cancelled.')).toBeTruthy();
  });

  it('shows a quotation made on the device with the pending badge and no server action, asking the server nothing', async () => {
    const server = fakeServer();
    await mirror.rows('quotations').put({ ...quotation(-1, 0), items: [snapshotLine(line(0, { description: 'Wall panel' }))] });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/-1');
    expect(await screen.findByText('Wall panel')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Not numbered yet')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Quotation actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Preview PDF' })).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('follows a quotation made on the device to its server id once it is sent', async () => {
    const server = fakeServer();
    serveDetail(server);
    await outbox.resolutions.put({ key: 'tempId:-1', value: 5, at: Date.now() });
    const router = show('quotation-detail', QuotationDetailScreen, '/quotations/detail/-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotations/detail/5'));
    expect(await screen.findByRole('heading', { name: /^Quotation 12/ })).toBeTruthy();
  });

  it('shows the device’s copy when the server cannot be reached', async () => {
    fakeServer().on('GET', DETAIL, 'network-error');
    await mirror.rows('quotations').put(quotation(5, 12, { subject: 'Eyewear stands' }));
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    expect(await screen.findByText('Eyewear stands')).toBeTruthy();
    expect(screen.getByText(/this is the quotation as this device last had it/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Quotation actions' })).toBeNull();
  });
});

describe('the revisions of a quotation', () => {
  const first = [line(51), line(52, { description: 'Mirror tray' }), line(53, { description: 'Header board' })].map(snapshotLine);
  const second = [line(51, { quantity: '12.000', gross_price: '14901.00' }), line(52, { description: 'Mirror tray' }), line(54, { description: 'Floor stand' })].map(snapshotLine);
  const revision = (number: number, items: unknown[], current: boolean) => ({ ...quotation(5, 12, { revision: number }), quotation: 5, items, current, saved_at: current ? null : '2026-11-12T05:00:00.000Z' });

  function serveRevisions(server: FakeServer) {
    serveDetail(server, {
      revision: 2,
      items: [line(51, { quantity: '12.000', gross_price: '14901.00' }), line(52, { description: 'Mirror tray' }), line(54, { description: 'Floor stand' })],
      versions: [
        { revision: 1, current: false, saved_at: '2026-11-12T05:00:00.000Z', saved_by: ASHA },
        { revision: 2, current: true, saved_at: null, saved_by: null },
      ],
    });
    server.on('GET', API.quotations.version(5, 1), { status: 200, data: revision(1, first, false) });
    server.on('GET', API.quotations.version(5, 2), { status: 200, data: revision(2, second, true) });
    server.on('GET', API.quotations.compare(5), {
      status: 200,
      data: {
        from: 1,
        to: 2,
        header: [{ field: 'total_amount', from: '118.00', to: '2619.18' }],
        added: [second[2]],
        removed: [first[2]],
        changed: [{ id: 51, from: first[0], to: second[0], fields: [{ field: 'quantity', from: '10.000', to: '12.000' }, { field: 'gross_price', from: '12400.00', to: '14901.00' }] }],
        total_change: '2501.18',
      },
    });
  }

  const marksOf = (name: string) => [...screen.getByRole('table', { name }).querySelectorAll('tbody tr')].map((r) => [r.querySelector('td:nth-child(2)')!.textContent, r.getAttribute('data-mark'), r.querySelector('td:last-child')!.textContent]);

  it('puts the last two revisions side by side with the lines added, removed and changed marked', async () => {
    const server = fakeServer();
    serveRevisions(server);
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByRole('table', { name: 'Revision 1' });
    await screen.findByRole('table', { name: 'Revision 2' });
    expect(server.calls('GET', API.quotations.compare(5))[0]!.config.params).toEqual({ from: 1, to: 2 });
    expect(marksOf('Revision 1')).toEqual([
      ['Acrylic stand 51', 'changed', 'Changed: Quantity, Gross price'],
      ['Mirror tray', null, ''],
      ['Header board', 'removed', 'Removed'],
    ]);
    expect(marksOf('Revision 2')).toEqual([
      ['Acrylic stand 51', 'changed', 'Changed: Quantity, Gross price'],
      ['Mirror tray', null, ''],
      ['Floor stand', 'added', 'Added'],
    ]);
    const changedCells = [...screen.getByRole('table', { name: 'Revision 2' }).querySelectorAll('[data-changed]')].map((c) => c.textContent);
    expect(changedCells).toEqual(['12.000', '14,901.00']);
    expect(within(screen.getByRole('list', { name: 'Header changes' })).getByText('Total: 118.00 → 2,619.18')).toBeTruthy();
    expect(screen.getByText('12 (Rev. 2): total changes by 2,501.18 from revision 1.')).toBeTruthy();
  });

  it('shows an earlier revision picked in place of the current lines', async () => {
    const server = fakeServer();
    serveRevisions(server);
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByRole('table', { name: 'Items' });
    fireEvent.change(screen.getByLabelText('Revision shown'), { target: { value: '1' } });
    const table = await screen.findByRole('table', { name: 'Items of revision 1' });
    expect([...table.querySelectorAll('tbody tr td:nth-child(2)')].map((c) => c.textContent)).toEqual(['Acrylic stand 51', 'Mirror tray', 'Header board']);
    expect(screen.queryByRole('table', { name: 'Items' })).toBeNull();
  });

  it('shows the current revision when the quotation is read again with a newer one, as after its edit is saved', async () => {
    const server = fakeServer();
    serveDetail(server, { items: [line(51), line(52, { description: 'Mirror tray' }), line(53, { description: 'Header board' })] });
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByText('Header board');
    serveRevisions(server);
    // Read again when the connection comes back (src/data/query.ts): the server now holds revision 2.
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    await screen.findByRole('table', { name: 'Revision 2' });
    expect((screen.getByLabelText('Revision shown') as HTMLSelectElement).value).toBe('2');
    expect([...screen.getByRole('table', { name: 'Items' }).querySelectorAll('tbody tr td:nth-child(2)')].map((c) => c.textContent)).toEqual(['Acrylic stand 51', 'Mirror tray', 'Floor stand']);
  });

  it('offers no revisions before the quotation has more than one', async () => {
    serveDetail(fakeServer());
    show('quotation-detail', QuotationDetailScreen, '/quotations/detail/5');
    await screen.findByText('Acrylic stand 51');
    expect(screen.queryByLabelText('Revision shown')).toBeNull();
    expect(screen.queryByText('Compare revisions')).toBeNull();
  });
});
