import './setup';
import 'fake-indexeddb/auto';
// The app's plain messages (src/main.tsx installs them).
import '../../domain/zod-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { User } from '../../domain/user';
import { CUSTOMER_MESSAGES } from '../../domain/customer';
import { businessToday } from '../../domain/rules/dates';
import { routeByName, type RouteName } from '../../domain/routes';
import { renderRoute, renderRoutes } from './render-screen';
import { invoiceRow, jobOrderRow, quotationRow, salesOrderRow, tracked } from './rows';
import { makeUser, storeSession } from './support';
import { mirror } from '../../src/data/mirror/db';
import { outbox } from '../../src/data/outbox/db';
import { forgetNotificationsForTests } from '../../src/ui/notify';
import { branchChoicesOf } from '../../src/ui/entity-labels';
import { forgetUnsavedChangesForTests, hasUnsavedChanges } from '../../src/ui/unsaved-changes';
import CustomersScreen from '../../src/features/customers/CustomersScreen';
import CustomerDetailScreen from '../../src/features/customers/CustomerDetailScreen';
import CustomerEditScreen from '../../src/features/customers/CustomerEditScreen';
import CustomerBranchesScreen from '../../src/features/customers/CustomerBranchesScreen';
import CustomerLpoCodesScreen from '../../src/features/customers/CustomerLpoCodesScreen';

const ASHA = 7;
let user: User = makeUser({ id: ASHA });

vi.mock('../../src/data/session', async (original) => (await import('./screen-mocks')).signedInSession(original, () => user));
vi.mock('../../src/data/outbox/triggers', async (original) => (await import('./screen-mocks')).queueOnlyTriggers(original));

const NEIGHBOURS: RouteName[] = ['customers-home', 'sales-customers', 'customer-detail', 'sales-customer-detail', 'customer-edit', 'sales-customer-edit', 'job-order-detail', 'lead-detail', 'salesorder-detail', 'sales-order-detail', 'quotation-detail', 'sales-quotation-detail'];
const show = (routeName: RouteName, Screen: ComponentType, path: string) => renderRoute(routeName, Screen, path, NEIGHBOURS);

/** The edit screen and the detail it returns to, both real, in one router. */
const showEditAndDetail = (edit: RouteName, detail: RouteName, path: string) =>
  renderRoutes(
    [
      { path: routeByName(edit).path, element: <CustomerEditScreen />, handle: { route: routeByName(edit) } },
      { path: routeByName(detail).path, element: <CustomerDetailScreen />, handle: { route: routeByName(detail) } },
    ],
    path,
  );

const LULU = { id: 12, name: 'Lulu Hypermarket', enable_lpo_codes: true, phone: '98450 12345', email: 'buying@lulu.in', gst_number: '32AAACL1234F1Z8', state: 'Kerala', address: 'Edappally, Kochi', ...tracked() };
const TITAN = { id: 13, name: 'Titan Eye Plus', enable_lpo_codes: false, phone: '', email: '', gst_number: '', state: 'Karnataka', address: '', ...tracked() };
const branch = (id: number, values: Record<string, unknown>) => ({ id, customer: 12, location: '', address_line_1: '', is_active: true, contact_person_name: '', contact_person_number: '', ...tracked(), ...values });

const tableRows = (label: string) => [...screen.getByRole('table', { name: label }).querySelectorAll('tbody tr')];
const firstCells = (label: string) => tableRows(label).map((r) => r.querySelector('td')!.textContent);
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

beforeEach(async () => {
  user = makeUser({ id: ASHA, department: 'sales', designation: 'executive' });
  storeSession({ userId: ASHA });
  await Promise.all([...outbox.tables, ...mirror.tables].map((t) => t.clear()));
  await mirror.rows('customers').bulkPut([LULU, TITAN]);
  await mirror.rows('customerBranches').bulkPut([
    branch(41, { location: 'Pune', address_line_1: 'Plot 4, MIDC', contact_person_name: 'Ravi', contact_person_number: '9876543210' }),
    branch(42, { location: 'Nashik', address_line_1: '  ' }),
    branch(43, { location: 'Mumbai', address_line_1: 'Andheri East', is_active: false }),
    branch(44, { customer: 13, location: 'Bengaluru' }),
  ]);
  await mirror.rows('customerLpoCodes').bulkPut([
    { id: 61, customer: 12, code: 'LULU-ACR-01', article: 'Acrylic tray', ...tracked() },
    { id: 62, customer: 13, code: 'TITAN-01', article: 'Eyewear stand', ...tracked() },
  ]);
});

