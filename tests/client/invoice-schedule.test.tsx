import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { businessToday, formatDisplayDate } from '../../domain/rules/dates';
import type { User } from '../../domain/user';
import { InvoiceSchedule } from '../../src/features/invoices/InvoiceSchedule';
import { AppDialog } from '../../src/ui/dialog';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { AppProviders } from './providers';
import { invoiceRow, tracked } from './rows';
import { fakeServer, makeUser } from './support';

/** The payment schedule section of an invoice (decisions 326, 327), read from the server. */

const instalment = (id: number, due_date: string, amount: string, paid_at: string | null = null) => ({ id, invoice: 70, due_date, amount, is_paid: paid_at !== null, paid_at, ...tracked() });
/** Lakshmi, accounts: writes invoices and receipts. Asha, sales: reads them. */
const lakshmi = () => makeUser({ id: 11, username: 'accounts', first_name: 'Lakshmi', department: 'accounts', designation: 'executive' });
const asha = () => makeUser();
const invoice = (values: Record<string, unknown> = {}) => ({ ...invoiceRow(70, { invoice_date: '2026-11-01', ...values }), approved_by_name: '', amount_in_words: '', items: [] }) as never;
const ISSUED = { invoice_number: 'INV-26-27/00001', financial_year: '2026-27', status: 'sent' };
const show = (values: Record<string, unknown> = ISSUED, user: User = asha()) =>
  render(
    <AppProviders>
      <InvoiceSchedule invoice={invoice(values)} user={user} />
      <AppDialog />
    </AppProviders>,
  );
const rows = () => [...document.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
});
const page = (...results: unknown[]) => ({ status: 200, data: { count: results.length, next: null, previous: null, results } });
const notices = () => shownNotifications().map((n) => (n.caption ? [n.message, n.caption] : [n.message]));
const dialog = async (name: string) => {
  await waitFor(() => expect(document.querySelector(`form[aria-label="${name}"]`)).not.toBeNull());
  return document.querySelector(`form[aria-label="${name}"]`)! as HTMLElement;
};
const stepsOfRow = (row: number) => within(document.querySelectorAll('tbody tr')[row] as HTMLElement).queryAllByRole('button').map((b) => b.textContent);

describe('the payment schedule of an invoice', () => {
  it('lists the instalments with their due dates, amounts and whether each is paid, overdue or due', async () => {
    const server = fakeServer().on('GET', API.invoices.paymentSchedules.list, {
      status: 200,
      data: { count: 3, next: null, previous: null, results: [instalment(1, '2026-10-20', '1000.00', '2026-10-18T06:30:00.000Z'), instalment(2, businessToday(-3), '1000.00'), instalment(3, businessToday(30), '2228.00')] },
    });
    show();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()).toEqual([
      ['20-10-2026', '1,000.00', 'Paid on 18-10-2026'],
      [formatDisplayDate(businessToday(-3)), '1,000.00', 'Overdue'],
      [formatDisplayDate(businessToday(30)), '2,228.00', 'Due'],
    ]);
    expect(server.calls('GET', API.invoices.paymentSchedules.list)[0]!.config.params).toEqual({ invoice: 70 });
    expect(screen.queryByText(/is scheduled/)).toBeNull();
  });

  it('says how much is scheduled when the instalments do not add up to the total', async () => {
    fakeServer().on('GET', API.invoices.paymentSchedules.list, { status: 200, data: { count: 1, next: null, previous: null, results: [instalment(1, '2026-12-20', '2000.00')] } });
    show({ total_amount: '4228.00' });
    expect(await screen.findByText('₹ 2,000.00 of ₹ 4,228.00 is scheduled: the instalments must add up to the total before the invoice is approved.')).toBeTruthy();
  });

  it('says when there are no instalments, and shows the server’s words when the read fails', async () => {
    fakeServer().on('GET', API.invoices.paymentSchedules.list, { status: 200, data: { count: 0, next: null, previous: null, results: [] } });
    show();
    expect(await screen.findByText('No instalments: the invoice is due in full on its due date.')).toBeTruthy();
    cleanup();
    fakeServer().on('GET', API.invoices.paymentSchedules.list, { status: 403, data: { detail: 'You do not have permission to perform this action.' } });
    show();
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeTruthy();
  });
});

