import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { API } from '../../domain/api-paths';
import type { RouteName } from '../../domain/routes';
import { businessToday, formatDisplayDate } from '../../domain/rules/dates';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { invoiceRow as sharedInvoiceRow, jobOrderRow, tracked } from './rows';
import { fakeServer, makeUser, storeSession } from './support';
import { customer } from './mirror-fakes';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import ReceiptsScreen from '../../src/features/receipts/ReceiptsScreen';
import JobReceiptsScreen from '../../src/features/receipts/JobReceiptsScreen';
import { RECEIPT_FORM_NOTICES } from '../../src/features/receipts/ReceiptForm';

const LAKSHMI = 11;
const lakshmi = () => makeUser({ id: LAKSHMI, username: 'accounts', first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' });
let user: User = lakshmi();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['accounts-receipts', 'accounts-job-receipts', 'receipts-home', 'job-receipts'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);

const ORBIT = 31;
const ZENITH = 32;
const JOB = 501;

const invoiceRow = (id: number, values: Record<string, unknown> = {}) => sharedInvoiceRow(id, { customer: ORBIT, created_by: LAKSHMI, status: 'sent', ...values });

/** A receipt as the list endpoint sends it (and the device keeps it). */
const receiptRow = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  sales_order: null,
  job_order: null,
  customer: ORBIT,
  customer_name: 'Orbit Retail LLP',
  receipt_date: '2026-11-20',
  amount: '1000.00',
  mode: 'cash',
  reference: '',
  remarks: '',
  created_by_name: 'Lakshmi Menon',
  allocated_amount: '0.00',
  unallocated_amount: '1000.00',
  allocations: [],
  ...tracked(),
  ...values,
});

const allocation = (id: number, receipt: number, invoice: number, amount: string, invoice_number: string) => ({ id, receipt, invoice, amount, invoice_number, ...tracked() });

beforeEach(async () => {
  user = lakshmi();
  storeSession({ userId: LAKSHMI });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('customers').bulkPut([customer(ORBIT, { name: 'Orbit Retail LLP', state: 'Maharashtra' }), customer(ZENITH, { name: 'Zenith Stores', state: 'Karnataka' })]);
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  vi.restoreAllMocks();
});

