import { z } from 'zod';
import { abs, compare, div, mul, sub, sum, toMoney, type Decimal } from './decimal';
import type { IndianState } from './india';
import { isValidGstin } from './india';
import type { InvoiceItem } from './invoice';
import { isValidEmail } from './rules/contact';
import { whenFieldsValid } from './stock';

/**
 * The GST e-invoice (INV-01, schema version 1.1, decision 331): the JSON a B2B tax invoice (or a
 * credit note, document type CRN) is registered with on the Invoice Registration Portal. The
 * schema below holds the published rules: the required fields, lengths, patterns and
 * enumerations, and the value checks the portal makes (AssAmt = TotAmt − Discount, TotItemVal =
 * AssAmt + the taxes, ValDtls as the sums of the lines, the CGST/SGST or IGST split by the
 * seller's state and the place of supply). Amounts are JSON numbers as the schema types them;
 * the checks add them as exact decimals.
 */

export const EINVOICE_VERSION = '1.1';

/** GST state codes (the first two digits of a GSTIN), by the state names of domain/india.ts. */
export const GST_STATE_CODES: Readonly<Record<Exclude<IndianState, 'N/A'>, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** The GST rates the portal accepts (GstRt), the 40 % slab of September 2025 included. */
export const EINVOICE_GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const;

const yesNo = z.enum(['Y', 'N']);
const GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;
const STATE_CODE = /^(?!0+$)[0-9]{1,2}$/;
const HSN = /^(?!0+$)([0-9]{4}|[0-9]{6}|[0-9]{8})$/;
const DOCUMENT_NUMBER = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;
const DOCUMENT_DATE = /^[0-3][0-9]\/[0-1][0-9]\/20[0-9]{2}$/;

/** A number with at most `places` decimals between `min` and `max`. */
const amount = (places = 2, min = 0, max = 999_999_999_999.99) =>
  z
    .number()
    .min(min)
    .max(max)
    .refine((n) => (String(n).split('.')[1] ?? '').length <= places, `At most ${places} decimal places.`);

const party = {
  Gstin: z.string().length(15).regex(GSTIN),
  LglNm: z.string().min(3).max(100),
  TrdNm: z.string().min(3).max(100).optional(),
  Addr1: z.string().min(1).max(100),
  Addr2: z.string().min(3).max(100).optional(),
  Loc: z.string().min(3).max(50),
  Pin: z.number().int().min(100000).max(999999),
  Stcd: z.string().min(1).max(2).regex(STATE_CODE),
  Ph: z.string().regex(/^[0-9]{6,12}$/).optional(),
  Em: z.string().min(6).max(100).refine(isValidEmail).optional(),
};

const itemSchema = z.object({
  SlNo: z.string().min(1).max(6),
  PrdDesc: z.string().min(3).max(300),
  IsServc: yesNo,
  HsnCd: z.string().min(4).max(8).regex(HSN),
  Qty: amount(3, 0, 9_999_999_999.999),
  Unit: z.string().min(3).max(8).regex(/^[A-Z]+$/),
  UnitPrice: amount(3, 0, 999_999_999_999.999),
  TotAmt: amount(),
  Discount: amount(),
  AssAmt: amount(),
  GstRt: z.number().refine((rate) => (EINVOICE_GST_RATES as readonly number[]).includes(rate), 'Not a GST rate.'),
  IgstAmt: amount(),
  CgstAmt: amount(),
  SgstAmt: amount(),
  CesRt: amount(3, 0, 100),
  CesAmt: amount(),
  CesNonAdvlAmt: amount(),
  StateCesRt: amount(3, 0, 100),
  StateCesAmt: amount(),
  StateCesNonAdvlAmt: amount(),
  OthChrg: amount(),
  TotItemVal: amount(),
});
export type EinvoiceItem = z.infer<typeof itemSchema>;

const d = (n: number): Decimal => String(n);
const equal = (a: number, b: Decimal) => compare(toMoney(d(a)), toMoney(b)) === 0;

