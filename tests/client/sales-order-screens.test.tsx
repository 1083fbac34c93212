import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { User } from '../../domain/user';
import type { RouteName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { jobOrderRow, salesOrderRow, tracked as trackedAt } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { closeDialog } from '../../src/ui/dialog-store';
import { SALES_ORDER_STATUSES } from '../../domain/sales-order';
import { statusBadgeStyle } from '../../src/ui/SalesOrderStatusBadge';
import SalesOrdersScreen from '../../src/features/sales-orders/SalesOrdersScreen';
import SalesOrderDetailScreen from '../../src/features/sales-orders/SalesOrderDetailScreen';
import JobOrderCreateScreen from '../../src/features/job-orders/JobOrderCreateScreen';

let user: User = makeUser();
let users: User[] = [];

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users, modules: {}, offline: false }),
  loadUsers: async () => users,
}));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const LIST = '/salesorders/sales-orders/';
const NEIGHBOURS: readonly RouteName[] = ['salesorders-home', 'salesorder-detail', 'sales-orders', 'sales-order-detail', 'job-order-create', 'job-order-detail', 'jobs-home'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);

const tracked = trackedAt();
// Made by the signed-in sales executive (7), who may move it on.
const order = (id: number, status: string, values: Record<string, unknown> = {}) => salesOrderRow(id, { status, ...tracked, created_by: 7, ...values });
const view = (id: number, status: string, values: Record<string, unknown> = {}) => ({
  ...order(id, status, values),
  items: [{ id: 71, sales_order: id, description: 'Acrylic display stand', quantity: '10.000', unit_price: '12500.00', amount: '125000.00', ...tracked }],
  status_history: [{ id: 81, sales_order: id, from_status: null, to_status: 'draft', changed_by: 7, changed_at: '2026-11-02T06:00:00.000Z', note: '', ...tracked }],
});
const page = (results: unknown[], count = results.length) => ({ count, next: null, previous: null, results });

/** The fake server answering one order's detail and its (empty) linked lists. */
function serveOrder(server: FakeServer, id: number, status: string, values: Record<string, unknown> = {}) {
  server.on('GET', `${LIST}${id}/`, { status: 200, data: view(id, status, values) });
  server.on('GET', `${LIST}${id}/job_orders/`, { status: 200, data: page([]) });
  server.on('GET', `${LIST}${id}/receipts/`, { status: 200, data: page([]) });
}

const statusActions = () => within(screen.getByRole('group', { name: 'Status actions' })).getAllByRole('button').map((b) => b.textContent);
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)! as HTMLElement;
};
/** A field of the form by its name (labels of required fields carry a mark). */
const field = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;

beforeEach(async () => {
  user = makeUser({ id: 7, department: 'sales', designation: 'executive' });
  users = [];
  storeSession({ userId: 7 });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('customers').put({ id: 1, name: 'Lulu Hypermarket', ...tracked });
});
afterEach(() => {
  cleanup();
  closeDialog(false);
  vi.restoreAllMocks();
  forgetNotificationsForTests();
});

describe('the status badge', () => {
  it('shows each status in the spec’s colour (Quasar positive and negative as solid green and red)', () => {
    expect(Object.fromEntries(SALES_ORDER_STATUSES.map((s) => [s.value, statusBadgeStyle(s.value)]))).toEqual({
      draft: { palette: 'gray', variant: 'subtle' },
      sent: { palette: 'blue', variant: 'subtle' },
      accepted: { palette: 'green', variant: 'subtle' },
      in_production: { palette: 'orange', variant: 'subtle' },
      completed: { palette: 'green', variant: 'solid' },
      cancelled: { palette: 'red', variant: 'solid' },
    });
  });
});

