import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../domain/api-paths';
import { einvoiceSchema, type Einvoice } from '../../domain/einvoice';
import { gstinCheckCharacter } from '../../domain/india';
import { customers } from '../../server/db/schema';
import { expectAccessMatrix } from '../support/access';
import { makeCompany, makeGstRates } from '../support/factories-invoices';
import { makeCustomer } from '../support/factories-sales';
import { useTestServer } from '../support/server';

const { app, as, db } = useTestServer();

/** A GSTIN with its check character. */
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const KARNATAKA_GSTIN = gstin('29AABCB1234C1Z');

/** 3 × 1,234.56 less 203.68 at 18 %, and 7 × 13.33 at 5 %: 4,228.00 (tests/api/invoices.test.ts). */
const LINES: Record<string, string>[] = [
  { description: 'Acrylic display stand', hsn_code: '3926', unit: 'PCS', quantity: '3', unit_price: '1234.56', discount: '203.68', tax_rate: '18' },
  { description: 'Printed gift bag', hsn_code: '4819', quantity: '7', unit_price: '13.33', tax_rate: '5' },
];

async function setUp(state: 'Maharashtra' | 'Karnataka' = 'Maharashtra', gst_number = state === 'Maharashtra' ? '27AAGFO4321K1Z7' : KARNATAKA_GSTIN, address = 'Unit 5, Phoenix Mills, Lower Parel, Mumbai 400013') {
  await makeCompany(db());
  await makeGstRates(db());
  const customer = await makeCustomer(db(), { name: 'Orbit Retail LLP', state, gst_number, phone: '+91 98765 43210', email: 'accounts@orbit.in' });
  await db().update(customers).set({ address }).where(eq(customers.id, customer.id));
  return customer;
}

