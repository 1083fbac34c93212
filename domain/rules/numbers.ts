// Optional sign, digits with an optional point, optional exponent (String(1e21) is '1e+21').
// The lookahead demands at least one digit, so '', '-' and '.' are invalid.
const DECIMAL = /^([+-]?)(?=\.?\d)(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,3}))?$/i;

/**
 * A 2-decimal string rounded half away from zero, computed on the digits so money
 * never passes through floating point: '1.005' -> '1.01'. Invalid or empty -> '0.00'.
 * Grouping commas are ignored so formatted values read back.
 */
export function toDecimalString(input: unknown): string {
  const text =
    typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input.trim().replaceAll(',', '') : '';
  const match = DECIMAL.exec(text);
  if (!match) return '0.00';
  const [, sign = '', int = '', frac = '', exp = '0'] = match;
  let digits = int + frac;
  let point = int.length + Number(exp);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point + 3, '0');
  // Whole cents plus one when the third decimal rounds the magnitude up.
  const cents = BigInt(digits.slice(0, point + 2)) + (digits.charAt(point + 2) >= '5' ? 1n : 0n);
  const abs = cents.toString().padStart(3, '0');
  // No '-0.00': a value that rounds to zero has no sign.
  return `${sign === '-' && cents > 0n ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** A number rounded to 2 decimals (half away from zero); 0 for empty, invalid or overflowing input. */
export function parseNumber(input: unknown): number {
  const value = Number(toDecimalString(input));
  return Number.isFinite(value) ? value : 0;
}

/**
 * Indian digit grouping with 2 decimals: 1234567.5 -> '12,34,567.50'. Grouping works on the
 * digit string, so long decimal strings stay exact; null and invalid input show '0.00'.
 */
export function formatIndian(value: number | string | null | undefined): string {
  const fixed = toDecimalString(value);
  const sign = fixed.startsWith('-') ? '-' : '';
  const [int = '', frac = ''] = fixed.slice(sign.length).split('.');
  // Last three digits form one group; everything before them goes in pairs.
  const head = int.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${head ? `${head},` : ''}${int.slice(-3)}.${frac}`;
}

const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A count of things with Indian digit grouping: 100000 -> '1,00,000'. */
export const formatCount = (count: number): string => COUNT.format(count);

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** A decimal string as a whole number of 10^-scale units; invalid or empty -> 0. */
function toUnits(value: string): { units: bigint; scale: number } {
  const match = PLAIN_DECIMAL.exec(value.trim().replaceAll(',', ''));
  if (!match || !(match[2] || match[3])) return { units: 0n, scale: 0 };
  const [, sign = '', int = '', frac = ''] = match;
  const units = BigInt(`${int}${frac}` || '0');
  return { units: sign === '-' ? -units : units, scale: frac.length };
}

function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}${scale ? `.${digits.slice(-scale)}` : ''}`;
}

/** quantity × rate exactly, rounded to 2 decimals (a line's amount): money never passes through floating point. */
export function multiplyDecimals(a: string, b: string): string {
  const x = toUnits(a);
  const y = toUnits(b);
  return toDecimalString(fromUnits(x.units * y.units, x.scale + y.scale));
}

/** The exact sum of decimal strings, to 2 decimals. */
export function sumDecimals(values: readonly string[]): string {
  const cents = values.reduce((sum, v) => sum + toUnits(toDecimalString(v)).units, 0n);
  return fromUnits(cents, 2);
}

/** a − b exactly, at the finer of the two scales (quantities keep their 3 decimals): '10.000' − '2.5' -> '7.500'. */
export function subtractDecimals(a: string, b: string): string {
  const x = toUnits(a);
  const y = toUnits(b);
  const scale = Math.max(x.scale, y.scale);
  return fromUnits(x.units * 10n ** BigInt(scale - x.scale) - y.units * 10n ** BigInt(scale - y.scale), scale);
}
