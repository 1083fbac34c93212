import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { businessToday, formatDisplayDate } from '../../domain/rules/dates';
import type { User } from '../../domain/user';
import { InvoiceRecurring } from '../../src/features/invoices/InvoiceRecurring';
import { AppDialog } from '../../src/ui/dialog';
import { closeDialog } from '../../src/ui/dialog-store';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import { AppProviders } from './providers';
import { invoiceRow, tracked } from './rows';
import { fakeServer, makeUser } from './support';

/** "Repeat this invoice" and the recurring setups of an invoice (decisions 327 to 329). */

const lakshmi = () => makeUser({ id: 11, username: 'accounts', first_name: 'Lakshmi', department: 'accounts', designation: 'executive' });
const asha = () => makeUser();
const ISSUED = { invoice_number: 'INV-26-27/00001', financial_year: '2026-27', status: 'sent' };
const invoice = (values: Record<string, unknown>) => ({ ...invoiceRow(70, values), approved_by_name: '', amount_in_words: '', items: [] }) as never;
const show = (user: User, values: Record<string, unknown> = ISSUED) =>
  render(
    <AppProviders>
      <InvoiceRecurring invoice={invoice(values)} user={user} />
      <AppDialog />
    </AppProviders>,
  );
/** A monthly setup of invoice 70 from 1 December 2026, for 6 invoices, 2 raised so far. */
const setup = (values: Record<string, unknown> = {}) => ({
  id: 5,
  template_invoice: 70,
  template_invoice_number: 'INV-26-27/00001',
  customer: 31,
  customer_name: 'Orbit Retail LLP',
  frequency: 'monthly',
  start_date: '2026-12-01',
  next_date: '2027-02-01',
  end_date: null,
  occurrences: 6,
  is_active: true,
  invoices_raised: 2,
  last_invoice: 88,
  ...tracked(),
  ...values,
});
const page = (...results: unknown[]) => ({ status: 200, data: { count: results.length, next: null, previous: null, results } });
const notices = () => shownNotifications().map((n) => (n.caption ? [n.message, n.caption] : [n.message]));
const dialog = async () => {
  await waitFor(() => expect(document.querySelector('form[aria-label="Repeat Invoice INV-26-27/00001"]')).not.toBeNull());
  return document.querySelector('form[aria-label="Repeat Invoice INV-26-27/00001"]') as HTMLElement;
};

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
});

describe('repeating an invoice', () => {
  it('posts the frequency, start date and count of an issued invoice and says when the first copy comes', async () => {
    const server = fakeServer().on('GET', API.invoices.recurring, page());
    server.on('POST', API.invoices.createRecurring(70), { status: 201, data: setup({ frequency: 'quarterly', start_date: businessToday(), next_date: businessToday(), occurrences: 4, invoices_raised: 0, last_invoice: null }) });
    show(lakshmi());
    expect(await screen.findByText('This invoice is not repeated.')).toBeTruthy();
    expect(server.calls('GET', API.invoices.recurring)[0]!.config.params).toEqual({ template_invoice: 70 });
    fireEvent.click(screen.getByRole('button', { name: 'Repeat this invoice' }));
    const form = await dialog();
    expect((within(form).getByRole('textbox', { name: 'Start date' }) as HTMLInputElement).value).toBe(formatDisplayDate(businessToday()));
    fireEvent.change(within(form).getByLabelText(/^Frequency/), { target: { value: 'quarterly' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Number of invoices/ }), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Repeat' }));
    await waitFor(() => expect(notices()).toEqual([[`The invoice repeats: the first copy is raised on ${formatDisplayDate(businessToday())}.`]]));
    expect(server.calls('POST', API.invoices.createRecurring(70)).map((c) => c.body)).toEqual([{ frequency: 'quarterly', start_date: businessToday(), end_date: null, occurrences: 4 }]);
  });

  it("puts the server's messages under their fields and its non_field_errors under the form", async () => {
    const server = fakeServer().on('GET', API.invoices.recurring, page());
    server.on('POST', API.invoices.createRecurring(70), {
      status: 400,
      data: { start_date: ['The start date cannot be in the past: the first invoice is raised on it.'], non_field_errors: ['This invoice is already raised on a schedule: stop that schedule first.'] },
    });
    show(lakshmi());
    fireEvent.click(await screen.findByRole('button', { name: 'Repeat this invoice' }));
    const form = await dialog();
    fireEvent.change(within(form).getByRole('textbox', { name: /^End date/ }), { target: { value: '31-12-2027' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Repeat' }));
    expect(await within(form).findByText('The start date cannot be in the past: the first invoice is raised on it.')).toBeTruthy();
    expect(within(form).getByText('This invoice is already raised on a schedule: stop that schedule first.')).toBeTruthy();
    expect(server.calls('POST', API.invoices.createRecurring(70))[0]!.body).toEqual({ frequency: 'monthly', start_date: businessToday(), end_date: '2027-12-31', occurrences: null });
    expect(notices()).toEqual([['Failed to set up the recurring invoice', 'The start date cannot be in the past: the first invoice is raised on it.']]);
  });

  it('shows an active setup with its state, and stops it at its version', async () => {
    const server = fakeServer().on('GET', API.invoices.recurring, page(setup()));
    server.on('PATCH', API.invoices.recurringDetail(5), { status: 200, data: setup({ is_active: false, version: 4 }) });
    show(lakshmi());
    expect(await screen.findByText('Monthly from 01-12-2026, 6 invoices')).toBeTruthy();
    expect(screen.getByText('Active: next on 01-02-2027')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Repeat this invoice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop repeating' }));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    fireEvent.click(within(document.querySelector('[role="alertdialog"]') as HTMLElement).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(notices()).toEqual([['The recurring invoice is stopped: no more copies are raised.']]));
    expect(server.calls('PATCH', API.invoices.recurringDetail(5)).map((c) => c.body)).toEqual([{ is_active: false, expected_version: 3 }]);
  });

  it('offers neither step without invoices.write, and nothing on a draft that was never repeated', async () => {
    fakeServer().on('GET', API.invoices.recurring, page(setup({ is_active: false, end_date: '2027-06-30', occurrences: null })));
    show(asha());
    expect(await screen.findByText('Stopped')).toBeTruthy();
    expect(screen.getByText('Monthly from 01-12-2026, until 30-06-2027')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    cleanup();
    const server = fakeServer().on('GET', API.invoices.recurring, page());
    show(lakshmi(), { status: 'draft' });
    await waitFor(() => expect(server.calls('GET', API.invoices.recurring)).toHaveLength(1));
    expect(screen.queryByText('Recurring')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('offline, says it needs a connection and posts nothing', async () => {
    const server = fakeServer().on('GET', API.invoices.recurring, page());
    show(lakshmi());
    const repeat = await screen.findByRole('button', { name: 'Repeat this invoice' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(repeat);
    expect(notices()).toEqual([['This needs a connection to the server. Try again when you are online.']]);
    expect(document.querySelector('form[aria-label]')).toBeNull();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
