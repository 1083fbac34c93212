import './setup';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { AgingReport, InvoiceableOrder } from '../../domain/invoice';
import type { RouteName } from '../../domain/routes';
import { businessToday, isoDayAfter } from '../../domain/rules/dates';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { invoiceRow, tracked } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import AccountsHomeScreen, { ACCOUNTS_HOME_NOTES } from '../../src/features/accounts-home/AccountsHomeScreen';

const LAKSHMI = 11;
const lakshmi = () => makeUser({ id: LAKSHMI, first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' });
let user: User = lakshmi();

vi.mock('../../src/data/session', async (original) => ({
  ...(await original<typeof import('../../src/data/session')>()),
  useSession: () => ({ user, users: [], modules: {}, offline: false }),
}));

const NEIGHBOURS: RouteName[] = ['invoices-home', 'invoice-detail', 'accounts-receipts', 'invoice-from-sales-order', 'invoice-from-job-order'];
const show = () => renderRoute('accounts-home', AccountsHomeScreen, '/accounts', NEIGHBOURS);
const tile = (key: string) => screen.getByTestId(`tile-${key}`);
const today = businessToday();
const daysAgo = (n: number) => isoDayAfter(today, -n);
const monthStart = `${today.slice(0, 8)}01`;

/** The aging report as the server answers it: 1,000.00 not yet due, 2,500.50 1-30 days late (2 invoices), 7,000.00 over 90 days. */
const report = (): AgingReport => ({
  as_of: today,
  buckets: [
    { key: 'current', label: 'Not yet due', amount: '1000.00', count: 1 },
    { key: 'days_1_30', label: '1-30 days', amount: '2500.50', count: 2 },
    { key: 'days_31_60', label: '31-60 days', amount: '0.00', count: 0 },
    { key: 'days_61_90', label: '61-90 days', amount: '0.00', count: 0 },
    { key: 'days_over_90', label: 'Over 90 days', amount: '7000.00', count: 1 },
  ],
  customers: [],
  total: '10500.50',
});

const order = (id: number, values: Partial<InvoiceableOrder> = {}): InvoiceableOrder => ({ id, customer: 1, customer_name: 'Orbit Retail LLP', status: 'dispatched', date: '2026-11-02', value: '118000.00', ...values });

function serve(aging: AgingReport | 'network-error' = report()): FakeServer {
  const server = fakeServer();
  server.on('GET', '/invoices/aging_report/', aging === 'network-error' ? aging : { status: 200, data: aging });
  server.on('GET', '/invoices/invoiceable_sales_orders/', aging === 'network-error' ? aging : { status: 200, data: [order(21, { status: 'accepted', value: '5900.00' })] });
  server.on('GET', '/invoices/invoiceable_job_orders/', aging === 'network-error' ? aging : { status: 200, data: [order(501), order(502, { customer_name: 'Zenith Foods' })] });
  return server;
}

const receipt = (id: number, receipt_date: string, amount: string, values: Record<string, unknown> = {}) => ({
  id,
  sales_order: null,
  job_order: null,
  customer: 1,
  receipt_date,
  amount,
  mode: 'cash',
  reference: '',
  remarks: '',
  ...tracked(),
  ...values,
});

/**
 * On the device: drafts 70 and 72 (and a deleted draft 73), an approved invoice 80 owing 4,228.00
 * 5 days late, a sent one 81 owing 100.00 due today, a paid one 82; receipts this month of
 * 1,000.00 and 250.50 (and one deleted, and one of last month).
 */
async function mirrored() {
  await mirror.rows('invoices').bulkPut([
    invoiceRow(72, { customer_name: 'Zenith Foods', total_amount: '590.00', outstanding_amount: '590.00' }),
    invoiceRow(70),
    invoiceRow(73, { deleted_at: '2026-11-20T10:00:00.000Z' }),
    invoiceRow(80, { status: 'approved', invoice_number: 'INV/2026-27/0001', due_date: daysAgo(5) }),
    invoiceRow(81, { status: 'sent', invoice_number: 'INV/2026-27/0002', due_date: today, outstanding_amount: '100.00' }),
    invoiceRow(82, { status: 'paid', invoice_number: 'INV/2026-27/0003', due_date: daysAgo(200), outstanding_amount: '0.00' }),
  ]);
  await mirror.rows('receipts').bulkPut([
    receipt(1, monthStart, '1000.00'),
    receipt(2, today, '250.50'),
    receipt(3, today, '999.00', { deleted_at: '2026-11-20T10:00:00.000Z' }),
    receipt(4, isoDayAfter(monthStart, -1), '5000.00'),
  ]);
  await mirror.meta.bulkPut((['invoices', 'receipts'] as const).map((type) => ({ key: metaKey(LAKSHMI, type), userId: LAKSHMI, type, cursor: '9', loadedAt: Date.now() - 3 * 60_000, rowCount: 4, error: null })));
}

beforeEach(async () => {
  user = lakshmi();
  storeSession({ userId: LAKSHMI });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirrored();
});
afterEach(() => cleanup());

describe('accounts-home (/accounts)', () => {
  it("shows what is owed and how late exactly as the aging report has it, each bucket's invoices and amount", async () => {
    serve();
    show();
    await waitFor(() => expect(tile('outstanding').textContent).toBe('₹ 10,500.50'));
    expect(screen.getByText('Owed by customers today')).toBeTruthy();
    // 2,500.50 + 7,000.00: every bucket past the due date; not what the device would work out.
    expect(tile('overdue').textContent).toBe('₹ 9,500.50');
    expect(screen.getByText('3 invoices past their due date')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Outstanding by age' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Not yet due', '1', '1,000.00'],
      ['1-30 days', '2', '2,500.50'],
      ['31-60 days', '0', '0.00'],
      ['61-90 days', '0', '0.00'],
      ['Over 90 days', '1', '7,000.00'],
    ]);
    const chart = screen.getByRole('img', { name: 'Outstanding by days past due' });
    expect([...chart.querySelectorAll('[data-value]')].map((b) => b.getAttribute('data-value'))).toEqual(['1,000.00', '2,500.50', '0.00', '0.00', '7,000.00']);
    expect(tile('overdue').closest('a')!.getAttribute('href')).toBe('/invoices?overdue=true');
    expect(tile('outstanding').closest('a')!.getAttribute('href')).toBe('/invoices');
  });

  it("counts this month's receipts on the device, from the 1st to today, deleted ones left out", async () => {
    serve();
    show();
    await waitFor(() => expect(tile('collected').textContent).toBe('₹ 1,250.50'));
    expect(screen.getByText('2 receipts since the 1st')).toBeTruthy();
    expect(tile('collected').closest('a')!.getAttribute('href')).toBe('/accounts/receipts');
    expect(await screen.findByText('updated 3 min ago')).toBeTruthy();
  });

  it('lists the drafts to approve, the oldest first, each linking to its invoice, with their count', async () => {
    serve();
    show();
    await waitFor(() => expect(tile('to-approve').textContent).toBe('2'));
    expect(tile('to-approve').closest('a')!.getAttribute('href')).toBe('/invoices?status=draft');
    expect(screen.getByRole('heading', { name: 'Invoices to approve (2)' })).toBeTruthy();
    const drafts = screen.getByRole('table', { name: 'Invoices to approve' });
    const links = within(drafts).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Draft invoice 70', '/invoices/70'],
      ['Draft invoice 72', '/invoices/72'],
    ]);
    expect(drafts.textContent).toContain('Zenith Foods');
    expect(drafts.textContent).toContain('590.00');
    expect(drafts.textContent).toContain('Lakshmi Menon');
  });

  it('lists the sales orders and job orders waiting for an invoice, each leading to the screen that invoices it', async () => {
    serve();
    show();
    const sales = await screen.findByRole('table', { name: 'Sales orders to invoice' });
    expect(within(sales).getByRole('link', { name: 'Sales order 21' }).getAttribute('href')).toBe('/invoices/create/from-sales-order/21');
    expect(sales.textContent).toContain('5,900.00');
    const jobs = await screen.findByRole('table', { name: 'Job orders to invoice' });
    expect(within(jobs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Job order 501', '/invoices/create/from-job-order/501'],
      ['Job order 502', '/invoices/create/from-job-order/502'],
    ]);
    expect(jobs.textContent).toContain('Zenith Foods');
    expect(screen.getByRole('heading', { name: 'Job orders to invoice (2)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sales orders to invoice (1)' })).toBeTruthy();
  });

  it('shows the orders to invoice without links to whoever may not raise an invoice', async () => {
    user = makeUser({ id: LAKSHMI, department: 'sales', designation: 'manager' });
    serve();
    show();
    const jobs = await screen.findByRole('table', { name: 'Job orders to invoice' });
    expect(jobs.textContent).toContain('Job order 501');
    expect(within(jobs).queryAllByRole('link')).toEqual([]);
  });

  it('loads the aging and the orders again on every entry', async () => {
    const server = serve();
    show();
    await waitFor(() => expect(tile('outstanding').textContent).toBe('₹ 10,500.50'));
    cleanup();
    show();
    await waitFor(() => expect(server.calls('GET', '/invoices/aging_report/')).toHaveLength(2));
    await waitFor(() => expect(server.calls('GET', '/invoices/invoiceable_job_orders/')).toHaveLength(2));
  });

  it('without the server, ages what is owed on the device by the same buckets and says so; the orders wait for the server', async () => {
    serve('network-error');
    show();
    expect(await screen.findByText(ACCOUNTS_HOME_NOTES.agingFromDevice)).toBeTruthy();
    // Invoice 80 (4,228.00, 5 days late) and 81 (100.00, due today); not the drafts, the paid or the deleted one.
    await waitFor(() => expect(tile('outstanding').textContent).toBe('₹ 4,328.00'));
    expect(screen.getByText('As last synced on this device')).toBeTruthy();
    expect(tile('overdue').textContent).toBe('₹ 4,228.00');
    expect(screen.getByText('1 invoice past their due date')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Outstanding by age' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Not yet due', '1', '100.00'],
      ['1-30 days', '1', '4,228.00'],
      ['31-60 days', '0', '0.00'],
      ['61-90 days', '0', '0.00'],
      ['Over 90 days', '0', '0.00'],
    ]);
    expect(tile('collected').textContent).toBe('₹ 1,250.50');
    expect(tile('to-approve').textContent).toBe('2');
    expect(screen.getAllByText(ACCOUNTS_HOME_NOTES.ordersNeedServer)).toHaveLength(2);
    expect(screen.queryByRole('table', { name: 'Job orders to invoice' })).toBeNull();
  });

  it('says when the server refuses the aging report, with its message', async () => {
    fakeServer()
      .on('GET', '/invoices/aging_report/', { status: 403, data: { detail: 'You do not have permission to perform this action.' } })
      .on('GET', '/invoices/invoiceable_sales_orders/', { status: 200, data: [] })
      .on('GET', '/invoices/invoiceable_job_orders/', { status: 200, data: [] });
    show();
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeTruthy();
    expect(await screen.findByText('No dispatched job order waiting for an invoice.')).toBeTruthy();
    expect(screen.getByText('No sales order waiting for an invoice.')).toBeTruthy();
    expect(tile('outstanding').textContent).toBe('—');
  });
});
