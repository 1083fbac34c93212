import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { User } from '../../domain/user';
import { JOB_ORDER_MESSAGES } from '../../domain/job-order';
import type { RouteName } from '../../domain/routes';
import { renderRoute } from './render-screen';
import { jobOrderRow, NOW, tracked as trackedAt } from './rows';
import { fakeServer, makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { operationNamed } from '../../src/data/outbox';
import { canKeepMine } from '../../src/features/sync/ConflictView';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import JobOrdersScreen from '../../src/features/job-orders/JobOrdersScreen';
import JobOrderDetailScreen from '../../src/features/job-orders/JobOrderDetailScreen';
import { OFFLINE_NOTE } from '../../src/features/job-orders/writes';
import JobOrderCreateScreen from '../../src/features/job-orders/JobOrderCreateScreen';
import JobOrderReportScreen from '../../src/features/job-orders/JobOrderReportScreen';
import ProfitabilityDetailsScreen from '../../src/features/job-orders/ProfitabilityDetailsScreen';

let user: User = makeUser();
let users: User[] = [];

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users, modules: {}, offline: false }),
  loadUsers: async () => users,
}));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));
// Reloading the mirror after a cancel or close is the preload's business (preload.test.ts).
vi.mock('../../src/data/preload', async (original) => ({
  ...(await original<typeof import('../../src/data/preload')>()),
  reloadData: async () => undefined,
}));

/** The screen under a route of domain/routes.ts, in a data router as the app has it. */
const show = (routeName: RouteName, Screen: ComponentType, path: string) =>
  renderRoute(routeName, Screen, path, ['jobs-home', 'job-order-detail', 'prod-joborder-detail', 'jobs-cancelled', 'jobs-closed', 'job-order-create', 'requisition-detail', 'dnote-detail']);

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

const tracked = trackedAt();
const PRODUCTS = [
  { id: 31, job_order: 501, product: 'Acrylic display stand', description: 'Clear, 5 mm', quantity: '10.000', unit_price: '100.00', amount: '1000.00', sales_order_item: null, ...tracked },
];

const bodyRows = (table: Element = document.body) => [...table.querySelectorAll('tbody tr')];
const cellsOf = (row: Element) => [...row.querySelectorAll('td')].map((c) => c.textContent);
const buttonNamed = (scope: Element | Document, text: string) => [...scope.querySelectorAll('button')].find((b) => b.textContent === text);
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)! as HTMLElement;
};
const statusBadge = () => document.querySelector('[data-testid="job-order-status"]')?.textContent;

