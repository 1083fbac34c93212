import './setup';
import 'fake-indexeddb/auto';
import '../../domain/zod-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { ownApprovalMessage } from '../../domain/duty-rules';
import { businessToday, formatDisplayDate } from '../../domain/rules/dates';
import type { User } from '../../domain/user';
import { AppDialog } from '../../src/ui/dialog';
import { closeDialog } from '../../src/ui/dialog-store';
import { Notifications } from '../../src/ui/Notifications';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import InvoiceCreditNotes from '../../src/features/invoices/InvoiceCreditNotes';
import { AppProviders } from './providers';
import { invoiceRow, tracked } from './rows';
import { fakeServer, makeUser } from './support';

const LAKSHMI = 11;
const ROHAN = 12;
const lakshmi = () => makeUser({ id: LAKSHMI, username: 'accounts', first_name: 'Lakshmi', last_name: 'Menon', department: 'accounts', designation: 'executive' });
const rohan = () => makeUser({ id: ROHAN, username: 'management', first_name: 'Rohan', last_name: 'Mehta', department: 'management', designation: 'manager' });

/** The figures of the worked example of tests/api/credit-notes.test.ts, on one line: the section shows only the total. */
const FIGURES = { subtotal: '1261.22', discount_amount: '67.89', taxable_amount: '1193.33', cgst_amount: '105.67', sgst_amount: '105.67', igst_amount: '0.00', tax_amount: '211.34', round_off: '0.33', total_amount: '1405.00' };

/** A credit note of invoice 70 as the list sends it: one stand and two bags returned (tests/api/credit-notes.test.ts). */
const note = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  credit_note_number: null,
  financial_year: null,
  invoice: 70,
  invoice_number: 'INV-26-27/00001',
  customer: 31,
  customer_name: 'Orbit Retail LLP',
  credit_note_date: '2026-11-25',
  status: 'draft',
  reason: 'One stand and two bags returned damaged',
  ...FIGURES,
  customer_state: 'Maharashtra',
  company_state: 'Maharashtra',
  approved_by: null,
  approved_at: null,
  created_by_name: 'Lakshmi Menon',
  approved_by_name: '',
  amount_in_words: 'Rupees One Thousand Four Hundred Five Only',
  items: [],
  ...tracked(),
  created_by: LAKSHMI,
  ...values,
});

