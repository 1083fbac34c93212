import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeJobOrder, makeJobOrderItem } from '../support/factories-requisitions';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { as, db } = useTestServer();

async function setUp() {
  await makeCompany(db());
  await makeGstRates(db());
  const customer = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra' });
  const job = await makeJobOrder(db(), { customer: customer.id, status: 'dispatched' });
  // 2 × 5000.00 at 18 %: 11800.00.
  await makeJobOrderItem(db(), job.id, { quantity: '2', unit_price: '5000' });
  return { customer, job };
}

const receipt = (customer: number, amount: string, extra: Record<string, unknown> = {}) => ({ customer, receipt_date: '2026-11-25', amount, mode: 'cash', ...extra });

async function record(body: Record<string, unknown>) {
  const res = await (await as('accounts')).post(API.receipts.list, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function advance(job: number, amount: string) {
  const res = await (await as('accounts')).patch(API.jobOrders.advanceAmount(job), { job_order_id: job, amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().advance_amount as string;
}

describe("a job order's advance amount read from its receipts", () => {
  it('keeps the amount typed while no receipt touches the job order', async () => {
    const { job } = await setUp();
    expect(await advance(job.id, '2500')).toBe('2500.00');
  });

  it('records the receipts against the job order, not the amount typed', async () => {
    const { customer, job } = await setUp();
    await record(receipt(customer.id, '3000', { job_order: job.id }));
    await record(receipt(customer.id, '1500.50', { job_order: job.id, mode: 'upi', reference: 'UPI 4123' }));
    // Another job order's money and money on account are not this job order's.
    const other = await makeJobOrder(db(), { customer: customer.id });
    await record(receipt(customer.id, '999', { job_order: other.id }));
    await record(receipt(customer.id, '777'));
    expect(await advance(job.id, '1')).toBe('4500.50');
  });

  it('counts an advance applied to the job order’s invoice once, and adds what other receipts paid on that invoice', async () => {
    const { customer, job } = await setUp();
    await record(receipt(customer.id, '3000', { job_order: job.id }));
    const draft = (await (await as('accounts')).post(API.invoices.createFromJobOrder, { job_order: job.id, invoice_date: '2026-11-20' })).json();
    const approved = await (await as('management')).post(API.invoices.approve(draft.id), {});
    // The advance of 3000.00 is applied to the invoice of 11800.00 when it is issued.
    expect(approved.json()).toMatchObject({ status: 'partially_paid', outstanding_amount: '8800.00' });
    await record(receipt(customer.id, '5000', { mode: 'cheque', reference: 'CHQ 000123', allocations: [{ invoice: draft.id, amount: '4000' }] }));
    // 3000.00 advance + 4000.00 allocated from the cheque (its other 1000.00 is on account).
    expect(await advance(job.id, '0')).toBe('7000.00');
  });

  it('leaves out a receipt removed as recorded in error', async () => {
    const { customer, job } = await setUp();
    const kept = await record(receipt(customer.id, '2000', { job_order: job.id }));
    const wrong = await record(receipt(customer.id, '5000', { job_order: job.id }));
    expect(kept.amount).toBe('2000.00');
    const removed = await (await as('accounts')).delete(API.receipts.detail(wrong.id), {}, { reason: 'Entered twice' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await advance(job.id, '9')).toBe('2000.00');
  });

  it('still refuses another job order’s id and a cancelled job order', async () => {
    const { customer, job } = await setUp();
    await record(receipt(customer.id, '100', { job_order: job.id }));
    const client = await as('accounts');
    const wrong = await client.patch(API.jobOrders.advanceAmount(job.id), { job_order_id: job.id + 1, amount: '5' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { job_order_id: ['This is not the job order of the address.'] }]);
    const bad = await client.patch(API.jobOrders.advanceAmount(job.id), { amount: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['amount']);
    const cancelled = await makeJobOrder(db(), { customer: customer.id, cancelled: true });
    const refused = await client.patch(API.jobOrders.advanceAmount(cancelled.id), { amount: '5' });
    expect([refused.statusCode, refused.json()]).toEqual([400, { non_field_errors: ['This job order is cancelled: it cannot be changed.'] }]);
  });
});