beforeEach(async () => {
  user = makeUser({ id: 5, department: 'production', designation: 'foreman' });
  users = [];
  storeSession({ userId: 5 });
  setOnline(true);
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('jobOrders').bulkPut([
    jobOrderRow(),
    jobOrderRow({ id: 502, customer: 2, status: 'Created', bucket: 'Sales', total_value: '500.00', created_at: '2026-10-05T06:00:00.000Z' }),
    jobOrderRow({ id: 503, status: 'dispatched', bucket: 'Dispatch', total_value: '99.00' }),
    jobOrderRow({ id: 504, cancelled_at: NOW }),
  ]);
  await mirror.rows('jobOrderItems').bulkPut(PRODUCTS);
  await mirror.rows('customers').bulkPut([
    { id: 1, name: 'Lulu Hypermarket', ...tracked },
    { id: 2, name: 'Titan Eye Plus', ...tracked },
  ]);
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('the job orders list', () => {
  it('renders the live job orders from the device, 15 a page, with customer, status label, bucket, value and created date', async () => {
    show('prod-jobs', JobOrdersScreen, '/prod/jobs');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(cellsOf(bodyRows()[2]!)).toEqual(['501 - 20-11-2026', 'Lulu Hypermarket', 'In Process', 'Production', '12,34,567.50', '20-11-2026']);
    expect(cellsOf(bodyRows()[1]!)).toEqual(['502 - 05-10-2026', 'Titan Eye Plus', 'Created', 'Sales', '500.00', '05-10-2026']);
    // The production list opens the production detail.
    expect(bodyRows()[0]!.querySelector('a')!.getAttribute('href')).toBe('/prod/joborder/detail/503');
  });

  it('filters by status, bucket and customer, and searches', async () => {
    show('jobs-home', JobOrdersScreen, '/jobs');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Created' } });
    await waitFor(() => expect(bodyRows().map((r) => cellsOf(r)[0])).toEqual(['502 - 05-10-2026']));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Bucket'), { target: { value: 'Dispatch' } });
    await waitFor(() => expect(bodyRows().map((r) => cellsOf(r)[0])).toEqual(['503 - 20-11-2026']));
    fireEvent.change(screen.getByLabelText('Bucket'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: 'Lulu Hypermarket' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Search job orders'), { target: { value: 'Titan' } });
    await waitFor(() => expect(bodyRows().map((r) => cellsOf(r)[0])).toEqual(['502 - 05-10-2026']));
  });
});

describe('the job order detail', () => {
  it('shows the job order from the device and offers only the legal next statuses', async () => {
    show('prod-joborder-detail', JobOrderDetailScreen, '/prod/joborder/detail/501');
    expect(await screen.findByText('Acrylic display stand')).toBeTruthy();
    expect(screen.getByText('Lulu Hypermarket')).toBeTruthy();
    expect(statusBadge()).toBe('In Process');
    const choices = [...screen.getByText('Change status').parentElement!.querySelectorAll('button')].map((b) => b.textContent);
    expect(choices).toEqual(['Handover To Dispatch', 'Created']);
    // Dispatched goes back one step only; closing is a close, not a status.
    cleanup();
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/503');
    await waitFor(() => expect(statusBadge()).toBe('Dispatched'));
    expect([...screen.getByText('Change status').parentElement!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Ready To Dispatch']);
  });

  it('changes the status offline: one outbox entry with expected_version, the new status at once with a pending badge', async () => {
    setOnline(false);
    show('prod-joborder-detail', JobOrderDetailScreen, '/prod/joborder/detail/501');
    await waitFor(() => expect(buttonNamed(document, 'Handover To Dispatch')).toBeTruthy());
    fireEvent.click(buttonNamed(document, 'Handover To Dispatch')!);
    fireEvent.click(buttonNamed(await dialogElement(), 'Handover To Dispatch')!);
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({
      operation: 'job-order.status',
      method: 'POST',
      url: '/joborders/joborders/update/status/501/',
      body: { new_status: 'handover-to-dispatch' },
      headers: { 'If-Match': '3' },
      state: 'pending',
    });
    expect(entry!.payload).toEqual({ id: 501, status: 'handover-to-dispatch', expected_version: 3 });
    await waitFor(() => expect(statusBadge()).toBe('Handover To Dispatch'));
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(await mirror.rows('jobOrders').get(501)).toMatchObject({ status: 'handover-to-dispatch' });
    // A conflict names the row's own field, so the Sync screen shows theirs beside mine and can keep mine.
    expect(canKeepMine(operationNamed('job-order.status'), jobOrderRow({ version: 4 }))).toBe(true);
    // The server's row settles it.
    await operationNamed('job-order.status')!.reconcile(mirror, jobOrderRow({ status: 'handover-to-dispatch', version: 4 }), { tempId: null, rowId: 501, entryId: entry!.id });
    expect(await mirror.rows('jobOrders').get(501)).toMatchObject({ status: 'handover-to-dispatch', version: 4 });
  });

  it('refuses a bucket move back without a reject remark before queueing, and queues it with one', async () => {
    show('prod-joborder-detail', JobOrderDetailScreen, '/prod/joborder/detail/501');
    const form = (await screen.findByRole('form', { name: 'Move to another bucket' })) as HTMLElement;
    fireEvent.change(within(form).getByLabelText('New bucket'), { target: { value: 'Design' } });
    fireEvent.click(buttonNamed(form, 'Move')!);
    expect(await within(form).findByText(JOB_ORDER_MESSAGES.rejectRemark)).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
    fireEvent.change(within(form).getByLabelText('Reject remark'), { target: { value: 'Drawing wrong' } });
    fireEvent.click(buttonNamed(form, 'Move')!);
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({
      operation: 'job-order.bucket',
      url: '/joborders/joborders/update/bucket/501/',
      body: { new_bucket: 'Design', reject_remark: 'Drawing wrong' },
      headers: { 'If-Match': '3' },
    });
    await waitFor(() => expect(document.querySelector('[data-testid="job-order-bucket"]')?.textContent).toBe('Design'));
  });

  it("shows the server's refusal of a cancel, naming the active requisitions", async () => {
    user = makeUser({ id: 6, department: 'management', designation: 'manager' });
    const message = `${JOB_ORDER_MESSAGES.activeRequisitions} Requisitions: 61, 62.`;
    const server = fakeServer()
      .on('GET', '/joborders/joborders/501/', { status: 200, data: { ...jobOrderRow(), customer_name: 'Lulu Hypermarket', label: '501 - 20-11-2026', items: PRODUCTS, status_history: [] } })
      .on('PUT', '/joborders/joborders/cancel/501/', { status: 400, data: { non_field_errors: [message] } });
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/501');
    fireEvent.click(await screen.findByText('Cancel job order'));
    const dialog = await dialogElement();
    fireEvent.change(within(dialog).getByLabelText('Closure remarks'), { target: { value: 'Customer withdrew' } });
    fireEvent.click(buttonNamed(dialog, 'Cancel job order')!);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(server.calls('PUT', '/joborders/joborders/cancel/501/').map((r) => r.body)).toEqual([{ closure_remarks: 'Customer withdrew', expected_version: 3 }]);
  });

  it('closes a dispatched job order with the invoice (DD-MM-YYYY sent as ISO) and shows a refusal', async () => {
    user = makeUser({ id: 6, department: 'accounts', designation: 'executive' });
    const server = fakeServer().on('PUT', '/joborders/joborders/close/503/', { status: 400, data: { non_field_errors: ['Invoice INV-9 is already on job order 440.'] } });
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/503');
    fireEvent.click(await screen.findByText('Close job order'));
    const form = (await screen.findByRole('form', { name: 'Close the job order' })) as HTMLElement;
    fireEvent.change(within(form).getByLabelText(/Invoice date/), { target: { value: '31-13-2026' } });
    fireEvent.click(buttonNamed(form, 'Close job order')!);
    expect(await within(form).findByText('Invalid Month - Month must be between 1 and 12')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Invoice\W*$/), { target: { value: 'INV-9' } });
    fireEvent.change(within(form).getByLabelText(/Invoice date/), { target: { value: '25-11-2026' } });
    fireEvent.change(within(form).getByLabelText(/Invoice amount/), { target: { value: '1250.50' } });
    fireEvent.click(buttonNamed(form, 'Close job order')!);
    expect(await screen.findByText('Invoice INV-9 is already on job order 440.')).toBeTruthy();
    expect(server.calls('PUT', '/joborders/joborders/close/503/').map((r) => r.body)).toEqual([{ invoice: 'INV-9', invoice_date: '2026-11-25', invoice_amount: '1250.50', closure_remarks: '', expected_version: 3 }]);
  });

  it('offers no cancel or close offline, and none to a foreman', async () => {
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/503');
    await waitFor(() => expect(buttonNamed(document, 'Ready To Dispatch')).toBeTruthy());
    expect(buttonNamed(document, 'Close job order')).toBeUndefined();
    cleanup();
    user = makeUser({ id: 6, department: 'management', designation: 'manager' });
    setOnline(false);
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/503');
    await waitFor(() => expect(buttonNamed(document, 'Close job order')).toBeTruthy());
    expect(buttonNamed(document, 'Close job order')!.disabled).toBe(true);
    expect(screen.getByText('Cancelling and closing need a connection to the server.')).toBeTruthy();
  });
});

describe('editing a job order', () => {
  const view = (row: ReturnType<typeof jobOrderRow>, items: unknown[] = PRODUCTS) => ({ ...row, customer_name: 'Lulu Hypermarket', label: '501 - 20-11-2026', items, status_history: [] });
  const valueShown = () => [...document.querySelectorAll('dt')].find((l) => l.textContent === 'Value')?.nextElementSibling?.textContent;

  it('queues an offline edit of the main fields as one entry of the changed fields with expected_version, shown at once with a pending badge', async () => {
    user = makeUser({ id: 6, department: 'management', designation: 'manager' });
    setOnline(false);
    await mirror.rows('customerBranches').bulkPut([
      { id: 71, customer: 1, location: 'Andheri', address_line_1: 'Link Road', is_active: true, contact_person_name: '', contact_person_number: '', ...tracked },
      { id: 72, customer: 1, location: 'Old depot', address_line_1: '', is_active: false, contact_person_name: '', contact_person_number: '', ...tracked },
    ]);
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/501');
    fireEvent.click(await screen.findByText('Edit main fields'));
    const form = (await screen.findByRole('form', { name: 'Edit the main fields' })) as HTMLElement;
    const branch = within(form).getByLabelText('Branch') as HTMLSelectElement;
    expect([...branch.options].map((o) => o.text)).toEqual(['No branch', 'Andheri - Link Road']);
    expect((within(form).getByLabelText('PO date') as HTMLInputElement).value).toBe('01-11-2026');
    fireEvent.change(within(form).getByLabelText('PO date'), { target: { value: '31-02-2026' } });
    fireEvent.click(buttonNamed(form, 'Save changes')!);
    expect(await within(form).findByText(/Invalid/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('PO date'), { target: { value: '05-11-2026' } });
    fireEvent.change(within(form).getByLabelText('Contact person'), { target: { value: 'Anita' } });
    fireEvent.change(within(form).getByLabelText('Billing percentage'), { target: { value: '100' } });
    fireEvent.change(within(form).getByLabelText('Production department'), { target: { value: 'Acrylic' } });
    fireEvent.change(branch, { target: { value: '71' } });
    fireEvent.click(buttonNamed(form, 'Save changes')!);
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    // "100" is the billing percentage it was ("100.00"): not a change.
    expect(entry).toMatchObject({
      operation: 'job-order.update',
      method: 'PATCH',
      url: '/joborders/joborders/update/main/501/',
      body: { contact_person: 'Anita', purchase_order_date: '2026-11-05', production_department: 'Acrylic', branch: 71 },
      headers: { 'If-Match': '3' },
    });
    expect(entry!.payload).toEqual({ id: 501, contact_person: 'Anita', purchase_order_date: '2026-11-05', production_department: 'Acrylic', branch: 71, expected_version: 3 });
    // The saved fields show at once; the branch's name is looked up on the device after them.
    expect(await screen.findByText('Anita')).toBeTruthy();
    expect(await screen.findByText('05-11-2026')).toBeTruthy();
    expect(await screen.findByText('Andheri - Link Road')).toBeTruthy();
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(canKeepMine(operationNamed('job-order.update'), jobOrderRow({ version: 4 }))).toBe(true);

    // A status change made after it, still unsent, expects the version the edit leaves.
    fireEvent.click(buttonNamed(document, 'Handover To Dispatch')!);
    fireEvent.click(buttonNamed(await dialogElement(), 'Handover To Dispatch')!);
    await waitFor(async () => expect(await outbox.entries.count()).toBe(2));
    const [, status] = await outbox.entries.toArray();
    expect(status!.headers).toEqual({ 'If-Match': `{{version:${entry!.id}}}` });
  });

  it('adds a product online: the API is called and the products and value follow its answer', async () => {
    user = makeUser({ id: 9, department: 'sales', designation: 'executive' });
    const added = { ...PRODUCTS[0]!, id: 32, product: 'Glass shelf', description: '', quantity: '2.000', unit_price: '0.25', amount: '0.50', version: 1 };
    const server = fakeServer()
      .on('GET', '/joborders/joborders/501/', { status: 200, data: view(jobOrderRow()) })
      .on('POST', '/joborders/joborders/add/product/501/', { status: 201, data: view(jobOrderRow({ total_value: '1000.50', version: 4 }), [...PRODUCTS, added]) });
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/501');
    fireEvent.click(await screen.findByText('Add product'));
    const form = (await screen.findByRole('form', { name: 'Add product' })) as HTMLElement;
    fireEvent.change(within(form).getByLabelText(/^Product/), { target: { value: 'Glass shelf' } });
    fireEvent.change(within(form).getByLabelText(/^Quantity/), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/^Unit price/), { target: { value: '0.25' } });
    expect(await within(form).findByText('Amount: 0.50')).toBeTruthy();
    fireEvent.click(buttonNamed(form, 'Add product')!);
    const table = screen.getByRole('table', { name: 'Products of the job order' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    expect(cellsOf(bodyRows(table)[1]!).slice(0, 5)).toEqual(['Glass shelf', '', '2.00', '0.25', '0.50']);
    expect(server.calls('POST', '/joborders/joborders/add/product/501/').map((r) => r.body)).toEqual([{ product: 'Glass shelf', description: '', quantity: '2', unit_price: '0.25' }]);
    await waitFor(() => expect(valueShown()).toBe('1,000.50'));
    expect(await mirror.rows('jobOrders').get(501)).toMatchObject({ total_value: '1000.50', version: 4 });
  });

  it('changes a product online at the version of the product, its amount from the answer', async () => {
    user = makeUser({ id: 9, department: 'sales', designation: 'executive' });
    const changed = { ...PRODUCTS[0]!, unit_price: '120.00', amount: '1200.00', version: 4 };
    const server = fakeServer()
      .on('GET', '/joborders/joborders/501/', { status: 200, data: view(jobOrderRow()) })
      .on('PUT', '/joborders/joborders/update/product/31/', { status: 200, data: view(jobOrderRow({ total_value: '1200.00', version: 4 }), [changed]) });
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/501');
    fireEvent.click(await screen.findByRole('button', { name: 'Change Acrylic display stand' }));
    const form = (await screen.findByRole('form', { name: 'Save product' })) as HTMLElement;
    expect((within(form).getByLabelText(/^Quantity/) as HTMLInputElement).value).toBe('10.000');
    fireEvent.change(within(form).getByLabelText(/^Unit price/), { target: { value: '120' } });
    fireEvent.click(buttonNamed(form, 'Save product')!);
    await waitFor(() => expect(valueShown()).toBe('1,200.00'));
    expect(cellsOf(bodyRows(screen.getByRole('table', { name: 'Products of the job order' }))[0]!).slice(3, 5)).toEqual(['120.00', '1,200.00']);
    expect(server.calls('PUT', '/joborders/joborders/update/product/31/').map((r) => r.body)).toEqual([
      { product: 'Acrylic display stand', description: 'Clear, 5 mm', quantity: '10.000', unit_price: '120', expected_version: 3 },
    ]);
  });

  it("keeps a product a delivery note carries and shows the server's refusal; the last product cannot be removed", async () => {
    user = makeUser({ id: 9, department: 'sales', designation: 'executive' });
    const server = fakeServer()
      .on('GET', '/joborders/joborders/501/', { status: 200, data: view(jobOrderRow()) })
      .on('PUT', '/joborders/joborders/job_order_items/delete/31/', { status: 400, data: { non_field_errors: [JOB_ORDER_MESSAGES.deliveredItem] } });
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/501');
    const remove = (await screen.findByRole('button', { name: 'Remove Acrylic display stand' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(screen.getByText(JOB_ORDER_MESSAGES.lastItem)).toBeTruthy();
    await mirror.rows('jobOrderItems').put({ ...PRODUCTS[0]!, id: 32, product: 'Glass shelf' });
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    fireEvent.click(buttonNamed(await dialogElement(), 'Remove')!);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(JOB_ORDER_MESSAGES.deliveredItem)).toBeTruthy();
    expect(server.calls('PUT', '/joborders/joborders/job_order_items/delete/31/').map((r) => r.body)).toEqual([{ expected_version: 3 }]);
    expect(screen.getByText('Acrylic display stand')).toBeTruthy();
  });

  it("offers a sales executive no edits of another sales executive's job order, and a sales manager edits it", async () => {
    user = makeUser({ id: 8, department: 'sales', designation: 'executive' });
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/501');
    await screen.findByText('Acrylic display stand');
    expect(screen.queryByText('Edit main fields')).toBeNull();
    expect(screen.queryByText('Add product')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    cleanup();
    user = makeUser({ id: 8, department: 'sales', designation: 'manager' });
    show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/501');
    expect(await screen.findByText('Edit main fields')).toBeTruthy();
    expect(screen.getByText('Add product')).toBeTruthy();
  });

  it('offers no product or main-field edits to the shop floor', async () => {
    show('prod-joborder-detail', JobOrderDetailScreen, '/prod/joborder/detail/501');
    await screen.findByText('Acrylic display stand');
    expect(screen.queryByText('Edit main fields')).toBeNull();
    expect(screen.queryByText('Add product')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  describe('on a closed job order', () => {
    const closed = (values: Record<string, unknown> = {}) => jobOrderRow({ id: 505, status: 'closed', bucket: 'Accounts', closed_at: NOW, invoice: 'INV-4', invoice_date: '2026-11-25', invoice_amount: '1250.50', ...values });
    beforeEach(() => mirror.rows('jobOrders').put(closed()));

    it('corrects the invoice details and records the advance for accounts, sending the version seen', async () => {
      user = makeUser({ id: 6, department: 'accounts', designation: 'executive' });
      const server = fakeServer()
        .on('GET', '/joborders/joborders/505/', { status: 200, data: view(closed()) })
        .on('PATCH', '/joborders/joborders/update/main/invoice-details/505/', { status: 200, data: closed({ invoice_date: '2026-11-26', invoice_amount: '1300.00', version: 4 }) })
        .on('PATCH', '/joborders/joborders/advance-amount/505/', { status: 200, data: closed({ invoice_date: '2026-11-26', invoice_amount: '1300.00', advance_amount: '25000.00', version: 5 }) });
      show('accounts-job-detail', JobOrderDetailScreen, '/accounts/job/505');
      fireEvent.click(await screen.findByText('Correct invoice details'));
      const form = (await screen.findByRole('form', { name: 'Correct the invoice details' })) as HTMLElement;
      expect((within(form).getByLabelText(/Invoice date/) as HTMLInputElement).value).toBe('25-11-2026');
      fireEvent.change(within(form).getByLabelText(/Invoice date/), { target: { value: '26-11-2026' } });
      fireEvent.change(within(form).getByLabelText(/Invoice amount/), { target: { value: '1300.00' } });
      fireEvent.click(buttonNamed(form, 'Save invoice details')!);
      expect(await screen.findByText('INV-4 of 26-11-2026, 1,300.00')).toBeTruthy();
      expect(server.calls('PATCH', '/joborders/joborders/update/main/invoice-details/505/').map((r) => r.body)).toEqual([
        { invoice: 'INV-4', invoice_date: '2026-11-26', invoice_amount: '1300.00', expected_version: 3 },
      ]);

      const advance = (await screen.findByRole('form', { name: 'Record the advance amount' })) as HTMLElement;
      fireEvent.change(within(advance).getByLabelText(/Advance amount/), { target: { value: '25000' } });
      fireEvent.click(buttonNamed(advance, 'Record advance')!);
      expect(await screen.findByText('25,000.00', { selector: 'strong' })).toBeTruthy();
      expect(server.calls('PATCH', '/joborders/joborders/advance-amount/505/').map((r) => r.body)).toEqual([{ job_order_id: 505, amount: '25000', expected_version: 4 }]);
    });

    it('offers neither to sales or the shop floor, and only online to accounts', async () => {
      for (const other of [makeUser({ id: 8, department: 'sales', designation: 'manager' }), makeUser({ id: 5, department: 'production', designation: 'foreman' })]) {
        user = other;
        show('job-order-detail', JobOrderDetailScreen, '/jobs/job-order-detail/505');
        await waitFor(() => expect(statusBadge()).toBe('Closed'));
        expect(screen.queryByText('Correct invoice details')).toBeNull();
        expect(screen.queryByText('Record advance')).toBeNull();
        expect(screen.queryByText('Edit main fields')).toBeNull();
        cleanup();
      }
      user = makeUser({ id: 6, department: 'accounts', designation: 'executive' });
      setOnline(false);
      show('accounts-job-detail', JobOrderDetailScreen, '/accounts/job/505');
      expect((await screen.findByRole('button', { name: 'Correct invoice details' })).hasAttribute('disabled')).toBe(true);
      expect(buttonNamed(document, 'Record advance')!.disabled).toBe(true);
      expect(screen.getAllByText(OFFLINE_NOTE).length).toBeGreaterThan(0);
    });
  });
});

describe('a new job order', () => {
  it('queues the job order with its products and shows it at once, valued exactly', async () => {
    user = makeUser({ id: 8, department: 'sales', designation: 'manager', username: 'sana' });
    users = [makeUser({ id: 9, username: 'meera', department: 'sales' }), makeUser({ id: 10, username: 'store-raj', department: 'stores' })];
    await mirror.rows('customerBranches').bulkPut([
      { id: 71, customer: 1, location: 'Andheri', address_line_1: 'Link Road', is_active: true, contact_person_name: '', contact_person_number: '', ...tracked },
      { id: 72, customer: 1, location: 'Old depot', address_line_1: '', is_active: false, contact_person_name: '', contact_person_number: '', ...tracked },
    ]);
    const router = show('job-order-create', JobOrderCreateScreen, '/jobs/create');
    const salesExecutive = (await screen.findByLabelText(/Sales executive/)) as HTMLSelectElement;
    expect([...salesExecutive.options].map((o) => o.text)).toEqual(['Select', 'sana', 'meera']);
    fireEvent.click(screen.getByText('Save job order'));
    expect(await screen.findByText('Choose a customer.')).toBeTruthy();
    const customer = screen.getByLabelText(/Customer/) as HTMLSelectElement;
    await waitFor(() => expect([...customer.options].map((o) => o.text)).toEqual(['Select', 'Lulu Hypermarket', 'Titan Eye Plus']));
    fireEvent.change(customer, { target: { value: '1' } });
    const branch = screen.getByLabelText('Branch') as HTMLSelectElement;
    await waitFor(() => expect([...branch.options].map((o) => o.text)).toEqual(['No branch', 'Andheri - Link Road']));
    fireEvent.change(branch, { target: { value: '71' } });
    fireEvent.change(salesExecutive, { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('PO number'), { target: { value: 'PO-88' } });
    fireEvent.change(screen.getByLabelText('PO date'), { target: { value: '02-11-2026' } });
    fireEvent.change(screen.getByLabelText(/^Product/), { target: { value: 'Steel tray' } });
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/^Unit price/), { target: { value: '0.10' } });
    fireEvent.click(screen.getByText('Add product'));
    const [, second] = screen.getAllByTestId('job-order-product');
    fireEvent.change(within(second!).getByLabelText(/^Product/), { target: { value: 'Glass shelf' } });
    fireEvent.change(within(second!).getByLabelText(/^Quantity/), { target: { value: '1.5' } });
    fireEvent.change(within(second!).getByLabelText(/^Unit price/), { target: { value: '1000.01' } });
    expect(await screen.findByText('Value: 1,500.32')).toBeTruthy();
    fireEvent.click(screen.getByText('Save job order'));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/jobs\/job-order-detail\/-\d+$/));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'job-order.create', method: 'POST', url: '/joborders/joborders/create/' });
    expect(entry!.payload).toMatchObject({
      customer: 1,
      branch: 71,
      sales_executive: 9,
      purchase_order: 'PO-88',
      purchase_order_date: '2026-11-02',
      job_order_items: [
        { product: 'Steel tray', quantity: '3', unit_price: '0.10' },
        { product: 'Glass shelf', quantity: '1.5', unit_price: '1000.01' },
      ],
    });
    expect(await mirror.rows('jobOrders').get(entry!.tempId!)).toMatchObject({ status: 'Created', bucket: 'Sales', total_value: '1500.32' });
  });
});

describe('the job order reports', () => {
  const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] };

  it('reads the cancelled job orders from the server; an empty list gives the spec notice', async () => {
    const server = fakeServer().on('GET', '/joborders/joborders/list/cancelled/', { status: 200, data: EMPTY_PAGE });
    show('jobs-cancelled', JobOrderReportScreen, '/jobs/cancelled');
    expect(await screen.findByText('Cancelled job orders not found')).toBeTruthy();
    expect(server.calls('GET', '/joborders/joborders/list/cancelled/')[0]!.config.params).toMatchObject({ page: 1, page_size: 15 });
  });

  it('shows the closed job orders of the accounts layout, opening the accounts detail', async () => {
    const row = { ...jobOrderRow({ status: 'closed', invoice: 'INV-4', invoice_date: '2026-11-25', invoice_amount: '1250.50', closed_at: NOW }), customer_name: 'Lulu Hypermarket', label: '501 - 20-11-2026' };
    fakeServer().on('GET', '/joborders/joborders/closed/', { status: 200, data: { ...EMPTY_PAGE, count: 1, results: [row] } });
    show('accounts-closed', JobOrderReportScreen, '/accounts/closed');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(cellsOf(bodyRows()[0]!).slice(0, 6)).toEqual(['501 - 20-11-2026', 'Lulu Hypermarket', 'INV-4', '25-11-2026', '1,250.50', '12,34,567.50']);
    expect(bodyRows()[0]!.querySelector('a')!.getAttribute('href')).toBe('/accounts/job/501');
  });

  it('shows the profitability of the job order its route names', async () => {
    fakeServer().on('GET', '/joborders/joborders/profitability/501/', {
      status: 200,
      data: { job_order: 501, label: '501 - 20-11-2026', customer_name: 'Lulu Hypermarket', status: 'closed', revenue: '200000.00', material_cost: '120000.00', expense_cost: '5000.00', total_cost: '125000.00', margin: '75000.00', margin_percent: '37.50' },
    });
    show('profitability-details', ProfitabilityDetailsScreen, '/reports/profitability/details/501');
    expect(await screen.findByText('Profitability of job order 501 - 20-11-2026')).toBeTruthy();
    expect(screen.getByText('75,000.00')).toBeTruthy();
    expect(screen.getByText('37.50')).toBeTruthy();
  });
});

describe('the status-wise ageing report', () => {
  it('reads the rows the server answers without pages, count and value in each age bucket', async () => {
    const cell = (count: number, value: string) => ({ count, value });
    fakeServer().on('GET', '/joborders/joborders/statuswise/ageing/', {
      status: 200,
      data: [{ status: 'in-process', status_label: 'In Process', buckets: { '0-30': cell(2, '1500.00'), '31-60': cell(0, '0.00'), '61-90': cell(1, '250000.00'), 'over-90': cell(0, '0.00') }, total: cell(3, '251500.00') }],
    });
    show('jobs-statuswise-ageing', JobOrderReportScreen, '/jobs/statuswise/ageing');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(cellsOf(bodyRows()[0]!)).toEqual(['In Process', '2 · 1,500.00', '0 · 0.00', '1 · 2,50,000.00', '0 · 0.00', '3 · 2,51,500.00']);
  });
});
