import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { financialYearOf, INVOICE_SETTINGS_MESSAGES, INVOICE_TEMPLATE_REFUSALS } from '../../domain/invoice';
import { businessToday } from '../../domain/rules/dates';
import { auditLog, companyProfile, invoiceNumberSequences, invoiceTemplates, taxConfigurations } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeUser } from '../support/factories';
import { useTestServer } from '../support/server';
import { MIXED_GST_LINES } from '../support/invoice-lines';

const { app, as, db } = useTestServer();
const auditOf = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

const TAX = API.invoices.taxConfigurations;
const TEMPLATES = API.invoices.templates;
const SETTINGS = API.invoices.settings;

/** An accounts manager (no demo user is one): may configure invoicing. */
async function accountsManager() {
  await makeUser(db(), { username: 'accounts.manager', department: 'accounts', designation: 'manager' });
  return as('accounts.manager');
}

/** The slabs since GST 2.0, one retired rate, one not yet in force and one removed. */
async function gstSlabs() {
  const rows: [string, string, string, boolean, string][] = [
    ['CGST 9%', 'CGST', '9', true, '2025-09-22'],
    ['SGST 9%', 'SGST', '9', true, '2025-09-22'],
    ['IGST 18%', 'IGST', '18', true, '2025-09-22'],
    ['CGST 2.5%', 'CGST', '2.5', true, '2025-09-22'],
    ['SGST 2.5%', 'SGST', '2.5', true, '2025-09-22'],
    ['IGST 5%', 'IGST', '5', true, '2025-09-22'],
    ['IGST 40%', 'IGST', '40', true, '2025-09-22'],
    ['GST nil', 'IGST', '0', true, '2025-09-22'],
    ['IGST 12% (retired)', 'IGST', '12', false, '2017-07-01'],
    ['CGST 14% (retired)', 'CGST', '14', false, '2017-07-01'],
    ['IGST 3% (from 2099)', 'IGST', '3', true, '2099-04-01'],
  ];
  await db()
    .insert(taxConfigurations)
    .values(rows.map(([name, tax_type, rate, is_active, effective_from]) => ({ name, tax_type, rate, is_active, effective_from })));
  await db().insert(taxConfigurations).values({ name: 'IGST 7% (removed)', tax_type: 'IGST', rate: '7', effective_from: '2025-09-22', deleted_at: new Date().toISOString() });
}

const thisYear = () => financialYearOf(businessToday());

describe('who may read and change the invoice configuration', () => {
  it('everyone who reads invoices reads it; only accounts managers and management change it', async () => {
    await expectAccessMatrix(app(), [
      { method: 'GET', url: TAX.list, permission: 'invoices.read' },
      { method: 'POST', url: TAX.list, body: {}, permission: 'invoices.configure' },
      { method: 'GET', url: TAX.detail(1), permission: 'invoices.read' },
      { method: 'PATCH', url: TAX.detail(1), body: {}, permission: 'invoices.configure' },
      { method: 'DELETE', url: TAX.detail(1), permission: 'invoices.configure' },
      { method: 'GET', url: TEMPLATES.list, permission: 'invoices.read' },
      { method: 'POST', url: TEMPLATES.list, body: {}, permission: 'invoices.configure' },
      { method: 'PATCH', url: TEMPLATES.detail(1), body: {}, permission: 'invoices.configure' },
      { method: 'DELETE', url: TEMPLATES.detail(1), permission: 'invoices.configure' },
      { method: 'GET', url: SETTINGS, permission: 'invoices.read' },
      { method: 'PUT', url: SETTINGS, body: { prefix: 'lower' }, permission: 'invoices.configure' },
      { method: 'PATCH', url: SETTINGS, body: { prefix: 'lower' }, permission: 'invoices.configure' },
      { method: 'GET', url: `${API.invoices.currentRates}?customer_state=Goa`, permission: 'invoices.read' },
      { method: 'POST', url: API.invoices.calculateTax, body: {}, permission: 'invoices.read' },
    ]);
  });

  it('an accounts executive reads the rates but may not add one; an accounts manager and management may', async () => {
    const body = { name: 'IGST 18%', tax_type: 'IGST', rate: '18', effective_from: '2025-09-22' };
    const executive = await as('accounts');
    expect((await executive.get(TAX.list)).statusCode).toBe(200);
    expect((await executive.post(TAX.list, body)).statusCode).toBe(403);
    expect((await (await accountsManager()).post(TAX.list, body)).statusCode).toBe(201);
    expect((await (await as('management')).post(TAX.list, body)).statusCode).toBe(201);
    expect((await (await as('sales.exec')).get(TAX.list)).json().count).toBe(2);
    expect((await (await as('stores')).get(TAX.list)).statusCode).toBe(403);
  });
});

