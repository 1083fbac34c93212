import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

/** One line of 10,000.00 at 18 % inside the state: 11,800.00. */
const LINE = { description: 'Acrylic display stand', hsn_code: '3926', quantity: '1', unit_price: '10000', tax_rate: '18' };

async function setUp() {
  await makeCompany(db());
  await makeGstRates(db());
  return makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra' });
}

/** An invoice of 11,800.00, approved by management. */
async function issued(customer: number, overrides: Record<string, unknown> = {}) {
  const made = await (await as('accounts')).post(API.invoices.list, { customer, invoice_date: '2026-11-20', due_date: '2026-12-20', items: [LINE], ...overrides });
  expect(made.statusCode, made.body).toBe(201);
  const res = await (await as('management')).post(API.invoices.approve(made.json().id), {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const receipt = (customer: number, amount: string, allocations: { invoice: number; amount: string }[] = [], extra: Record<string, unknown> = {}) => ({
  customer,
  receipt_date: '2026-11-25',
  amount,
  mode: 'bank_transfer',
  reference: 'NEFT HDFC0001234',
  allocations,
  ...extra,
});

async function record(body: Record<string, unknown>) {
  const res = await (await as('accounts')).post(API.receipts.list, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const invoiceOf = async (id: number) => (await (await as('accounts')).get(API.invoices.detail(id))).json();

describe('recording receipts against invoices', () => {
  it('a part payment leaves the invoice partially paid with the rest outstanding; the rest makes it paid', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const first = await record(receipt(customer.id, '5000', [{ invoice: invoice.id, amount: '5000' }]));
    expect(first).toMatchObject({ amount: '5000.00', allocated_amount: '5000.00', unallocated_amount: '0.00', customer_name: 'Orbit Retail LLP', created_by_name: 'Lakshmi Menon' });
    expect(first.allocations).toMatchObject([{ invoice: invoice.id, amount: '5000.00', invoice_number: 'INV-26-27/00001' }]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'partially_paid', outstanding_amount: '6800.00', paid_at: null });
    await record(receipt(customer.id, '6800', [{ invoice: invoice.id, amount: '6800' }], { mode: 'upi', reference: 'UPI 412345678901' }));
    const paid = await invoiceOf(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', outstanding_amount: '0.00' });
    expect(paid.paid_at).not.toBeNull();
    const history = await (await as('accounts')).get(`${API.invoices.statusHistory}?invoice=${invoice.id}`);
    expect(history.json().map((h: { to_status: string }) => h.to_status)).toEqual(['draft', 'approved', 'partially_paid', 'paid']);
    expect((await db().select().from(auditLog).where(eq(auditLog.action, 'receipt.create'))).length).toBe(2);
  });

  it('refuses over-allocation, another customer\'s invoice, a draft, and more than is outstanding', async () => {
    const customer = await setUp();
    const other = await makeCustomer(db(), { state: 'Maharashtra' });
    const invoice = await issued(customer.id);
    const theirs = await issued(other.id);
    const draft = (await (await as('accounts')).post(API.invoices.list, { customer: customer.id, invoice_date: '2026-11-20', due_date: '2026-12-20', items: [LINE] })).json();
    const client = await as('accounts');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [receipt(customer.id, '100', [{ invoice: invoice.id, amount: '100.01' }]), { allocations: ['The allocations add up to more than the receipt: allocate at most its amount.'] }],
      [receipt(customer.id, '100', [{ invoice: theirs.id, amount: '100' }]), { 'allocations.0.invoice': ["This invoice is another customer's."] }],
      [receipt(customer.id, '100', [{ invoice: draft.id, amount: '100' }]), { 'allocations.0.invoice': ['A draft invoice cannot be paid against: approve it first.'] }],
      [receipt(customer.id, '20000', [{ invoice: invoice.id, amount: '11800.01' }]), { 'allocations.0.amount': ["More than the invoice's outstanding amount (11800.00)."] }],
      [receipt(customer.id, '100', [], { mode: 'cheque', reference: '' }), { reference: ['A reference (cheque number or transaction id) is required for this mode.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await client.post(API.receipts.list, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await client.get(API.receipts.list)).json().count).toBe(0);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'approved', outstanding_amount: '11800.00' });
  });

  it('never lets two receipts at once pay the same invoice twice over', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const client = await as('accounts');
    const answers = await Promise.all([1, 2].map(() => client.post(API.receipts.list, receipt(customer.id, '11800', [{ invoice: invoice.id, amount: '11800' }]))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'paid', outstanding_amount: '0.00' });
  });
});

describe('advances', () => {
  it('money received against a sales order is applied to the invoice issued for it later', async () => {
    const customer = await setUp();
    const order = await makeSalesOrder(db(), { customer: customer.id });
    const advance = await record(receipt(customer.id, '3000', [], { sales_order: order.id }));
    expect(advance).toMatchObject({ allocated_amount: '0.00', unallocated_amount: '3000.00' });
    const invoice = await issued(customer.id, { sales_order: order.id });
    expect(invoice).toMatchObject({ status: 'partially_paid', outstanding_amount: '8800.00' });
    expect((await (await as('accounts')).get(API.receipts.detail(advance.id))).json()).toMatchObject({ allocated_amount: '3000.00', unallocated_amount: '0.00' });
  });

  it('money on account is allocated later, never more than is left on the receipt', async () => {
    const customer = await setUp();
    const onAccount = await record(receipt(customer.id, '2000'));
    const invoice = await issued(customer.id);
    const client = await as('accounts');
    const tooMuch = await client.post(API.receipts.allocate(onAccount.id), { allocations: [{ invoice: invoice.id, amount: '2000.01' }] });
    expect([tooMuch.statusCode, tooMuch.json()]).toEqual([400, { allocations: ['The allocations add up to more than what is unallocated on this receipt (2000.00).'] }]);
    const allocated = await client.post(API.receipts.allocate(onAccount.id), { allocations: [{ invoice: invoice.id, amount: '1500' }] });
    expect(allocated.json()).toMatchObject({ allocated_amount: '1500.00', unallocated_amount: '500.00' });
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'partially_paid', outstanding_amount: '10300.00' });
  });
});

describe('correcting receipts', () => {
  it('a receipt recorded in error is removed with a reason, and its invoice owes again', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    await (await as('accounts')).post(API.invoices.updateStatus(invoice.id), { status: 'sent' });
    const wrong = await record(receipt(customer.id, '11800', [{ invoice: invoice.id, amount: '11800' }]));
    const client = await as('accounts');
    expect((await client.delete(API.receipts.detail(wrong.id), {}, {})).json()).toEqual({ reason: ['This field is required.'] });
    const removed = await client.delete(API.receipts.detail(wrong.id), {}, { reason: 'Cheque bounced' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().deleted_at).not.toBeNull();
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'sent', outstanding_amount: '11800.00', paid_at: null });
    expect((await client.get(API.receipts.list)).json().count).toBe(0);
  });

  it('mark_paid records the rest as a receipt allocated to the invoice', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    await record(receipt(customer.id, '1800', [{ invoice: invoice.id, amount: '1800' }]));
    const client = await as('accounts');
    expect((await client.post(API.invoices.markPaid(invoice.id), { receipt_date: '2026-11-28', mode: 'cheque' })).json()).toEqual({ reference: ['A reference (cheque number or transaction id) is required for this mode.'] });
    const paid = await client.post(API.invoices.markPaid(invoice.id), { receipt_date: '2026-11-28', mode: 'cheque', reference: 'CHQ 004512' });
    expect(paid.json()).toMatchObject({ status: 'paid', outstanding_amount: '0.00' });
    const receipts = (await client.get(`${API.receipts.list}?customer=${customer.id}&ordering=id`)).json().results;
    expect(receipts.map((r: { amount: string; mode: string; reference: string }) => [r.amount, r.mode, r.reference])).toEqual([
      ['1800.00', 'bank_transfer', 'NEFT HDFC0001234'],
      ['10000.00', 'cheque', 'CHQ 004512'],
    ]);
    expect((await client.post(API.invoices.markPaid(invoice.id), { receipt_date: '2026-11-28', mode: 'cash' })).json()).toEqual({ non_field_errors: ['A paid invoice cannot be paid against: nothing is outstanding.'] });
  });

  it('an invoice with money received can no longer be cancelled', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    await record(receipt(customer.id, '100', [{ invoice: invoice.id, amount: '100' }]));
    const res = await (await as('accounts')).post(API.invoices.cancel(invoice.id), { reason: 'Wrong' });
    expect(res.json()).toEqual({ non_field_errors: ['A partially paid invoice cannot be cancelled: payments are recorded against it.'] });
  });
});

describe('who may do what', () => {
  it('accounts and management record receipts; sales reads them', async () => {
    const customer = await setUp();
    const made = await record(receipt(customer.id, '100'));
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.receipts.list, permission: 'receipts.read' },
      { method: 'GET', url: API.receipts.detail(made.id), permission: 'receipts.read' },
      { method: 'POST', url: API.receipts.list, permission: 'receipts.write', body: {} },
      { method: 'POST', url: API.receipts.allocate(made.id), permission: 'receipts.write', body: {} },
      { method: 'DELETE', url: API.receipts.detail(made.id), permission: 'receipts.write' },
    ]);
  });
});
