import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

/** 3 × 1,234.56 less 203.68 at 18 %, and 7 × 13.33 at 5 %: 4,228.00 (tests/api/invoices.test.ts). */
const LINES = [
  { description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3', unit_price: '1234.56', discount: '203.68', tax_rate: '18' },
  { description: 'Printed gift bag', hsn_code: '4819', quantity: '7', unit_price: '13.33', tax_rate: '5' },
];

async function setUp(state: 'Maharashtra' | 'Karnataka' = 'Maharashtra') {
  await makeCompany(db());
  await makeGstRates(db());
  return makeCustomer(db(), { name: 'Orbit Retail LLP', state, gst_number: state === 'Maharashtra' ? '27AAGFO4321K1Z7' : '' });
}

/** An invoice of 4,228.00 made by accounts and approved by management. */
async function issued(customer: number, overrides: Record<string, unknown> = {}) {
  const made = await (await as('accounts')).post(API.invoices.list, { customer, invoice_date: '2026-11-20', due_date: '2026-12-20', items: LINES, ...overrides });
  expect(made.statusCode, made.body).toBe(201);
  const res = await (await as('management')).post(API.invoices.approve(made.json().id), {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** One stand and two bags returned. */
const returned = (invoice: { id: number; items: { id: number }[] }, extra: Record<string, unknown> = {}) => ({
  invoice: invoice.id,
  credit_note_date: '2026-11-25',
  reason: 'One stand and two bags returned damaged',
  items: [
    { invoice_item: invoice.items[0]!.id, quantity: '1' },
    { invoice_item: invoice.items[1]!.id, quantity: '2' },
  ],
  ...extra,
});

async function drafted(body: Record<string, unknown>) {
  const res = await (await as('accounts')).post(API.invoices.creditNotes.list, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function approved(id: number) {
  const res = await (await as('management')).post(API.invoices.creditNotes.approve(id), {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const invoiceOf = async (id: number) => (await (await as('accounts')).get(API.invoices.detail(id))).json();

describe('raising a credit note', () => {
  it('makes a draft with the invoice line\'s description, HSN and rate, its discount in proportion, and the GST worked out by hand', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const note = await drafted(returned(invoice));
    expect(note).toMatchObject({
      status: 'draft',
      credit_note_number: null,
      invoice: invoice.id,
      invoice_number: 'INV-26-27/00001',
      customer: customer.id,
      customer_name: 'Orbit Retail LLP',
      created_by_name: 'Lakshmi Menon',
      credit_note_date: '2026-11-25',
      subtotal: '1261.22',
      discount_amount: '67.89',
      taxable_amount: '1193.33',
      cgst_amount: '105.67',
      sgst_amount: '105.67',
      igst_amount: '0.00',
      tax_amount: '211.34',
      round_off: '0.33',
      total_amount: '1405.00',
      amount_in_words: 'Rupees One Thousand Four Hundred Five Only',
    });
    // 1,234.56 less a third of 203.68 (67.89) = 1,166.67 at 9 % + 9 %; 26.66 at 2.5 % + 2.5 % (0.6665, so 0.67).
    expect(note.items.map((i: Record<string, string>) => [i.description, i.hsn_code, i.unit, i.tax_rate, i.quantity, i.unit_price, i.discount, i.taxable_amount, i.cgst_amount, i.sgst_amount, i.line_total])).toEqual([
      ['Acrylic display stand', '3926', 'PCS', '18.00', '1.000', '1234.56', '67.89', '1166.67', '105.00', '105.00', '1376.67'],
      ['Printed gift bag', '4819', 'NOS', '5.00', '2.000', '13.33', '0.00', '26.66', '0.67', '0.67', '28.00'],
    ]);
    // A draft changes nothing the customer owes.
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'approved', outstanding_amount: '4228.00' });
    expect(await auditOf('credit_note.create')).toMatchObject([{ target: `credit_notes:${note.id}`, username: 'accounts' }]);
  });

  it('across states credits IGST, as the invoice charged it', async () => {
    const customer = await setUp('Karnataka');
    const note = await drafted(returned(await issued(customer.id)));
    expect(note).toMatchObject({ customer_state: 'Karnataka', cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '211.33', round_off: '0.34', total_amount: '1405.00' });
  });

  it('refuses bad input with 400s naming the fields', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const client = await as('accounts');
    const [stand, bags] = invoice.items.map((i: { id: number }) => i.id);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...returned(invoice), items: [] }, { items: ['Add at least one item.'] }],
      [{ ...returned(invoice), reason: '' }, { reason: ['This field may not be blank.'] }],
      [returned({ ...invoice, id: 9999 }), { invoice: ['Invalid pk "9999" - object does not exist.'] }],
      [returned(invoice, { credit_note_date: '2026-11-19' }), { credit_note_date: ['The credit note cannot be dated before its invoice.'] }],
      [returned(invoice, { items: [{ invoice_item: stand, quantity: '4' }] }), { 'items.0.quantity': ['More than is left to credit of this line (3.000).'] }],
      [returned(invoice, { items: [{ invoice_item: bags, quantity: '1', unit_price: '13.34' }] }), { 'items.0.unit_price': ["More than the invoice's unit price (13.33)."] }],
      [returned(invoice, { items: [{ invoice_item: stand, quantity: '1' }, { invoice_item: stand, quantity: '1' }] }), { 'items.1.invoice_item': ['This invoice line is already on this credit note.'] }],
      [returned(invoice, { items: [{ invoice_item: stand, quantity: '0' }] }), { 'items.0.quantity': ['Enter a quantity above zero.'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await client.post(API.invoices.creditNotes.list, input);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await client.get(API.invoices.creditNotes.list)).json().count).toBe(0);
  });

  it('refuses a line of another invoice, and a draft, cancelled or void invoice', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const other = await issued(customer.id);
    const client = await as('accounts');
    const foreign = await client.post(API.invoices.creditNotes.list, returned(invoice, { items: [{ invoice_item: other.items[0].id, quantity: '1' }] }));
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { 'items.0.invoice_item': ['This line is not on the invoice.'] }]);
    const draft = (await client.post(API.invoices.list, { customer: customer.id, invoice_date: '2026-11-20', due_date: '2026-12-20', items: LINES })).json();
    const onDraft = await client.post(API.invoices.creditNotes.list, returned(draft));
    expect([onDraft.statusCode, onDraft.json()]).toEqual([400, { invoice: ['A draft invoice cannot be credited: only an issued invoice that is neither cancelled nor void.'] }]);
    await client.post(API.invoices.cancel(other.id), { reason: 'Raised twice' });
    const onCancelled = await client.post(API.invoices.creditNotes.list, returned(other));
    expect(onCancelled.json()).toEqual({ invoice: ['A cancelled invoice cannot be credited: only an issued invoice that is neither cancelled nor void.'] });
  });

  it('takes back no more than the earlier credit notes left, of each line and of the invoice', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    await drafted(returned(invoice));
    const [stand] = invoice.items.map((i: { id: number }) => i.id);
    const again = await (await as('accounts')).post(API.invoices.creditNotes.list, returned(invoice, { items: [{ invoice_item: stand, quantity: '3' }] }));
    expect([again.statusCode, again.json()]).toEqual([400, { 'items.0.quantity': ['More than is left to credit of this line (2.000).'] }]);
    const rest = await drafted(returned(invoice, { items: [{ invoice_item: stand, quantity: '2' }, { invoice_item: invoice.items[1].id, quantity: '5' }] }));
    // 2,823.00 + 1,405.00 = 4,228.00: the whole invoice, to the paisa.
    expect(rest).toMatchObject({ taxable_amount: '2399.98', cgst_amount: '211.66', total_amount: '2823.00' });
  });
});

