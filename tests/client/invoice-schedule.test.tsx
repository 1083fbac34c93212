import './setup';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { API } from '../../domain/api-paths';
import { businessToday, formatDisplayDate } from '../../domain/rules/dates';
import { InvoiceSchedule } from '../../src/features/invoices/InvoiceSchedule';
import { AppProviders } from './providers';
import { tracked } from './rows';
import { fakeServer } from './support';

/** The payment schedule section of an invoice (decisions 326, 327), read from the server. */

const instalment = (id: number, due_date: string, amount: string, paid_at: string | null = null) => ({ id, invoice: 70, due_date, amount, is_paid: paid_at !== null, paid_at, ...tracked() });
const show = (total = '4228.00') =>
  render(
    <AppProviders>
      <InvoiceSchedule invoice={{ id: 70, total_amount: total }} />
    </AppProviders>,
  );
const rows = () => [...document.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));

afterEach(cleanup);

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
    show();
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
