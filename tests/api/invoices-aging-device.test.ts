import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import type { AgingReport, InvoiceListRow } from '../../domain/invoice';
import { agingOf } from '../../domain/invoice-aging';
import { businessToday } from '../../domain/rules/dates';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();

/** An issued invoice of `rupees` (one line at nil GST), due `dueIn` days from today (negative: past due). */
async function issued(customer: number, rupees: string, dueIn: number) {
  const made = await (await as('accounts')).post(API.invoices.list, {
    customer,
    invoice_date: businessToday(Math.min(dueIn, 0) - 30),
    due_date: businessToday(dueIn),
    items: [{ description: 'Display', quantity: '1', unit_price: rupees, tax_rate: '0' }],
  });
  expect(made.statusCode, made.body).toBe(201);
  const approved = await (await as('management')).post(API.invoices.approve(made.json().id), {});
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json();
}

/**
 * accounts-home ages what is owed on the device when the server cannot answer (decision 334):
 * its rule (domain/invoice-aging.ts) must give the aging report's figures for the same invoices,
 * on every bucket's edge.
 */
describe("the device's aging agrees with the aging report", () => {
  it('gives the same buckets and total from the invoices the list sends as aging_report/ gives, days 0, 1, 30, 31, 60, 61, 90 and 91 past due included', async () => {
    await makeCompany(db());
    await makeGstRates(db());
    const orbit = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra' });
    const zenith = await makeCustomer(db(), { name: 'Zenith Stores', state: 'Maharashtra' });
    for (const [rupees, dueIn] of [
      ['100', 5],
      ['200', 0],
      ['300', -1],
      ['400', -30],
      ['500', -31],
      ['600', -60],
      ['700', -61],
      ['800', -90],
      ['900', -91],
    ] as const) {
      await issued(orbit.id, rupees, dueIn);
    }
    // Paid in full: owes nothing. A draft: not yet owed.
    const paid = await issued(zenith.id, '999', -200);
    const receipt = await (await as('accounts')).post(API.receipts.list, { customer: zenith.id, receipt_date: businessToday(), amount: '999', mode: 'cash', allocations: [{ invoice: paid.id, amount: '999' }] });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const draft = await (await as('accounts')).post(API.invoices.list, { customer: zenith.id, invoice_date: businessToday(-300), due_date: businessToday(-270), items: [{ description: 'x', quantity: '1', unit_price: '7777', tax_rate: '0' }] });
    expect(draft.statusCode, draft.body).toBe(201);

    const report: AgingReport = (await (await as('accounts')).get(API.invoices.agingReport)).json();
    const expected = {
      buckets: [
        { key: 'current', label: 'Not yet due', amount: '300.00', count: 2 },
        { key: 'days_1_30', label: '1-30 days', amount: '700.00', count: 2 },
        { key: 'days_31_60', label: '31-60 days', amount: '1100.00', count: 2 },
        { key: 'days_61_90', label: '61-90 days', amount: '1500.00', count: 2 },
        { key: 'days_over_90', label: 'Over 90 days', amount: '900.00', count: 1 },
      ],
      total: '4500.00',
    };
    expect({ buckets: report.buckets, total: report.total }).toEqual(expected);

    const list = (await (await as('accounts')).get(`${API.invoices.list}?page_size=100`)).json();
    expect(list.count).toBe(11);
    expect(agingOf(list.results as InvoiceListRow[], report.as_of)).toEqual(expected);
  });
});