describe('invoices/tax-configurations/', () => {
  it('adds a rate with its version and an audit entry', async () => {
    const res = await (await as('management')).post(TAX.list, { name: ' CGST 9% ', tax_type: 'CGST', rate: '9', effective_from: '2025-09-22' });
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({ name: 'CGST 9%', tax_type: 'CGST', rate: '9.00', is_active: true, effective_from: '2025-09-22', version: 1, deleted_at: null });
    expect(res.headers.etag).toBe('"1"');
    expect(row).not.toHaveProperty('txid');
    expect(await auditOf('invoice.tax_configuration.create')).toMatchObject([{ target: `tax_configurations:${row.id}`, username: 'management', risk_level: 'medium' }]);
  });

  it('names the field of each bad input', async () => {
    const res = await (await as('management')).post(TAX.list, { name: '', tax_type: 'VAT', rate: '101', effective_from: '22-09-2025' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['effective_from', 'name', 'rate', 'tax_type']);
    expect(res.json().rate).toEqual(['Ensure this value is less than or equal to 100.']);
  });

  it('lists by type then rate, filtered by tax_type and is_active; an unknown type is a 400 on tax_type', async () => {
    await gstSlabs();
    const accounts = await as('accounts');
    const igst = (await accounts.get(`${TAX.list}?tax_type=IGST&is_active=true`)).json();
    expect(igst.results.map((r: { name: string }) => r.name)).toEqual(['GST nil', 'IGST 3% (from 2099)', 'IGST 5%', 'IGST 18%', 'IGST 40%']);
    const retired = (await accounts.get(`${TAX.list}?is_active=false`)).json();
    expect(retired.results.map((r: { name: string }) => r.name)).toEqual(['CGST 14% (retired)', 'IGST 12% (retired)']);
    const bad = await accounts.get(`${TAX.list}?tax_type=VAT`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['tax_type']);
  });

  it('changes a rate at the version the user saw; a stale version is a 409 with the current row', async () => {
    const management = await as('management');
    const created = (await management.post(TAX.list, { name: 'IGST 28%', tax_type: 'IGST', rate: '28', effective_from: '2017-07-01' })).json();
    const retired = await management.patch(TAX.detail(created.id), { is_active: false, expected_version: 1 });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ is_active: false, rate: '28.00', version: 2 });
    const stale = await management.patch(TAX.detail(created.id), { rate: '12' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 2, rate: '28.00' });
    expect((await management.patch(TAX.detail(created.id), { rate: '-1' })).json()).toHaveProperty('rate');
    expect(await auditOf('invoice.tax_configuration.update')).toHaveLength(1);
  });

  it('a removed rate stays in the table but leaves the list and its detail', async () => {
    const management = await as('management');
    const created = (await management.post(TAX.list, { name: 'IGST 28%', tax_type: 'IGST', rate: '28', effective_from: '2017-07-01' })).json();
    const removed = await management.delete(TAX.detail(created.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().deleted_at).not.toBeNull();
    expect((await management.get(TAX.detail(created.id))).statusCode).toBe(404);
    expect((await management.get(TAX.list)).json().count).toBe(0);
    expect(await db().select().from(taxConfigurations).where(eq(taxConfigurations.id, created.id))).toHaveLength(1);
    expect(await auditOf('invoice.tax_configuration.delete')).toMatchObject([{ target: `tax_configurations:${created.id}` }]);
    expect((await management.delete(TAX.detail(created.id))).statusCode).toBe(404);
  });
});

