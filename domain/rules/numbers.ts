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
