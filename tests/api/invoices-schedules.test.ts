import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/**
 * Payment schedules (business-areas.md §7 payment-schedules/ and {id}/mark_paid/; decisions 326,
 * 327): instalments of a draft never add up to more than its total, approval needs them to add up
 * to it, an issued invoice's instalments are frozen but for an unpaid due date, and receipts pay
 * them in the order they fall due.
 */
const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

/** 3 × 1,234.56 less 203.68 at 18 %, and 7 × 13.33 at 5 %, inside Maharashtra: ₹4,228.00 in all. */
const LINES = [
  { description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3', unit_price: '1234.56', discount: '203.68', tax_rate: '18' },
  { description: 'Printed gift bag', hsn_code: '4819', quantity: '7', unit_price: '13.33', tax_rate: '5' },
];

async function setUp() {
  await makeCompany(db());
  await makeGstRates(db());
  const customer = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7' });
  const res = await (await as('accounts')).post(API.invoices.list, { customer: customer.id, invoice_date: '2026-11-20', due_date: '2026-12-20', items: LINES });
  expect(res.statusCode, res.body).toBe(201);
  return { customer, invoice: res.json() as { id: number; total_amount: string } };
}

async function instalment(invoice: number, due_date: string, amount: string) {
  const res = await (await as('accounts')).post(API.invoices.paymentSchedules.list, { invoice, due_date, amount });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
}

const approve = async (invoice: number) => (await as('management')).post(API.invoices.approve(invoice), {});
const schedule = async (invoice: number) =>
  ((await (await as('accounts')).get(`${API.invoices.paymentSchedules.list}?invoice=${invoice}`)).json().results as Record<string, unknown>[]).map((r) => [r.due_date, r.amount, r.is_paid, r.paid_at === null]);

describe('instalments of a draft', () => {
  it('are listed earliest due first, each write audited', async () => {
    const { invoice } = await setUp();
    const second = await instalment(invoice.id, '2027-01-20', '2228');
    const first = await instalment(invoice.id, '2026-12-20', '2000.00');
    expect(await schedule(invoice.id)).toEqual([
      ['2026-12-20', '2000.00', false, true],
      ['2027-01-20', '2228.00', false, true],
    ]);
    const client = await as('accounts');
    const moved = await client.patch(API.invoices.paymentSchedules.detail(second.id), { due_date: '2027-01-25', amount: '1228', expected_version: second.version });
    expect(moved.json()).toMatchObject({ due_date: '2027-01-25', amount: '1228.00', version: 2 });
    expect((await client.delete(API.invoices.paymentSchedules.detail(first.id))).statusCode).toBe(200);
    expect(await schedule(invoice.id)).toEqual([['2027-01-25', '1228.00', false, true]]);
    expect((await auditOf('payment_schedule.create')).map((a) => a.username)).toEqual(['accounts', 'accounts']);
    expect(await auditOf('payment_schedule.update')).toMatchObject([{ target: `payment_schedules:${second.id}` }]);
    expect(await auditOf('payment_schedule.delete')).toMatchObject([{ target: `payment_schedules:${first.id}` }]);
  });

  it('refuses bad input and anything beyond the grand total with 400s naming the field', async () => {
    const { invoice } = await setUp();
    await instalment(invoice.id, '2026-12-20', '4000');
    const client = await as('accounts');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ invoice: invoice.id, due_date: '2027-01-20', amount: '228.01' }, { amount: ["The instalments would add up to more than the invoice's total of ₹4,228.00: at most ₹228.00 is left to schedule."] }],
      [{ invoice: invoice.id, due_date: '2027-01-20', amount: '0' }, { amount: ['Ensure this value is greater than 0.'] }],
      [{ invoice: invoice.id, due_date: '2026-11-19', amount: '100' }, { due_date: ['An instalment cannot fall due before the invoice date.'] }],
      [{ invoice: 9999, due_date: '2027-01-20', amount: '100' }, { invoice: ['Invalid pk "9999" - object does not exist.'] }],
      [{ invoice: invoice.id, amount: '100' }, { due_date: ['This field is required.'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await client.post(API.invoices.paymentSchedules.list, input);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect(await schedule(invoice.id)).toEqual([['2026-12-20', '4000.00', false, true]]);
  });

  it('must add up to the grand total before the invoice is approved', async () => {
    const { invoice } = await setUp();
    const first = await instalment(invoice.id, '2026-12-20', '2000');
    const refused = await approve(invoice.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ["The payment schedule adds up to ₹2,000.00, not the invoice's total of ₹4,228.00: correct the instalments before approving."] });
    await instalment(invoice.id, '2027-01-20', '2228');
    expect((await approve(invoice.id)).json()).toMatchObject({ status: 'approved' });
    const client = await as('accounts');
    expect((await client.patch(API.invoices.paymentSchedules.detail(first.id), { amount: '1000' })).json()).toEqual({
      non_field_errors: ["An issued invoice's instalments are frozen: only an unpaid instalment's due date may move."],
    });
    expect((await client.delete(API.invoices.paymentSchedules.detail(first.id))).json()).toEqual({
      non_field_errors: ["An issued invoice's instalments are frozen: only an unpaid instalment's due date may move."],
    });
    expect((await client.patch(API.invoices.paymentSchedules.detail(first.id), { due_date: '2026-12-31' })).json()).toMatchObject({ due_date: '2026-12-31', amount: '2000.00' });
    const added = await client.post(API.invoices.paymentSchedules.list, { invoice: invoice.id, due_date: '2027-02-20', amount: '1' });
    expect(added.json()).toEqual({ non_field_errors: ['An approved invoice cannot be changed: its lines and amounts are frozen; cancel it and raise a new one.'] });
  });

  it('an invoice without a schedule is approved as before', async () => {
    const { invoice } = await setUp();
    expect((await approve(invoice.id)).json()).toMatchObject({ status: 'approved', total_amount: '4228.00' });
  });
});

describe('an issued invoice’s schedule follows the money received', () => {
  const receipt = (customer: number, amount: string, invoice: number) => ({ customer, receipt_date: '2026-12-01', amount, mode: 'bank_transfer', reference: 'NEFT HDFC0001234', allocations: [{ invoice, amount }] });

  it('pays instalments in due order as receipts cover them, and unpays them when a receipt is removed', async () => {
    const { customer, invoice } = await setUp();
    await instalment(invoice.id, '2027-01-20', '2228');
    await instalment(invoice.id, '2026-12-20', '2000');
    await approve(invoice.id);
    const client = await as('accounts');
    const first = (await client.post(API.receipts.list, receipt(customer.id, '1500', invoice.id))).json();
    expect(await schedule(invoice.id)).toEqual([
      ['2026-12-20', '2000.00', false, true],
      ['2027-01-20', '2228.00', false, true],
    ]);
    await client.post(API.receipts.list, receipt(customer.id, '500', invoice.id));
    expect(await schedule(invoice.id)).toEqual([
      ['2026-12-20', '2000.00', true, false],
      ['2027-01-20', '2228.00', false, true],
    ]);
    expect((await client.delete(API.receipts.detail(first.id), {}, { reason: 'Bounced cheque' })).statusCode).toBe(200);
    expect(await schedule(invoice.id)).toEqual([
      ['2026-12-20', '2000.00', false, true],
      ['2027-01-20', '2228.00', false, true],
    ]);
    const unpaidAgain = (await client.get(`${API.invoices.paymentSchedules.list}?invoice=${invoice.id}`)).json().results[0];
    expect((await client.patch(API.invoices.paymentSchedules.detail(unpaidAgain.id), { due_date: '2026-12-31' })).json()).toMatchObject({ due_date: '2026-12-31', is_paid: false });
  });

  it('mark_paid records a receipt of what is owed through the instalment; a paid one is refused', async () => {
    const { invoice } = await setUp();
    const first = await instalment(invoice.id, '2026-12-20', '1000');
    const second = await instalment(invoice.id, '2027-01-20', '1000');
    const third = await instalment(invoice.id, '2027-02-20', '2228');
    const client = await as('accounts');
    const payment = { receipt_date: '2026-12-18', mode: 'upi', reference: 'UPI 412345678901' };
    expect((await client.post(API.invoices.paymentScheduleMarkPaid(first.id), payment)).json()).toEqual({ non_field_errors: ['A draft invoice cannot be paid against: approve it first.'] });
    await approve(invoice.id);
    expect((await client.post(API.invoices.paymentScheduleMarkPaid(first.id), { receipt_date: '2026-12-18', mode: 'cheque' })).json()).toEqual({
      reference: ['A reference (cheque number or transaction id) is required for this mode.'],
    });
    const marked = await client.post(API.invoices.paymentScheduleMarkPaid(second.id), payment);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ id: second.id, is_paid: true });
    expect(await schedule(invoice.id)).toEqual([
      ['2026-12-20', '1000.00', true, false],
      ['2027-01-20', '1000.00', true, false],
      ['2027-02-20', '2228.00', false, true],
    ]);
    expect((await client.get(API.invoices.detail(invoice.id))).json()).toMatchObject({ status: 'partially_paid', outstanding_amount: '2228.00' });
    const receipts = (await client.get(`${API.receipts.list}?ordering=id`)).json().results;
    expect(receipts.map((r: { amount: string; mode: string }) => [r.amount, r.mode])).toEqual([['2000.00', 'upi']]);
    expect((await client.post(API.invoices.paymentScheduleMarkPaid(first.id), payment)).json()).toEqual({ non_field_errors: ['This instalment is already paid.'] });
    expect((await client.patch(API.invoices.paymentSchedules.detail(first.id), { due_date: '2026-12-31' })).json()).toEqual({ non_field_errors: ['This instalment is paid: remove the receipt first.'] });
    await client.post(API.invoices.paymentScheduleMarkPaid(third.id), payment);
    expect((await client.get(API.invoices.detail(invoice.id))).json()).toMatchObject({ status: 'paid', outstanding_amount: '0.00' });
    expect(await auditOf('receipt.create')).toHaveLength(2);
  });
});

describe('who may use payment schedules', () => {
  it('reads for accounts, sales and management; writes for accounts and management', async () => {
    const { invoice } = await setUp();
    const one = await instalment(invoice.id, '2026-12-20', '100');
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${API.invoices.paymentSchedules.list}?invoice=${invoice.id}`, permission: 'invoices.read' },
      { method: 'GET', url: API.invoices.paymentSchedules.detail(one.id), permission: 'invoices.read' },
      { method: 'POST', url: API.invoices.paymentSchedules.list, permission: 'invoices.write', body: {} },
      { method: 'PATCH', url: API.invoices.paymentSchedules.detail(one.id), permission: 'invoices.write', body: { expected_version: 999 } },
      { method: 'POST', url: API.invoices.paymentScheduleMarkPaid(one.id), permission: 'invoices.write', body: {} },
      { method: 'DELETE', url: API.invoices.paymentSchedules.detail(9999), permission: 'invoices.write' },
    ]);
  });
});