describe('the sales orders list', () => {
  it('reads 15 a page newest first, shows each status as its badge, and pages on the server', async () => {
    const server = fakeServer();
    server.on('GET', LIST, (request) =>
      request.config.params?.page === 2
        ? { status: 200, data: page([order(3, 'completed')], 16) }
        : { status: 200, data: page([order(19, 'accepted', { is_advance_pending: true }), order(18, 'in_production', { is_overdue: true }), order(17, 'cancelled')], 16) },
    );
    show('salesorders-home', SalesOrdersScreen, '/salesorders');
    await screen.findByText('19');
    expect(server.calls('GET', LIST)[0]!.config.params).toEqual({ ordering: '-id', page: 1, page_size: 15 });
    const statuses = [...document.querySelectorAll('tbody tr [data-status]')].map((b) => [b.getAttribute('data-status'), b.textContent]);
    expect(statuses).toEqual([
      ['accepted', 'Accepted'],
      ['in_production', 'In Production'],
      ['cancelled', 'Cancelled'],
    ]);
    expect(screen.getByText('Advance pending')).toBeTruthy();
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByText('16 in all · page 1 of 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('3');
    expect(server.calls('GET', LIST).at(-1)!.config.params).toEqual({ ordering: '-id', page: 2, page_size: 15 });
    expect(screen.getByText('16 in all · page 2 of 2')).toBeTruthy();
  });

  it('sends the chosen filters to the server and starts again at the first page', async () => {
    const server = fakeServer();
    server.on('GET', LIST, { status: 200, data: page([order(19, 'accepted')]) });
    show('salesorders-home', SalesOrdersScreen, '/salesorders?page=2');
    await screen.findByText('19');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'accepted' } });
    fireEvent.change(screen.getByLabelText('Advance pending'), { target: { value: 'true' } });
    await waitFor(() => expect(screen.getByLabelText('Customer').querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: '1' } });
    const from = screen.getByLabelText('Order date from');
    fireEvent.change(from, { target: { value: '01-11-2026' } });
    fireEvent.blur(from);
    await waitFor(() => expect(server.calls('GET', LIST).at(-1)!.config.params).toEqual({ status: 'accepted', advance_pending: 'true', customer: '1', start_date: '2026-11-01', ordering: '-id', page: 1, page_size: 15 }));
  });

  it('exports the orders under the current filters as a CSV file', async () => {
    const server = fakeServer();
    server.on('GET', LIST, { status: 200, data: page([order(19, 'accepted')]) });
    server.on('GET', `${LIST}export/`, { status: 200, data: new Blob(['id,customer\n19,Lulu\n'], { type: 'text/csv' }) });
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    show('salesorders-home', SalesOrdersScreen, '/salesorders?status=accepted&advance_pending=true&page=2');
    await screen.findByText('19');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(saved).toHaveBeenCalled());
    const [call] = server.calls('GET', `${LIST}export/`);
    expect(call!.config.params).toEqual({ status: 'accepted', advance_pending: 'true', ordering: '-id', format: 'csv' });
    expect(call!.config.responseType).toBe('blob');
    expect(names).toEqual(['sales-orders.csv']);
  });

  it('opens an order in the layout of the list: /sales/orders opens /sales/order/:id', async () => {
    const server = fakeServer();
    server.on('GET', LIST, { status: 200, data: page([order(19, 'accepted')]) });
    const router = show('sales-orders', SalesOrdersScreen, '/sales/orders');
    fireEvent.click(await screen.findByRole('link', { name: '19' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/order/19'));
  });

  it('says the server cannot be reached when it is offline', async () => {
    const server = fakeServer();
    server.on('GET', LIST, 'network-error');
    show('salesorders-home', SalesOrdersScreen, '/salesorders');
    expect(await screen.findByText('The server cannot be reached. Check the connection and try again.')).toBeTruthy();
  });
});

describe('a sales order', () => {
  it('shows its header, items and history, and offers exactly the steps the table allows from accepted', async () => {
    const server = fakeServer();
    serveOrder(server, 7, 'accepted');
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/7');
    await screen.findByText('Acrylic display stand');
    expect(screen.getByText('PO-7')).toBeTruthy();
    expect(screen.getByText('1,25,000.00', { selector: 'dd' })).toBeTruthy();
    expect(statusActions()).toEqual(['Move to In Production', 'Move to Cancelled']);
    expect(screen.getByRole('button', { name: 'Create job order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF' })).toBeTruthy();
  });

  it('flags a late order awaiting its advance, and lists the job orders raised from it and its receipts', async () => {
    const server = fakeServer();
    serveOrder(server, 7, 'accepted', { is_overdue: true, is_advance_pending: true, advance_pending: true, advance_amount: '25000.00' });
    server.on('GET', `${LIST}7/job_orders/`, { status: 200, data: page([{ ...jobOrderRow({ id: 640, sales_order: 7, status: 'Created', total_value: '125000.00' }), customer_name: 'Lulu Hypermarket', sales_executive_name: 'asha', label: 'JO-640' }]) });
    server.on('GET', `${LIST}7/receipts/`, {
      status: 200,
      data: page([{ id: 90, sales_order: 7, job_order: null, customer: 1, receipt_date: '2026-11-05', amount: '10000.00', mode: 'upi', reference: 'UTR-1', remarks: '', ...tracked }]),
    });
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/7');
    const jobOrders = await screen.findByRole('link', { name: 'JO-640' });
    expect(jobOrders.getAttribute('href')).toBe('/jobs/job-order-detail/640');
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByText('Advance pending')).toBeTruthy();
    expect(screen.getByText('25,000.00', { selector: 'dd' })).toBeTruthy();
    await screen.findByText('UTR-1');
    expect([...screen.getByText('UTR-1').closest('tr')!.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['05-11-2026', 'UPI', 'UTR-1', '10,000.00']);
  });

  it('downloads its PDF from the server', async () => {
    const server = fakeServer();
    serveOrder(server, 7, 'accepted');
    server.on('GET', `${LIST}7/pdf/`, { status: 200, data: new Blob(['%PDF-1.7']) });
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/7');
    fireEvent.click(await screen.findByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(server.calls('GET', `${LIST}7/pdf/`)[0]!.config.responseType).toBe('blob');
  });

  it('says the server cannot be reached when the order cannot be read, and goes back to the list of its layout', async () => {
    const server = fakeServer();
    server.on('GET', `${LIST}7/`, 'network-error');
    const router = show('sales-order-detail', SalesOrderDetailScreen, '/sales/order/7');
    expect(await screen.findByText('The server cannot be reached. Check the connection and try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'PDF' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'All sales orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/orders'));
  });

  it('offers no status step to a user who may not change orders', async () => {
    user = makeUser({ id: 12, department: 'accounts', designation: 'executive' });
    const server = fakeServer();
    serveOrder(server, 7, 'accepted');
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/7');
    await screen.findByText('Acrylic display stand');
    expect(screen.queryByRole('group', { name: 'Status actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create job order' })).toBeNull();
  });

  it("offers a sales executive no status step on another's order (the order's row rule)", async () => {
    const server = fakeServer();
    serveOrder(server, 7, 'accepted', { created_by: 8 });
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/7');
    await screen.findByText('Acrylic display stand');
    expect(screen.queryByRole('group', { name: 'Status actions' })).toBeNull();
  });

  it('moves the order with the note given, and says so', async () => {
    const server = fakeServer();
    serveOrder(server, 7, 'accepted');
    server.on('PATCH', `${LIST}7/update-status/`, { status: 200, data: view(7, 'in_production') });
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Move to In Production' }));
    const dialog = await dialogElement();
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Drawings signed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'In Production' }));
    expect(await screen.findByText('Sales order status updated successfully')).toBeTruthy();
    expect(server.calls('PATCH', `${LIST}7/update-status/`)[0]!.body).toEqual({ status: 'in_production', note: 'Drawings signed', expected_version: 3 });
    await waitFor(() => expect(statusActions()).toEqual(['Move to Completed']));
  });

  it("says 'Failed to update sales order status' with the server's reason when the step is refused", async () => {
    const server = fakeServer();
    serveOrder(server, 7, 'accepted');
    server.on('PATCH', `${LIST}7/update-status/`, { status: 400, data: { status: ['An accepted order cannot move to cancelled.'] } });
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Move to Cancelled' }));
    const dialog = await dialogElement();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelled' }));
    expect(await screen.findByText('Failed to update sales order status')).toBeTruthy();
    expect(screen.getByText('An accepted order cannot move to cancelled.')).toBeTruthy();
  });

  it('opens the job order form from "Create job order" with the order in the address', async () => {
    const server = fakeServer();
    serveOrder(server, 7, 'accepted');
    const router = show('sales-order-detail', SalesOrderDetailScreen, '/sales/order/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Create job order' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/jobs/create?sales_order=7'));
  });
});

describe('a job order raised from a sales order', () => {
  it('is prefilled from the order’s draft and saved linked to the order and its lines', async () => {
    const server = fakeServer();
    server.on('GET', `${LIST}7/job-order-draft/`, {
      status: 200,
      data: {
        customer: 1,
        branch: null,
        sales_executive: 7,
        purchase_order: 'PO-7',
        purchase_order_date: '2026-11-02',
        quotation: null,
        sales_order: 7,
        advance_amount: '25000.00',
        job_order_items: [{ product: 'Acrylic display stand', description: 'Acrylic display stand', quantity: '10.000', unit_price: '12500.00', sales_order_item: 71 }],
      },
    });
    show('job-order-create', JobOrderCreateScreen, '/jobs/create?sales_order=7');
    await screen.findByText('New job order from sales order 7');
    await waitFor(() => expect((screen.getByLabelText('PO number') as HTMLInputElement).value).toBe('PO-7'));
    expect(field('purchase_order_date').value).toBe('02-11-2026');
    expect(field('job_order_items.0.product').value).toBe('Acrylic display stand');
    expect(field('job_order_items.0.quantity').value).toBe('10.000');
    expect(field('job_order_items.0.unit_price').value).toBe('12500.00');
    await waitFor(() => expect(field('customer').value).toBe('1'));
    expect(field('sales_executive').value).toBe('7');

    fireEvent.click(screen.getByRole('button', { name: 'Save job order' }));
    await screen.findByText('job-order-detail');
    expect(await outbox.entries.count()).toBe(1);
    const [queued] = await outbox.entries.toArray();
    expect(queued!.body).toMatchObject({ customer: 1, sales_executive: 7, purchase_order: 'PO-7', purchase_order_date: '2026-11-02', sales_order: 7, advance_amount: '25000.00', job_order_items: [{ product: 'Acrylic display stand', quantity: '10.000', unit_price: '12500.00', sales_order_item: 71 }] });
  });
});
