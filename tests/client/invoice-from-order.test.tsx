import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { INVOICE_SOURCE_REFUSALS } from '../../domain/invoice';
import type { RouteName } from '../../domain/routes';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { invoiceRow, jobOrderRow, salesOrderRow, tracked } from './rows';
import { customer } from './mirror-fakes';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import InvoiceFromOrderScreen from '../../src/features/invoices/InvoiceFromOrderScreen';
import SalesOrderDetailScreen from '../../src/features/sales-orders/SalesOrderDetailScreen';
import JobOrderDetailScreen from '../../src/features/job-orders/JobOrderDetailScreen';

const LAKSHMI = 11;
const ORBIT = 31;
const accounts = () => makeUser({ id: LAKSHMI, username: 'accounts', first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' });
let user: User = accounts();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['invoice-edit', 'invoice-from-sales-order', 'invoice-from-job-order', 'salesorder-detail', 'accounts-job-detail', 'job-order-detail'];
const show = (routeName: RouteName, Screen: Parameters<typeof renderRoute>[1], path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);
const notices = () => shownNotifications().map((n) => (n.caption ? [n.message, n.caption] : [n.message]));
const rowsOf = (name: string) => [...screen.getByRole('table', { name }).querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));

/** Sales order 12 of Orbit Retail, accepted, with two lines. */
const salesOrder = (values: Record<string, unknown> = {}) => ({
  ...salesOrderRow(12, { customer: ORBIT, customer_name: 'Orbit Retail LLP', status: 'accepted', total_order_value: '38500.00', ...values }),
  items: [
    { id: 71, sales_order: 12, description: 'Acrylic display stand', quantity: '10.000', unit_price: '3500.00', amount: '35000.00', ...tracked() },
    { id: 72, sales_order: 12, description: 'Printed header card', quantity: '10.000', unit_price: '350.00', amount: '3500.00', ...tracked() },
  ],
  status_history: [],
});
/** Job order 503 of Orbit Retail, dispatched, with one product. */
const jobOrder = (values: Record<string, unknown> = {}) => ({
  ...jobOrderRow({ id: 503, customer: ORBIT, status: 'dispatched', bucket: 'Dispatch', total_value: '1000.00', created_at: '2026-11-05T06:00:00.000Z', ...values }),
  customer_name: 'Orbit Retail LLP',
  sales_executive_name: 'Asha Menon',
  label: '503 - 05-11-2026',
  items: [{ id: 31, job_order: 503, product: 'Acrylic tray', description: 'Clear, 5 mm', quantity: '10.000', unit_price: '100.00', amount: '1000.00', sales_order_item: null, ...tracked() }],
  status_history: [],
});
const draft = (values: Record<string, unknown>) => ({ ...invoiceRow(90, { customer: ORBIT, created_by: LAKSHMI, ...values }), approved_by_name: '', amount_in_words: '', items: [] });
const invoiceable = (ids: number[]) => ids.map((id) => ({ id, customer: ORBIT, customer_name: 'Orbit Retail LLP', status: 'accepted', date: '2026-11-02', value: '38500.00' }));

beforeEach(async () => {
  user = accounts();
  storeSession({ userId: LAKSHMI });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  vi.restoreAllMocks();
});

describe('an invoice from a sales order', () => {
  it('shows the order’s customer and lines, makes the draft and opens its form', async () => {
    const server = fakeServer();
    server.on('GET', API.salesOrders.detail(12), { status: 200, data: salesOrder() });
    server.on('POST', API.invoices.createFromSalesOrder, { status: 201, data: draft({ sales_order: 12 }) });
    const router = show('invoice-from-sales-order', InvoiceFromOrderScreen, '/invoices/create/from-sales-order/12');
    expect(await screen.findByRole('heading', { name: 'Invoice from sales order 12' })).toBeTruthy();
    expect(screen.getByText('Customer').nextSibling?.textContent).toBe('Orbit Retail LLP');
    expect(rowsOf('Lines to invoice')).toEqual([
      ['Acrylic display stand', '10.000', '3,500.00', '35,000.00'],
      ['Printed header card', '10.000', '350.00', '3,500.00'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Create draft invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/90/edit'));
    expect(server.calls('POST', API.invoices.createFromSalesOrder).map((c) => c.body)).toEqual([{ sales_order: 12 }]);
    expect(notices()).toEqual([["Draft invoice 90 made: check each line's HSN/SAC, unit and GST rate before it goes for approval."]]);
  });

  it('shows the server’s refusal of an order already invoiced as the caption, and stays', async () => {
    const server = fakeServer();
    const refused = INVOICE_SOURCE_REFUSALS.alreadyInvoiced({ number: 'INV-26-27/00007', id: 7 });
    server.on('GET', API.salesOrders.detail(12), { status: 200, data: salesOrder() });
    server.on('POST', API.invoices.createFromSalesOrder, { status: 400, data: { sales_order: [refused] } });
    const router = show('invoice-from-sales-order', InvoiceFromOrderScreen, '/invoices/create/from-sales-order/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Create draft invoice' }));
    await waitFor(() => expect(notices()).toEqual([['Failed to create invoice from sales order', refused]]));
    expect(screen.getByText(`Failed to create invoice from sales order: ${refused}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/invoices/create/from-sales-order/12');
  });

  it('offline, says invoicing needs a connection and posts nothing', async () => {
    const server = fakeServer();
    server.on('GET', API.salesOrders.detail(12), { status: 200, data: salesOrder() });
    show('invoice-from-sales-order', InvoiceFromOrderScreen, '/invoices/create/from-sales-order/12');
    const create = await screen.findByRole('button', { name: 'Create draft invoice' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(create);
    expect(notices()).toEqual([['This needs a connection to the server. Try again when you are online.']]);
    expect(server.calls('POST', API.invoices.createFromSalesOrder)).toEqual([]);
  });
});

describe('an invoice from a job order', () => {
  it('shows the job order’s customer and products, makes the draft and opens its form', async () => {
    const server = fakeServer();
    server.on('GET', API.jobOrders.detail(503), { status: 200, data: jobOrder() });
    server.on('POST', API.invoices.createFromJobOrder, { status: 201, data: draft({ job_order: 503 }) });
    const router = show('invoice-from-job-order', InvoiceFromOrderScreen, '/invoices/create/from-job-order/503');
    expect(await screen.findByRole('heading', { name: /^Invoice from job order 503 - / })).toBeTruthy();
    expect(screen.getByText('Customer').nextSibling?.textContent).toBe('Orbit Retail LLP');
    expect(rowsOf('Lines to invoice')).toEqual([['Acrylic tray - Clear, 5 mm', '10.000', '100.00', '1,000.00']]);
    fireEvent.click(screen.getByRole('button', { name: 'Create draft invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/90/edit'));
    expect(server.calls('POST', API.invoices.createFromJobOrder).map((c) => c.body)).toEqual([{ job_order: 503 }]);
  });

  it('shows the refusal of a job order whose goods have not left', async () => {
    const server = fakeServer();
    server.on('GET', API.jobOrders.detail(503), { status: 200, data: jobOrder({ status: 'in-process' }) });
    server.on('POST', API.invoices.createFromJobOrder, { status: 400, data: { job_order: [INVOICE_SOURCE_REFUSALS.jobOrderNotDispatched] } });
    show('invoice-from-job-order', InvoiceFromOrderScreen, '/invoices/create/from-job-order/503');
    fireEvent.click(await screen.findByRole('button', { name: 'Create draft invoice' }));
    await waitFor(() => expect(notices()).toEqual([['Failed to create invoice from job order', INVOICE_SOURCE_REFUSALS.jobOrderNotDispatched]]));
  });
});

describe('the orders lead to it while they wait for an invoice', () => {
  function serveSalesOrder(server: FakeServer, waiting: number[]) {
    server.on('GET', API.salesOrders.detail(12), { status: 200, data: salesOrder() });
    server.on('GET', API.salesOrders.jobOrders(12), { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    server.on('GET', API.salesOrders.receipts(12), { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    server.on('GET', API.invoices.invoiceableSalesOrders, { status: 200, data: invoiceable(waiting) });
  }

  it('offers Create invoice on an invoiceable sales order to those who write invoices only', async () => {
    const server = fakeServer();
    serveSalesOrder(server, [11, 12]);
    const router = show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/12');
    const link = await screen.findByRole('link', { name: 'Create invoice' });
    expect(link.getAttribute('href')).toBe('/invoices/create/from-sales-order/12');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/create/from-sales-order/12'));
    cleanup();
    serveSalesOrder(server, [11]);
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/12');
    await screen.findByText('Printed header card');
    await waitFor(() => expect(server.calls('GET', API.invoices.invoiceableSalesOrders)).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Create invoice' })).toBeNull();
    cleanup();
    user = makeUser({ id: 40, department: 'sales', designation: 'executive' });
    serveSalesOrder(server, [12]);
    show('salesorder-detail', SalesOrderDetailScreen, '/salesorder/12');
    await screen.findByText('Printed header card');
    expect(screen.queryByRole('link', { name: 'Create invoice' })).toBeNull();
    expect(server.calls('GET', API.invoices.invoiceableSalesOrders)).toHaveLength(2);
  });

  it('offers Create invoice on an invoiceable job order', async () => {
    const server = fakeServer();
    await mirror.rows('customers').put(customer(ORBIT, { name: 'Orbit Retail LLP' }));
    await mirror.rows('jobOrders').put(jobOrderRow({ id: 503, customer: ORBIT, status: 'dispatched', bucket: 'Dispatch' }));
    server.on('GET', API.invoices.invoiceableJobOrders, { status: 200, data: invoiceable([503]) });
    server.on('GET', API.jobOrders.detail(503), { status: 200, data: jobOrder() });
    show('accounts-job-detail', JobOrderDetailScreen, '/accounts/job/503');
    expect((await screen.findByRole('link', { name: 'Create invoice' })).getAttribute('href')).toBe('/invoices/create/from-job-order/503');
  });
});