const listRows = () => [...document.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
const valueOf = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;
const inForm = () => within(screen.getByRole('form', { name: 'Record receipt' }));

describe('the receipts list, read from the device', () => {
  beforeEach(async () => {
    await mirror.rows('receipts').bulkPut([
      receiptRow(40, { receipt_date: '2026-11-02', amount: '11800.00', mode: 'bank_transfer', reference: 'NEFT HDFC0001234', allocated_amount: '11800.00', unallocated_amount: '0.00', allocations: [allocation(1, 40, 71, '11800.00', 'INV-26-27/00001')] }),
      receiptRow(41, { receipt_date: '2026-11-25', amount: '3000.00', job_order: JOB }),
      receiptRow(42, { customer: ZENITH, customer_name: 'Zenith Stores', receipt_date: '2026-11-25', amount: '500.50', mode: 'upi', reference: 'UPI 412345678901', unallocated_amount: '500.50' }),
      receiptRow(43, { receipt_date: '2026-11-26', deleted_at: '2026-11-26T05:00:00.000Z' }),
    ]);
  });

  it('shows the live receipts newest first: number, date, customer, amount, mode, reference, allocated and unallocated', async () => {
    show('accounts-receipts', ReceiptsScreen, '/accounts/receipts');
    await waitFor(() => expect(listRows()).toHaveLength(3));
    expect(listRows()).toEqual([
      ['42', '25-11-2026', 'Zenith Stores', '500.50', 'UPI', 'UPI 412345678901', '0.00', '500.50', ''],
      ['41', '25-11-2026', 'Orbit Retail LLP', '3,000.00', 'Cash', '', '0.00', '1,000.00', String(JOB)],
      ['40', '02-11-2026', 'Orbit Retail LLP', '11,800.00', 'Bank Transfer', 'NEFT HDFC0001234', '11,800.00', '0.00', ''],
    ]);
  });

  it('narrows by customer, mode and a date range kept in the address', async () => {
    const router = show('receipts-home', ReceiptsScreen, '/receipts');
    await waitFor(() => expect(listRows()).toHaveLength(3));
    const numbers = () => listRows().map((cells) => cells[0]);
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: String(ORBIT) } });
    await waitFor(() => expect(numbers()).toEqual(['41', '40']));
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'bank_transfer' } });
    await waitFor(() => expect(numbers()).toEqual(['40']));
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '20-11-2026' } });
    fireEvent.blur(screen.getByLabelText('From'));
    await waitFor(() => expect(numbers()).toEqual(['42', '41']));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '01-11-2026' } });
    fireEvent.blur(screen.getByLabelText('To'));
    await waitFor(() => expect(numbers()).toEqual([]));
    expect(router.state.location.search).toBe('?from=2026-11-20&to=2026-11-01');
  });

  it('says the receipts failed to load with the reason, and keeps showing the rows the device holds', async () => {
    await mirror.meta.put({ key: metaKey(LAKSHMI, 'receipts'), userId: LAKSHMI, type: 'receipts', cursor: '9', loadedAt: Date.now(), rowCount: 3, error: 'The server cannot be reached.' });
    show('accounts-receipts', ReceiptsScreen, '/accounts/receipts');
    expect(await screen.findByText('Failed to load receipts: The server cannot be reached.')).toBeTruthy();
    await waitFor(() => expect(listRows()).toHaveLength(3));
  });

  it('offers Record receipt to accounts, not to sales who only read receipts', async () => {
    show('accounts-receipts', ReceiptsScreen, '/accounts/receipts');
    fireEvent.click(await screen.findByRole('button', { name: 'Record receipt' }));
    expect(await screen.findByRole('form', { name: 'Record receipt' })).toBeTruthy();
    expect(screen.getByText(RECEIPT_FORM_NOTICES.chooseCustomer)).toBeTruthy();
    cleanup();
    user = makeUser({ id: 40, department: 'sales', designation: 'executive' });
    show('receipts-home', ReceiptsScreen, '/receipts?record=1');
    await waitFor(() => expect(listRows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Record receipt' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Record receipt' })).toBeNull();
  });
});

