import { describe, expect, it } from 'vitest';
import { abs, add, approximateNumber, compare, div, formatIndian, max, mul, negate, NotADecimalError, parseDecimal, round, sign, sub, sum, toMoney, toQuantity } from '../../domain/decimal';

describe('reading decimals', () => {
  it.each([
    ['12.345', '12.345'],
    [' 42 ', '42'],
    ['007.10', '7.1'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['+3', '3'],
    ['-0', '0'],
    ['-0.125', '-0.125'],
    ['99999999999999999999.995', '99999999999999999999.995'],
    [7, '7'],
    [1.005, '1.005'],
    [1e21, '1000000000000000000000'],
  ])('reads %j as %j', (input, plain) => {
    expect(parseDecimal(input)).toBe(plain);
  });

  it.each([[''], ['   '], ['abc'], ['12abc'], ['-'], ['.'], ['1e5'], ['1.5e2'], ['1,000.50'], ['1 000'], ['0x10'], [Number.NaN], [Infinity], [null], [undefined], [{}], [true], [10n]])(
    'refuses %s',
    (input) => {
      expect(parseDecimal(input)).toBeNull();
    },
  );

  it('refuses a non-decimal in arithmetic with a clear error, never a wrong figure', () => {
    expect(() => add('abc', '1')).toThrow(NotADecimalError);
    expect(() => add('abc', '1')).toThrow('Not a decimal: "abc"');
    expect(() => sum(['1', '1e5'])).toThrow(NotADecimalError);
  });
});

describe('exact arithmetic', () => {
  it('adds what floating point cannot: 0.1 + 0.2 is 0.30 in money', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(toMoney(add('0.1', '0.2'))).toBe('0.30');
  });

  it('leaves 0.200 of a 0.300 line with 0.100 issued', () => {
    expect(toQuantity(sub('0.300', '0.100'))).toBe('0.200');
    expect(compare('0.2', sub('0.300', '0.100'))).toBe(0);
    expect(compare('0.201', sub('0.300', '0.100'))).toBe(1);
  });

  it('sums a thousand issues of 0.001 to exactly 1', () => {
    expect(sum(Array.from({ length: 1000 }, () => '0.001'))).toBe('1');
    expect(sum([])).toBe('0');
  });

  it('keeps digits no floating point could hold', () => {
    expect(add('9007199254740993.01', '0.01')).toBe('9007199254740993.02');
    expect(mul('12345678901.25', '3')).toBe('37037036703.75');
  });

  it('multiplies a quantity by a rate exactly, rounding only when asked', () => {
    expect(mul('3.333', '1.50')).toBe('4.9995');
    expect(toMoney(mul('3.333', '1.50'))).toBe('5.00');
    expect(toMoney(mul('0.001', '5'))).toBe('0.01');
  });

  it('subtracts, negates and takes magnitudes without a "-0"', () => {
    expect(sub('10.000', '2.5')).toBe('7.5');
    expect(sub('1', '1.001')).toBe('-0.001');
    expect(sub('2.50', '2.5')).toBe('0');
    expect(negate('0.000')).toBe('0');
    expect(negate('-4.25')).toBe('4.25');
    expect(abs('-4.250')).toBe('4.25');
  });

  it('divides to a given number of places with one rounding, half away from zero', () => {
    expect(div('10', '3', 4)).toBe('3.3333');
    expect(div('2', '3', 2)).toBe('0.67');
    expect(div('-1', '8', 2)).toBe('-0.13');
    expect(div('1', '8', 2)).toBe('0.13');
    expect(div('5', '2', 4)).toBe('2.5000');
    expect(div('-0.001', '8', 2)).toBe('0.00');
    expect(() => div('1', '0', 2)).toThrow('Division by zero');
  });

  it('compares by value, not by how the value is written', () => {
    expect(compare('0.300', '0.3')).toBe(0);
    expect(compare('-1', '0.001')).toBe(-1);
    expect(compare('10', '9.999')).toBe(1);
    expect(sign('-0.001')).toBe(-1);
    expect(sign('0.000')).toBe(0);
    expect(sign('0.001')).toBe(1);
    expect(max('-0.500', '0')).toBe('0');
    expect(max('0.500', '0')).toBe('0.500');
  });
});

describe('rounding to the places the API writes', () => {
  it.each([
    ['1.005', '1.01'],
    ['1.004', '1.00'],
    ['-2.345', '-2.35'],
    ['-2.344', '-2.34'],
    ['0.995', '1.00'],
    ['-0.995', '-1.00'],
    ['-0.004', '0.00'],
    ['1234.5', '1234.50'],
    ['99999999999999999999.995', '100000000000000000000.00'],
  ])('money %j rounds half away from zero to %j', (value, money) => {
    expect(toMoney(value)).toBe(money);
  });

  it.each([
    ['12.5', '12.500'],
    ['0.0005', '0.001'],
    ['-0.0005', '-0.001'],
    ['0.0004', '0.000'],
    ['7', '7.000'],
  ])('quantity %j is %j at 3 places', (value, quantity) => {
    expect(toQuantity(value)).toBe(quantity);
  });

  it('rounds a cost to any scale', () => {
    expect(round('12.34565', 4)).toBe('12.3457');
    expect(round('12.5', 0)).toBe('13');
  });

  it.each([
    ['1234.50', '1234.50'],
    ['-12.30', '-12.30'],
    ['0.00', '0.00'],
    ['-0.00', '0.00'],
    ['007.10', '7.10'],
    [' 7.10', '7.10'],
    ['+7.10', '7.10'],
    ['7.1000', '7.10'],
  ])('money already at the paisa %j is written %j, as any other value is', (value, money) => {
    expect(toMoney(value)).toBe(money);
  });

  it('refuses what is not a decimal even when it has two places', () => {
    expect(() => toMoney('1e3.00')).toThrow(NotADecimalError);
    expect(() => toMoney('12,34.50')).toThrow(NotADecimalError);
  });
});

describe('Indian digit grouping for display', () => {
  it.each([
    [1234567.5, '12,34,567.50'],
    ['-1000', '-1,000.00'],
    [0, '0.00'],
    [999, '999.00'],
    [1000, '1,000.00'],
    [100000, '1,00,000.00'],
    [-12345.678, '-12,345.68'],
    ['123456789012345.67', '12,34,56,78,90,12,345.67'],
    ['1.005', '1.01'],
    ['-0.004', '0.00'],
    ['12,34,567.50', '12,34,567.50'],
    [null, '0.00'],
    [undefined, '0.00'],
    ['not a number', '0.00'],
  ])('shows %j as %j', (value, shown) => {
    expect(formatIndian(value)).toBe(shown);
  });

  it('shows a quantity at 3 places when asked', () => {
    expect(formatIndian('1234.5', 3)).toBe('1,234.500');
    expect(formatIndian('0.2', 3)).toBe('0.200');
  });

  const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  it.each([[7.1], [999.99], [123456.78], [-9876543.21], [12345678901.25]])('groups %j exactly as Intl en-IN does', (value) => {
    expect(formatIndian(value)).toBe(intl.format(value));
  });
});

describe('approximation for charts and sorting', () => {
  it('gives a float for drawing, and 0 for what is not a decimal', () => {
    expect(approximateNumber('1234.50')).toBe(1234.5);
    expect(approximateNumber('abc')).toBe(0);
    expect(approximateNumber(null)).toBe(0);
  });
});
