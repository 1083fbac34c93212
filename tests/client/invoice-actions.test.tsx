import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { ownApprovalMessage } from '../../domain/duty-rules';
import type { RouteName } from '../../domain/routes';
import { businessToday } from '../../domain/rules/dates';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { invoiceRow, tracked } from './rows';
import { fakeServer, makeToken, makeUser, storeSession, type FakeServer } from './support';
import { customer } from './mirror-fakes';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import InvoiceDetailScreen from '../../src/features/invoices/InvoiceDetailScreen';

const LAKSHMI = 11;
const ROHAN = 12;
const ORBIT = 31;
const ZENITH = 32;
/** Lakshmi, an accounts executive: she writes invoices and receipts but does not approve. */
const lakshmi = () => makeUser({ id: LAKSHMI, username: 'accounts', first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' });
/** Rohan, management: he approves invoices others made. */
const rohan = () => makeUser({ id: ROHAN, username: 'management', first_name: 'Rohan', last_name: 'Mehta', department: 'management', designation: 'manager' });
let user: User = rohan();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['invoices-home', 'invoice-edit', 'invoice-detail', 'accounts-receipts'];
const LINES = [
  { id: 501, invoice: 70, description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3.000', unit_price: '1234.56', discount: '203.68', tax_rate: '18.00', amount: '3703.68', taxable_amount: '3500.00', cgst_amount: '315.00', sgst_amount: '315.00', igst_amount: '0.00', line_total: '4130.00', ...tracked() },
];

/** Invoice 70 of Orbit Retail as GET invoices/70/ sends it, made by Lakshmi, at version 3. */
const view = (values: Record<string, unknown> = {}) => ({ ...invoiceRow(70, { customer: ORBIT, created_by: LAKSHMI }), approved_by_name: '', amount_in_words: 'Rupees Four Thousand Two Hundred Twenty Eight Only', items: LINES, ...values });
const ISSUED = { invoice_number: 'INV-26-27/00001', financial_year: '2026-27' };
/** Sent, and 12 days past its due date with all of it still owed. */
const OVERDUE = { ...ISSUED, status: 'sent', due_date: businessToday(-12), is_overdue: true, days_overdue: 12 };

function serveInvoice(server: FakeServer, values: Record<string, unknown> = {}) {
  server.on('GET', API.invoices.detail(70), { status: 200, data: view(values) });
  server.on('GET', API.invoices.statusHistory, { status: 200, data: [] });
  server.on('GET', API.receipts.list, { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
  server.on('GET', API.invoices.templates.list, { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
}

/** The server answers a step with the invoice in `values`, and serves it so from then on. */
const answersWith = (server: FakeServer, values: Record<string, unknown>) => () => {
  serveInvoice(server, values);
  return { status: 200, data: view(values) };
};

const show = () => renderRoute('invoice-detail', InvoiceDetailScreen, '/invoices/70', NEIGHBOURS);
const actions = () => within(screen.getByRole('group', { name: 'Invoice actions' })).getAllByRole('button').map((b) => b.textContent);
const shownActions = async () => (await screen.findByRole('group', { name: 'Invoice actions' }), actions());
const notices = () => shownNotifications().map((n) => (n.caption ? [n.message, n.caption] : [n.message]));
const dialog = async (name: string) => {
  await waitFor(() => expect(document.querySelector(`form[aria-label="${name}"]`)).not.toBeNull());
  return document.querySelector(`form[aria-label="${name}"]`)! as HTMLElement;
};
const okOf = (form: HTMLElement, label: string) => within(form).getByRole('button', { name: label }) as HTMLButtonElement;

beforeEach(async () => {
  user = rohan();
  storeSession({ userId: ROHAN });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('customers').bulkPut([customer(ORBIT, { name: 'Orbit Retail LLP', state: 'Maharashtra', email: 'accounts@orbitretail.in' }), customer(ZENITH, { name: 'Zenith Stores', email: '' })]);
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  vi.restoreAllMocks();
});

describe('the steps follow the status table', () => {
  it('offers an approver who did not make it each status’s steps, and Record payment while something is owed', async () => {
    const server = fakeServer();
    const expected: [Record<string, unknown>, string[], boolean][] = [
      [{}, ['Approve', 'Edit', 'Delete draft'], false],
      [{ ...ISSUED, status: 'approved' }, ['Send', 'Mark sent', 'Mark paid', 'Cancel invoice'], true],
      [{ ...ISSUED, status: 'sent' }, ['Send', 'Mark paid', 'Void invoice'], true],
      [OVERDUE, ['Send', 'Send reminder', 'Mark paid', 'Void invoice'], true],
      [{ ...ISSUED, status: 'partially_paid', outstanding_amount: '1228.00' }, ['Send', 'Mark paid'], true],
    ];
    for (const [values, steps, owed] of expected) {
      serveInvoice(server, values);
      show();
      expect(await shownActions()).toEqual(steps);
      const record = screen.queryByRole('link', { name: 'Record payment' });
      expect(record?.getAttribute('href') ?? null).toBe(owed ? '/accounts/receipts?customer=31&invoice=70' : null);
      cleanup();
    }
    for (const status of ['paid', 'cancelled', 'void']) {
      serveInvoice(server, { ...ISSUED, status, outstanding_amount: '0.00' });
      show();
      await screen.findByRole('heading', { name: 'Invoice INV-26-27/00001' });
      expect(screen.queryByRole('group', { name: 'Invoice actions' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Record payment' })).toBeNull();
      cleanup();
    }
  });

  it('does not offer Approve without invoices.approve, nor tell the maker it is theirs to leave', async () => {
    const server = fakeServer();
    serveInvoice(server);
    user = lakshmi();
    show();
    expect(await shownActions()).toEqual(['Edit', 'Delete draft']);
    expect(screen.queryByText(ownApprovalMessage('invoice'))).toBeNull();
  });

  it('shows the server’s refusal of an approval as the caption of “Failed to approve invoice”', async () => {
    const server = fakeServer();
    serveInvoice(server);
    server.on('POST', API.invoices.approve(70), { status: 400, data: { non_field_errors: [ownApprovalMessage('invoice')] } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(notices()).toEqual([['Failed to approve invoice', ownApprovalMessage('invoice')]]));
    expect(server.calls('POST', API.invoices.approve(70))[0]!.body).toEqual({ expected_version: 3 });
  });
});

describe('sending', () => {
  it('starts from the customer’s address, posts the addresses and notes at the version shown, and shows the invoice sent', async () => {
    const server = fakeServer();
    serveInvoice(server, { ...ISSUED, status: 'approved' });
    server.on('POST', API.invoices.send(70), answersWith(server, { ...ISSUED, status: 'sent', version: 4 }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const form = await dialog('Send Invoice INV-26-27/00001');
    const addresses = within(form).getByLabelText(/^E-mail addresses/) as HTMLInputElement;
    expect(addresses.value).toBe('accounts@orbitretail.in');
    fireEvent.change(addresses, { target: { value: 'accounts@orbitretail.in, owner@orbitretail' } });
    expect(await within(form).findByText('Enter a valid email address.')).toBeTruthy();
    expect(okOf(form, 'Send').disabled).toBe(true);
    fireEvent.change(addresses, { target: { value: 'accounts@orbitretail.in, owner@orbitretail.in' } });
    fireEvent.change(within(form).getByLabelText(/^Notes/), { target: { value: 'As discussed on the phone.' } });
    fireEvent.click(okOf(form, 'Send'));
    await waitFor(() => expect(notices()).toEqual([['Invoice sent to accounts@orbitretail.in, owner@orbitretail.in.']]));
    expect(server.calls('POST', API.invoices.send(70)).map((c) => c.body)).toEqual([{ email_addresses: ['accounts@orbitretail.in', 'owner@orbitretail.in'], notes: 'As discussed on the phone.', expected_version: 3 }]);
    await waitFor(() => expect(actions()).toEqual(['Send', 'Mark paid', 'Void invoice']));
    expect(document.querySelector('form[aria-label="Send Invoice INV-26-27/00001"]')).toBeNull();
  });

  it('keeps the dialog open with the server’s message under the addresses when it has none to send to', async () => {
    const server = fakeServer();
    const noAddress = 'The customer has no e-mail address: give the address to send the invoice to.';
    serveInvoice(server, { ...ISSUED, status: 'approved', customer: ZENITH, customer_name: 'Zenith Stores' });
    server.on('POST', API.invoices.send(70), { status: 400, data: { email_addresses: [noAddress] } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const form = await dialog('Send Invoice INV-26-27/00001');
    expect((within(form).getByLabelText(/^E-mail addresses/) as HTMLInputElement).value).toBe('');
    fireEvent.click(okOf(form, 'Send'));
    expect(await within(form).findByText(noAddress)).toBeTruthy();
    expect(notices()).toEqual([['Failed to send invoice', noAddress]]);
    expect(server.calls('POST', API.invoices.send(70))[0]!.body).toEqual({ email_addresses: [], notes: '', expected_version: 3 });
  });

  it('reloads the invoice when someone changed it since it was shown (409), saying so', async () => {
    const server = fakeServer();
    const stale = 'This record was changed by someone else since you loaded it. Review the current values and try again.';
    serveInvoice(server, { ...ISSUED, status: 'approved' });
    server.on('POST', API.invoices.send(70), () => {
      serveInvoice(server, { ...ISSUED, status: 'cancelled', outstanding_amount: '0.00', version: 4 });
      return { status: 409, data: { detail: stale } };
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    fireEvent.click(okOf(await dialog('Send Invoice INV-26-27/00001'), 'Send'));
    await waitFor(() => expect(notices()).toEqual([['Failed to send invoice', stale]]));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Invoice actions' })).toBeNull());
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('sends a reminder of an overdue invoice only', async () => {
    const server = fakeServer();
    serveInvoice(server, OVERDUE);
    server.on('POST', API.invoices.sendReminder(70), answersWith(server, { ...OVERDUE, version: 4 }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Send reminder' }));
    const form = await dialog('Remind the customer of Invoice INV-26-27/00001');
    fireEvent.click(okOf(form, 'Send reminder'));
    await waitFor(() => expect(notices()).toEqual([['Payment reminder sent to accounts@orbitretail.in.']]));
    expect(server.calls('POST', API.invoices.sendReminder(70))[0]!.body).toEqual({ email_addresses: ['accounts@orbitretail.in'], notes: '', expected_version: 3 });
  });
});

describe('payments', () => {
  it('marks paid with the mode and reference (a reference needed for a bank transfer), and shows the invoice paid', async () => {
    const server = fakeServer();
    serveInvoice(server, { ...ISSUED, status: 'sent' });
    server.on('POST', API.invoices.markPaid(70), answersWith(server, { ...ISSUED, status: 'paid', outstanding_amount: '0.00', version: 4 }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const form = await dialog('Mark Invoice INV-26-27/00001 paid?');
    expect(within(form).getByText('₹ 4,228.00 still owed by Orbit Retail LLP is recorded as received, as one receipt against this invoice.')).toBeTruthy();
    expect((within(form).getByLabelText(/^Mode/) as HTMLSelectElement).value).toBe('bank_transfer');
    expect(okOf(form, 'Mark paid').disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/^Reference/), { target: { value: 'UTR 4471' } });
    fireEvent.change(within(form).getByLabelText(/^Remarks/), { target: { value: 'Paid in full' } });
    fireEvent.click(okOf(form, 'Mark paid'));
    await waitFor(() => expect(notices()).toEqual([['Invoice marked paid: a receipt of what was outstanding is recorded against it.']]));
    expect(server.calls('POST', API.invoices.markPaid(70))[0]!.body).toEqual({ receipt_date: businessToday(), mode: 'bank_transfer', reference: 'UTR 4471', remarks: 'Paid in full' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Invoice actions' })).toBeNull());
  });

  it('lists the allocations of the customer’s receipts to this invoice, and what they add up to', async () => {
    const server = fakeServer();
    serveInvoice(server, { ...ISSUED, status: 'partially_paid', outstanding_amount: '1228.00' });
    const receipt = (id: number, values: Record<string, unknown>, allocations: [number, number, string][]) => ({
      id,
      sales_order: null,
      job_order: null,
      customer: ORBIT,
      customer_name: 'Orbit Retail LLP',
      created_by_name: 'Lakshmi Menon',
      remarks: '',
      allocated_amount: '0.00',
      unallocated_amount: '0.00',
      allocations: allocations.map(([allocation, invoice, amount]) => ({ id: allocation, receipt: id, invoice, amount, invoice_number: null, ...tracked() })),
      ...values,
      ...tracked(),
    });
    server.on('GET', API.receipts.list, {
      status: 200,
      data: {
        count: 2,
        next: null,
        previous: null,
        results: [
          receipt(9, { receipt_date: '2026-11-25', amount: '2500.00', mode: 'upi', reference: 'UPI 88' }, [[21, 70, '1000.00'], [22, 71, '1500.00']]),
          receipt(8, { receipt_date: '2026-11-21', amount: '2000.00', mode: 'cash', reference: '' }, [[20, 70, '2000.00']]),
        ],
      },
    });
    show();
    const table = await screen.findByRole('table', { name: 'Payments received' });
    expect([...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Receipt 9', '25-11-2026', 'UPI', 'UPI 88', '1,000.00'],
      ['Receipt 8', '21-11-2026', 'Cash', '—', '2,000.00'],
    ]);
    expect(screen.getByTestId('payments-balance').textContent).toBe('Received ₹ 3,000.00 of ₹ 4,228.00; outstanding ₹ 1,228.00.');
    expect(server.calls('GET', API.receipts.list)[0]!.config.params).toEqual({ customer: ORBIT, page_size: 1000 });
  });
});

describe('cancel and void', () => {
  it('cancels with the reason required and the notes, at the version shown', async () => {
    const server = fakeServer();
    serveInvoice(server, { ...ISSUED, status: 'approved' });
    server.on('POST', API.invoices.cancel(70), answersWith(server, { ...ISSUED, status: 'cancelled', outstanding_amount: '0.00', cancellation_reason: 'Raised on the wrong branch', version: 4 }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel invoice' }));
    const form = await dialog('Cancel Invoice INV-26-27/00001?');
    expect(okOf(form, 'Cancel invoice').disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: '  ' } });
    expect(okOf(form, 'Cancel invoice').disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'Raised on the wrong branch' } });
    fireEvent.change(within(form).getByLabelText(/^Notes/), { target: { value: 'Re-issued for Bandra' } });
    fireEvent.click(okOf(form, 'Cancel invoice'));
    await waitFor(() => expect(notices()).toEqual([['Invoice cancelled.']]));
    expect(server.calls('POST', API.invoices.cancel(70))[0]!.body).toEqual({ reason: 'Raised on the wrong branch', notes: 'Re-issued for Bandra', expected_version: 3 });
    expect(await screen.findByText('Raised on the wrong branch')).toBeTruthy();
  });

  it('voids a sent invoice with its reason', async () => {
    const server = fakeServer();
    serveInvoice(server, { ...ISSUED, status: 'sent' });
    server.on('POST', API.invoices.void(70), answersWith(server, { ...ISSUED, status: 'void', outstanding_amount: '0.00', void_reason: 'Customer refused the goods', version: 4 }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Void invoice' }));
    const form = await dialog('Void Invoice INV-26-27/00001?');
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'Customer refused the goods' } });
    fireEvent.click(okOf(form, 'Void invoice'));
    await waitFor(() => expect(notices()).toEqual([['Invoice voided.']]));
    expect(server.calls('POST', API.invoices.void(70))[0]!.body).toEqual({ reason: 'Customer refused the goods', expected_version: 3 });
  });
});

describe('the PDF', () => {
  it('fetches generate_pdf/ with the template and payments chosen, with the session’s token, and shows it from an object URL it lets go of', async () => {
    const server = fakeServer();
    const access = makeToken('access', 300, ROHAN);
    storeSession({ access, refresh: makeToken('refresh', 3600, ROHAN), userId: ROHAN });
    serveInvoice(server, { ...ISSUED, status: 'sent' });
    server.on('GET', API.invoices.templates.list, {
      status: 200,
      data: { count: 2, next: null, previous: null, results: [{ id: 1, name: 'Tax invoice', content: {}, is_default: true, ...tracked() }, { id: 2, name: 'Proforma', content: { title: 'Proforma Invoice' }, is_default: false, ...tracked() }] },
    });
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    server.on('GET', API.invoices.pdf(70), { status: 200, data: pdf });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice-70');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    show();
    const template = (await screen.findByLabelText('Template')) as HTMLSelectElement;
    await waitFor(() => expect([...template.options].map((o) => o.textContent)).toEqual(['Default template', 'Tax invoice (default)', 'Proforma']));
    fireEvent.change(template, { target: { value: '2' } });
    const payments = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Include payments received' });
    fireEvent.click(payments);
    // The switch's own state (what the request is built from), not the native box, which flips at once.
    await waitFor(() => expect(payments.closest('[data-part="root"]')?.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    const frame = await screen.findByTitle('Invoice PDF preview');
    expect([frame.tagName, frame.getAttribute('data'), frame.getAttribute('type')]).toEqual(['OBJECT', 'blob:invoice-70', 'application/pdf']);
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    const [call] = server.calls('GET', API.invoices.pdf(70));
    expect(call!.config.params).toEqual({ template: 2, include_payments: true });
    expect(call!.config.responseType).toBe('blob');
    expect(call!.authorization).toBe(`JWT ${access}`);
    const download = screen.getByRole('link', { name: 'Download PDF' });
    expect([download.getAttribute('href'), download.getAttribute('download')]).toEqual(['blob:invoice-70', 'INV-26-27-00001.pdf']);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    cleanup();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:invoice-70');
  });

  it('says “Failed to generate PDF” with the server’s words read out of the blob', async () => {
    const server = fakeServer();
    serveInvoice(server, { ...ISSUED, status: 'sent' });
    server.on('GET', API.invoices.pdf(70), { status: 400, data: new Blob([JSON.stringify({ template: ['Invalid pk "9" - object does not exist.'] })], { type: 'application/json' }) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Preview PDF' }));
    await waitFor(() => expect(notices()).toEqual([['Failed to generate PDF', 'Invalid pk "9" - object does not exist.']]));
    expect(screen.queryByTitle('Invoice PDF preview')).toBeNull();
  });
});

describe('offline', () => {
  it('says the steps need a connection, opens no dialog and posts nothing', async () => {
    const server = fakeServer();
    serveInvoice(server, { ...ISSUED, status: 'approved' });
    show();
    await shownActions();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText('The invoice steps need a connection to the server: it numbers, mails and records them.')).toBeTruthy();
    for (const step of ['Send', 'Mark paid', 'Cancel invoice', 'Preview PDF']) fireEvent.click(screen.getByRole('button', { name: step }));
    expect(notices()).toEqual(Array.from({ length: 4 }, () => ['This needs a connection to the server. Try again when you are online.']));
    expect(document.querySelector('form[aria-label]')).toBeNull();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(server.calls('GET', API.invoices.pdf(70))).toEqual([]);
  });
});