async function draft(customer: number, items: readonly Record<string, string>[] = LINES) {
  const res = await (await as('accounts')).post(API.invoices.list, { customer, invoice_date: '2026-11-20', due_date: '2026-12-20', items });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function issued(customer: number, items?: readonly Record<string, string>[]) {
  const invoice = await draft(customer, items);
  const res = await (await as('management')).post(API.invoices.approve(invoice.id), {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const einvoiceOf = async (id: number) => (await as('sales.exec')).get(API.invoices.einvoice(id));

/** The figures every line carries as zero: no cess, no other charges. */
const NO_CESS = { CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, StateCesRt: 0, StateCesAmt: 0, StateCesNonAdvlAmt: 0, OthChrg: 0 };

describe('GET invoices/{id}/einvoice/', () => {
  it('gives the INV-01 payload of an issued B2B invoice inside the state, which passes the schema\'s rules', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const res = await einvoiceOf(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json() as Einvoice;
    expect(payload).toEqual({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'INV-26-27/00001', Dt: '20/11/2026' },
      SellerDtls: { Gstin: '27AAACS1234F1ZS', LglNm: 'Shree Ganesh Fabricators Pvt. Ltd.', Addr1: 'Plot 14, MIDC Bhosari, Pune', Loc: 'Pune', Pin: 411026, Stcd: '27' },
      BuyerDtls: { Gstin: '27AAGFO4321K1Z7', LglNm: 'Orbit Retail LLP', Addr1: 'Unit 5, Phoenix Mills, Lower Parel, Mumbai', Loc: 'Mumbai', Pin: 400013, Stcd: '27', Pos: '27', Ph: '9876543210', Em: 'accounts@orbit.in' },
      ItemList: [
        { SlNo: '1', PrdDesc: 'Acrylic display stand', IsServc: 'N', HsnCd: '3926', Qty: 3, Unit: 'PCS', UnitPrice: 1234.56, TotAmt: 3703.68, Discount: 203.68, AssAmt: 3500, GstRt: 18, IgstAmt: 0, CgstAmt: 315, SgstAmt: 315, ...NO_CESS, TotItemVal: 4130 },
        { SlNo: '2', PrdDesc: 'Printed gift bag', IsServc: 'N', HsnCd: '4819', Qty: 7, Unit: 'NOS', UnitPrice: 13.33, TotAmt: 93.31, Discount: 0, AssAmt: 93.31, GstRt: 5, IgstAmt: 0, CgstAmt: 2.33, SgstAmt: 2.33, ...NO_CESS, TotItemVal: 97.97 },
      ],
      ValDtls: { AssVal: 3593.31, CgstVal: 317.33, SgstVal: 317.33, IgstVal: 0, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0.03, TotInvVal: 4228 },
    });
    expect(einvoiceSchema.safeParse(payload).success).toBe(true);
  });

  it('across states: IGST on each line, the place of supply the customer\'s state', async () => {
    const customer = await setUp('Karnataka', KARNATAKA_GSTIN, '14 Residency Road, Bengaluru 560025');
    const payload = (await einvoiceOf((await issued(customer.id)).id)).json() as Einvoice;
    expect(payload.BuyerDtls).toMatchObject({ Gstin: KARNATAKA_GSTIN, Addr1: '14 Residency Road, Bengaluru', Loc: 'Bengaluru', Pin: 560025, Stcd: '29', Pos: '29' });
    expect(payload.ItemList.map((i) => [i.CgstAmt, i.SgstAmt, i.IgstAmt, i.TotItemVal])).toEqual([
      [0, 0, 630, 4130],
      [0, 0, 4.67, 97.98],
    ]);
    expect(payload.ValDtls).toMatchObject({ IgstVal: 634.67, CgstVal: 0, RndOffAmt: 0.02, TotInvVal: 4228 });
    expect(einvoiceSchema.safeParse(payload).success).toBe(true);
  });

  it('marks SAC codes (99…) as services', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id, [{ description: 'Installation at site', hsn_code: '995461', quantity: '1', unit_price: '5000', tax_rate: '18' }]);
    const payload = (await einvoiceOf(invoice.id)).json() as Einvoice;
    expect(payload.ItemList[0]).toMatchObject({ IsServc: 'Y', HsnCd: '995461', CgstAmt: 450, SgstAmt: 450, TotItemVal: 5900 });
    expect(payload.ValDtls).toMatchObject({ RndOffAmt: 0, TotInvVal: 5900 });
  });

  it('refuses a draft, a B2C invoice and a cancelled one with a 400 saying why', async () => {
    const customer = await setUp();
    const drafted = await draft(customer.id);
    expect([(await einvoiceOf(drafted.id)).statusCode, (await einvoiceOf(drafted.id)).json()]).toEqual([400, { non_field_errors: ['Only an approved (issued) invoice has an e-invoice: approve it first.'] }]);
    const walkIn = await makeCustomer(db(), { name: 'Walk-in buyer', state: 'Maharashtra' });
    const b2c = await issued(walkIn.id);
    expect((await einvoiceOf(b2c.id)).json()).toEqual({ non_field_errors: ['The customer has no GSTIN: an e-invoice is only for B2B supplies (an unregistered buyer gets the tax invoice alone).'] });
    const cancelled = await issued(customer.id);
    await (await as('accounts')).post(API.invoices.cancel(cancelled.id), { reason: 'Raised twice' });
    expect((await einvoiceOf(cancelled.id)).json()).toEqual({ non_field_errors: ['A cancelled or void invoice is not registered as an e-invoice.'] });
    expect((await einvoiceOf(999999)).statusCode).toBe(404);
  });

  it('refuses what the portal would refuse: no PIN in the address, lines without a 4, 6 or 8 digit HSN', async () => {
    const customer = await setUp('Maharashtra', '27AAGFO4321K1Z7', 'Lower Parel, Mumbai');
    const invoice = await issued(customer.id, [LINES[0]!, { ...LINES[1]!, hsn_code: '48191' }, { ...LINES[1]!, hsn_code: '' }]);
    const res = await einvoiceOf(invoice.id);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { non_field_errors: ["The customer's address has no 6-digit PIN code: add it to the address.", 'The e-invoice needs a 4, 6 or 8 digit HSN/SAC code on every line: lines 2, 3 have none or another length.'] },
    ]);
  });

  it('gives an approved credit note as document type CRN, naming the invoice it corrects', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    const note = (await (await as('accounts')).post(API.invoices.creditNotes.list, { invoice: invoice.id, credit_note_date: '2026-11-25', reason: 'Returned', items: [{ invoice_item: invoice.items[0].id, quantity: '1' }] })).json();
    const early = await (await as('accounts')).get(API.invoices.creditNotes.einvoice(note.id));
    expect([early.statusCode, early.json()]).toEqual([400, { non_field_errors: ['Only an approved credit note has an e-invoice: approve it first.'] }]);
    await (await as('management')).post(API.invoices.creditNotes.approve(note.id), {});
    const payload = (await (await as('accounts')).get(API.invoices.creditNotes.einvoice(note.id))).json() as Einvoice;
    expect(payload.DocDtls).toEqual({ Typ: 'CRN', No: 'CN-26-27/00001', Dt: '25/11/2026' });
    expect(payload.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: 'INV-26-27/00001', InvDt: '20/11/2026' }] });
    // One stand: 1,234.56 less 67.89 = 1,166.67, 105.00 + 105.00; 1,376.67 rounded to 1,377.00.
    expect(payload.ItemList[0]).toMatchObject({ Qty: 1, TotAmt: 1234.56, Discount: 67.89, AssAmt: 1166.67, CgstAmt: 105, SgstAmt: 105, TotItemVal: 1376.67 });
    expect(payload.ValDtls).toMatchObject({ AssVal: 1166.67, RndOffAmt: 0.33, TotInvVal: 1377 });
    expect(einvoiceSchema.safeParse(payload).success).toBe(true);
  });

  it('answers each role as the permission matrix says', async () => {
    const customer = await setUp();
    const invoice = await issued(customer.id);
    await expectAccessMatrix(app(), [{ method: 'GET', url: API.invoices.einvoice(invoice.id), permission: 'invoices.read' }]);
  });
});

