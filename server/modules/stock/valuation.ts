import { add, COST_PLACES, div, mul, round, sign, type Decimal } from '../../../domain/decimal';

/**
 * The weighted average cost per unit (4 decimals) after `moved` units (signed) come in or go out
 * at `cost` each, from `onHand` units at `average`. Stock out at the average leaves it where it is;
 * when nothing (or less than nothing) was on hand, incoming stock brings its own cost.
 */
export function weightedAverage(onHand: Decimal, average: Decimal, moved: Decimal, cost: Decimal): Decimal {
  const after = add(onHand, moved);
  if (sign(after) <= 0) return sign(moved) > 0 ? round(cost, COST_PLACES) : average;
  if (sign(onHand) <= 0) return round(cost, COST_PLACES);
  const value = add(mul(onHand, average), mul(moved, cost));
  if (sign(value) < 0) return average;
  return div(value, after, COST_PLACES);
}