describe('invoices/templates/', () => {
  const defaults = async () => (await db().select().from(invoiceTemplates).where(eq(invoiceTemplates.is_default, true))).map((t) => t.name);

  it('the first template becomes the default; making another the default unsets the previous one', async () => {
    const management = await as('management');
    const standard = await management.post(TEMPLATES.list, { name: 'Standard Tax Invoice', content: { layout: 'classic', show_hsn: true } });
    expect(standard.statusCode, standard.body).toBe(201);
    expect(standard.json()).toMatchObject({ name: 'Standard Tax Invoice', content: { layout: 'classic', show_hsn: true }, is_default: true });
    const proforma = (await management.post(TEMPLATES.list, { name: 'Proforma Invoice' })).json();
    expect(proforma).toMatchObject({ is_default: false, content: {} });
    const exportInvoice = (await management.post(TEMPLATES.list, { name: 'Export Invoice (LUT)', is_default: true })).json();
    expect(exportInvoice.is_default).toBe(true);
    expect(await defaults()).toEqual(['Export Invoice (LUT)']);

    const switched = await management.patch(TEMPLATES.detail(proforma.id), { is_default: true });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await defaults()).toEqual(['Proforma Invoice']);
    const list = (await (await as('sales.exec')).get(TEMPLATES.list)).json();
    expect(list.results.map((t: { name: string; is_default: boolean }) => [t.name, t.is_default])).toEqual([
      ['Export Invoice (LUT)', false],
      ['Proforma Invoice', true],
      ['Standard Tax Invoice', false],
    ]);
    expect(await auditOf('invoice.template.update')).toMatchObject([{ target: `invoice_templates:${proforma.id}`, metadata: { name: 'Proforma Invoice', is_default: true } }]);
  });

  it('the default is not unset nor deleted until another is made the default', async () => {
    const management = await as('management');
    const standard = (await management.post(TEMPLATES.list, { name: 'Standard Tax Invoice' })).json();
    const proforma = (await management.post(TEMPLATES.list, { name: 'Proforma Invoice' })).json();
    const unset = await management.patch(TEMPLATES.detail(standard.id), { is_default: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json()).toEqual({ is_default: [INVOICE_TEMPLATE_REFUSALS.unsetDefault] });
    const refused = await management.delete(TEMPLATES.detail(standard.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['This template is the default for new invoices: make another template the default first, then delete this one.'] });

    expect((await management.patch(TEMPLATES.detail(proforma.id), { is_default: true })).statusCode).toBe(200);
    const deleted = await management.delete(TEMPLATES.detail(standard.id));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await management.get(TEMPLATES.list)).json().results.map((t: { name: string }) => t.name)).toEqual(['Proforma Invoice']);
    expect(await auditOf('invoice.template.delete')).toMatchObject([{ target: `invoice_templates:${standard.id}` }]);
  });

  it('renames a template at its version, and names the field of each bad input', async () => {
    const management = await as('management');
    const created = (await management.post(TEMPLATES.list, { name: 'Standard' })).json();
    const renamed = await management.patch(TEMPLATES.detail(created.id), { name: 'Standard Tax Invoice', content: { title: 'Tax Invoice' }, expected_version: 1 });
    expect(renamed.json()).toMatchObject({ name: 'Standard Tax Invoice', content: { title: 'Tax Invoice' }, is_default: true, version: 2 });
    expect((await management.patch(TEMPLATES.detail(created.id), { name: 'Old', expected_version: 1 })).statusCode).toBe(409);
    const bad = await management.post(TEMPLATES.list, { name: ' ', content: 'classic', is_default: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['content', 'is_default', 'name']);
    expect((await management.get(TEMPLATES.detail(999))).statusCode).toBe(404);
  });
});