/** The portal's value checks, each a message at the path it is about. */
function checkValues(doc: z.infer<typeof einvoiceShape>, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const intra = doc.TranDtls.IgstOnIntra === 'N' && doc.SellerDtls.Stcd === doc.BuyerDtls.Pos;
  if (doc.SellerDtls.Gstin === doc.BuyerDtls.Gstin) issue(['BuyerDtls', 'Gstin'], 'The buyer cannot be the seller.');
  doc.ItemList.forEach((item, i) => {
    const at = (field: string) => ['ItemList', i, field];
    if (!equal(item.TotAmt, mul(d(item.Qty), d(item.UnitPrice)))) issue(at('TotAmt'), 'TotAmt must be Qty × UnitPrice.');
    if (!equal(item.AssAmt, sub(d(item.TotAmt), d(item.Discount)))) issue(at('AssAmt'), 'AssAmt must be TotAmt − Discount.');
    const taxes = [item.CgstAmt, item.SgstAmt, item.IgstAmt, item.CesAmt, item.CesNonAdvlAmt, item.StateCesAmt, item.StateCesNonAdvlAmt, item.OthChrg].map(d);
    if (!equal(item.TotItemVal, sum([d(item.AssAmt), ...taxes]))) issue(at('TotItemVal'), 'TotItemVal must be AssAmt + the taxes, cesses and other charges.');
    if (intra && item.IgstAmt !== 0) issue(at('IgstAmt'), 'Inside the state the tax is CGST and SGST, not IGST.');
    if (intra && item.CgstAmt !== item.SgstAmt) issue(at('SgstAmt'), 'CGST and SGST must be equal.');
    if (!intra && (item.CgstAmt !== 0 || item.SgstAmt !== 0)) issue(at('IgstAmt'), 'Across states the tax is IGST, not CGST and SGST.');
    const due = div(mul(d(item.AssAmt), d(item.GstRt)), '100', 2);
    const charged = sum([d(item.CgstAmt), d(item.SgstAmt), d(item.IgstAmt)]);
    if (compare(abs(sub(charged, due)), '1') > 0) issue(at('GstRt'), 'The GST amounts do not match AssAmt at GstRt.');
  });
  const total = (key: keyof EinvoiceItem) => toMoney(sum(doc.ItemList.map((item) => d(item[key] as number))));
  const v = doc.ValDtls;
  const sums: [keyof typeof v, keyof EinvoiceItem][] = [
    ['AssVal', 'AssAmt'],
    ['CgstVal', 'CgstAmt'],
    ['SgstVal', 'SgstAmt'],
    ['IgstVal', 'IgstAmt'],
    ['CesVal', 'CesAmt'],
  ];
  for (const [field, line] of sums) if (!equal(v[field] as number, total(line))) issue(['ValDtls', field], `${field} must be the sum of the lines' ${line}.`);
  const expected = sub(sum([v.AssVal, v.CgstVal, v.SgstVal, v.IgstVal, v.CesVal, v.StCesVal, v.OthChrg, v.RndOffAmt].map(d)), d(v.Discount));
  if (!equal(v.TotInvVal, expected)) issue(['ValDtls', 'TotInvVal'], 'TotInvVal must be AssVal + the taxes + OthChrg + RndOffAmt − Discount.');
}

const einvoiceShape = z.object({
  Version: z.literal(EINVOICE_VERSION),
  TranDtls: z.object({
    TaxSch: z.literal('GST'),
    SupTyp: z.enum(['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP']),
    RegRev: yesNo,
    EcmGstin: z.string().length(15).regex(GSTIN).nullable().optional(),
    IgstOnIntra: yesNo,
  }),
  DocDtls: z.object({
    Typ: z.enum(['INV', 'CRN', 'DBN']),
    No: z.string().min(1).max(16).regex(DOCUMENT_NUMBER),
    Dt: z.string().length(10).regex(DOCUMENT_DATE),
  }),
  SellerDtls: z.object(party),
  BuyerDtls: z.object({ ...party, Pos: z.string().min(1).max(2).regex(STATE_CODE) }),
  /** The preceding invoice a credit note corrects. */
  RefDtls: z
    .object({ PrecDocDtls: z.array(z.object({ InvNo: z.string().min(1).max(16).regex(DOCUMENT_NUMBER), InvDt: z.string().length(10).regex(DOCUMENT_DATE) })).min(1).max(100) })
    .optional(),
  ItemList: z.array(itemSchema).min(1).max(1000),
  ValDtls: z.object({
    AssVal: amount(),
    CgstVal: amount(),
    SgstVal: amount(),
    IgstVal: amount(),
    CesVal: amount(),
    StCesVal: amount(),
    Discount: amount(),
    OthChrg: amount(),
    RndOffAmt: amount(2, -99.99, 99.99),
    TotInvVal: amount(),
  }),
});

