import './setup';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { ownApprovalMessage } from '../../domain/duty-rules';
import type { User } from '../../domain/user';
import { AppDialog } from '../../src/ui/dialog';
import { closeDialog } from '../../src/ui/dialog-store';
import { Notifications } from '../../src/ui/Notifications';
import { forgetNotificationsForTests, shownNotifications } from '../../src/ui/notify';
import InvoiceCreditNotes from '../../src/features/invoices/InvoiceCreditNotes';
import { AppProviders } from './providers';
import { tracked } from './rows';
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

function show(user: User) {
  render(
    <AppProviders>
      <InvoiceCreditNotes invoice={{ id: 70 }} user={user} />
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
      ['Draft', '25-11-2026', 'One stand and two bags returned damaged', '₹ 1,405.00', 'Draft', ownApprovalMessage('credit-note')],
      ['CN-26-27/00001', '25-11-2026', 'The rest returned', '₹ 2,823.00', 'Approved', ''],
    ]);
    expect(server.calls('GET', API.invoices.creditNotes.list)[0]!.config.params).toEqual({ invoice: 70, page_size: 100 });
  });

  it('offers Approve to another approver, who gets the number; accounts staff who may not approve see no step', async () => {
    const server = fakeServer();
    server.on('GET', API.invoices.creditNotes.list, { status: 200, data: { count: 1, next: null, previous: null, results: [note(1)] } });
    server.on('POST', API.invoices.creditNotes.approve(1), { status: 200, data: note(1, { status: 'approved', credit_note_number: 'CN-26-27/00007' }) });
    show(lakshmi());
    expect(await rowsShown()).toEqual([['Draft', '25-11-2026', 'One stand and two bags returned damaged', '₹ 1,405.00', 'Draft', '']]);
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