describe('invoices/settings/', () => {
  it('reads the defaults before anyone saved settings, with the next number of the financial year', async () => {
    const year = thisYear();
    const res = await (await as('accounts')).get(SETTINGS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: 1,
      prefix: 'INV-',
      number_padding: 5,
      default_due_days: 30,
      default_terms: '',
      default_notes: '',
      financial_year: year,
      next_number: 1,
      next_invoice_number: `INV-${year.slice(2)}/00001`,
    });
    expect(res.headers.etag).toBe('"1"');
  });

  it('PUT replaces the settings and sets the next number of this financial year: its sequence stands just before it', async () => {
    const year = thisYear();
    const res = await (await accountsManager()).put(SETTINGS, {
      prefix: 'PAE/',
      next_number: 42,
      number_padding: 4,
      default_due_days: 45,
      default_terms: 'Payment within 45 days.',
      default_notes: 'Thank you for your business.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ prefix: 'PAE/', number_padding: 4, default_due_days: 45, default_terms: 'Payment within 45 days.', next_number: 42, next_invoice_number: `PAE/${year.slice(2)}/0042`, version: 2 });
    expect(await db().select().from(invoiceNumberSequences)).toEqual([{ financial_year: year, last_number: 41 }]);
    expect(await auditOf('invoice.settings.update')).toMatchObject([{ username: 'accounts.manager', target: 'invoice_settings:1', metadata: { next_number: 42, prefix: 'PAE/' } }]);

    const again = await (await as('management')).put(SETTINGS, {});
    expect(again.json()).toMatchObject({ prefix: 'INV-', number_padding: 5, default_due_days: 30, default_terms: '', next_number: 42 });
  });

  it('the next number must be after every number already used this financial year', async () => {
    const year = thisYear();
    await db().insert(invoiceNumberSequences).values({ financial_year: year, last_number: 57 });
    const management = await as('management');
    expect((await management.get(SETTINGS)).json()).toMatchObject({ next_number: 58, next_invoice_number: `INV-${year.slice(2)}/00058` });
    for (const next_number of [57, 12]) {
      const refused = await management.patch(SETTINGS, { next_number, default_due_days: 15 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ next_number: ['Invoice numbers up to 57 of this financial year are already used: the next number must be more than that.'] });
      expect(refused.json().next_number).toEqual([INVOICE_SETTINGS_MESSAGES.nextNumberUsed(57)]);
    }
    // Refused as a whole: the due days stayed as they were.
    expect((await management.get(SETTINGS)).json()).toMatchObject({ default_due_days: 30, next_number: 58 });
    expect((await management.patch(SETTINGS, { next_number: 58 })).json().next_number).toBe(58);
    expect((await management.patch(SETTINGS, { next_number: 100 })).json().next_number).toBe(100);
    expect(await db().select().from(invoiceNumberSequences)).toEqual([{ financial_year: year, last_number: 99 }]);
  });

  it('an approval holding this financial year\'s sequence goes first: the number it took cannot be the next one', async () => {
    const year = thisYear();
    await db().insert(invoiceNumberSequences).values({ financial_year: year, last_number: 4 });
    const management = await as('management');
    let answer: Promise<{ statusCode: number; json(): unknown }> | undefined;
    await db().transaction(async (tx) => {
      // As approving takes a number: the upsert holds the year's row until the approval commits.
      await tx
        .insert(invoiceNumberSequences)
        .values({ financial_year: year, last_number: 1 })
        .onConflictDoUpdate({ target: invoiceNumberSequences.financial_year, set: { last_number: sql`${invoiceNumberSequences.last_number} + 1` } });
      answer = management.patch(SETTINGS, { next_number: 5 });
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const res = await answer!;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ next_number: [INVOICE_SETTINGS_MESSAGES.nextNumberUsed(5)] });
    expect(await db().select().from(invoiceNumberSequences)).toEqual([{ financial_year: year, last_number: 5 }]);
  });

  it('PATCH checks the invoice number length with the saved prefix and padding', async () => {
    const management = await as('management');
    // ACME- + 26-27 + / + 00001: 16 characters, the most GST allows.
    expect((await management.patch(SETTINGS, { prefix: 'ACME-' })).statusCode).toBe(200);
    const padding = await management.patch(SETTINGS, { number_padding: 6 });
    expect(padding.statusCode).toBe(400);
    expect(padding.json()).toEqual({ number_padding: [INVOICE_SETTINGS_MESSAGES.tooLong] });
    const prefix = await management.patch(SETTINGS, { prefix: 'ACMEI-' });
    expect(prefix.json()).toEqual({ prefix: [INVOICE_SETTINGS_MESSAGES.tooLong] });
    const both = await management.patch(SETTINGS, { prefix: 'ACMEIN-', number_padding: 3 });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().prefix).toBe('ACMEIN-');
  });

  it('names the field of each bad input, and a stale version is a 409', async () => {
    const management = await as('management');
    const bad = await management.put(SETTINGS, { prefix: 'inv-', number_padding: 0, default_due_days: 400, next_number: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['default_due_days', 'next_number', 'number_padding', 'prefix']);
    expect(bad.json().prefix).toEqual([INVOICE_SETTINGS_MESSAGES.prefix]);
    expect((await management.patch(SETTINGS, { next_number: 'ten' })).json()).toHaveProperty('next_number');
    await management.patch(SETTINGS, { default_notes: 'Thank you.' });
    const stale = await management.patch(SETTINGS, { default_notes: 'Thanks.', expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ default_notes: 'Thank you.', version: 2 });
  });

  it('an accounts executive and sales read the settings but may not change them; stores may not read them', async () => {
    expect((await (await as('accounts')).patch(SETTINGS, { default_due_days: 15 })).statusCode).toBe(403);
    expect((await (await as('sales.exec')).get(SETTINGS)).statusCode).toBe(200);
    expect((await (await as('sales.exec')).put(SETTINGS, {})).statusCode).toBe(403);
    expect((await (await as('stores')).get(SETTINGS)).statusCode).toBe(403);
  });
});

describe('invoices/current_rates/', () => {
  const namesOf = (body: { configurations: { name: string }[] }) => body.configurations.map((c) => c.name);

  it("inside the company's state: CGST and SGST in force today; the rates a line may carry", async () => {
    await gstSlabs();
    await db().insert(companyProfile).values({ id: 1, name: 'Prakash Acrylic Enterprises', state: 'Maharashtra' });
    const res = await (await as('sales.exec')).get(`${API.invoices.currentRates}?customer_state=Maharashtra`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ intra_state: true, gst_rates: ['0.00', '5.00', '18.00', '40.00'] });
    expect(namesOf(res.json())).toEqual(['CGST 2.5%', 'SGST 2.5%', 'CGST 9%', 'SGST 9%']);
  });

  it('across states: IGST; the company state may be given instead of the profile', async () => {
    await gstSlabs();
    await db().insert(companyProfile).values({ id: 1, name: 'Prakash Acrylic Enterprises', state: 'Maharashtra' });
    const accounts = await as('accounts');
    const across = (await accounts.get(`${API.invoices.currentRates}?customer_state=Karnataka`)).json();
    expect(across.intra_state).toBe(false);
    expect(namesOf(across)).toEqual(['GST nil', 'IGST 5%', 'IGST 18%', 'IGST 40%']);
    const given = (await accounts.get(`${API.invoices.currentRates}?customer_state=Karnataka&company_state=Karnataka`)).json();
    expect(given.intra_state).toBe(true);
  });

  it('the customer state is required and must be a state of India', async () => {
    const accounts = await as('accounts');
    const missing = await accounts.get(API.invoices.currentRates);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['customer_state']);
    const unknown = await accounts.get(`${API.invoices.currentRates}?customer_state=Atlantis&company_state=Mars`);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json()).sort()).toEqual(['company_state', 'customer_state']);
  });
});