describe("the e-invoice schema's rules (domain/einvoice.ts)", () => {
  /** A valid payload: one line of 10 × 100.00 less 50.00 at 18 % inside Maharashtra. */
  const valid = (): Einvoice => ({
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: 'INV-26-27/00001', Dt: '20/11/2026' },
    SellerDtls: { Gstin: '27AAACS1234F1ZS', LglNm: 'Shree Ganesh Fabricators', Addr1: 'Plot 14, MIDC Bhosari', Loc: 'Pune', Pin: 411026, Stcd: '27' },
    BuyerDtls: { Gstin: '27AAGFO4321K1Z7', LglNm: 'Orbit Retail LLP', Addr1: 'Lower Parel', Loc: 'Mumbai', Pin: 400013, Stcd: '27', Pos: '27' },
    ItemList: [{ SlNo: '1', PrdDesc: 'Acrylic stand', IsServc: 'N', HsnCd: '3926', Qty: 10, Unit: 'NOS', UnitPrice: 100, TotAmt: 1000, Discount: 50, AssAmt: 950, GstRt: 18, IgstAmt: 0, CgstAmt: 85.5, SgstAmt: 85.5, ...NO_CESS, TotItemVal: 1121 }],
    ValDtls: { AssVal: 950, CgstVal: 85.5, SgstVal: 85.5, IgstVal: 0, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0, TotInvVal: 1121 },
  });
  const issuesOf = (change: (doc: Einvoice) => void) => {
    const doc = valid();
    change(doc);
    const parsed = einvoiceSchema.safeParse(doc);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
  };

  it('passes a payload that keeps every rule', () => {
    expect(issuesOf(() => undefined)).toEqual([]);
  });

  it.each<[string, (doc: Einvoice) => void, string[]]>([
    ['the version is 1.1', (doc) => Object.assign(doc, { Version: '1.0' }), ['Version']],
    ['the supply type is one of the list', (doc) => Object.assign(doc.TranDtls, { SupTyp: 'B2C' }), ['TranDtls.SupTyp']],
    ['the document type is INV, CRN or DBN', (doc) => Object.assign(doc.DocDtls, { Typ: 'BIL' }), ['DocDtls.Typ']],
    ['the number is at most 16 characters, starting with a letter or 1-9', (doc) => Object.assign(doc.DocDtls, { No: '0INV-26-27/000001' }), ['DocDtls.No', 'DocDtls.No']],
    ['the date is DD/MM/YYYY', (doc) => Object.assign(doc.DocDtls, { Dt: '2026-11-20' }), ['DocDtls.Dt']],
    ['a GSTIN is 15 characters', (doc) => Object.assign(doc.SellerDtls, { Gstin: '27AAACS1234F1Z' }), ['SellerDtls.Gstin', 'SellerDtls.Gstin']],
    ['the legal name has 3 to 100 characters', (doc) => Object.assign(doc.BuyerDtls, { LglNm: 'AB' }), ['BuyerDtls.LglNm']],
    ['the place has 3 to 50 characters', (doc) => Object.assign(doc.SellerDtls, { Loc: 'X'.repeat(51) }), ['SellerDtls.Loc']],
    ['the PIN has 6 digits', (doc) => Object.assign(doc.SellerDtls, { Pin: 99999 }), ['SellerDtls.Pin']],
    ['a state code is 1 or 2 digits, not 00', (doc) => Object.assign(doc.BuyerDtls, { Pos: '00' }), ['BuyerDtls.Pos']],
    ['the phone is 6 to 12 digits', (doc) => Object.assign(doc.BuyerDtls, { Ph: '+91 98765' }), ['BuyerDtls.Ph']],
    ['the description has 3 to 300 characters', (doc) => Object.assign(doc.ItemList[0]!, { PrdDesc: 'Xy' }), ['ItemList.0.PrdDesc']],
    ['the HSN code has 4, 6 or 8 digits', (doc) => Object.assign(doc.ItemList[0]!, { HsnCd: '39261' }), ['ItemList.0.HsnCd']],
    ['the unit is a UQC code of capital letters', (doc) => Object.assign(doc.ItemList[0]!, { Unit: 'Nos' }), ['ItemList.0.Unit']],
    ['the GST rate is one of the slabs', (doc) => Object.assign(doc.ItemList[0]!, { GstRt: 12.5 }), ['ItemList.0.GstRt']],
    ['an amount has at most 2 decimals', (doc) => Object.assign(doc.ValDtls, { CesVal: 0.001 }), ['ValDtls.CesVal']],
    ['the round off is between −99.99 and 99.99', (doc) => Object.assign(doc.ValDtls, { RndOffAmt: 100, TotInvVal: 1221 }), ['ValDtls.RndOffAmt']],
    ['there is at least one line', (doc) => Object.assign(doc, { ItemList: [] }), ['ItemList']],
    ['TotAmt = Qty × UnitPrice', (doc) => Object.assign(doc.ItemList[0]!, { TotAmt: 1001, AssAmt: 951, TotItemVal: 1122 }), ['ItemList.0.TotAmt', 'ValDtls.AssVal']],
    ['AssAmt = TotAmt − Discount', (doc) => Object.assign(doc.ItemList[0]!, { AssAmt: 1000, TotItemVal: 1171 }), ['ItemList.0.AssAmt', 'ItemList.0.GstRt', 'ValDtls.AssVal']],
    ['TotItemVal = AssAmt + the taxes', (doc) => Object.assign(doc.ItemList[0]!, { TotItemVal: 1120 }), ['ItemList.0.TotItemVal']],
    ['inside the state no IGST, and CGST equals SGST', (doc) => Object.assign(doc.ItemList[0]!, { CgstAmt: 85.5, SgstAmt: 0, IgstAmt: 85.5 }), ['ItemList.0.IgstAmt', 'ItemList.0.SgstAmt', 'ValDtls.SgstVal', 'ValDtls.IgstVal']],
    ['across states no CGST or SGST', (doc) => Object.assign(doc.BuyerDtls, { Pos: '29' }), ['ItemList.0.IgstAmt']],
    ['the GST is AssAmt at GstRt', (doc) => Object.assign(doc.ItemList[0]!, { GstRt: 28 }), ['ItemList.0.GstRt']],
    ['the taxes of ValDtls are the sums of the lines', (doc) => Object.assign(doc.ValDtls, { CgstVal: 85, TotInvVal: 1120.5 }), ['ValDtls.CgstVal']],
    ['TotInvVal = AssVal + the taxes + other charges + round off − discount', (doc) => Object.assign(doc.ValDtls, { TotInvVal: 1122 }), ['ValDtls.TotInvVal']],
    ['the buyer is not the seller', (doc) => Object.assign(doc.BuyerDtls, { Gstin: '27AAACS1234F1ZS' }), ['BuyerDtls.Gstin']],
  ])('%s', (_rule, change, paths) => {
    expect(issuesOf(change)).toEqual(paths);
  });
});