/** INV-01 as the portal validates it: the fields, then (once they are valid) the values. */
export const einvoiceSchema = einvoiceShape.superRefine(checkValues, whenFieldsValid);
export type Einvoice = z.infer<typeof einvoiceShape>;

export const EINVOICE_REFUSALS = {
  notIssued: 'Only an approved (issued) invoice has an e-invoice: approve it first.',
  creditNoteNotApproved: 'Only an approved credit note has an e-invoice: approve it first.',
  cancelled: 'A cancelled or void invoice is not registered as an e-invoice.',
  b2c: 'The customer has no GSTIN: an e-invoice is only for B2B supplies (an unregistered buyer gets the tax invoice alone).',
  noPin: (whose: string) => `${whose} address has no 6-digit PIN code: add it to the address.`,
  shortName: (whose: string) => `${whose} name must have at least 3 characters for the e-invoice.`,
  noPlace: (whose: string) => `${whose} address has no place (town or city) before the PIN code.`,
  hsn: (lines: readonly number[]) => `The e-invoice needs a 4, 6 or 8 digit HSN/SAC code on every line: lines ${lines.join(', ')} have none or another length.`,
  description: (lines: readonly number[]) => `The e-invoice needs a description of at least 3 characters on every line: lines ${lines.join(', ')} are shorter.`,
  companyGstin: "The company's GSTIN does not pass its check: correct it in the company profile.",
} as const;

/** A party as the document has it: GSTIN, name, the address as one text, phone, e-mail. */
export interface EinvoiceParty {
  gstin: string;
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** The figures of the document (an invoice or a credit note) the payload is made of. */
export interface EinvoiceDocument {
  type: 'INV' | 'CRN';
  number: string;
  date: string;
  customer_state: IndianState;
  company_state: IndianState;
  round_off: Decimal;
  total_amount: Decimal;
  lines: readonly Pick<InvoiceItem, 'description' | 'hsn_code' | 'unit' | 'quantity' | 'unit_price' | 'discount' | 'tax_rate' | 'amount' | 'taxable_amount' | 'cgst_amount' | 'sgst_amount' | 'igst_amount' | 'line_total'>[];
  /** For a credit note: the invoice it corrects. */
  preceding?: { number: string; date: string };
}

/** "2026-11-20" as the portal writes it: "20/11/2026". */
export const einvoiceDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const PIN = /\b[1-9][0-9]{5}\b/;

/**
 * The address fields of a one-text address: Addr1 the text before the PIN (at most 100
 * characters), Loc the last part before the PIN ("Pune" of "Plot 14, MIDC Bhosari, Pune 411026"),
 * Pin the 6-digit PIN code; null parts when the address has none.
 */
export function addressParts(address: string): { Addr1: string; Loc: string | null; Pin: number | null } {
  const oneLine = address.replace(/\s+/g, ' ').trim();
  const pin = PIN.exec(oneLine);
  const before = (pin ? oneLine.slice(0, pin.index) : oneLine).replace(/[\s,-]+$/, '');
  const place = before.split(',').pop()?.trim() ?? '';
  return { Addr1: before.slice(0, 100) || oneLine.slice(0, 100), Loc: place.length >= 3 ? place.slice(0, 50) : null, Pin: pin ? Number(pin[0]) : null };
}

/** Digits only, when 6 to 12 of them (the portal's phone); else left out. */
const phoneOf = (phone: string) => {
  const digits = phone.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '');
  return /^[0-9]{6,12}$/.test(digits) ? digits : undefined;
};
const emailOf = (email: string) => (email.length >= 6 && email.length <= 100 && isValidEmail(email) ? email : undefined);