describe('invoices/calculate_tax/', () => {
  const items = MIXED_GST_LINES;

  it('inside the state: CGST and SGST per line, the total rounded to the rupee and in words', async () => {
    await gstSlabs();
    const res = await (await as('accounts')).post(API.invoices.calculateTax, { items, customer_state: 'Maharashtra', company_state: 'Maharashtra' });
    expect(res.statusCode, res.body).toBe(200);
    // 3500.00 × 9 % = 315.00 each; 93.31 × 2.5 % = 2.33275 → 2.33 each; 4227.97 → 4228.00.
    expect(res.json()).toEqual({
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
    });
  });

  it("across states: IGST at the whole rate; the company's state comes from its profile", async () => {
    await gstSlabs();
    await db().insert(companyProfile).values({ id: 1, name: 'Prakash Acrylic Enterprises', state: 'Maharashtra' });
    const res = await (await as('sales.exec')).post(API.invoices.calculateTax, { items, customer_state: 'Karnataka' });
    expect(res.statusCode, res.body).toBe(200);
    // 3500.00 × 18 % = 630.00; 93.31 × 5 % = 4.6655 → 4.67; 3593.31 + 634.67 = 4227.98 → 4228.00.
    expect(res.json()).toMatchObject({ intra_state: false, cgst_amount: '0.00', sgst_amount: '0.00', igst_amount: '634.67', tax_amount: '634.67', round_off: '0.02', total_amount: '4228.00' });
  });

  it('a line at a rate that is not a GST rate in force today is a 400 on its tax_rate, listing the rates', async () => {
    await gstSlabs();
    const accounts = await as('accounts');
    for (const rate of ['12', '3', '7']) {
      const res = await accounts.post(API.invoices.calculateTax, { items: [items[0], { ...items[1], tax_rate: rate }], customer_state: 'Goa' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ 'items.1.tax_rate': [`${rate} % is not a GST rate in the tax configurations (0.00, 5.00, 18.00, 40.00).`] });
    }
  });

  it('names the field of each bad input', async () => {
    await gstSlabs();
    const accounts = await as('accounts');
    const none = await accounts.post(API.invoices.calculateTax, { items: [], customer_state: 'Goa' });
    expect(Object.keys(none.json())).toEqual(['items']);
    const bad = await accounts.post(API.invoices.calculateTax, {
      items: [{ description: 'Stand', quantity: '2', unit_price: '100', discount: '200.01', tax_rate: '18' }, { description: '', quantity: '0', unit_price: 'ten' }],
      company_state: 'Mars',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['company_state', 'customer_state', 'items.0.discount', 'items.1.description', 'items.1.quantity', 'items.1.unit_price']);
    expect((await (await as('stores')).post(API.invoices.calculateTax, { items, customer_state: 'Goa' })).statusCode).toBe(403);
  });
});
