import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { API } from '../../domain/api-paths';
import { ownApprovalMessage } from '../../domain/duty-rules';
import type { RouteName } from '../../domain/routes';
import { businessToday, formatDisplayDate } from '../../domain/rules/dates';
import type { User } from '../../domain/user';
import { renderRoute } from './render-screen';
import { invoiceRow as sharedInvoiceRow, tracked } from './rows';
import { fakeServer, makeUser, storeSession, type FakeServer } from './support';
import { answersOnItsThread, serveThread } from './record-thread';
import { customer } from './mirror-fakes';
import { metaKey, mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { forgetUnsavedChangesForTests } from '../../src/ui/unsaved-changes';
import InvoicesScreen from '../../src/features/invoices/InvoicesScreen';
import InvoiceFormScreen, { INVOICE_FORM_NOTICES } from '../../src/features/invoices/InvoiceFormScreen';
import InvoiceDetailScreen from '../../src/features/invoices/InvoiceDetailScreen';

const LAKSHMI = 11;
const ROHAN = 12;
const lakshmi = () => makeUser({ id: LAKSHMI, username: 'accounts', first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' });
const rohan = () => makeUser({ id: ROHAN, username: 'management', first_name: 'Rohan', last_name: 'Mehta', department: 'management', designation: 'manager' });
let user: User = lakshmi();

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['invoices-home', 'invoice-create', 'invoice-edit', 'invoice-detail'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const dialogElement = async () => {
  await waitFor(() => expect(document.querySelector(DIALOG)).not.toBeNull());
  return document.querySelector(DIALOG)! as HTMLElement;
};

const ORBIT = 31;
const ZENITH = 32;
const COMPANY = { name: 'Signcraft Fabricators', address: 'Bhosari, Pune', gstin: '27AAACS1234F1ZS', state: 'Maharashtra', phone: '', email: '', logo: null, updated_at: null };

const invoiceRow = (id: number, values: Record<string, unknown> = {}) => sharedInvoiceRow(id, { customer: ORBIT, created_by: LAKSHMI, ...values });

const LINES = [
  { id: 501, invoice: 70, description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3.000', unit_price: '1234.56', discount: '203.68', tax_rate: '18.00', amount: '3703.68', taxable_amount: '3500.00', cgst_amount: '315.00', sgst_amount: '315.00', igst_amount: '0.00', line_total: '4130.00', ...tracked() },
  { id: 502, invoice: 70, description: 'Printed gift bag', hsn_code: '4819', unit: 'NOS', quantity: '7.000', unit_price: '13.33', discount: '0.00', tax_rate: '5.00', amount: '93.31', taxable_amount: '93.31', cgst_amount: '2.33', sgst_amount: '2.33', igst_amount: '0.00', line_total: '97.97', ...tracked() },
];

/** Draft invoice 70 as GET invoices/70/ sends it: made by Lakshmi, the two lines of the worked example. */
const view = (values: Record<string, unknown> = {}) => ({ ...invoiceRow(70), approved_by_name: '', amount_in_words: 'Rupees Four Thousand Two Hundred Twenty Eight Only', items: LINES, ...values });
const HISTORY = [{ id: 1, invoice: 70, from_status: null, to_status: 'draft', changed_by: LAKSHMI, changed_by_name: 'Lakshmi Menon', reason: '', notes: '', ...tracked() }];

function serveInvoice(server: FakeServer, values: Record<string, unknown> = {}) {
  server.on('GET', API.invoices.detail(70), { status: 200, data: view(values) });
  server.on('GET', API.invoices.statusHistory, { status: 200, data: HISTORY });
}
const actions = () => within(screen.getByRole('group', { name: 'Invoice actions' })).getAllByRole('button').map((b) => b.textContent);

beforeEach(async () => {
  user = lakshmi();
  storeSession({ userId: LAKSHMI });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('customers').bulkPut([
    customer(ORBIT, { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7' }),
    customer(ZENITH, { name: 'Zenith Stores', state: 'Karnataka' }),
  ]);
});

afterEach(() => {
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
  vi.restoreAllMocks();
});

// The cells after each row's selection box.
const listRows = () => [...document.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].slice(1).map((td) => td.textContent));

describe('the invoice list, read from the device', () => {
  beforeEach(async () => {
    await mirror.rows('invoices').bulkPut([
      invoiceRow(70),
      invoiceRow(71, { invoice_number: 'INV-26-27/00001', status: 'sent', invoice_date: '2026-09-01', due_date: businessToday(-12), outstanding_amount: '1500.00' }),
      invoiceRow(72, { invoice_number: 'INV-26-27/00002', status: 'paid', customer: ZENITH, customer_name: 'Zenith Stores', due_date: businessToday(-40), total_amount: '98.00', outstanding_amount: '0.00' }),
      invoiceRow(73, { status: 'draft', deleted_at: '2026-11-23T05:00:00.000Z' }),
    ]);
  });

  it('shows the live invoices newest first: number or Draft, customer, dates, total, outstanding, status, and how many days overdue', async () => {
    const router = show('invoices-home', InvoicesScreen, '/invoices');
    await screen.findByRole('link', { name: 'INV-26-27/00002' });
    expect(listRows()).toEqual([
      ['INV-26-27/00002', 'Zenith Stores', '20-11-2026', formatDisplayDate(businessToday(-40)), '98.00', '0.00', 'Paid'],
      ['INV-26-27/00001', 'Orbit Retail LLP', '01-09-2026', `${formatDisplayDate(businessToday(-12))}Overdue 12 days`, '4,228.00', '1,500.00', 'Sent'],
      ['Draft', 'Orbit Retail LLP', '20-11-2026', '20-12-2026', '4,228.00', '4,228.00', 'Draft'],
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/70'));
  });

  it('narrows by status, customer and overdue, and by a search', async () => {
    show('invoices-home', InvoicesScreen, '/invoices');
    await screen.findByRole('link', { name: 'INV-26-27/00002' });
    const numbers = () => listRows().map((cells) => cells[0]);
    fireEvent.change(screen.getByLabelText('Overdue'), { target: { value: 'true' } });
    await waitFor(() => expect(numbers()).toEqual(['INV-26-27/00001']));
    fireEvent.change(screen.getByLabelText('Overdue'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: String(ORBIT) } });
    await waitFor(() => expect(numbers()).toEqual(['INV-26-27/00001', 'Draft']));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    await waitFor(() => expect(numbers()).toEqual(['Draft']));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Search invoices'), { target: { value: 'zenith' } });
    await waitFor(() => expect(numbers()).toEqual(['INV-26-27/00002']));
  });

  it('says the invoices failed to load with the reason, and keeps showing the rows the device holds', async () => {
    await mirror.meta.put({ key: metaKey(LAKSHMI, 'invoices'), userId: LAKSHMI, type: 'invoices', cursor: '9', loadedAt: Date.now(), rowCount: 3, error: 'The server cannot be reached.' });
    show('invoices-home', InvoicesScreen, '/invoices');
    expect(await screen.findByText('Failed to load invoices: The server cannot be reached.')).toBeTruthy();
    await waitFor(() => expect(listRows()).toHaveLength(3));
  });

  it('offers New invoice to accounts, not to sales who only read invoices', async () => {
    const router = show('invoices-home', InvoicesScreen, '/invoices');
    fireEvent.click(await screen.findByRole('button', { name: 'New invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/create'));
    cleanup();
    user = makeUser({ id: 40, department: 'sales', designation: 'executive' });
    show('invoices-home', InvoicesScreen, '/invoices');
    await screen.findByRole('link', { name: 'INV-26-27/00002' });
    expect(screen.queryByRole('button', { name: 'New invoice' })).toBeNull();
  });
});

/** Types a line of the form: description, quantity, rate, discount and GST %. */
function typeLine(item: number, line: { description: string; quantity: string; rate: string; discount?: string; gst: string; hsn?: string }) {
  fireEvent.change(screen.getByLabelText(`Description of item ${item}`), { target: { value: line.description } });
  if (line.hsn) fireEvent.change(screen.getByLabelText(`HSN/SAC of item ${item}`), { target: { value: line.hsn } });
  fireEvent.change(screen.getByLabelText(`Quantity of item ${item}`), { target: { value: line.quantity } });
  fireEvent.change(screen.getByLabelText(`Rate of item ${item}`), { target: { value: line.rate } });
  if (line.discount) fireEvent.change(screen.getByLabelText(`Discount of item ${item}`), { target: { value: line.discount } });
  fireEvent.change(within(screen.getByRole('group', { name: `Item ${item}` })).getByLabelText('GST %'), { target: { value: line.gst } });
}

const totalsShown = () => {
  const summary = screen.getByRole('group', { name: 'Invoice totals' });
  return [...summary.querySelectorAll('[data-testid^="total-"]')].map((e) => [e.getAttribute('data-testid'), e.textContent]);
};

async function fillWorkedExample(server: FakeServer) {
  server.on('GET', API.system.company, { status: 200, data: COMPANY });
  show('invoice-create', InvoiceFormScreen, '/invoices/create');
  const customerSelect = (await screen.findByLabelText(/^Customer/)) as HTMLSelectElement;
  await waitFor(() => expect([...customerSelect.options].map((o) => o.textContent)).toEqual(['Select', 'Orbit Retail LLP', 'Zenith Stores']));
  fireEvent.change(customerSelect, { target: { value: String(ORBIT) } });
  typeLine(1, { description: 'Acrylic display stand', hsn: '3926', quantity: '3', rate: '1234.56', discount: '203.68', gst: '18' });
  fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
  typeLine(2, { description: 'Printed gift bag', hsn: '4819', quantity: '7', rate: '13.33', gst: '5' });
}

describe('a new invoice', () => {
  it('dates itself today, due in 30 days, and works out GST as typed: 3 × 1,234.56 less 203.68 at 18 % and 7 × 13.33 at 5 % inside Maharashtra', async () => {
    const server = fakeServer();
    await fillWorkedExample(server);
    expect((screen.getByLabelText(/^Invoice date/) as HTMLInputElement).value).toBe(formatDisplayDate(businessToday()));
    expect((screen.getByLabelText(/^Due date/) as HTMLInputElement).value).toBe(formatDisplayDate(businessToday(30)));
    expect(screen.getByTestId('place-of-supply').textContent).toBe('Place of supply: Maharashtra · GSTIN 27AAGFO4321K1Z7');
    // Line 1: 3703.68 − 203.68 = 3500.00, 9 % each = 315.00; line 2: 93.31, 2.5 % each = 2.33.
    await waitFor(() =>
      expect(totalsShown()).toEqual([
        ['total-taxable-value', '₹ 3,593.31'],
        ['total-cgst', '₹ 317.33'],
        ['total-sgst', '₹ 317.33'],
        ['total-round-off', '₹ 0.03'],
        ['total-total', '₹ 4,228.00'],
      ]),
    );
    expect(screen.getByTestId('amount-in-words').textContent).toBe('Rupees Four Thousand Two Hundred Twenty Eight Only');
    expect(screen.getByTestId('line-1-tax').textContent).toBe('Taxable ₹ 3,500.00 · CGST ₹ 315.00 · SGST ₹ 315.00');
    expect(screen.getByTestId('line-2-tax').textContent).toBe('Taxable ₹ 93.31 · CGST ₹ 2.33 · SGST ₹ 2.33');
  });

  it('charges IGST at the whole rate for a customer in another state', async () => {
    const server = fakeServer();
    await fillWorkedExample(server);
    fireEvent.change(screen.getByLabelText(/^Customer/), { target: { value: String(ZENITH) } });
    // 630.00 + 4.67 = 634.67; 3593.31 + 634.67 = 4227.98, rounded up by 0.02.
    await waitFor(() =>
      expect(totalsShown()).toEqual([
        ['total-taxable-value', '₹ 3,593.31'],
        ['total-igst', '₹ 634.67'],
        ['total-round-off', '₹ 0.02'],
        ['total-total', '₹ 4,228.00'],
      ]),
    );
    expect(screen.getByTestId('place-of-supply').textContent).toBe('Place of supply: Karnataka');
  });

  it('posts the draft with its lines and opens it', async () => {
    const server = fakeServer();
    server.on('POST', API.invoices.list, { status: 201, data: view() });
    serveInvoice(server);
    await fillWorkedExample(server);
    fireEvent.change(screen.getByLabelText(/^Notes/), { target: { value: 'Thank you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice' }));
    await waitFor(() => expect(server.calls('POST', API.invoices.list)).toHaveLength(1));
    expect(server.calls('POST', API.invoices.list)[0]!.body).toEqual({
      customer: ORBIT,
      invoice_date: businessToday(),
      due_date: businessToday(30),
      notes: 'Thank you',
      terms: '',
      items: [
        { description: 'Acrylic display stand', hsn_code: '3926', unit: 'NOS', quantity: '3', unit_price: '1234.56', discount: '203.68', tax_rate: '18' },
        { description: 'Printed gift bag', hsn_code: '4819', unit: 'NOS', quantity: '7', unit_price: '13.33', discount: '0', tax_rate: '5' },
      ],
    });
    expect(await screen.findByText('invoice-detail')).toBeTruthy();
  });

  it('puts a 400 on the line field it names, and says it failed with the server’s words', async () => {
    const server = fakeServer();
    const refused = '40 % is not a GST rate in the tax configurations (0.00, 5.00, 18.00).';
    server.on('POST', API.invoices.list, { status: 400, data: { 'items.1.tax_rate': [refused] } });
    await fillWorkedExample(server);
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice' }));
    expect(await within(screen.getByRole('group', { name: 'Item 2' })).findByText(refused)).toBeTruthy();
    const rate = within(screen.getByRole('group', { name: 'Item 2' })).getByLabelText('GST %');
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByRole('group', { name: 'Item 1' })).getByLabelText('GST %').getAttribute('aria-invalid')).toBeNull();
    expect(shownNotifications().map((n) => [n.message, n.caption])).toEqual([['Failed to create invoice', refused]]);
  });

  it('offers the GST rates in force for the customer, and takes the due days, terms and notes of the invoicing settings', async () => {
    const server = fakeServer();
    server.on('GET', API.system.company, { status: 200, data: COMPANY });
    server.on('GET', API.invoices.currentRates, { status: 200, data: { intra_state: true, gst_rates: ['0.00', '5.00', '18.00'], configurations: [] } });
    server.on('GET', API.invoices.settings, {
      status: 200,
      data: { id: 1, prefix: 'INV-', number_padding: 5, default_due_days: 45, default_terms: 'Payment within 45 days.', default_notes: 'Thank you for your business.', financial_year: '2026-27', next_number: 71, next_invoice_number: 'INV-26-27/00071', ...tracked() },
    });
    show('invoice-create', InvoiceFormScreen, '/invoices/create');
    await waitFor(() => expect((screen.getByLabelText(/^Terms/) as HTMLTextAreaElement).value).toBe('Payment within 45 days.'));
    expect((screen.getByLabelText(/^Notes/) as HTMLTextAreaElement).value).toBe('Thank you for your business.');
    expect((screen.getByLabelText(/^Due date/) as HTMLInputElement).value).toBe(formatDisplayDate(businessToday(45)));
    const rate = within(screen.getByRole('group', { name: 'Item 1' })).getByLabelText('GST %') as HTMLSelectElement;
    expect([...rate.options].map((o) => o.textContent)).toEqual(['0 %', '5 %', '18 %', '40 %']);
    const customerSelect = screen.getByLabelText(/^Customer/) as HTMLSelectElement;
    await waitFor(() => expect(customerSelect.options).toHaveLength(3));
    fireEvent.change(customerSelect, { target: { value: String(ORBIT) } });
    await waitFor(() => expect([...rate.options].map((o) => o.textContent)).toEqual(['0 %', '5 %', '18 %']));
    expect(server.calls('GET', API.invoices.currentRates)[0]!.config.params).toEqual({ customer_state: 'Maharashtra' });
    fireEvent.change(screen.getByLabelText(/^Invoice date/), { target: { value: '01-12-2026' } });
    expect((screen.getByLabelText(/^Due date/) as HTMLInputElement).value).toBe('15-01-2027');
  });

  it('cannot be saved without a customer or an item description, and posts nothing', async () => {
    const server = fakeServer();
    server.on('GET', API.system.company, { status: 200, data: COMPANY });
    show('invoice-create', InvoiceFormScreen, '/invoices/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Save invoice' }));
    expect(await screen.findByText('Choose a customer.')).toBeTruthy();
    expect(screen.getByLabelText('Description of item 1').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('POST', API.invoices.list)).toEqual([]);
  });

  it('offline, says invoicing needs the server and keeps what was typed', async () => {
    const server = fakeServer();
    await fillWorkedExample(server);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice' }));
    expect(await screen.findByText(INVOICE_FORM_NOTICES.offline)).toBeTruthy();
    expect(server.calls('POST', API.invoices.list)).toEqual([]);
    expect((screen.getByLabelText('Quantity of item 1') as HTMLInputElement).value).toBe('3');
  });
});

describe('editing a draft', () => {
  it('fills the form from the draft and replaces it at the version opened', async () => {
    const server = fakeServer();
    server.on('GET', API.system.company, { status: 200, data: COMPANY });
    serveInvoice(server);
    server.on('PUT', API.invoices.detail(70), { status: 200, data: view({ version: 4 }) });
    show('invoice-edit', InvoiceFormScreen, '/invoices/70/edit');
    expect(await screen.findByRole('heading', { name: 'Edit draft invoice 70' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^Customer/) as HTMLSelectElement).value).toBe(String(ORBIT)));
    expect((within(screen.getByRole('group', { name: 'Item 1' })).getByLabelText('GST %') as HTMLSelectElement).value).toBe('18');
    await waitFor(() => expect(screen.getByTestId('total-total').textContent).toBe('₹ 4,228.00'));
    fireEvent.change(screen.getByLabelText('Quantity of item 2'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoice' }));
    await waitFor(() => expect(server.calls('PUT', API.invoices.detail(70))).toHaveLength(1));
    expect(server.calls('PUT', API.invoices.detail(70))[0]!.body).toMatchObject({ customer: ORBIT, invoice_date: '2026-11-20', due_date: '2026-12-20', expected_version: 3, items: [{ quantity: '3.000' }, { quantity: '8', tax_rate: '5' }] });
  });

  it('refuses an approved invoice: its lines are frozen', async () => {
    const server = fakeServer();
    serveInvoice(server, { status: 'approved', invoice_number: 'INV-26-27/00001' });
    show('invoice-edit', InvoiceFormScreen, '/invoices/70/edit');
    expect(await screen.findByText('An approved invoice cannot be changed: its lines and amounts are frozen; cancel it and raise a new one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save invoice' })).toBeNull();
  });
});

describe('an invoice’s detail', () => {
  it('shows the header, the lines with their GST, the tax summary and the status history', async () => {
    const server = fakeServer();
    serveInvoice(server);
    show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    expect(await screen.findByRole('heading', { name: 'Draft invoice 70' })).toBeTruthy();
    expect(screen.getByText('Place of supply').nextSibling?.textContent).toBe('Maharashtra');
    const lines = [...screen.getByRole('table', { name: 'Invoice lines' }).querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(lines).toEqual([
      ['Acrylic display stand', '3926', '3.000 Pcs', '1,234.56', '203.68', '3,500.00', '18.00', '315.00', '315.00', '4,130.00'],
      ['Printed gift bag', '4819', '7.000 Nos', '13.33', '0.00', '93.31', '5.00', '2.33', '2.33', '97.97'],
    ]);
    const summary = screen.getByRole('group', { name: 'Tax summary' });
    expect(within(summary).getByTestId('total-round-off').textContent).toBe('₹ 0.03');
    expect(within(summary).getByTestId('amount-in-words').textContent).toBe('Rupees Four Thousand Two Hundred Twenty Eight Only');
    const history = await screen.findByRole('table', { name: 'Status history' });
    expect([...history.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['20-11-2026', '—', 'Draft', 'Lakshmi Menon', '—']);
  });

  it('opens its thread under "Messages", named as the screen names the invoice, and writes to invoice-<id>', async () => {
    const server = fakeServer();
    serveInvoice(server, { status: 'approved', invoice_number: 'INV-26-27/00001' });
    serveThread(server, 'invoice-70');
    show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    await answersOnItsThread('invoice-70', 'Messages about Invoice INV-26-27/00001');
  });

  it('does not offer Approve to the invoice’s maker, and says why; another approver sees it', async () => {
    const server = fakeServer();
    serveInvoice(server, { created_by: ROHAN });
    user = rohan();
    show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    expect(await screen.findByText(ownApprovalMessage('invoice'))).toBeTruthy();
    expect(actions()).toEqual(['Edit', 'Delete draft']);
    cleanup();
    serveInvoice(server);
    show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    await screen.findByRole('group', { name: 'Invoice actions' });
    expect(actions()).toEqual(['Approve', 'Edit', 'Delete draft']);
    expect(screen.queryByText(ownApprovalMessage('invoice'))).toBeNull();
  });

  it('approves at the version shown, numbering the invoice; deletes a draft and goes back to the list', async () => {
    const server = fakeServer();
    serveInvoice(server);
    const approved = { status: 'approved', invoice_number: 'INV-26-27/00071', approved_by: ROHAN, approved_by_name: 'Rohan Mehta', version: 4 };
    server.on('POST', API.invoices.approve(70), () => {
      serveInvoice(server, approved);
      return { status: 200, data: view(approved) };
    });
    user = rohan();
    show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-26-27/00071' })).toBeTruthy();
    expect(server.calls('POST', API.invoices.approve(70))[0]!.body).toEqual({ expected_version: 3 });
    expect(shownNotifications().map((n) => n.message)).toEqual(['Invoice approved as INV-26-27/00071.']);
    cleanup();
    serveInvoice(server);
    server.on('DELETE', API.invoices.detail(70), { status: 200, data: view() });
    user = lakshmi();
    const router = show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete draft' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(server.calls('DELETE', API.invoices.detail(70))[0]!.config.headers.get('If-Match')).toBe('3');
  });

  it('offers the steps of the status: Mark sent on an approved invoice, Void on a sent one', async () => {
    const server = fakeServer();
    serveInvoice(server, { status: 'approved', invoice_number: 'INV-26-27/00001' });
    show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    await screen.findByRole('heading', { name: 'Invoice INV-26-27/00001' });
    expect(actions()).toEqual(['Send', 'Mark sent', 'Mark paid', 'Cancel invoice']);
    const sent = { status: 'sent', invoice_number: 'INV-26-27/00001', version: 4 };
    server.on('POST', API.invoices.updateStatus(70), () => {
      serveInvoice(server, sent);
      return { status: 200, data: view(sent) };
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mark sent' }));
    fireEvent.click(within(await dialogElement()).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(actions()).toEqual(['Send', 'Mark paid', 'Void invoice']));
    expect(server.calls('POST', API.invoices.updateStatus(70))[0]!.body).toEqual({ status: 'sent', expected_version: 3 });
  });

  it('cancels only with a reason, and shows the server’s refusal under its failure', async () => {
    const server = fakeServer();
    serveInvoice(server, { status: 'approved', invoice_number: 'INV-26-27/00001' });
    server.on('POST', API.invoices.cancel(70), { status: 409, data: { detail: 'The invoice was changed by someone else.' } });
    show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel invoice' }));
    const dialog = await dialogElement();
    const ok = within(dialog).getByRole('button', { name: 'Cancel invoice' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: '   ' } });
    expect(ok.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Raised on the wrong branch' } });
    expect(ok.disabled).toBe(false);
    fireEvent.click(ok);
    await waitFor(() => expect(shownNotifications().map((n) => [n.message, n.caption])).toEqual([['Failed to cancel invoice', 'The invoice was changed by someone else.']]));
    expect(server.calls('POST', API.invoices.cancel(70))[0]!.body).toEqual({ reason: 'Raised on the wrong branch', expected_version: 3 });
  });

  it('reads offline from the device: the synced row and its mirrored lines', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.detail(70), 'network-error');
    await mirror.rows('invoices').put(invoiceRow(70));
    await mirror.rows('invoiceItems').bulkPut(LINES);
    show('invoice-detail', InvoiceDetailScreen, '/invoices/70');
    expect(await screen.findByText(/Shown as this device last synced it/)).toBeTruthy();
    const lines = await screen.findByRole('table', { name: 'Invoice lines' });
    expect([...lines.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')?.textContent)).toEqual(['Acrylic display stand', 'Printed gift bag']);
    expect(within(screen.getByRole('group', { name: 'Tax summary' })).getByTestId('amount-in-words').textContent).toBe('Rupees Four Thousand Two Hundred Twenty Eight Only');
  });
});