afterEach(() => {
  cleanup();
  forgetNotificationsForTests();
  forgetUnsavedChangesForTests();
});

describe('the customer detail', () => {
  it('shows the header and every branch under its label (location, plus address line 1 when present), active or not', async () => {
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    expect(await screen.findByRole('heading', { name: 'Lulu Hypermarket' })).toBeTruthy();
    for (const text of ['98450 12345', 'buying@lulu.in', '32AAACL1234F1Z8', 'Kerala', 'Edappally, Kochi']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('Uses LPO codes').nextElementSibling?.textContent).toBe('Yes');
    // By location; a blank address line leaves the location alone; another customer's branch is not here.
    expect(firstCells('Branches')).toEqual(['Mumbai - Andheri East', 'Nashik', 'Pune - Plot 4, MIDC']);
    expect(tableRows('Branches').map((r) => within(r as HTMLElement).getByText(/^(Active|Inactive)$/).textContent)).toEqual(['Inactive', 'Active', 'Active']);
  });

  it('offers only the active branches where a branch is picked, each under its label, keeping the one a record already has', async () => {
    expect(await branchChoicesOf(12)).toEqual([
      { value: '41', label: 'Pune - Plot 4, MIDC' },
      { value: '42', label: 'Nashik' },
    ]);
    expect((await branchChoicesOf(12, 43)).map((o) => o.label)).toEqual(['Pune - Plot 4, MIDC', 'Nashik', 'Mumbai - Andheri East']);
    expect(await branchChoicesOf(null)).toEqual([]);
  });

  it('shows the LPO codes only for a customer that uses them', async () => {
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    expect(await screen.findByRole('heading', { name: 'LPO codes' })).toBeTruthy();
    expect(firstCells('LPO codes')).toEqual(['LULU-ACR-01']);
    cleanup();
    show('customer-detail', CustomerDetailScreen, '/customers/detail/13');
    expect(await screen.findByRole('heading', { name: 'Titan Eye Plus' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Branches' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'LPO codes' })).toBeNull();
    expect(screen.queryByText('TITAN-01')).toBeNull();
  });

  it("lists the customer's job orders and the leads it came from, each opening its detail", async () => {
    await mirror.rows('jobOrders').bulkPut([jobOrderRow({ id: 501, customer: 12 }), jobOrderRow({ id: 502, customer: 13 })]);
    await mirror.rows('leads').bulkPut([
      { id: 71, company: 'Lulu Group', contact_person: 'Anil', stage: 'converted', followup_date: null, customer: 12, ...tracked() },
      { id: 72, company: 'Someone else', contact_person: '', stage: 'new', followup_date: null, customer: null, ...tracked() },
    ]);
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    await waitFor(() => expect(firstCells('Job orders of the customer')).toEqual(['501 - 20-11-2026']));
    expect(within(screen.getByRole('table', { name: 'Job orders of the customer' })).getByRole('link').getAttribute('href')).toBe('/jobs/job-order-detail/501');
    await waitFor(() => expect(firstCells('Leads of the customer')).toEqual(['Lulu Group']));
    expect(within(screen.getByRole('table', { name: 'Leads of the customer' })).getByRole('link').getAttribute('href')).toBe('/leads/detail/71');
    expect(screen.getByText('Converted')).toBeTruthy();
  });

  it("lists the customer's sales orders newest first, with number, date, status in its colour and value, each opening its detail in the same area", async () => {
    const order = (id: number, values: Record<string, unknown> = {}) => salesOrderRow(id, { customer: 12, ...values });
    await mirror.rows('salesOrders').bulkPut([
      order(41, { order_date: '2026-10-05', total_order_value: '125000.50', status: 'completed' }),
      order(44, { order_date: '2026-11-12', total_order_value: '1180.00', status: 'accepted' }),
      order(45, { customer: 13 }),
      order(46, { deleted_at: '2026-11-20T09:00:00.000Z' }),
    ]);
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    await waitFor(() => expect(firstCells('Sales orders of the customer')).toEqual(['44', '41']));
    expect(tableRows('Sales orders of the customer').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['44', '12-11-2026', 'Accepted', '1,180.00'],
      ['41', '05-10-2026', 'Completed', '1,25,000.50'],
    ]);
    const table = screen.getByRole('table', { name: 'Sales orders of the customer' });
    expect(table.querySelector('[data-status="completed"]')).not.toBeNull();
    expect(within(table).getAllByRole('link')[0]!.getAttribute('href')).toBe('/salesorder/44');
    cleanup();

    show('sales-customer-detail', CustomerDetailScreen, '/sales/detail/12');
    await waitFor(() => expect(firstCells('Sales orders of the customer')).toEqual(['44', '41']));
    expect(within(screen.getByRole('table', { name: 'Sales orders of the customer' })).getAllByRole('link')[0]!.getAttribute('href')).toBe('/sales/order/44');
  });

  it("shows what the customer owes on its issued invoices and how much is overdue, above its invoices newest first", async () => {
    const invoice = (id: number, values: Record<string, unknown> = {}) => invoiceRow(id, { customer: 12, customer_name: 'Lulu Hypermarket', ...values });
    await mirror.rows('invoices').bulkPut([
      invoice(81, { invoice_number: 'INV-26-27/00001', status: 'partially_paid', invoice_date: '2026-08-01', due_date: businessToday(-20), total_amount: '4228.00', outstanding_amount: '1228.00' }),
      invoice(82, { invoice_number: 'INV-26-27/00002', status: 'sent', invoice_date: '2026-11-01', due_date: businessToday(10), total_amount: '11800.00', outstanding_amount: '11800.00' }),
      invoice(83, { status: 'draft', total_amount: '500.00', outstanding_amount: '500.00', due_date: businessToday(-90) }),
      invoice(84, { invoice_number: 'INV-26-27/00003', status: 'paid', outstanding_amount: '0.00' }),
      invoice(85, { customer: 13 }),
    ]);
    user = makeUser({ id: ASHA, department: 'accounts', designation: 'executive' });
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    await waitFor(() => expect(firstCells('Invoices of the customer')).toEqual(['INV-26-27/00003', 'Draft', 'INV-26-27/00002', 'INV-26-27/00001']));
    // 1,228.00 + 11,800.00 owed; the draft owes nothing yet and the paid one nothing more.
    expect(screen.getByText((_, node) => node?.tagName === 'P' && node.textContent === 'Outstanding ₹13,028.00 (₹1,228.00 overdue)')).toBeTruthy();
    expect(tableRows('Invoices of the customer')[3]!.textContent).toContain('Partially Paid');
    expect(within(screen.getByRole('table', { name: 'Invoices of the customer' })).getAllByRole('link')[0]!.getAttribute('href')).toBe('/invoices/84');
  });

  it("lists the customer's quotations newest number first, with date, status in its colour and total, each opening its detail in the same area", async () => {
    await mirror.rows('quotations').bulkPut([
      quotationRow(5, 31, { customer: 12, quotation_date: '2026-10-05', total_amount: '125000.50', status: 'accepted' }),
      quotationRow(9, 34, { customer: 12, quotation_date: '2026-11-12', total_amount: '1180.00', status: 'sent' }),
      quotationRow(10, 35, { customer: 13 }),
      quotationRow(11, 36, { customer: 12, deleted_at: '2026-11-20T09:00:00.000Z' }),
    ]);
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    await waitFor(() => expect(firstCells('Quotations of the customer')).toEqual(['34', '31']));
    expect(tableRows('Quotations of the customer').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['34', '12-11-2026', 'Sent', '1,180.00'],
      ['31', '05-10-2026', 'Accepted', '1,25,000.50'],
    ]);
    const table = screen.getByRole('table', { name: 'Quotations of the customer' });
    expect(table.querySelector('[data-status="accepted"]')).not.toBeNull();
    expect(within(table).getAllByRole('link')[0]!.getAttribute('href')).toBe('/quotations/detail/9');
    cleanup();

    show('sales-customer-detail', CustomerDetailScreen, '/sales/detail/12');
    await waitFor(() => expect(firstCells('Quotations of the customer')).toEqual(['34', '31']));
    expect(within(screen.getByRole('table', { name: 'Quotations of the customer' })).getAllByRole('link')[0]!.getAttribute('href')).toBe('/sales/quotations/detail/9');
  });

  it('shows no quotations to a user who may not read them', async () => {
    user = makeUser({ id: ASHA, department: 'stores', designation: 'executive' });
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    expect(await screen.findByRole('heading', { name: 'Branches' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Quotations' })).toBeNull();
  });

  it('shows no sales orders to a user who may not read them', async () => {
    user = makeUser({ id: ASHA, department: 'stores', designation: 'executive' });
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    expect(await screen.findByRole('heading', { name: 'Branches' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sales orders' })).toBeNull();
  });

  it('shows no leads to a user who may not read them', async () => {
    user = makeUser({ id: ASHA, department: 'accounts', designation: 'executive' });
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    expect(await screen.findByRole('heading', { name: 'Branches' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Leads' })).toBeNull();
  });

  it('switches a branch off through the outbox with the version seen, and marks it pending', async () => {
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Pune - Plot 4, MIDC' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'customer-branch.edit', method: 'PATCH', url: '/customers/branches/edit/41/', headers: { 'If-Match': '3' }, body: { is_active: false } });
    const pune = () => tableRows('Branches').find((r) => r.textContent?.startsWith('Pune')) as HTMLElement;
    await waitFor(() => expect(pune().getAttribute('data-pending')).toBe('true'));
    await waitFor(() => expect(within(pune()).getByText('Inactive')).toBeTruthy());
  });

  it('adds a branch inline, checked with the domain schema first', async () => {
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Add branch' }));
    const form = screen.getByRole('form', { name: 'New branch' });
    fireEvent.change(field(form, 'Contact number'), { target: { value: '12ab' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add branch' }));
    expect(await within(form).findByText('Enter a valid phone number.')).toBeTruthy();
    expect(within(form).getByText('This field may not be blank.')).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);

    fireEvent.change(field(form, 'Location'), { target: { value: 'Thane' } });
    fireEvent.change(field(form, 'Address line 1'), { target: { value: 'Wagle Estate' } });
    fireEvent.change(field(form, 'Contact number'), { target: { value: '9820012345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add branch' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New branch' })).toBeNull());
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'customer-branch.add', method: 'POST', url: '/customers/branch/add/' });
    expect(entry!.body).toMatchObject({ customer: 12, location: 'Thane', address_line_1: 'Wagle Estate', contact_person_number: '9820012345', is_active: true });
    await waitFor(() => expect(firstCells('Branches')).toContain('Thane - Wagle EstatePending'));
  });

  it('edits a branch inline, sending only what changed', async () => {
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Nashik' }));
    const form = screen.getByRole('form', { name: 'Edit branch Nashik' });
    fireEvent.change(field(form, 'Address line 1'), { target: { value: 'Satpur MIDC' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.click(within(form).getByRole('button', { name: 'Save branch' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'customer-branch.edit', url: '/customers/branches/edit/42/', headers: { 'If-Match': '3' } });
    expect(entry!.body).toEqual({ address_line_1: 'Satpur MIDC' });
    await waitFor(() => expect(firstCells('Branches')).toContain('Nashik - Satpur MIDCPending'));
  });

  it('adds an LPO code through the outbox, refusing one the customer already has', async () => {
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Add LPO code' }));
    const form = screen.getByRole('form', { name: 'New LPO code' });
    fireEvent.change(field(form, 'Code'), { target: { value: 'LULU-ACR-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add LPO code' }));
    expect(await within(form).findByText(CUSTOMER_MESSAGES.duplicateLpoCode)).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);

    fireEvent.change(field(form, 'Code'), { target: { value: 'LULU-ACR-02' } });
    fireEvent.change(field(form, 'Article'), { target: { value: 'Acrylic riser' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add LPO code' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'customer-lpo-code.add', method: 'POST', url: '/customers/lpocodes/12/', body: { code: 'LULU-ACR-02', article: 'Acrylic riser' } });
    await waitFor(() => expect(firstCells('LPO codes')).toEqual(['LULU-ACR-01', 'LULU-ACR-02Pending']));
  });

  it('edits an LPO code with the version seen', async () => {
    show('customer-lpocodes-home', CustomerLpoCodesScreen, '/customers/12/lpocodes');
    expect(await screen.findByRole('heading', { name: 'LPO codes of Lulu Hypermarket' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit LULU-ACR-01' }));
    const form = screen.getByRole('form', { name: 'Edit LPO code LULU-ACR-01' });
    fireEvent.change(field(form, 'Article'), { target: { value: 'Acrylic tray, frosted' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save LPO code' }));
    await waitFor(async () => expect(await outbox.entries.count()).toBe(1));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'customer-lpo-code.edit', method: 'PATCH', url: '/customers/lpocodes/edit/61/', headers: { 'If-Match': '3' }, body: { article: 'Acrylic tray, frosted' } });
  });

  it('offers no edit, no new branch and no new LPO code to a user without customers.write', async () => {
    user = makeUser({ id: ASHA, department: 'stores', designation: 'executive' });
    show('customer-detail', CustomerDetailScreen, '/customers/detail/12');
    expect(await screen.findByRole('heading', { name: 'Lulu Hypermarket' })).toBeTruthy();
    expect(firstCells('Branches')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Edit customer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add branch' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Deactivate|Activate) / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add LPO code' })).toBeNull();
  });
});

describe('the customer edit', () => {
  it('saves through the outbox with the version seen, only what changed, and the detail shows it pending', async () => {
    const router = showEditAndDetail('sales-customer-edit', 'sales-customer-detail', '/sales/edit/12');
    const form = await screen.findByRole('form', { name: 'Edit customer' });
    expect(field(form, 'Name').value).toBe('Lulu Hypermarket');
    fireEvent.change(field(form, 'Name'), { target: { value: 'Lulu Hypermarket LLP' } });
    fireEvent.change(field(form, 'Phone'), { target: { value: '98450 99999' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/detail/12'));
    const [entry] = await outbox.entries.toArray();
    expect(entry).toMatchObject({ operation: 'customer.edit', method: 'PATCH', url: '/customers/customers/12/', headers: { 'If-Match': '3' }, userId: ASHA, state: 'pending' });
    expect(entry!.body).toEqual({ name: 'Lulu Hypermarket LLP', phone: '98450 99999' });
    expect(await screen.findByRole('heading', { name: 'Lulu Hypermarket LLP' })).toBeTruthy();
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(screen.getByText('98450 99999')).toBeTruthy();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('shows each bad field its message and queues nothing', async () => {
    show('customer-edit', CustomerEditScreen, '/customers/edit/12');
    const form = await screen.findByRole('form', { name: 'Edit customer' });
    fireEvent.change(field(form, 'Name'), { target: { value: '  ' } });
    fireEvent.change(field(form, 'Phone'), { target: { value: '12ab' } });
    fireEvent.change(field(form, 'Email'), { target: { value: 'buying@lulu' } });
    fireEvent.change(field(form, 'GST number'), { target: { value: 'GST123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Enter a valid phone number.')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address.')).toBeTruthy();
    expect(within(form).getByText('Enter a valid GST number.')).toBeTruthy();
    expect(within(form).getByText('This field may not be blank.')).toBeTruthy();
    expect(field(form, 'Name').getAttribute('aria-invalid')).toBe('true');
    expect(await outbox.entries.count()).toBe(0);
  });

  it("refuses another customer's name, ignoring case and spaces", async () => {
    show('customer-edit', CustomerEditScreen, '/customers/edit/12');
    const form = await screen.findByRole('form', { name: 'Edit customer' });
    fireEvent.change(field(form, 'Name'), { target: { value: 'titan eyeplus' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(CUSTOMER_MESSAGES.duplicateName)).toBeTruthy();
    expect(await outbox.entries.count()).toBe(0);
  });
});

describe('the customer lists', () => {
  it('opens each customer from the list in its own layout: the sales list opens the sales detail', async () => {
    show('sales-customers', CustomersScreen, '/sales/customers');
    expect((await screen.findByRole('link', { name: 'Lulu Hypermarket' })).getAttribute('href')).toBe('/sales/detail/12');
    cleanup();
    show('customers-home', CustomersScreen, '/customers');
    expect((await screen.findByRole('link', { name: 'Titan Eye Plus' })).getAttribute('href')).toBe('/customers/detail/13');
  });

  it("lists one customer's branches on their own screen", async () => {
    show('customer-branches-home', CustomerBranchesScreen, '/customers/13/branches');
    expect(await screen.findByRole('heading', { name: 'Branches of Titan Eye Plus' })).toBeTruthy();
    expect(firstCells('Branches')).toEqual(['Bengaluru']);
  });
});