describe('recording a receipt', () => {
  beforeEach(async () => {
    await mirror.rows('invoices').bulkPut([
      // Orbit's open invoices, oldest first: 72 (1 Oct), 71 (1 Nov, part paid), 73 (15 Nov).
      invoiceRow(71, { invoice_number: 'INV-26-27/00002', invoice_date: '2026-11-01', due_date: '2026-12-01', status: 'partially_paid', total_amount: '4228.00', outstanding_amount: '1500.00' }),
      invoiceRow(72, { invoice_number: 'INV-26-27/00001', invoice_date: '2026-10-01', due_date: '2026-10-31', total_amount: '2000.00', outstanding_amount: '2000.00' }),
      invoiceRow(73, { invoice_number: 'INV-26-27/00003', invoice_date: '2026-11-15', due_date: '2026-12-15', status: 'approved', total_amount: '5000.00', outstanding_amount: '5000.00' }),
      // Not open: paid, a draft, another customer's.
      invoiceRow(74, { invoice_number: 'INV-26-27/00004', status: 'paid', outstanding_amount: '0.00' }),
      invoiceRow(75, { status: 'draft' }),
      invoiceRow(76, { invoice_number: 'INV-26-27/00005', customer: ZENITH, customer_name: 'Zenith Stores' }),
    ]);
    await mirror.rows('jobOrders').bulkPut([jobOrderRow({ id: JOB, customer: ORBIT }), jobOrderRow({ id: 502, customer: ZENITH }), jobOrderRow({ id: 503, customer: ORBIT, cancelled_at: '2026-11-21T05:00:00.000Z' })]);
    await mirror.rows('salesOrders').bulkPut([
      { id: 300, customer: ORBIT, status: 'accepted', ...tracked() },
      { id: 301, customer: ORBIT, status: 'cancelled', ...tracked() },
    ]);
  });

  const openInvoices = () => screen.getAllByTestId('open-invoice').map((row) => within(row).getAllByText(/INV-/)[0]!.textContent);

  it('opened from an invoice (customer and invoice in the address), fills the customer and allocates what the invoice owes', async () => {
    show('accounts-receipts', ReceiptsScreen, `/accounts/receipts?customer=${ORBIT}&invoice=71`);
    const form = await screen.findByRole('form', { name: 'Record receipt' });
    await waitFor(() => expect(valueOf('Allocate to INV-26-27/00002')).toBe('1500.00'));
    expect((within(form).getByLabelText(/^Customer/) as HTMLSelectElement).value).toBe(String(ORBIT));
    expect(valueOf(/^Amount/)).toBe('1500.00');
    expect(valueOf(/^Receipt date/)).toBe(formatDisplayDate(businessToday()));
    expect(openInvoices()).toEqual(['INV-26-27/00001', 'INV-26-27/00002', 'INV-26-27/00003']);
    expect(screen.getAllByTestId('open-invoice')[1]!.textContent).toContain('Outstanding ₹ 1,500.00');
    expect(valueOf('Allocate to INV-26-27/00001')).toBe('');
    expect(screen.getByTestId('receipt-split').textContent).toBe('Allocated ₹ 1,500.00Unallocated (advance) ₹ 0.00');
    // The advance may go against the customer's own job orders and sales orders, none cancelled.
    const against = [...(screen.getByLabelText('Advance against') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(against).toEqual(['On account (no order)', `Job order ${JOB} - 20-11-2026`, 'Sales order 300']);
  });

  it('allocates the amount to the open invoices oldest first, each at most what it owes, the rest an advance', async () => {
    show('accounts-receipts', ReceiptsScreen, `/accounts/receipts?record=1&customer=${ORBIT}`);
    await waitFor(() => expect(screen.getAllByTestId('open-invoice')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '4000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Allocate oldest first' }));
    // 2000.00 to the oldest, 1500.00 to the next, the last 500.00 to the third.
    await waitFor(() => expect(valueOf('Allocate to INV-26-27/00001')).toBe('2000.00'));
    expect(valueOf('Allocate to INV-26-27/00002')).toBe('1500.00');
    expect(valueOf('Allocate to INV-26-27/00003')).toBe('500.00');
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Allocate oldest first' }));
    await waitFor(() => expect(valueOf('Allocate to INV-26-27/00003')).toBe('5000.00'));
    expect(screen.getByTestId('receipt-split').textContent).toBe('Allocated ₹ 8,500.00Unallocated (advance) ₹ 1,500.00');
  });

  it('sends the allocations typed and the job order chosen, then closes the form and says so', async () => {
    const server = fakeServer();
    server.on('POST', API.receipts.list, { status: 201, data: receiptRow(90) });
    const router = show('accounts-receipts', ReceiptsScreen, `/accounts/receipts?customer=${ORBIT}&invoice=71`);
    await waitFor(() => expect(valueOf('Allocate to INV-26-27/00002')).toBe('1500.00'));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '2500' } });
    fireEvent.change(screen.getByLabelText(/^Reference/), { target: { value: 'CHQ 000123' } });
    fireEvent.change(inForm().getByLabelText(/^Mode/), { target: { value: 'cheque' } });
    fireEvent.change(screen.getByLabelText('Advance against'), { target: { value: `job:${JOB}` } });
    fireEvent.change(screen.getByLabelText(/^Receipt date/), { target: { value: '26-11-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save receipt' }));
    await waitFor(() => expect(server.calls('POST', API.receipts.list)).toHaveLength(1));
    expect(server.calls('POST', API.receipts.list)[0]!.body).toEqual({
      customer: ORBIT,
      receipt_date: '2026-11-26',
      amount: '2500',
      mode: 'cheque',
      reference: 'CHQ 000123',
      remarks: '',
      job_order: JOB,
      sales_order: null,
      allocations: [{ invoice: 71, amount: '1500.00' }],
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record receipt' })).toBeNull());
    expect(shownNotifications().map((n) => n.message)).toContain(RECEIPT_FORM_NOTICES.saved);
    expect(router.state.location.search).toBe(`?customer=${ORBIT}`);
  });

  it('says when the customer chosen owes nothing, so the receipt is an advance or on account', async () => {
    show('accounts-receipts', ReceiptsScreen, `/accounts/receipts?record=1&customer=${ZENITH}`);
    await waitFor(() => expect(screen.getAllByTestId('open-invoice')).toHaveLength(1));
    fireEvent.change(inForm().getByLabelText(/^Customer/), { target: { value: String(ORBIT) } });
    await waitFor(() => expect(screen.getAllByTestId('open-invoice')).toHaveLength(3));
    await mirror.rows('invoices').bulkPut([invoiceRow(76, { invoice_number: 'INV-26-27/00005', customer: ZENITH, customer_name: 'Zenith Stores', status: 'paid', outstanding_amount: '0.00' })]);
    fireEvent.change(inForm().getByLabelText(/^Customer/), { target: { value: String(ZENITH) } });
    expect(await screen.findByText(RECEIPT_FORM_NOTICES.noOpenInvoices)).toBeTruthy();
    expect(screen.queryAllByTestId('open-invoice')).toEqual([]);
  });

  it('refuses on the device an allocation above what the invoice owes and allocations above the amount', async () => {
    const server = fakeServer();
    show('accounts-receipts', ReceiptsScreen, `/accounts/receipts?record=1&customer=${ORBIT}`);
    await waitFor(() => expect(screen.getAllByTestId('open-invoice')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Allocate to INV-26-27/00002'), { target: { value: '1500.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save receipt' }));
    expect(await screen.findByText("More than the invoice's outstanding amount (1500.00).")).toBeTruthy();
    expect(screen.getByText('The allocations add up to more than the receipt: allocate at most its amount.')).toBeTruthy();
    expect(screen.getByText('A reference (cheque number or transaction id) is required for this mode.')).toBeTruthy();
    expect(server.calls('POST', API.receipts.list)).toEqual([]);
  });

  it("puts the server's field errors on the fields (an allocation on its invoice's row) and its other errors in the caption", async () => {
    const server = fakeServer();
    server.on('POST', API.receipts.list, {
      status: 400,
      data: { 'allocations.0.amount': ["More than the invoice's outstanding amount (1200.00)."], job_order: ['This job order is of another customer.'], non_field_errors: ['The books for November are closed.'] },
    });
    show('accounts-receipts', ReceiptsScreen, `/accounts/receipts?record=1&customer=${ORBIT}`);
    await waitFor(() => expect(screen.getAllByTestId('open-invoice')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '1500' } });
    fireEvent.change(inForm().getByLabelText(/^Mode/), { target: { value: 'cash' } });
    fireEvent.change(screen.getByLabelText('Advance against'), { target: { value: `job:${JOB}` } });
    // Only the second invoice is allocated: the server's allocations.0 is that row.
    fireEvent.change(screen.getByLabelText('Allocate to INV-26-27/00002'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save receipt' }));
    const row = (await screen.findByText("More than the invoice's outstanding amount (1200.00).")).closest('[data-testid="open-invoice"]') as HTMLElement;
    expect(within(row).getByText('INV-26-27/00002')).toBeTruthy();
    expect(inForm().getByText('This job order is of another customer.')).toBeTruthy();
    expect(inForm().getByText('The books for November are closed.')).toBeTruthy();
    const failed = shownNotifications().find((n) => n.message === 'Failed to record receipt');
    expect(failed?.caption).toBe('The books for November are closed.');
    expect(screen.getByRole('form', { name: 'Record receipt' })).toBeTruthy();
  });

  it('offline, says recording needs the server, sends nothing and keeps the list readable', async () => {
    await mirror.rows('receipts').bulkPut([receiptRow(40)]);
    const server = fakeServer();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show('accounts-receipts', ReceiptsScreen, `/accounts/receipts?record=1&customer=${ORBIT}`);
    expect(await screen.findByText(RECEIPT_FORM_NOTICES.offline)).toBeTruthy();
    await waitFor(() => expect(listRows()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '100' } });
    fireEvent.change(inForm().getByLabelText(/^Mode/), { target: { value: 'cash' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save receipt' }));
    await waitFor(() => expect(screen.getAllByText(RECEIPT_FORM_NOTICES.offline)).toHaveLength(2));
    expect(server.calls('POST', API.receipts.list)).toEqual([]);
    expect(valueOf(/^Amount/)).toBe('100');
  });
});

describe("a job order's receipts", () => {
  beforeEach(async () => {
    await mirror.rows('jobOrders').bulkPut([jobOrderRow({ id: JOB, customer: ORBIT, total_value: '10000.00' })]);
    await mirror.rows('invoices').bulkPut([
      invoiceRow(80, { invoice_number: 'INV-26-27/00010', job_order: JOB, status: 'partially_paid', total_amount: '11800.00', outstanding_amount: '4800.00' }),
      invoiceRow(81, { invoice_number: 'INV-26-27/00011', status: 'sent', total_amount: '999.00', outstanding_amount: '999.00' }),
    ]);
    await mirror.rows('receipts').bulkPut([
      // An advance of 3000.00 against the job order, applied to its invoice when it was issued.
      receiptRow(60, { receipt_date: '2026-11-01', amount: '3000.00', job_order: JOB, allocated_amount: '3000.00', unallocated_amount: '0.00', allocations: [allocation(1, 60, 80, '3000.00', 'INV-26-27/00010')] }),
      // A cheque of 5000.00: 4000.00 to the job order's invoice, 999.00 to another invoice.
      receiptRow(61, {
        receipt_date: '2026-11-25',
        amount: '5000.00',
        mode: 'cheque',
        reference: 'CHQ 000123',
        allocated_amount: '4999.00',
        unallocated_amount: '1.00',
        allocations: [allocation(2, 61, 80, '4000.00', 'INV-26-27/00010'), allocation(3, 61, 81, '999.00', 'INV-26-27/00011')],
      }),
      // Another job order's advance, and a receipt removed in error.
      receiptRow(62, { job_order: 777 }),
      receiptRow(63, { job_order: JOB, deleted_at: '2026-11-26T05:00:00.000Z' }),
    ]);
  });

  it('lists its advances and the money allocated to its invoices, and puts the total received beside what was billed and what is due', async () => {
    show('accounts-job-receipts', JobReceiptsScreen, `/accounts/receipts/${JOB}`);
    expect(await screen.findByRole('heading', { name: `Receipts of job order ${JOB} - 20-11-2026` })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('received').textContent).toBe('7,000.00'));
    // 11800.00 invoiced − 7000.00 received.
    expect(screen.getByTestId('due').textContent).toBe('4,800.00');
    expect(screen.getByText('Job order value (₹)').nextSibling?.textContent).toBe('10,000.00');
    expect(screen.getByText('Invoiced (₹)').nextSibling?.textContent).toBe('11,800.00');
    const rows = [...screen.getByRole('table', { name: 'Receipts of the job order' }).querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['61', '25-11-2026', 'Cheque', 'CHQ 000123', '5,000.00', '4,000.00', 'Allocated to INV-26-27/00010'],
      ['60', '01-11-2026', 'Cash', '', '3,000.00', '3,000.00', 'Advance against this job order'],
    ]);
  });

  it('before any invoice, owes the job order’s value less the advances; Record receipt opens the form for its customer', async () => {
    await mirror.rows('invoices').clear();
    await mirror.rows('receipts').bulkPut([receiptRow(60, { receipt_date: '2026-11-01', amount: '3000.00', job_order: JOB, unallocated_amount: '3000.00' }), receiptRow(61, { amount: '5000.00' })]);
    const router = show('job-receipts', JobReceiptsScreen, `/receipts/${JOB}`);
    await waitFor(() => expect(screen.getByTestId('received').textContent).toBe('3,000.00'));
    expect(screen.getByTestId('due').textContent).toBe('7,000.00');
    expect(screen.getByText('Invoiced (₹)').nextSibling?.textContent).toBe('Not invoiced yet');
    fireEvent.click(screen.getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/receipts'));
    expect(router.state.location.search).toBe(`?record=1&customer=${ORBIT}`);
  });

  it('says a job order the device does not hold is not on this device', async () => {
    show('job-receipts', JobReceiptsScreen, '/receipts/999');
    expect(await screen.findByText('This job order is not on this device. It may have been deleted, or the list has not loaded yet.')).toBeTruthy();
  });
});
