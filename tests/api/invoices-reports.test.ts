import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { businessToday } from '../../domain/rules/dates';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();

/** An issued invoice of `rupees` (one line at nil GST), due `dueIn` days from today (negative: overdue). */
async function issued(customer: number, rupees: string, dueIn: number) {
  const due = businessToday(dueIn);
  const date = businessToday(Math.min(dueIn, 0) - 30);
  const made = await (await as('accounts')).post(API.invoices.list, { customer, invoice_date: date, due_date: due, items: [{ description: 'Display', quantity: '1', unit_price: rupees, tax_rate: '0' }] });
  expect(made.statusCode, made.body).toBe(201);
  return (await (await as('management')).post(API.invoices.approve(made.json().id), {})).json();
}

async function pay(customer: number, invoice: number, amount: string) {
  const res = await (await as('accounts')).post(API.receipts.list, { customer, receipt_date: businessToday(), amount, mode: 'cash', allocations: [{ invoice, amount }] });
  expect(res.statusCode, res.body).toBe(201);
}

describe('what customers owe', () => {
  it('the aging report buckets each customer\'s outstanding by days past due, the largest debtor first', async () => {
    await makeCompany(db());
    await makeGstRates(db());
    const orbit = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra' });
    const zenith = await makeCustomer(db(), { name: 'Zenith Stores', state: 'Maharashtra' });
    await issued(orbit.id, '1000', 10);
    await issued(orbit.id, '2000', -10);
    const partly = await issued(orbit.id, '3000', -45);
    await pay(orbit.id, partly.id, '500');
    await issued(zenith.id, '4000', -75);
    await issued(zenith.id, '5000', -120);
    const paid = await issued(zenith.id, '999', -200);
    await pay(zenith.id, paid.id, '999');
    const draft = await (await as('accounts')).post(API.invoices.list, { customer: zenith.id, invoice_date: businessToday(-300), due_date: businessToday(-270), items: [{ description: 'x', quantity: '1', unit_price: '7777', tax_rate: '0' }] });
    expect(draft.statusCode).toBe(201);

    const report = (await (await as('accounts')).get(API.invoices.agingReport)).json();
    expect(report.as_of).toBe(businessToday());
    expect(report.buckets).toEqual([
      { key: 'current', label: 'Not yet due', amount: '1000.00', count: 1 },
      { key: 'days_1_30', label: '1-30 days', amount: '2000.00', count: 1 },
      { key: 'days_31_60', label: '31-60 days', amount: '2500.00', count: 1 },
      { key: 'days_61_90', label: '61-90 days', amount: '4000.00', count: 1 },
      { key: 'days_over_90', label: 'Over 90 days', amount: '5000.00', count: 1 },
    ]);
    expect(report.customers).toEqual([
      { customer: zenith.id, customer_name: 'Zenith Stores', current: '0.00', days_1_30: '0.00', days_31_60: '0.00', days_61_90: '4000.00', days_over_90: '5000.00', total: '9000.00' },
      { customer: orbit.id, customer_name: 'Orbit Retail LLP', current: '1000.00', days_1_30: '2000.00', days_31_60: '2500.00', days_61_90: '0.00', days_over_90: '0.00', total: '5500.00' },
    ]);
    expect(report.total).toBe('14500.00');

    const overdue = (await (await as('accounts')).get(API.invoices.overdue)).json();
    expect(overdue.count).toBe(4);
    expect(overdue.results.map((r: { outstanding_amount: string }) => r.outstanding_amount)).toEqual(['5000.00', '4000.00', '2500.00', '2000.00']);

    const summary = (await (await as('accounts')).get(`${API.invoices.dashboardSummary}?date_from=${businessToday(-400)}&date_to=${businessToday()}`)).json();
    expect(summary).toMatchObject({ invoiced_count: 6, invoiced_amount: '15999.00', collected_amount: '1499.00', outstanding_amount: '14500.00', overdue_count: 4, overdue_amount: '13500.00', to_approve_count: 1 });
    expect(summary.by_status).toEqual([
      { status: 'approved', count: 4, amount: '12000.00' },
      { status: 'draft', count: 1, amount: '7777.00' },
      { status: 'paid', count: 1, amount: '999.00' },
      { status: 'partially_paid', count: 1, amount: '3000.00' },
    ]);
    const bad = await (await as('accounts')).get(`${API.invoices.dashboardSummary}?date_from=2026-12-01&date_to=2026-11-01`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { date_to: ['The end date cannot be before the start date.'] }]);
  });
});