/** Invoice 70, sent: three stands and two bags (tests/api/credit-notes.test.ts). */
const LINES = [
  { id: 501, invoice: 70, description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3.000', unit_price: '1234.56', discount: '203.68', tax_rate: '18.00', amount: '3703.68', taxable_amount: '3500.00', cgst_amount: '315.00', sgst_amount: '315.00', igst_amount: '0.00', line_total: '4130.00', ...tracked() },
  { id: 502, invoice: 70, description: 'Carry bag', hsn_code: '4202', unit: 'PCS', quantity: '2.000', unit_price: '46.66', discount: '0.00', tax_rate: '5.00', amount: '93.32', taxable_amount: '93.32', cgst_amount: '2.33', sgst_amount: '2.33', igst_amount: '0.00', line_total: '97.98', ...tracked() },
];
const INVOICE = { ...invoiceRow(70, { customer: 31, invoice_number: 'INV-26-27/00001', financial_year: '2026-27', status: 'sent', invoice_date: '2026-11-01' }), approved_by_name: 'Rohan Mehta', amount_in_words: '', items: LINES } as never;
/** A sales executive: reads invoices, writes none. */
const asha = () => makeUser();

function show(user: User, invoice = INVOICE) {
  render(
    <AppProviders>
      <InvoiceCreditNotes invoice={invoice} user={user} />
      <Notifications />
      <AppDialog />
    </AppProviders>,
  );
}

const rowsShown = async () => {
  const table = await screen.findByRole('table', { name: 'Credit notes' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
};

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  closeDialog(false);
  forgetNotificationsForTests();
});

describe('the credit notes of an invoice', () => {
  it('lists them with their number (a draft has none yet), date, reason, amount and status; the maker of a draft is told why not to approve it', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 2, next: null, previous: null, results: [note(2, { created_by: ROHAN }), note(1, { credit_note_number: 'CN-26-27/00001', status: 'approved', total_amount: '2823.00', reason: 'The rest returned' })] } });
    show(rohan());
    expect(await rowsShown()).toEqual([
      ['Draft', '25-11-2026', 'One stand and two bags returned damaged', '₹ 1,405.00', 'Draft', `${ownApprovalMessage('credit-note')}Delete`],
      ['CN-26-27/00001', '25-11-2026', 'The rest returned', '₹ 2,823.00', 'Approved', ''],
    ]);
    expect(server.calls('GET', API.invoices.creditNotes.list)[0]!.config.params).toEqual({ invoice: 70, page_size: 100 });
  });

  it('offers Approve to another approver, who gets the number; accounts staff who may not approve see no step', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 1, next: null, previous: null, results: [note(1)] } });
    server.on('POST', API.invoices.creditNotes.approve(1), { status: 200, data: note(1, { status: 'approved', credit_note_number: 'CN-26-27/00007' }) });
    show(lakshmi());
    expect(await rowsShown()).toEqual([['Draft', '25-11-2026', 'One stand and two bags returned damaged', '₹ 1,405.00', 'Draft', 'Delete']]);
    cleanup();
    show(rohan());
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(document.querySelector('[role="dialog"], [role="alertdialog"]')).not.toBeNull());
    fireEvent.click(within(document.querySelector('[role="dialog"], [role="alertdialog"]') as HTMLElement).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(shownNotifications().map((n) => n.message)).toEqual(['Credit note approved as CN-26-27/00007.']));
    expect(server.calls('POST', API.invoices.creditNotes.approve(1)).map((c) => c.body)).toEqual([{ expected_version: 3 }]);
  });

  it('shows the server\'s refusal as the caption', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 1, next: null, previous: null, results: [note(1)] } });
    server.on('POST', API.invoices.creditNotes.approve(1), { status: 400, data: { non_field_errors: ['A cancelled invoice cannot be credited: only an issued invoice that is neither cancelled nor void.'] } });
    show(rohan());
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(document.querySelector('[role="dialog"], [role="alertdialog"]')).not.toBeNull());
    fireEvent.click(within(document.querySelector('[role="dialog"], [role="alertdialog"]') as HTMLElement).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(shownNotifications().map((n) => [n.message, n.caption])).toEqual([['Failed to approve credit note', 'A cancelled invoice cannot be credited: only an issued invoice that is neither cancelled nor void.']]));
  });
});

const notices = () => shownNotifications().map((n) => (n.caption ? [n.message, n.caption] : [n.message]));
const form = async () => {
  await waitFor(() => expect(document.querySelector('form[aria-label="Raise a credit note against Invoice INV-26-27/00001"]')).not.toBeNull());
  return document.querySelector('form[aria-label="Raise a credit note against Invoice INV-26-27/00001"]') as HTMLElement;
};
const quantityOf = (dialog: HTMLElement, line: string) => within(dialog).getByRole('textbox', { name: `Quantity of ${line}` }) as HTMLInputElement;
/** One stand taken back on an earlier draft: two stands and both bags are left. */
const EARLIER = note(1, { items: [{ id: 901, credit_note: 1, invoice_item: 501, quantity: '1.000' }] });

