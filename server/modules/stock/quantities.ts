/**
 * Exact decimal arithmetic for the ledger: numeric strings from the database become scaled
 * integers (bigint), never floating point, so a thousand issues of 0.001 sum to exactly 1.
 */

/** `value` as an integer count of 10^-scale units ("2.5" at scale 3 is 2500n); extra decimals are cut. */
export function scaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^[-+]/, '').split('.');
  const units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt((fraction + '0'.repeat(scale)).slice(0, scale) || '0');
  return negative ? -units : units;
}

/** The decimal string of a scaled integer ("2.500" for 2500n at scale 3). */
export function unscaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** Divides, rounding halves away from zero. */
export function divideRounded(dividend: bigint, divisor: bigint): bigint {
  const negative = dividend < 0n !== divisor < 0n;
  const a = dividend < 0n ? -dividend : dividend;
  const b = divisor < 0n ? -divisor : divisor;
  const quotient = (2n * a + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/** Quantities: three decimals (numeric(14,3)). */
export const QTY = 3;
/** Average cost per unit: four decimals (numeric(16,4)). */
export const COST = 4;
/** Money: two decimals (numeric(14,2)). */
export const MONEY = 2;

export const qty = (value: string) => scaled(value, QTY);
export const qtyText = (units: bigint) => unscaled(units, QTY);

/** A value at one scale rounded to another (e.g. an average cost of 4 decimals as a 2-decimal rate). */
export const rescale = (value: string, from: number, to: number): string =>
  unscaled(to >= from ? scaled(value, from) * 10n ** BigInt(to - from) : divideRounded(scaled(value, from), 10n ** BigInt(from - to)), to);

/** Quantity x cost per unit as money. */
export const valueOf = (quantity: string, cost: string): string => unscaled(divideRounded(scaled(quantity, QTY) * scaled(cost, COST), 10n ** BigInt(QTY + COST - MONEY)), MONEY);

/**
 * The weighted average cost after `moved` units (signed) come in or go out at `cost` each, from
 * `onHand` units at `average`. Stock out at the average leaves it where it is; when nothing (or
 * less than nothing) was on hand, incoming stock brings its own cost.
 */
export function weightedAverage(onHand: bigint, average: string, moved: bigint, cost: string): string {
  const after = onHand + moved;
  if (after <= 0n) return moved > 0n ? rescale(cost, COST, COST) : average;
  if (onHand <= 0n) return rescale(cost, COST, COST);
  const value = onHand * scaled(average, COST) + moved * scaled(cost, COST);
  if (value < 0n) return average;
  return unscaled(divideRounded(value, after), COST);
}
