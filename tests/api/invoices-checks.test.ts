import { describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { auditLog, invoices } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeJobOrder } from '../support/factories-requisitions';
import { makeCustomer, makeSalesOrder } from '../support/factories-sales';
import { useTestServer } from '../support/server';

/** search/, validate/ and preview/: reading and checking invoices without saving anything. */

const { app, as, db } = useTestServer();

async function setUp() {
  await makeCompany(db());
  await makeGstRates(db());
  const orbit = await makeCustomer(db(), { name: 'Orbit Retail LLP', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z7' });
  const karnataka = await makeCustomer(db(), { name: 'Karnataka Displays', state: 'Karnataka' });
  return { orbit, karnataka };
}

/** 3 × 1,234.56 less 203.68 at 18 %, and 7 × 13.33 at 5 %. */
const LINES = [
  { description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3', unit_price: '1234.56', discount: '203.68', tax_rate: '18' },
  { description: 'Printed gift bag', hsn_code: '4819', quantity: '7', unit_price: '13.33', tax_rate: '5' },
];
const body = (customer: number, overrides: Record<string, unknown> = {}) => ({ customer, invoice_date: '2026-11-20', due_date: '2026-12-20', items: LINES, ...overrides });

describe('GET invoices/search/', () => {
  it('finds invoices by number, customer name, GSTIN or reference (the PO number, the order numbers), newest first', async () => {
    const { orbit, karnataka } = await setUp();
    const order = await makeSalesOrder(db(), { customer: orbit.id, customer_po_number: 'PO-7781' });
    // Job order 9: a digit in no invoice number, GSTIN or name here.
    for (let n = 1; n < 9; n++) await makeJobOrder(db(), { customer: karnataka.id });
    const job = await makeJobOrder(db(), { customer: karnataka.id });
    expect(job.id).toBe(9);
    const accounts = await as('accounts');
    const first = (await accounts.post(API.invoices.list, body(orbit.id, { sales_order: order.id }))).json();
    expect((await (await as('management')).post(API.invoices.approve(first.id), {})).statusCode).toBe(200);
    const second = (await accounts.post(API.invoices.list, body(karnataka.id, { job_order: job.id }))).json();
    const third = (await accounts.post(API.invoices.list, body(orbit.id))).json();
    const found = async (q: string) => {
      const res = await (await as('sales.exec')).get(`${API.invoices.search}?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.map((r: { id: number }) => r.id);
    };
    expect(await found('26-27/00001')).toEqual([first.id]);
    expect(await found('orbit')).toEqual([third.id, first.id]);
    expect(await found('27aagfo4321')).toEqual([third.id, first.id]);
    expect(await found('po-7781')).toEqual([first.id]);
    expect(await found('9')).toEqual([second.id]);
    expect(await found('Nowhere Ltd')).toEqual([]);
    const page = await (await as('accounts')).get(`${API.invoices.search}?q=Karnataka`);
    expect(page.json()).toMatchObject({ count: 1, next: null, previous: null, results: [{ id: second.id, customer_name: 'Karnataka Displays', status: 'draft', total_amount: '4228.00' }] });
  });

  it('needs q, and refuses unknown parameters', async () => {
    const client = await as('accounts');
    const cases: [string, Record<string, string[]>][] = [
      ['', { q: ['This field is required.'] }],
      ['?q=%20%20', { q: ['This field may not be blank.'] }],
      ['?q=orbit&page=0', { page: ['Invalid page.'] }],
      ['?q=orbit&colour=red', { non_field_errors: ['Unknown field(s): colour.'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await client.get(`${API.invoices.search}${query}`);
      expect([query, res.statusCode, res.json()]).toEqual([query, 400, errors]);
    }
  });
});

describe('POST invoices/validate/', () => {
  it('answers the totals the create would give, and saves and audits nothing', async () => {
    const { orbit } = await setUp();
    const res = await (await as('accounts')).post(API.invoices.validate, body(orbit.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      totals: {
        lines: [
          { amount: '3703.68', taxable_amount: '3500.00', cgst_amount: '315.00', sgst_amount: '315.00', igst_amount: '0.00', line_total: '4130.00' },
          { amount: '93.31', taxable_amount: '93.31', cgst_amount: '2.33', sgst_amount: '2.33', igst_amount: '0.00', line_total: '97.97' },
        ],
        intra_state: true,
        subtotal: '3796.99',
        discount_amount: '203.68',
        taxable_amount: '3593.31',
        cgst_amount: '317.33',
        sgst_amount: '317.33',
        igst_amount: '0.00',
        tax_amount: '634.66',
        round_off: '0.03',
        total_amount: '4228.00',
        amount_in_words: 'Rupees Four Thousand Two Hundred Twenty Eight Only',
      },
    });
    expect(await db().select().from(invoices)).toEqual([]);
    expect(await db().select().from(auditLog).where(like(auditLog.action, 'invoice.%'))).toEqual([]);
  });

  it('gives the same field errors the create gives', async () => {
    const { orbit, karnataka } = await setUp();
    const badGstin = await makeCustomer(db(), { name: 'Typo Traders', state: 'Maharashtra', gst_number: '27AAGFO4321K1Z8' });
    const otherOrder = await makeSalesOrder(db(), { customer: karnataka.id });
    const client = await as('accounts');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...body(orbit.id), items: [] }, { items: ['Add at least one item.'] }],
      [{ invoice_date: '2026-11-20', due_date: '2026-12-20', items: LINES }, { customer: ['This field is required.'] }],
      [body(9999), { customer: ['Invalid pk "9999" - object does not exist.'] }],
      [body(orbit.id, { due_date: '2026-11-19' }), { due_date: ['The due date cannot be before the invoice date.'] }],
      [body(orbit.id, { items: [{ ...LINES[0], tax_rate: '12' }] }), { 'items.0.tax_rate': ['12 % is not a GST rate in the tax configurations (0.00, 5.00, 18.00, 40.00).'] }],
      [body(orbit.id, { items: [{ ...LINES[0], discount: '3703.69' }] }), { 'items.0.discount': ['The discount cannot be more than the line amount.'] }],
      [body(orbit.id, { sales_order: otherOrder.id }), { sales_order: ['This sales order is of another customer.'] }],
      [body(badGstin.id), { customer: ["The customer's GSTIN does not pass its check: correct it on the customer before invoicing."] }],
    ];
    for (const [input, errors] of cases) {
      const checked = await client.post(API.invoices.validate, input);
      expect([checked.statusCode, checked.json()]).toEqual([400, errors]);
      const created = await client.post(API.invoices.list, input);
      expect([created.statusCode, created.json()]).toEqual([400, errors]);
    }
  });
});

describe('POST invoices/preview/', () => {
  it('shows the invoice as it would be issued: parties, each line with its figures, the split by GST rate, the totals', async () => {
    const { karnataka } = await setUp();
    const res = await (await as('sales.exec')).post(API.invoices.preview, body(karnataka.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      customer: karnataka.id,
      customer_name: 'Karnataka Displays',
      invoice_date: '2026-11-20',
      due_date: '2026-12-20',
      customer_state: 'Karnataka',
      company_state: 'Maharashtra',
      customer_gstin: '',
      company_gstin: '27AAACS1234F1ZS',
      intra_state: false,
      items: [
        {
          description: 'Acrylic display stand',
          hsn_code: '3926',
          unit: 'PCS',
          quantity: '3',
          unit_price: '1234.56',
          discount: '203.68',
          tax_rate: '18',
          amount: '3703.68',
          taxable_amount: '3500.00',
          cgst_amount: '0.00',
          sgst_amount: '0.00',
          igst_amount: '630.00',
          line_total: '4130.00',
        },
        {
          description: 'Printed gift bag',
          hsn_code: '4819',
          unit: 'NOS',
          quantity: '7',
          unit_price: '13.33',
          discount: '0',
          tax_rate: '5',
          amount: '93.31',
          taxable_amount: '93.31',
          cgst_amount: '0.00',
          sgst_amount: '0.00',
          igst_amount: '4.67',
          line_total: '97.98',
        },
      ],
      tax_split: [
        { tax_rate: '5.00', taxable_amount: '93.31', cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '4.67', tax_amount: '4.67' },
        { tax_rate: '18.00', taxable_amount: '3500.00', cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '630.00', tax_amount: '630.00' },
      ],
      subtotal: '3796.99',
      discount_amount: '203.68',
      taxable_amount: '3593.31',
      cgst_amount: '0.00',
      sgst_amount: '0.00',
      igst_amount: '634.67',
      tax_amount: '634.67',
      round_off: '0.02',
      total_amount: '4228.00',
      amount_in_words: 'Rupees Four Thousand Two Hundred Twenty Eight Only',
    });
    expect(await db().select().from(invoices)).toEqual([]);
  });

  it('refuses what the create refuses', async () => {
    const { orbit } = await setUp();
    const res = await (await as('accounts')).post(API.invoices.preview, body(orbit.id, { items: [{ ...LINES[1], quantity: '0' }] }));
    const created = await (await as('accounts')).post(API.invoices.list, body(orbit.id, { items: [{ ...LINES[1], quantity: '0' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(created.json());
    expect(Object.keys(res.json())).toEqual(['items.0.quantity']);
  });

  it('search/ and preview/ are open to those who read invoices, validate/ to those who raise them', async () => {
    await expectAccessMatrix(app(), [
      { method: 'GET', url: `${API.invoices.search}?q=x`, permission: 'invoices.read' },
      { method: 'POST', url: API.invoices.validate, permission: 'invoices.write', body: {} },
      { method: 'POST', url: API.invoices.preview, permission: 'invoices.read', body: {} },
    ]);
  });
});
