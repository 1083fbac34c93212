import { compare, div, mul, round, sub, sum, toMoney, type Decimal } from './decimal';
import type { IndianState } from './india';

/**
 * The totals of priced documents (quotations, sales orders, invoices, LPOs, GRAs, job orders),
 * exact to the paisa: the API stores what these compute and the documents print what these
 * compute, so a printed total never differs from the API's.
 */

/** quantity × rate to the paisa: the amount of a line. */
export const lineAmount = (quantity: Decimal, rate: Decimal): Decimal => toMoney(mul(quantity, rate));

/** The sum of money amounts, to the paisa. */
export const totalOf = (amounts: readonly Decimal[]): Decimal => toMoney(sum(amounts));

/** `percent` % of an amount, rounded once to the paisa. */
export const percentOf = (amount: Decimal, percent: Decimal): Decimal => div(mul(amount, percent), '100', 2);

export interface QuotationLineInput {
  quantity: Decimal;
  unit_price: Decimal;
  discount: Decimal;
}
export interface QuotationTotals {
  /** Per line: quantity × unit price − discount. */
  gross_prices: Decimal[];
  /** Before discounts. */
  subtotal: Decimal;
  discount_total: Decimal;
  /** After discounts: what the tax is on. */
  taxable_amount: Decimal;
  tax_amount: Decimal;
  total_amount: Decimal;
}

/** A quotation: the tax (one rate for the whole quotation) is on the amount after discounts. */
export function quotationTotals(items: readonly QuotationLineInput[], taxRate: Decimal): QuotationTotals {
  const amounts = items.map((i) => lineAmount(i.quantity, i.unit_price));
  const subtotal = totalOf(amounts);
  const discount_total = totalOf(items.map((i) => i.discount));
  const taxable = toMoney(sub(subtotal, discount_total));
  const tax_amount = percentOf(taxable, taxRate);
  return {
    gross_prices: items.map((i, n) => toMoney(sub(amounts[n]!, i.discount))),
    subtotal,
    discount_total,
    taxable_amount: taxable,
    tax_amount,
    total_amount: totalOf([taxable, tax_amount]),
  };
}

export interface InvoiceLineInput {
  quantity: Decimal;
  unit_price: Decimal;
  /** Money off the line, before tax. */
  discount: Decimal;
  /** The whole GST rate in percent (18): split in halves as CGST and SGST inside the state. */
  tax_rate: Decimal;
}
export interface InvoiceLineTotals {
  /** quantity × unit price, to the paisa. */
  amount: Decimal;
  /** amount − discount: what GST is charged on. */
  taxable_amount: Decimal;
  cgst_amount: Decimal;
  sgst_amount: Decimal;
  igst_amount: Decimal;
  /** taxable amount + the line's GST. */
  line_total: Decimal;
}
export interface InvoiceTotals {
  lines: InvoiceLineTotals[];
  /** Whether the supply is inside the company's state (CGST + SGST) or across states (IGST). */
  intra_state: boolean;
  /** Before discounts. */
  subtotal: Decimal;
  discount_amount: Decimal;
  taxable_amount: Decimal;
  cgst_amount: Decimal;
  sgst_amount: Decimal;
  igst_amount: Decimal;
  tax_amount: Decimal;
  /** What rounding the grand total to the whole rupee added (−0.49 to +0.50). */
  round_off: Decimal;
  /** taxable + tax + round off: a whole number of rupees. */
  total_amount: Decimal;
}

/** Inside the state (CGST + SGST) when both states are the same; a state not given ('N/A') on either side counts as inside. */
export const isIntraState = (companyState: IndianState, customerState: IndianState): boolean =>
  companyState === 'N/A' || customerState === 'N/A' || companyState === customerState;

/**
 * A GST invoice, as GST invoices are rounded (decision 303): each line's amount, taxable value and
 * each tax component are rounded to the paisa on the line; inside the company's state a line pays
 * half its rate as CGST and half as SGST (each rounded alone, so the two are always equal), across
 * states the whole rate as IGST; the invoice's components are the sums of its lines', and only the
 * grand total is rounded to the whole rupee, the difference shown as the round off.
 */