describe('editing the payment schedule', () => {
  it('adds an instalment to a draft, starting at what is left to schedule', async () => {
    const server = fakeServer().on('GET', API.invoices.paymentSchedules.list, page(instalment(1, '2026-12-01', '2000.00')));
    server.on('POST', API.invoices.paymentSchedules.list, { status: 201, data: instalment(2, '2027-01-01', '2228.00') });
    show({}, lakshmi());
    expect((await screen.findByTestId('left-to-schedule')).textContent).toBe('₹ 2,228.00 left to schedule.');
    fireEvent.click(screen.getByRole('button', { name: 'Add instalment' }));
    const form = await dialog('Add an instalment');
    expect(within(form).getByText("₹ 2,228.00 of the invoice's total is left to schedule.")).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Amount (₹)' }) as HTMLInputElement).value).toBe('2228.00');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Due date' }), { target: { value: '01-01-2027' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add instalment' }));
    await waitFor(() => expect(notices()).toEqual([['Instalment added.']]));
    expect(server.calls('POST', API.invoices.paymentSchedules.list).map((c) => c.body)).toEqual([{ invoice: 70, due_date: '2027-01-01', amount: '2228.00' }]);
  });

  it("puts the server's refusal under the amount", async () => {
    const server = fakeServer().on('GET', API.invoices.paymentSchedules.list, page());
    const overTotal = "The instalments would add up to more than the invoice's total of ₹4,228.00: at most ₹4,228.00 is left to schedule.";
    server.on('POST', API.invoices.paymentSchedules.list, { status: 400, data: { amount: [overTotal] } });
    show({}, lakshmi());
    fireEvent.click(await screen.findByRole('button', { name: 'Add instalment' }));
    const form = await dialog('Add an instalment');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Due date' }), { target: { value: '01-01-2027' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Amount (₹)' }), { target: { value: '5000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add instalment' }));
    expect(await within(form).findByText(overTotal)).toBeTruthy();
    expect(notices()).toEqual([['Failed to save the instalment', overTotal]]);
  });

  it("changes a draft's instalment's due date and amount at its version, and removes one", async () => {
    const server = fakeServer().on('GET', API.invoices.paymentSchedules.list, page(instalment(1, '2026-12-01', '2000.00')));
    server.on('PATCH', API.invoices.paymentSchedules.detail(1), { status: 200, data: instalment(1, '2026-12-15', '2500.00') });
    server.on('DELETE', API.invoices.paymentSchedules.detail(1), { status: 200, data: instalment(1, '2026-12-01', '2000.00') });
    show({}, lakshmi());
    await waitFor(() => expect(stepsOfRow(0)).toEqual(['Change', 'Remove']));
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const form = await dialog('Change the instalment due 01-12-2026');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Due date' }), { target: { value: '15-12-2026' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Amount (₹)' }), { target: { value: '2500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save instalment' }));
    await waitFor(() => expect(notices()).toEqual([['Instalment saved.']]));
    expect(server.calls('PATCH', API.invoices.paymentSchedules.detail(1)).map((c) => c.body)).toEqual([{ due_date: '2026-12-15', amount: '2500', expected_version: 3 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    fireEvent.click(within(document.querySelector('[role="alertdialog"]') as HTMLElement).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(notices()).toEqual([['Instalment removed.'], ['Instalment saved.']]));
    expect(server.calls('DELETE', API.invoices.paymentSchedules.detail(1)).map((c) => c.config.headers.get('If-Match'))).toEqual(['3']);
  });

  it("on an issued invoice only moves an unpaid instalment's due date, and marks one paid", async () => {
    const server = fakeServer().on('GET', API.invoices.paymentSchedules.list, page(instalment(1, '2026-11-10', '2000.00', '2026-11-09T06:30:00.000Z'), instalment(2, '2026-12-20', '2228.00')));
    server.on('PATCH', API.invoices.paymentSchedules.detail(2), { status: 200, data: instalment(2, '2027-01-05', '2228.00') });
    server.on('POST', API.invoices.paymentScheduleMarkPaid(2), { status: 200, data: instalment(2, '2026-12-20', '2228.00', '2026-11-28T06:30:00.000Z') });
    show({ ...ISSUED, outstanding_amount: '2228.00' }, lakshmi());
    await waitFor(() => expect([stepsOfRow(0), stepsOfRow(1)]).toEqual([[], ['Change', 'Mark paid']]));
    expect(screen.queryByRole('button', { name: 'Add instalment' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const form = await dialog('Change the instalment due 20-12-2026');
    expect(within(form).queryByRole('textbox', { name: 'Amount (₹)' })).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Due date' }), { target: { value: '05-01-2027' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save instalment' }));
    await waitFor(() => expect(notices()).toEqual([['Instalment saved.']]));
    expect(server.calls('PATCH', API.invoices.paymentSchedules.detail(2)).map((c) => c.body)).toEqual([{ due_date: '2027-01-05', expected_version: 3 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const paid = await dialog('Mark the instalment due 20-12-2026 of Invoice INV-26-27/00001 paid?');
    fireEvent.change(within(paid).getByLabelText(/^Reference/), { target: { value: 'UTR 5521' } });
    fireEvent.click(within(paid).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(notices()).toEqual([['Instalment marked paid: a receipt of what was owed through it is recorded.'], ['Instalment saved.']]));
    expect(server.calls('POST', API.invoices.paymentScheduleMarkPaid(2)).map((c) => c.body)).toEqual([{ receipt_date: businessToday(), mode: 'bank_transfer', reference: 'UTR 5521', remarks: '' }]);
  });

  it('offers no step without invoices.write, and offline says it needs a connection', async () => {
    const server = fakeServer().on('GET', API.invoices.paymentSchedules.list, page(instalment(1, '2026-12-01', '2000.00')));
    show({}, asha());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryAllByRole('button')).toEqual([]);
    cleanup();
    show({}, lakshmi());
    await screen.findByRole('button', { name: 'Add instalment' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    for (const step of ['Add instalment', 'Change', 'Remove']) fireEvent.click(screen.getByRole('button', { name: step }));
    expect(notices()).toEqual(Array.from({ length: 3 }, () => ['This needs a connection to the server. Try again when you are online.']));
    expect(document.querySelector('form[aria-label]')).toBeNull();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
