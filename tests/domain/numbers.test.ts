import { describe, expect, it } from 'vitest';
import { formatCount } from '../../domain/rules/numbers';

describe('counts of things', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [100000, '1,00,000'],
    [12345678, '1,23,45,678'],
  ])('shows %j with Indian digit grouping and no decimals: %j', (count, shown) => {
    expect(formatCount(count)).toBe(shown);
  });
});
