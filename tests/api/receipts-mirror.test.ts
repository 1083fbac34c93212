import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/**
 * The receipts the device mirrors (issue 20 §4, accounts preload): `receipts/?updated_since=`
 * answers the receipts written since a cursor with their allocations and what is left
 * unallocated, a receipt allocated later or removed included, so the device's copy follows.
 */

const { as, db } = useTestServer();

const LINE = { description: 'Acrylic display stand', hsn_code: '3926', quantity: '1', unit_price: '10000', tax_rate: '18' };

async function setUp() {
  await makeCompany(db());
  await makeGstRates(db());
  return makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra' });
}

/** An invoice of 11,800.00, approved by management. */
async function issued(customer: number, extra: Record<string, unknown> = {}) {
  const made = await (await as('accounts')).post(API.invoices.list, { customer, invoice_date: '2026-11-20', due_date: '2026-12-20', items: [LINE], ...extra });
  expect(made.statusCode, made.body).toBe(201);
  return (await (await as('management')).post(API.invoices.approve(made.json().id), {})).json();
}

async function record(body: Record<string, unknown>) {
  const res = await (await as('accounts')).post(API.receipts.list, { receipt_date: '2026-11-25', mode: 'cash', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

type Row = { id: number; amount: string; allocated_amount: string; unallocated_amount: string; deleted_at: string | null; allocations: { invoice: number; amount: string }[] };
const delta = async (cursor: string) => (await (await as('accounts')).get(`${API.receipts.list}?updated_since=${cursor}`)).json() as { results: Row[]; cursor: string };
const shown = (rows: Row[]) => rows.map((r) => [r.id, r.allocated_amount, r.unallocated_amount, r.deleted_at !== null]);

describe('the receipts delta the device loads', () => {
  it('answers every receipt from cursor 0 with its customer, allocations and unallocated amount, and the cursor to ask from next', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const paid = await record({ customer: customer.id, amount: '5000', allocations: [{ invoice: invoice.id, amount: '4000' }] });
    const onAccount = await record({ customer: customer.id, amount: '700' });
    const body = await delta('0');
    expect(body.cursor).toEqual(expect.any(String));
    expect(shown(body.results)).toEqual([
      [paid.id, '4000.00', '1000.00', false],
      [onAccount.id, '0.00', '700.00', false],
    ]);
    expect(body.results[0]).toMatchObject({ customer: customer.id, customer_name: 'Orbit Retail LLP', mode: 'cash', receipt_date: '2026-11-25', amount: '5000.00', allocations: [{ invoice: invoice.id, amount: '4000.00', invoice_number: 'INV-26-27/00001' }] });
    expect((await delta(body.cursor)).results).toEqual([]);
  });

  it('sends again a receipt allocated later, and one removed as recorded in error', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const onAccount = await record({ customer: customer.id, amount: '2000' });
    const wrong = await record({ customer: customer.id, amount: '300' });
    const untouched = await record({ customer: customer.id, amount: '50' });
    const { cursor } = await delta('0');
    const client = await as('accounts');
    expect((await client.post(API.receipts.allocate(onAccount.id), { allocations: [{ invoice: invoice.id, amount: '1500' }] })).statusCode).toBe(200);
    expect((await client.delete(API.receipts.detail(wrong.id), {}, { reason: 'Entered twice' })).statusCode).toBe(200);
    const changed = (await delta(cursor)).results;
    expect(shown(changed)).toEqual([
      [onAccount.id, '1500.00', '500.00', false],
      [wrong.id, '0.00', '300.00', true],
    ]);
    expect(changed.map((r) => r.id)).not.toContain(untouched.id);
  });

  it('sends again an advance applied to the invoice issued later for its job order', async () => {
    const customer = await setUp();
    const job = await makeJobOrder(db(), { customer: customer.id, status: 'dispatched' });
    await makeJobOrderItem(db(), job.id, { quantity: '1', unit_price: '10000' });
    const advance = await record({ customer: customer.id, amount: '3000', job_order: job.id });
    const { cursor } = await delta('0');
    const draft = (await (await as('accounts')).post(API.invoices.createFromJobOrder, { job_order: job.id, invoice_date: '2026-11-20' })).json();
    expect((await (await as('management')).post(API.invoices.approve(draft.id), {})).statusCode).toBe(200);
    expect(shown((await delta(cursor)).results)).toEqual([[advance.id, '3000.00', '0.00', false]]);
  });

  it('is read by accounts, sales and management, and refused to the other departments', async () => {
    await setUp();
    for (const [user, status] of [
      ['accounts', 200],
      ['sales.exec', 200],
      ['management', 200],
      ['stores', 403],
    ] as const) {
      expect((await (await as(user)).get(`${API.receipts.list}?updated_since=0`)).statusCode, user).toBe(status);
    }
  });
});