describe('raising a credit note', () => {
  it('starts each line at what is left to credit, posts the date, reason and the lines taken back, and shows the totals the server worked out', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 1, next: null, previous: null, results: [EARLIER] } });
    server.on('POST', API.invoices.creditNotes.list, { status: 201, data: note(2) });
    show(lakshmi());
    fireEvent.click(await screen.findByRole('button', { name: 'Raise credit note' }));
    const dialog = await form();
    expect([quantityOf(dialog, 'Acrylic display stand').value, quantityOf(dialog, 'Carry bag').value]).toEqual(['2.000', '2.000']);
    expect((within(dialog).getByRole('textbox', { name: 'Credit note date' }) as HTMLInputElement).value).toBe(formatDisplayDate(businessToday()));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'One stand and two bags returned damaged' } });
    fireEvent.change(quantityOf(dialog, 'Acrylic display stand'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise credit note' }));
    await waitFor(() => expect(notices()).toEqual([['Credit note raised as a draft: another approver approves it.']]));
    expect(server.calls('POST', API.invoices.creditNotes.list).map((c) => c.body)).toEqual([
      { invoice: 70, credit_note_date: businessToday(), reason: 'One stand and two bags returned damaged', items: [{ invoice_item: 501, quantity: '1' }, { invoice_item: 502, quantity: '2.000' }] },
    ]);
    const totals = await screen.findByRole('group', { name: 'Credit note totals' });
    expect(within(totals).getByTestId('total-taxable-value').textContent).toBe('₹ 1,193.33');
    expect(within(totals).getByTestId('total-cgst').textContent).toBe('₹ 105.67');
    expect(within(totals).getByTestId('total-total').textContent).toBe('₹ 1,405.00');
    expect(document.querySelector('form[aria-label^="Raise a credit note"]')).toBeNull();
  });

  it("puts the server's messages under the line they name and its non_field_errors under the form", async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 1, next: null, previous: null, results: [EARLIER] } });
    server.on('POST', API.invoices.creditNotes.list, {
      status: 400,
      data: { 'items.0.quantity': ['More than is left to credit of this line (1.000).'], non_field_errors: ["The credit note's total (2823.00) is more than is left to credit on the invoice (1418.00)."] },
    });
    show(lakshmi());
    fireEvent.click(await screen.findByRole('button', { name: 'Raise credit note' }));
    const dialog = await form();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Returned' } });
    fireEvent.change(quantityOf(dialog, 'Acrylic display stand'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise credit note' }));
    expect(await within(dialog).findByText('More than is left to credit of this line (1.000).')).toBeTruthy();
    expect(within(dialog).getByText("The credit note's total (2823.00) is more than is left to credit on the invoice (1418.00).")).toBeTruthy();
    expect(server.calls('POST', API.invoices.creditNotes.list)[0]!.body).toMatchObject({ items: [{ invoice_item: 502, quantity: '2.000' }] });
    // The first line posted is the bag's: the message shows in the bag's row.
    const bagRow = within(dialog).getAllByRole('row').find((row) => row.textContent?.startsWith('Carry bag'))!;
    expect(within(bagRow).getByText('More than is left to credit of this line (1.000).')).toBeTruthy();
    expect(notices()[0]![0]).toBe('Failed to create credit note');
  });

  it('deletes a draft note at the version shown', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 1, next: null, previous: null, results: [EARLIER] } });
    server.on('DELETE', API.invoices.creditNotes.detail(1), { status: 200, data: EARLIER });
    show(lakshmi());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    fireEvent.click(within(document.querySelector('[role="alertdialog"]') as HTMLElement).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(notices()).toEqual([['Draft credit note deleted.']]));
    expect(server.calls('DELETE', API.invoices.creditNotes.detail(1)).map((c) => c.config.headers.get('If-Match'))).toEqual(['3']);
  });

  it('is not offered without invoices.write, nor on a cancelled invoice', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 1, next: null, previous: null, results: [EARLIER] } });
    show(asha());
    expect(await rowsShown()).toEqual([['Draft', '25-11-2026', 'One stand and two bags returned damaged', '₹ 1,405.00', 'Draft', '']]);
    expect(screen.queryByRole('button', { name: 'Raise credit note' })).toBeNull();
    cleanup();
    show(lakshmi(), { ...(INVOICE as object), status: 'cancelled' } as never);
    await rowsShown();
    expect(screen.queryByRole('button', { name: 'Raise credit note' })).toBeNull();
  });

  it('offline, says it needs a connection and opens no dialog', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 1, next: null, previous: null, results: [EARLIER] } });
    show(lakshmi());
    const raise = await screen.findByRole('button', { name: 'Raise credit note' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(raise);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(notices()).toEqual([['This needs a connection to the server. Try again when you are online.'], ['This needs a connection to the server. Try again when you are online.']]);
    expect(document.querySelector('form[aria-label^="Raise a credit note"]')).toBeNull();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
