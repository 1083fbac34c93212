import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { userId } from '../support/factories';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeJobOrder } from '../support/factories-requisitions';
import { makeCustomer, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';
import { MIXED_GST_LINES } from '../support/invoice-lines';

const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

/** The company in Maharashtra with the GST slabs in force, and a customer in `state`. */
async function setUp(state: 'Maharashtra' | 'Karnataka' = 'Maharashtra', gst_number = state === 'Maharashtra' ? '27AAGFO4321K1Z7' : '') {
  await makeCompany(db());
  await makeGstRates(db());
  return makeCustomer(db(), { name: 'Orbit Retail LLP', state, gst_number });
}

const LINES = MIXED_GST_LINES;

const body = (customer: number, overrides: Record<string, unknown> = {}) => ({ customer, invoice_date: '2026-11-20', due_date: '2026-12-20', items: LINES, ...overrides });

async function draft(customer: number, overrides: Record<string, unknown> = {}) {
  const res = await (await as('accounts')).post(API.invoices.list, body(customer, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function approved(customer: number, overrides: Record<string, unknown> = {}) {
  const invoice = await draft(customer, overrides);
  const res = await (await as('management')).post(API.invoices.approve(invoice.id), {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST invoices/', () => {
  it('makes a draft with no number yet, GST on each line inside the state, the total rounded to the rupee, the GSTINs as they are now', async () => {
    const customer = await setUp();
    const invoice = await draft(customer.id, { notes: 'Thank you' });
    expect(invoice).toMatchObject({
      status: 'draft',
      invoice_number: null,
      financial_year: null,
      customer_name: 'Orbit Retail LLP',
      created_by_name: 'Lakshmi Menon',
      customer_state: 'Maharashtra',
      company_state: 'Maharashtra',
      customer_gstin: '27AAGFO4321K1Z7',
      company_gstin: '27AAACS1234F1ZS',
      subtotal: '3796.99',
      discount_amount: '203.68',
      taxable_amount: '3593.31',
      cgst_amount: '317.33',
      sgst_amount: '317.33',
      igst_amount: '0.00',
      tax_amount: '634.66',
      round_off: '0.03',
      total_amount: '4228.00',
      outstanding_amount: '4228.00',
      amount_in_words: 'Rupees Four Thousand Two Hundred Twenty Eight Only',
      is_overdue: false,
      days_overdue: 0,
    });
    expect(invoice.items.map((i: Record<string, string>) => [i.description, i.unit, i.amount, i.taxable_amount, i.cgst_amount, i.sgst_amount, i.line_total])).toEqual([
      ['Acrylic display stand', 'PCS', '3703.68', '3500.00', '315.00', '315.00', '4130.00'],
      ['Printed gift bag', 'NOS', '93.31', '93.31', '2.33', '2.33', '97.97'],
    ]);
    expect(await auditOf('invoice.create')).toMatchObject([{ target: `invoices:${invoice.id}`, username: 'accounts' }]);
    const history = await (await as('accounts')).get(`${API.invoices.statusHistory}?invoice=${invoice.id}`);
    expect(history.json().map((h: Record<string, unknown>) => [h.from_status, h.to_status, h.changed_by_name])).toEqual([[null, 'draft', 'Lakshmi Menon']]);
  });

  it('across states charges IGST at the whole rate instead', async () => {
    const customer = await setUp('Karnataka');
    const invoice = await draft(customer.id);
    expect(invoice).toMatchObject({ customer_state: 'Karnataka', customer_gstin: '', cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '634.67', round_off: '0.02', total_amount: '4228.00' });
  });

  it('refuses bad input with 400s naming the fields, and saves nothing', async () => {
    const customer = await setUp();
    const client = await as('accounts');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [body(customer.id, { items: [] }), { items: ['Add at least one item.'] }],
      [body(9999), { customer: ['Invalid pk "9999" - object does not exist.'] }],
      [body(customer.id, { due_date: '2026-11-19' }), { due_date: ['The due date cannot be before the invoice date.'] }],
      [body(customer.id, { items: [{ ...LINES[0], tax_rate: '12' }] }), { 'items.0.tax_rate': ['12 % is not a GST rate in the tax configurations (0.00, 5.00, 18.00, 40.00).'] }],
      [body(customer.id, { items: [{ ...LINES[0], discount: '3703.69' }] }), { 'items.0.discount': ['The discount cannot be more than the line amount.'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await client.post(API.invoices.list, input);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject(errors);
    }
    expect((await client.get(API.invoices.list)).json().count).toBe(0);
  });

  it('refuses a sales order or job order of another customer', async () => {
    const customer = await setUp();
    const other = await makeCustomer(db());
    const order = await makeSalesOrder(db(), { customer: other.id });
    const job = await makeJobOrder(db(), { customer: other.id });
    const res = await (await as('accounts')).post(API.invoices.list, body(customer.id, { sales_order: order.id, job_order: job.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ sales_order: ['This sales order is of another customer.'], job_order: ['This job order is of another customer.'] });
  });
});

describe('approving an invoice', () => {
  it('issues it with the next number of its financial year, consecutive, from 1 in each year', async () => {
    const customer = await setUp();
    const first = await approved(customer.id);
    const second = await approved(customer.id, { invoice_date: '2027-03-31', due_date: '2027-04-30' });
    const lastYear = await approved(customer.id, { invoice_date: '2026-03-31', due_date: '2026-04-30' });
    expect([first, second, lastYear].map((i) => [i.invoice_number, i.financial_year, i.status, i.approved_by_name])).toEqual([
      ['INV-26-27/00001', '2026-27', 'approved', 'Rohan Mehta'],
      ['INV-26-27/00002', '2026-27', 'approved', 'Rohan Mehta'],
      ['INV-25-26/00001', '2025-26', 'approved', 'Rohan Mehta'],
    ]);
    const history = await (await as('accounts')).get(`${API.invoices.statusHistory}?invoice=${first.id}`);
    expect(history.json().map((h: Record<string, unknown>) => [h.from_status, h.to_status, h.changed_by_name])).toEqual([
      [null, 'draft', 'Lakshmi Menon'],
      ['draft', 'approved', 'Rohan Mehta'],
    ]);
  });

  it('is never done by the invoice\'s maker, and only by accounts managers and management', async () => {
    const customer = await setUp();
    const own = await (await as('management')).post(API.invoices.list, body(customer.id));
    const res = await (await as('management')).post(API.invoices.approve(own.json().id), {});
    expect([res.statusCode, res.json().detail]).toEqual([403, 'You cannot approve your own invoice: another user must approve it.']);
    const invoice = await draft(customer.id);
    expect((await (await as('accounts')).post(API.invoices.approve(invoice.id), {})).statusCode).toBe(403);
    const viaStatus = await (await as('accounts')).post(API.invoices.updateStatus(invoice.id), { status: 'approved' });
    expect([viaStatus.statusCode, viaStatus.json()]).toEqual([400, { status: ['Approving an invoice needs an accounts manager or management.'] }]);
  });

  it('gives 50 invoices approved at once the numbers 1 to 50, none twice, none missing', async () => {
    const customer = await setUp();
    const drafts = [];
    for (let i = 0; i < 50; i++) drafts.push(await draft(customer.id));
    const manager = await as('management');
    const answers = await Promise.all(drafts.map((d) => manager.post(API.invoices.approve(d.id), {})));
    expect(answers.map((a) => a.statusCode)).toEqual(drafts.map(() => 200));
    const numbers = answers.map((a) => a.json().invoice_number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-26-27/${String(i + 1).padStart(5, '0')}`));
  });
});

describe('the state machine', () => {
  it('freezes an approved invoice: no change, no new line, no deletion', async () => {
    const customer = await setUp();
    const invoice = await approved(customer.id);
    const client = await as('accounts');
    const frozen = 'An approved invoice cannot be changed: its lines and amounts are frozen; cancel it and raise a new one.';
    expect((await client.patch(API.invoices.detail(invoice.id), { notes: 'x' })).json()).toEqual({ non_field_errors: [frozen] });
    expect((await client.post(API.invoices.items.list, { invoice: invoice.id, description: 'Extra', quantity: '1', unit_price: '10' })).json()).toEqual({ non_field_errors: [frozen] });
    expect((await client.delete(API.invoices.detail(invoice.id))).json()).toEqual({ non_field_errors: ['An approved invoice cannot be deleted: an issued invoice stays in the register; cancel it instead.'] });
  });

  it('cancels an approved invoice with a reason (nothing owed after), and voids only a sent one', async () => {
    const customer = await setUp();
    const client = await as('accounts');
    const one = await approved(customer.id);
    expect((await client.post(API.invoices.cancel(one.id), {})).json()).toEqual({ reason: ['This field is required.'] });
    expect((await client.post(API.invoices.void(one.id), { reason: 'Duplicate' })).json()).toEqual({ non_field_errors: ['An approved invoice cannot be voided: it was never sent; cancel it instead.'] });
    const cancelled = await client.post(API.invoices.cancel(one.id), { reason: 'Raised on the wrong branch', notes: 'Re-issued' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellation_reason: 'Raised on the wrong branch', outstanding_amount: '0.00', invoice_number: 'INV-26-27/00001' });

    const two = await approved(customer.id);
    const sent = await client.post(API.invoices.updateStatus(two.id), { status: 'sent' });
    expect(sent.json()).toMatchObject({ status: 'sent' });
    expect((await client.post(API.invoices.cancel(two.id), { reason: 'x' })).json()).toEqual({ non_field_errors: ['A sent invoice cannot be cancelled: the customer has it; void it instead.'] });
    const voided = await client.post(API.invoices.void(two.id), { reason: 'Duplicate of a manual invoice' });
    expect(voided.json()).toMatchObject({ status: 'void', void_reason: 'Duplicate of a manual invoice', outstanding_amount: '0.00' });
    const history = await client.get(`${API.invoices.statusHistory}?invoice=${two.id}`);
    expect(history.json().map((h: Record<string, unknown>) => [h.to_status, h.reason])).toEqual([
      ['draft', ''],
      ['approved', ''],
      ['sent', ''],
      ['void', 'Duplicate of a manual invoice'],
    ]);
    expect((await auditOf('invoice.void')).length).toBe(1);
  });

  it('paid and partially paid follow receipts, never a status update; nothing goes back to draft', async () => {
    const customer = await setUp();
    const invoice = await approved(customer.id);
    const client = await as('accounts');
    expect((await client.post(API.invoices.updateStatus(invoice.id), { status: 'paid' })).json()).toEqual({ status: ['An invoice becomes paid or partially paid when receipts are recorded against it.'] });
    expect((await client.post(API.invoices.updateStatus(invoice.id), { status: 'draft' })).json()).toEqual({ status: ['An invoice cannot move back to draft.'] });
    expect((await client.post(API.invoices.updateStatus(invoice.id), { status: 'approved' })).json()).toEqual({ status: ['The invoice is already approved.'] });
  });

  it('refuses a step from a stale version with 409 and the invoice as it is', async () => {
    const customer = await setUp();
    const invoice = await draft(customer.id);
    const res = await (await as('accounts')).patch(API.invoices.detail(invoice.id), { notes: 'late', expected_version: invoice.version - 1 });
    expect(res.statusCode).toBe(409);
  });
});

describe('a draft\'s lines', () => {
  it('are changed, added and removed with the invoice\'s GST following; the last one stays', async () => {
    const customer = await setUp();
    const invoice = await draft(customer.id);
    const client = await as('accounts');
    const [stand, bags] = invoice.items;
    const changed = await client.patch(API.invoices.items.detail(stand.id), { discount: '0', quantity: '1' });
    expect(changed.json()).toMatchObject({ amount: '1234.56', taxable_amount: '1234.56', cgst_amount: '111.11', line_total: '1456.78' });
    const added = await client.post(API.invoices.items.list, { invoice: invoice.id, description: 'Installation', hsn_code: '9954', quantity: '1', unit_price: '1000', tax_rate: '18' });
    expect(added.statusCode, added.body).toBe(201);
    // 1234.56 + 93.31 + 1000.00 = 2327.87; CGST 111.11 + 2.33 + 90.00 = 203.44, as SGST; 2734.75 → 2735.00.
    expect((await client.get(API.invoices.detail(invoice.id))).json()).toMatchObject({ taxable_amount: '2327.87', cgst_amount: '203.44', sgst_amount: '203.44', round_off: '0.25', total_amount: '2735.00' });
    expect((await client.post(API.invoices.items.list, { invoice: invoice.id, description: 'x', quantity: '1', unit_price: '1', tax_rate: '28' })).json()).toEqual({ tax_rate: ['28 % is not a GST rate in the tax configurations (0.00, 5.00, 18.00, 40.00).'] });
    expect((await client.delete(API.invoices.items.detail(bags.id))).statusCode).toBe(200);
    expect((await client.delete(API.invoices.items.detail(added.json().id))).statusCode).toBe(200);
    expect((await client.delete(API.invoices.items.detail(stand.id))).json()).toEqual({ non_field_errors: ['An invoice needs at least one item: delete the draft instead.'] });
    expect((await client.get(`${API.invoices.items.list}?invoice=${invoice.id}`)).json().count).toBe(1);
  });

  it('a PUT replaces the draft as a whole, and a deleted draft is gone from the list', async () => {
    const customer = await setUp();
    const invoice = await draft(customer.id);
    const client = await as('accounts');
    const replaced = await client.put(API.invoices.detail(invoice.id), body(customer.id, { items: [LINES[1]], expected_version: invoice.version }));
    expect(replaced.json()).toMatchObject({ subtotal: '93.31', total_amount: '98.00', round_off: '0.03' });
    expect(replaced.json().items.length).toBe(1);
    expect((await client.delete(API.invoices.detail(invoice.id))).statusCode).toBe(200);
    expect((await client.get(API.invoices.detail(invoice.id))).statusCode).toBe(404);
  });
});

describe('GET invoices/', () => {
  it('filters by every parameter of the spec, newest first by id, 15 a page', async () => {
    const customer = await setUp();
    const other = await makeCustomer(db(), { name: 'Zenith Stores', state: 'Maharashtra' });
    const a = await approved(customer.id, { invoice_date: '2026-09-01', due_date: '2026-10-01' });
    const b = await draft(other.id, { items: [LINES[1]] });
    const c = await approved(other.id, { invoice_date: '2026-11-01', due_date: '2099-12-01', items: [LINES[0]] });
    const client = await as('accounts');
    const ids = async (query: string) => (await client.get(`${API.invoices.list}${query}`)).json().results.map((r: { id: number }) => r.id);
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=draft')).toEqual([b.id]);
    expect(await ids('?status_in=approved,sent')).toEqual([c.id, a.id]);
    expect(await ids(`?customer=${other.id}`)).toEqual([c.id, b.id]);
    expect(await ids('?invoice_date_from=2026-10-01&invoice_date_to=2026-11-10')).toEqual([c.id]);
    expect(await ids('?due_date_to=2026-12-31')).toEqual([b.id, a.id]);
    expect(await ids('?total_amount_from=1000')).toEqual([c.id, a.id]);
    expect(await ids('?total_amount_to=100')).toEqual([b.id]);
    expect(await ids('?is_overdue=true')).toEqual([a.id]);
    expect(await ids(`?created_by=${await userId(db(), 'accounts')}&search=Zenith`)).toEqual([c.id, b.id]);
    expect(await ids('?search=INV-26-27/00001')).toEqual([a.id]);
    // 98.00, 4130.00 and 4228.00.
    expect(await ids('?ordering=total_amount')).toEqual([b.id, c.id, a.id]);
    const overdue = (await client.get(`${API.invoices.list}?is_overdue=true`)).json().results[0];
    expect(overdue).toMatchObject({ is_overdue: true, customer_name: 'Orbit Retail LLP', created_by_name: 'Lakshmi Menon' });
    expect(overdue.days_overdue).toBeGreaterThan(50);
    const bad = await client.get(`${API.invoices.list}?status_in=approved,lost&is_overdue=maybe&total_amount_from=abc`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['is_overdue', 'status_in.1', 'total_amount_from']);
  });
});

describe('who may do what', () => {
  it('reads for accounts, sales and management; writes for accounts and management; approves for managers', async () => {
    const customer = await setUp();
    const invoice = await draft(customer.id);
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.invoices.list, permission: 'invoices.read' },
      { method: 'GET', url: API.invoices.detail(invoice.id), permission: 'invoices.read' },
      { method: 'GET', url: `${API.invoices.statusHistory}?invoice=${invoice.id}`, permission: 'invoices.read' },
      { method: 'POST', url: API.invoices.list, permission: 'invoices.write', body: {} },
      { method: 'PATCH', url: API.invoices.detail(invoice.id), permission: 'invoices.write', body: { expected_version: 999 } },
      { method: 'POST', url: API.invoices.cancel(invoice.id), permission: 'invoices.write', body: {} },
      { method: 'POST', url: API.invoices.approve(invoice.id), permission: 'invoices.approve', body: { expected_version: 999 } },
    ]);
  });
});
