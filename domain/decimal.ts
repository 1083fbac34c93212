import Big from 'big.js';

/**
 * The one place that does arithmetic on money, quantities, rates and tax. Values travel as the
 * plain decimal strings the API and the database carry ("1234.50", "12.500"); the arithmetic runs
 * on big.js, so no amount ever passes through floating point. Sums, differences and products are
 * exact; rounding happens only where a caller asks for a scale, half away from zero (Indian
 * invoices round 0.005 up to 0.01, and so did every earlier copy of this code).
 */

/** Decimal places of money (numeric(14,2)). */
export const MONEY_PLACES = 2;
/** Decimal places of quantities (numeric(14,3)): kilos, metres, sheets. */
export const QUANTITY_PLACES = 3;
/** Decimal places of a material's average cost per unit (numeric(16,4)). */
export const COST_PLACES = 4;

/** A decimal as text: "12.5", "-0.125", "1234.50". */
export type Decimal = string;

/** Thrown when something that is not a decimal reaches the arithmetic (request schemas refuse such input first). */
export class NotADecimalError extends Error {
  constructor(input: unknown) {
    super(`Not a decimal: ${typeof input === 'string' ? JSON.stringify(input) : String(input)}`);
    this.name = 'NotADecimalError';
  }
}

// A constructor of our own, so these settings never reach another user of big.js.
const Exact = Big();
Exact.RM = Big.roundHalfUp;
Exact.strict = false;

// Optional sign, digits with an optional point. No exponent ("1e5" is a typo in a quantity box,
// and the API refuses it too), no grouping commas, no inner spaces.
const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

function big(value: unknown): Big {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NotADecimalError(value);
    return new Exact(value);
  }
  if (typeof value !== 'string') throw new NotADecimalError(value);
  const text = value.trim();
  if (!PLAIN.test(text)) throw new NotADecimalError(value);
  return new Exact(text.startsWith('+') ? text.slice(1) : text);
}

/** Every digit, never an exponent, and no "-0". */
const text = (value: Big): Decimal => (value.eq(0) ? '0' : value.toFixed());
/** Exactly `places` decimals, and no "-0.00". */
const fixed = (value: Big, places: number): Decimal => (value.eq(0) ? new Exact(0) : value).toFixed(places);

/**
 * The decimal in `input` written plainly ("007.10" -> "7.1"), or null when it is not one: empty,
 * words, exponents, grouping commas, NaN, Infinity, anything but a string or a finite number.
 */
export function parseDecimal(input: unknown): Decimal | null {
  try {
    return text(big(input));
  } catch {
    return null;
  }
}

/** What a half-typed form field counts as in a running total: its decimal, or zero. */
export const orZero = (input: unknown): Decimal => parseDecimal(input) ?? '0';

export const add = (a: Decimal, b: Decimal): Decimal => text(big(a).plus(big(b)));
export const sub = (a: Decimal, b: Decimal): Decimal => text(big(a).minus(big(b)));
export const mul = (a: Decimal, b: Decimal): Decimal => text(big(a).times(big(b)));
export const sum = (values: readonly Decimal[]): Decimal => text(values.reduce((total, value) => total.plus(big(value)), new Exact(0)));
export const negate = (a: Decimal): Decimal => text(big(a).neg());
export const abs = (a: Decimal): Decimal => text(big(a).abs());

/** a ÷ b at exactly `places` decimals, rounded half away from zero (one rounding, not two). */
export function div(a: Decimal, b: Decimal, places: number): Decimal {
  const divisor = big(b);
  if (divisor.eq(0)) throw new RangeError('Division by zero');
  const before = Exact.DP;
  Exact.DP = places;
  try {
    return fixed(big(a).div(divisor), places);
  } finally {
    Exact.DP = before;
  }
}

/** -1, 0 or 1 as a is less than, equal to or more than b ("0.300" equals "0.3"). */
export const compare = (a: Decimal, b: Decimal): -1 | 0 | 1 => big(a).cmp(big(b));
/** -1, 0 or 1: the sign of a. */
export const sign = (a: Decimal): -1 | 0 | 1 => big(a).cmp(0);
/** The larger of a and b, as written: `max(remaining, '0')` never shows less than nothing. */
export const max = (a: Decimal, b: Decimal): Decimal => (compare(a, b) >= 0 ? a : b);

/** Already written as round writes it at these places: digits, no leading zero, the point and exactly `places` decimals. */
const writtenAt = new Map<number, RegExp>();
function isWrittenAt(a: unknown, places: number): a is Decimal {
  if (typeof a !== 'string' || places < 1) return false;
  let pattern = writtenAt.get(places);
  if (!pattern) writtenAt.set(places, (pattern = new RegExp(`^-?(?:0|[1-9]\\d*)\\.\\d{${places}}$`)));
  return pattern.test(a) && !/^-0\.0+$/.test(a);
}

/** a at exactly `places` decimals, rounded half away from zero: round('1.005', 2) is "1.01". */
export function round(a: Decimal, places: number): Decimal {
  // A report's thousands of figures come from numeric(14,2) columns already at the paisa.
  if (isWrittenAt(a, places)) return a;
  return fixed(big(a).round(places), places);
}
/** Money as the API writes it: "1234.50". */
export const toMoney = (a: Decimal): Decimal => round(a, MONEY_PLACES);
/** A line's amount: quantity × rate (or unit price), rounded to money once. */
export const amountOf = (quantity: Decimal, rate: Decimal): Decimal => toMoney(mul(quantity, rate));
/** A quantity as the API writes it: "12.500". */
export const toQuantity = (a: Decimal): Decimal => round(a, QUANTITY_PLACES);

/**
 * Indian digit grouping at `places` decimals (2 by default, as money and quantities are shown):
 * 1234567.5 -> "12,34,567.50". Grouping works on the digit string, so long values stay exact.
 * Labels are forgiving: null, empty and invalid input show as zero, and grouping commas read back.
 */
export function formatIndian(value: Decimal | number | null | undefined, places = MONEY_PLACES): string {
  const rounded = round(parseDecimal(typeof value === 'string' ? value.replaceAll(',', '') : value) ?? '0', places);
  const negative = rounded.startsWith('-');
  const [int = '', fraction] = rounded.slice(negative ? 1 : 0).split('.');
  // Last three digits form one group; everything before them goes in pairs.
  const head = int.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${negative ? '-' : ''}${head ? `${head},` : ''}${int.slice(-3)}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * A floating-point approximation, only to scale a chart, order a table column or fill a
 * spreadsheet's number cell (numeric(14,3) values keep their order and digits); never for
 * arithmetic. Invalid input is 0.
 */
export function approximateNumber(value: Decimal | null | undefined): number {
  const plain = parseDecimal(value);
  return plain === null ? 0 : new Exact(plain).toNumber();
}
