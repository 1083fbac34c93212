import { div, mul, sub, sum, toMoney, type Decimal } from './decimal';
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
  tax_rate: Decimal;
}
export interface InvoiceLineTotals {
  amount: Decimal;
  cgst: Decimal;
  sgst: Decimal;
  igst: Decimal;
}
export interface InvoiceTotals {
  lines: InvoiceLineTotals[];
  /** Whether the supply is inside the company's state (CGST + SGST) or across states (IGST). */
  intra_state: boolean;
  subtotal: Decimal;
  cgst: Decimal;
  sgst: Decimal;
  igst: Decimal;
  tax_amount: Decimal;
  total_amount: Decimal;
}

/**
 * A GST invoice: inside the company's state each line pays half its rate as CGST and half as SGST
 * (each rounded to the paisa, so the two are always equal); across states the whole rate as IGST.
 * A state not given ('N/A') on either side counts as inside the state.
 */
export function invoiceTotals(items: readonly InvoiceLineInput[], companyState: IndianState, customerState: IndianState): InvoiceTotals {
  const intra_state = companyState === 'N/A' || customerState === 'N/A' || companyState === customerState;
  const lines = items.map((item): InvoiceLineTotals => {
    const amount = lineAmount(item.quantity, item.unit_price);
    if (!intra_state) return { amount, cgst: '0.00', sgst: '0.00', igst: percentOf(amount, item.tax_rate) };
    const half = percentOf(amount, div(item.tax_rate, '2', 4));
    return { amount, cgst: half, sgst: half, igst: '0.00' };
  });
  const subtotal = totalOf(lines.map((l) => l.amount));
  const cgst = totalOf(lines.map((l) => l.cgst));
  const sgst = totalOf(lines.map((l) => l.sgst));
  const igst = totalOf(lines.map((l) => l.igst));
  const tax_amount = totalOf([cgst, sgst, igst]);
  return { lines, intra_state, subtotal, cgst, sgst, igst, tax_amount, total_amount: totalOf([subtotal, tax_amount]) };
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