describe('approving a credit note', () => {
  it('numbers it in its own series per financial year, consecutive, and lowers what the invoice owes', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const first = await approved((await drafted(returned(invoice))).id);
    expect(first).toMatchObject({ status: 'approved', credit_note_number: 'CN-26-27/00001', financial_year: '2026-27', approved_by_name: 'Rohan Mehta' });
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'approved', outstanding_amount: '2823.00' });
    const [stand] = invoice.items.map((i: { id: number }) => i.id);
    const second = await approved((await drafted(returned(invoice, { items: [{ invoice_item: stand, quantity: '1' }] }))).id);
    const nextYear = await approved((await drafted(returned(invoice, { credit_note_date: '2027-04-02', items: [{ invoice_item: stand, quantity: '1' }] }))).id);
    expect([second.credit_note_number, nextYear.credit_note_number, nextYear.financial_year]).toEqual(['CN-26-27/00002', 'CN-27-28/00001', '2027-28']);
    expect(await auditOf('credit_note.approve')).toHaveLength(3);
  });

  it('makes the invoice paid when it takes back everything that was owed', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const [stand, bags] = invoice.items.map((i: { id: number }) => i.id);
    await approved((await drafted(returned(invoice, { items: [{ invoice_item: stand, quantity: '3' }, { invoice_item: bags, quantity: '7' }] }))).id);
    const paid = await invoiceOf(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', outstanding_amount: '0.00' });
    const history = await (await as('accounts')).get(`${API.invoices.statusHistory}?invoice=${invoice.id}`);
    expect(history.json().map((h: Record<string, unknown>) => [h.from_status, h.to_status])).toEqual([
      [null, 'draft'],
      ['draft', 'approved'],
      ['approved', 'paid'],
    ]);
  });

  it('on a part-paid invoice leaves it partially paid with less outstanding', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    await (await as('accounts')).post(API.receipts.list, { customer: customer.id, receipt_date: '2026-11-22', amount: '1000', mode: 'cash', allocations: [{ invoice: invoice.id, amount: '1000' }] });
    await approved((await drafted(returned(invoice))).id);
    // 4,228.00 − 1,000.00 received − 1,405.00 credited.
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'partially_paid', outstanding_amount: '1823.00' });
  });

  it('on a paid invoice gives the overpayment back to the newest receipt, as money on account', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const client = await as('accounts');
    const older = (await client.post(API.receipts.list, { customer: customer.id, receipt_date: '2026-11-21', amount: '3000', mode: 'cash', allocations: [{ invoice: invoice.id, amount: '3000' }] })).json();
    const newer = (await client.post(API.receipts.list, { customer: customer.id, receipt_date: '2026-11-22', amount: '1228', mode: 'cash', allocations: [{ invoice: invoice.id, amount: '1228' }] })).json();
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'paid', outstanding_amount: '0.00' });
    await approved((await drafted(returned(invoice))).id);
    // 1,405.00 credited: 1,228.00 comes off the newer receipt (its allocation goes), 177.00 off the older one.
    expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'paid', outstanding_amount: '0.00' });
    expect((await client.get(API.receipts.detail(newer.id))).json()).toMatchObject({ allocated_amount: '0.00', unallocated_amount: '1228.00', allocations: [] });
    expect((await client.get(API.receipts.detail(older.id))).json()).toMatchObject({ allocated_amount: '2823.00', unallocated_amount: '177.00' });
    const [entry] = await auditOf('credit_note.approve');
    expect(entry!.metadata).toMatchObject({ released: [expect.objectContaining({ receipt: newer.id, released: '1228.00' }), expect.objectContaining({ receipt: older.id, released: '177.00' })] });
  });

  it('is never done by its maker, nor twice; a draft may be deleted, an approved note may not', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const own = (await (await as('management')).post(API.invoices.creditNotes.list, returned(invoice))).json();
    const selfApproved = await (await as('management')).post(API.invoices.creditNotes.approve(own.id), {});
    expect([selfApproved.statusCode, selfApproved.json().detail]).toEqual([403, 'You cannot approve your own credit note: another user must approve it.']);
    const removed = await (await as('management')).delete(API.invoices.creditNotes.detail(own.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await (await as('accounts')).get(API.invoices.creditNotes.detail(own.id))).statusCode).toBe(404);
    const note = await approved((await drafted(returned(invoice))).id);
    const twice = await (await as('management')).post(API.invoices.creditNotes.approve(note.id), {});
    expect([twice.statusCode, twice.json()]).toEqual([400, { non_field_errors: ['An approved credit note cannot be approved: it is already approved.'] }]);
    const deleteApproved = await (await as('accounts')).delete(API.invoices.creditNotes.detail(note.id));
    expect([deleteApproved.statusCode, deleteApproved.json()]).toEqual([400, { non_field_errors: ['An approved credit note cannot be deleted: an issued credit note stays in the register.'] }]);
    expect(await auditOf('credit_note.delete')).toHaveLength(1);
  });

  it('keeps a credited invoice from being cancelled or voided, and a draft note on a cancelled invoice from being approved', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    await approved((await drafted(returned(invoice))).id);
    const cancel = await (await as('accounts')).post(API.invoices.cancel(invoice.id), { reason: 'Wrong customer' });
    expect([cancel.statusCode, cancel.json()]).toEqual([400, { non_field_errors: ['Credit notes are approved against this invoice (CN-26-27/00001): it cannot be cancelled or voided; credit the rest of it instead.'] }]);
    const other = await issued(customer.id);
    const pending = await drafted(returned(other));
    await (await as('accounts')).post(API.invoices.cancel(other.id), { reason: 'Raised twice' });
    const late = await (await as('management')).post(API.invoices.creditNotes.approve(pending.id), {});
    expect([late.statusCode, late.json()]).toEqual([400, { non_field_errors: ['A cancelled invoice cannot be credited: only an issued invoice that is neither cancelled nor void.'] }]);
  });

  it('lists an invoice\'s credit notes, newest first', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const first = await drafted(returned(invoice, { items: [{ invoice_item: invoice.items[0].id, quantity: '1' }] }));
    const second = await drafted(returned(invoice, { items: [{ invoice_item: invoice.items[1].id, quantity: '1' }] }));
    const list = (await (await as('sales.exec')).get(`${API.invoices.creditNotes.list}?invoice=${invoice.id}`)).json();
    expect([list.count, list.results.map((n: { id: number }) => n.id)]).toEqual([2, [second.id, first.id]]);
    const bad = await (await as('accounts')).get(`${API.invoices.creditNotes.list}?status=sent`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers each role as the permission matrix says', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const note = await drafted(returned(invoice));
    await expectAccessMatrix(app(), [
      { method: 'GET', url: API.invoices.creditNotes.list, permission: 'invoices.read' },
      { method: 'GET', url: API.invoices.creditNotes.detail(note.id), permission: 'invoices.read' },
      { method: 'POST', url: API.invoices.creditNotes.list, body: {}, permission: 'invoices.write' },
      { method: 'POST', url: API.invoices.creditNotes.approve(999999), body: {}, permission: 'invoices.approve' },
      { method: 'DELETE', url: API.invoices.creditNotes.detail(999999), permission: 'invoices.write' },
    ]);
  });
});