export function invoiceTotals(items: readonly InvoiceLineInput[], companyState: IndianState, customerState: IndianState): InvoiceTotals {
  const intra_state = isIntraState(companyState, customerState);
  const lines = items.map((item): InvoiceLineTotals => {
    const amount = lineAmount(item.quantity, item.unit_price);
    const taxable_amount = toMoney(sub(amount, item.discount));
    const half = intra_state ? percentOf(taxable_amount, div(item.tax_rate, '2', 4)) : '0.00';
    const igst_amount = intra_state ? '0.00' : percentOf(taxable_amount, item.tax_rate);
    return { amount, taxable_amount, cgst_amount: half, sgst_amount: half, igst_amount, line_total: totalOf([taxable_amount, half, half, igst_amount]) };
  });
  return invoiceTotalsOfLines(lines, intra_state);
}

/** The header figures of a GST document from its lines' figures: the sums, and the grand total rounded to the whole rupee. */
export function invoiceTotalsOfLines(lines: InvoiceLineTotals[], intra_state: boolean): InvoiceTotals {
  const of = (key: keyof InvoiceLineTotals) => totalOf(lines.map((l) => l[key]));
  const subtotal = of('amount');
  const taxable_amount = of('taxable_amount');
  const [cgst_amount, sgst_amount, igst_amount] = [of('cgst_amount'), of('sgst_amount'), of('igst_amount')];
  const tax_amount = totalOf([cgst_amount, sgst_amount, igst_amount]);
  const exact = totalOf([taxable_amount, tax_amount]);
  const total_amount = toMoney(round(exact, 0));
  return {
    lines,
    intra_state,
    subtotal,
    discount_amount: toMoney(sub(subtotal, taxable_amount)),
    taxable_amount,
    cgst_amount,
    sgst_amount,
    igst_amount,
    tax_amount,
    round_off: toMoney(sub(total_amount, exact)),
    total_amount,
  };
}

export interface LpoLineInput {
  quantity: Decimal;
  rate: Decimal;
  tax_rate: Decimal;
}
export interface LpoTotals {
  /** Per line: quantity × rate, and its GST at the line's rate. */
  lines: { amount: Decimal; tax_amount: Decimal }[];
  subtotal: Decimal;
  tax_amount: Decimal;
  total_amount: Decimal;
}

/** An LPO: each line pays GST at its own rate on its amount, rounded to the paisa per line. */
export function lpoTotals(items: readonly LpoLineInput[]): LpoTotals {
  const lines = items.map((item) => {
    const amount = lineAmount(item.quantity, item.rate);
    return { amount, tax_amount: percentOf(amount, item.tax_rate) };
  });
  const subtotal = totalOf(lines.map((l) => l.amount));
  const tax_amount = totalOf(lines.map((l) => l.tax_amount));
  return { lines, subtotal, tax_amount, total_amount: totalOf([subtotal, tax_amount]) };
}

export interface TaxSplitRow {
  tax_rate: Decimal;
  taxable_amount: Decimal;
  cgst_amount: Decimal;
  sgst_amount: Decimal;
  igst_amount: Decimal;
  tax_amount: Decimal;
}

/**
 * An invoice's figures by GST rate, the lowest rate first: the sums of the lines' own figures
 * (invoiceTotals), so the rows always add up to the invoice's components.
 */
export function taxSplitByRate(items: readonly Pick<InvoiceLineInput, 'tax_rate'>[], lines: readonly InvoiceLineTotals[]): TaxSplitRow[] {
  const rates = [...new Set(items.map((item) => toMoney(item.tax_rate)))].sort(compare);
  return rates.map((tax_rate) => {
    const at = lines.filter((_, i) => toMoney(items[i]!.tax_rate) === tax_rate);
    const of = (key: keyof InvoiceLineTotals) => totalOf(at.map((l) => l[key]));
    const [cgst_amount, sgst_amount, igst_amount] = [of('cgst_amount'), of('sgst_amount'), of('igst_amount')];
    return { tax_rate, taxable_amount: of('taxable_amount'), cgst_amount, sgst_amount, igst_amount, tax_amount: totalOf([cgst_amount, sgst_amount, igst_amount]) };
  });
}
