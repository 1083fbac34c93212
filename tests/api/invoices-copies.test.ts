import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { businessToday, isoDayAfter } from '../../domain/rules/dates';
import { auditLog } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/**
 * New drafts from what exists (business-areas.md §7 duplicate/, create_from_template/,
 * quick_create/; decision 328): each goes through the invoice's own create, so totals and GST
 * are those of any invoice, and the dates default to today and the settings' days.
 */
const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

const LINES = [
  { description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3', unit_price: '1234.56', discount: '203.68', tax_rate: '18' },
  { description: 'Printed gift bag', hsn_code: '4819', quantity: '7', unit_price: '13.33', tax_rate: '5' },
];
const SETTINGS = { prefix: 'INV-', number_padding: 5, default_due_days: 15, default_terms: 'Payment within 15 days.', default_notes: 'Thank you for your business.' };

async function setUp() {
  await makeCompany(db());
  await makeGstRates(db());
  expect((await (await as('management')).put(API.invoices.settings, SETTINGS)).statusCode).toBe(200);
  return makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7' });
}

async function issued(customer: number, overrides: Record<string, unknown> = {}) {
  const res = await (await as('accounts')).post(API.invoices.list, { customer, invoice_date: '2026-11-20', due_date: '2026-12-20', notes: 'PO 4471', terms: 'Net 30', items: LINES, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  const approved = await (await as('management')).post(API.invoices.approve(res.json().id), {});
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json() as { id: number };
}

const lineFigures = (invoice: { items: Record<string, string>[] }) => invoice.items.map((i) => [i.description, i.hsn_code, i.unit, i.quantity, i.unit_price, i.discount, i.tax_rate, i.line_total]);

describe('POST invoices/duplicate/', () => {
  it('makes a new draft of the same customer, lines and wording, dated today and due after the settings’ days, without the order link', async () => {
    const customer = await setUp();
    const order = await makeSalesOrder(db(), { customer: customer.id });
    const source = await issued(customer.id, { sales_order: order.id });
    const res = await (await as('accounts')).post(API.invoices.duplicate, { invoice: source.id });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      status: 'draft',
      invoice_number: null,
      customer: customer.id,
      sales_order: null,
      invoice_date: businessToday(),
      due_date: isoDayAfter(businessToday(), 15),
      notes: 'PO 4471',
      terms: 'Net 30',
      taxable_amount: '3593.31',
      cgst_amount: '317.33',
      sgst_amount: '317.33',
      total_amount: '4228.00',
      created_by_name: 'Lakshmi Menon',
    });
    expect(copy.id).not.toBe(source.id);
    expect(lineFigures(copy)).toEqual([
      ['Acrylic display stand', '3926', 'PCS', '3.000', '1234.56', '203.68', '18.00', '4130.00'],
      ['Printed gift bag', '4819', 'NOS', '7.000', '13.33', '0.00', '5.00', '97.97'],
    ]);
    expect(await auditOf('invoice.create')).toHaveLength(2);
  });

  it('takes the dates given, and refuses a cancelled invoice, an unknown one and a due date before the invoice date', async () => {
    const customer = await setUp();
    const source = await issued(customer.id);
    const client = await as('accounts');
    expect((await client.post(API.invoices.duplicate, { invoice: source.id, invoice_date: '2026-12-01' })).json()).toMatchObject({ invoice_date: '2026-12-01', due_date: '2026-12-16' });
    await (await as('accounts')).post(API.invoices.cancel(source.id), { reason: 'Raised on the wrong branch.' });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ invoice: source.id }, { invoice: ['A cancelled or void invoice is not copied: copy the invoice that replaced it.'] }],
      [{ invoice: 9999 }, { invoice: ['Invalid pk "9999" - object does not exist.'] }],
      [{ invoice: source.id, invoice_date: '2026-12-01', due_date: '2026-11-30' }, { due_date: ['The due date cannot be before the invoice date.'] }],
      [{}, { invoice: ['This field is required.'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await client.post(API.invoices.duplicate, input);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });
});

describe('POST invoices/create_from_template/', () => {
  it('makes a draft for the customer and items given, worded as the template says, else as the settings say', async () => {
    const customer = await setUp();
    const management = await as('management');
    const worded = (await management.post(API.invoices.templates.list, { name: 'Retail', content: { notes: 'Goods once sold are not taken back.', terms: 'Payment by NEFT only.' } })).json();
    const plain = (await management.post(API.invoices.templates.list, { name: 'Plain', content: {} })).json();
    const client = await as('accounts');
    const res = await client.post(API.invoices.createFromTemplate, { template: worded.id, customer: customer.id, items: [LINES[1]] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'draft',
      customer: customer.id,
      invoice_date: businessToday(),
      due_date: isoDayAfter(businessToday(), 15),
      notes: 'Goods once sold are not taken back.',
      terms: 'Payment by NEFT only.',
      taxable_amount: '93.31',
      tax_amount: '4.66',
      round_off: '0.03',
      total_amount: '98.00',
    });
    const fromPlain = await client.post(API.invoices.createFromTemplate, { template: plain.id, customer: customer.id, items: LINES, invoice_date: '2026-11-20', due_date: '2026-11-30' });
    expect(fromPlain.json()).toMatchObject({ notes: 'Thank you for your business.', terms: 'Payment within 15 days.', invoice_date: '2026-11-20', due_date: '2026-11-30', total_amount: '4228.00' });
  });

  it('refuses an unknown template or customer, no items and a rate not in force', async () => {
    const customer = await setUp();
    const template = (await (await as('management')).post(API.invoices.templates.list, { name: 'Retail' })).json();
    const client = await as('accounts');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ template: 9999, customer: customer.id, items: LINES }, { template: ['Invalid pk "9999" - object does not exist.'] }],
      [{ template: template.id, customer: 9999, items: LINES }, { customer: ['Invalid pk "9999" - object does not exist.'] }],
      [{ template: template.id, customer: customer.id, items: [] }, { items: ['Add at least one item.'] }],
      [{ template: template.id, customer: customer.id, items: [{ ...LINES[0], tax_rate: '12' }] }, { 'items.0.tax_rate': ['12 % is not a GST rate in the tax configurations (0.00, 5.00, 18.00, 40.00).'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await client.post(API.invoices.createFromTemplate, input);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await client.get(API.invoices.list)).json().count).toBe(0);
  });
});

describe('POST invoices/quick_create/', () => {
  it('makes a one-line draft from a customer, a description, an amount before GST and a rate', async () => {
    const customer = await setUp();
    const res = await (await as('accounts')).post(API.invoices.quickCreate, { customer: customer.id, description: 'Site survey and measurements', amount: '1234.50', tax_rate: '18' });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json();
    expect(invoice).toMatchObject({
      status: 'draft',
      invoice_date: businessToday(),
      due_date: isoDayAfter(businessToday(), 15),
      notes: 'Thank you for your business.',
      terms: 'Payment within 15 days.',
      subtotal: '1234.50',
      cgst_amount: '111.11',
      sgst_amount: '111.11',
      round_off: '0.28',
      total_amount: '1457.00',
      amount_in_words: 'Rupees One Thousand Four Hundred Fifty Seven Only',
    });
    expect(lineFigures(invoice)).toEqual([['Site survey and measurements', '', 'NOS', '1.000', '1234.50', '0.00', '18.00', '1456.72']]);
    expect(await auditOf('invoice.create')).toMatchObject([{ target: `invoices:${invoice.id}`, username: 'accounts' }]);
  });

  it('refuses bad input with 400s naming its own fields', async () => {
    const customer = await setUp();
    const client = await as('accounts');
    const good = { customer: customer.id, description: 'Site survey', amount: '1000', tax_rate: '18' };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...good, amount: '0' }, { amount: ['Ensure this value is greater than 0.'] }],
      [{ ...good, description: '' }, { description: ['This field may not be blank.'] }],
      [{ ...good, tax_rate: '12' }, { tax_rate: ['12 % is not a GST rate in the tax configurations (0.00, 5.00, 18.00, 40.00).'] }],
      [{ ...good, customer: 9999 }, { customer: ['Invalid pk "9999" - object does not exist.'] }],
      [{ ...good, hsn_code: '12' }, { hsn_code: ['Enter a valid HSN/SAC code (4 to 8 digits).'] }],
      [{ ...good, invoice_date: '2026-12-10', due_date: '2026-12-01' }, { due_date: ['The due date cannot be before the invoice date.'] }],
    ];
    for (const [input, errors] of cases) {
      const res = await client.post(API.invoices.quickCreate, input);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await client.get(API.invoices.list)).json().count).toBe(0);
  });
});

describe('who may make copies', () => {
  it('accounts and management; sales and the others are refused', async () => {
    await expectAccessMatrix(app(), [
      { method: 'POST', url: API.invoices.duplicate, permission: 'invoices.write', body: {} },
      { method: 'POST', url: API.invoices.createFromTemplate, permission: 'invoices.write', body: {} },
      { method: 'POST', url: API.invoices.quickCreate, permission: 'invoices.write', body: {} },
    ]);
  });
});
