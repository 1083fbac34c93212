import { describe, it, expect } from 'vitest';
import { formatIndian, multiplyDecimals, parseNumber, subtractDecimals, sumDecimals, toDecimalString } from '../../domain/rules/numbers';

describe('number parsing', () => {
  it.each([
    ['12.345', 12.35],
    ['12.344', 12.34],
    ['1.005', 1.01],
    ['-2.345', -2.35],
    [' 42 ', 42],
    ['12,34,567.50', 1234567.5],
    [1.005, 1.01],
    [7, 7],
    ['.5', 0.5],
  ])('rounds %j to 2 decimals: %s', (input, value) => {
    expect(parseNumber(input)).toBe(value);
  });

  it.each([[''], ['abc'], ['12abc'], ['-'], ['.'], [null], [undefined], [Number.NaN], [Infinity], [{}], [true], ['1e400']])(
    'yields 0 for empty or invalid input %j',
    (input) => {
      expect(parseNumber(input)).toBe(0);
    },
  );
});

describe('exact 2-decimal money strings', () => {
  it.each([
    ['1.005', '1.01'],
    ['-2.345', '-2.35'],
    ['1234.5', '1234.50'],
    ['0.004', '0.00'],
    ['-0.004', '0.00'],
    ['0.995', '1.00'],
    ['-0.995', '-1.00'],
    ['+3', '3.00'],
    ['007.10', '7.10'],
    ['99999999999999999999.995', '100000000000000000000.00'],
    ['1,000.456', '1000.46'],
    [1e3, '1000.00'],
    [1.005, '1.01'],
    [-0, '0.00'],
    [1e21, '1000000000000000000000.00'],
    [1e-7, '0.00'],
    ['1.5e2', '150.00'],
    ['', '0.00'],
    ['abc', '0.00'],
    [null, '0.00'],
  ])('rounds %j half away from zero on its digits: %j', (input, text) => {
    expect(toDecimalString(input)).toBe(text);
  });
});

describe('Indian number display', () => {
  it.each([
    [1234567.5, '12,34,567.50'],
    ['-1000', '-1,000.00'],
    [null, '0.00'],
    [undefined, '0.00'],
    [0, '0.00'],
    [999, '999.00'],
    [1000, '1,000.00'],
    [100000, '1,00,000.00'],
    [-12345.678, '-12,345.68'],
    ['123456789012345.67', '12,34,56,78,90,12,345.67'],
    ['1.005', '1.01'],
    ['not a number', '0.00'],
  ])('shows %j with Indian digit grouping and 2 decimals: %j', (input, shown) => {
    expect(formatIndian(input)).toBe(shown);
  });

  const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  it.each([[0], [7.1], [999.99], [1000], [123456.78], [-9876543.21], [12345678901.25], [-0.5]])(
    'groups %j exactly as Intl en-IN does',
    (value) => {
      expect(formatIndian(value)).toBe(intl.format(value));
    },
  );
});

describe('exact decimal arithmetic on the digits', () => {
  it('multiplies a quantity by a rate to a 2-decimal amount, rounding half away from zero', () => {
    expect(multiplyDecimals('3.333', '1.50')).toBe('5.00');
    expect(multiplyDecimals('0.001', '5')).toBe('0.01');
    expect(multiplyDecimals('12345678901.25', '3')).toBe('37037036703.75');
  });

  it('adds amounts no floating point could hold exactly', () => {
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(sumDecimals(['9007199254740993.01', '0.01'])).toBe('9007199254740993.02');
    expect(sumDecimals([])).toBe('0.00');
  });

  it('subtracts quantities at the finer scale of the two', () => {
    expect(subtractDecimals('10.000', '2.5')).toBe('7.500');
    expect(subtractDecimals('1', '1.001')).toBe('-0.001');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
  });
});