/** Why the document cannot be an e-invoice (each a sentence), checked before the payload is built. */
export function einvoiceProblems(document: EinvoiceDocument, seller: EinvoiceParty, buyer: EinvoiceParty): string[] {
  const problems: string[] = [];
  if (!buyer.gstin) problems.push(EINVOICE_REFUSALS.b2c);
  if (!isValidGstin(seller.gstin)) problems.push(EINVOICE_REFUSALS.companyGstin);
  for (const [whose, party] of [
    ["The company's", seller],
    ["The customer's", buyer],
  ] as const) {
    const parts = addressParts(party.address);
    if (party.name.trim().length < 3) problems.push(EINVOICE_REFUSALS.shortName(whose));
    if (parts.Pin === null) problems.push(EINVOICE_REFUSALS.noPin(whose));
    else if (parts.Loc === null) problems.push(EINVOICE_REFUSALS.noPlace(whose));
  }
  const badHsn = document.lines.flatMap((line, i) => (HSN.test(line.hsn_code) ? [] : [i + 1]));
  if (badHsn.length) problems.push(EINVOICE_REFUSALS.hsn(badHsn));
  const short = document.lines.flatMap((line, i) => (line.description.trim().length >= 3 ? [] : [i + 1]));
  if (short.length) problems.push(EINVOICE_REFUSALS.description(short));
  return problems;
}

const n = (value: Decimal) => Number(value);

function partyOf(party: EinvoiceParty) {
  const { Addr1, Loc, Pin } = addressParts(party.address);
  const Ph = phoneOf(party.phone);
  const Em = emailOf(party.email);
  return { Gstin: party.gstin, LglNm: party.name.trim().slice(0, 100), Addr1, Loc: Loc!, Pin: Pin!, Stcd: party.gstin.slice(0, 2), ...(Ph && { Ph }), ...(Em && { Em }) };
}

/**
 * The INV-01 payload of a document that passed einvoiceProblems: a regular B2B supply, no reverse
 * charge; each line as the document has it (SAC codes, 99…, are services); the invoice-level
 * discount is 0 because the discounts are on the lines; the place of supply is the document's
 * customer state (the buyer's GSTIN state when none was given).
 */
export function buildEinvoice(document: EinvoiceDocument, seller: EinvoiceParty, buyer: EinvoiceParty): Einvoice {
  const ItemList = document.lines.map((line, i) => ({
    SlNo: String(i + 1),
    PrdDesc: line.description.trim().slice(0, 300),
    IsServc: line.hsn_code.startsWith('99') ? ('Y' as const) : ('N' as const),
    HsnCd: line.hsn_code,
    Qty: n(line.quantity),
    Unit: line.unit,
    UnitPrice: n(line.unit_price),
    TotAmt: n(line.amount),
    Discount: n(line.discount),
    AssAmt: n(line.taxable_amount),
    GstRt: n(line.tax_rate),
    IgstAmt: n(line.igst_amount),
    CgstAmt: n(line.cgst_amount),
    SgstAmt: n(line.sgst_amount),
    CesRt: 0,
    CesAmt: 0,
    CesNonAdvlAmt: 0,
    StateCesRt: 0,
    StateCesAmt: 0,
    StateCesNonAdvlAmt: 0,
    OthChrg: 0,
    TotItemVal: n(line.line_total),
  }));
  const of = (key: 'taxable_amount' | 'cgst_amount' | 'sgst_amount' | 'igst_amount') => n(toMoney(sum(document.lines.map((l) => l[key]))));
  const place = document.customer_state === 'N/A' ? buyer.gstin.slice(0, 2) : GST_STATE_CODES[document.customer_state];
  return {
    Version: EINVOICE_VERSION,
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: document.type, No: document.number, Dt: einvoiceDate(document.date) },
    SellerDtls: partyOf(seller),
    BuyerDtls: { ...partyOf(buyer), Pos: place },
    ...(document.preceding && { RefDtls: { PrecDocDtls: [{ InvNo: document.preceding.number, InvDt: einvoiceDate(document.preceding.date) }] } }),
    ItemList,
    ValDtls: {
      AssVal: of('taxable_amount'),
      CgstVal: of('cgst_amount'),
      SgstVal: of('sgst_amount'),
      IgstVal: of('igst_amount'),
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: n(document.round_off),
      TotInvVal: n(document.total_amount),
    },
  };
}
