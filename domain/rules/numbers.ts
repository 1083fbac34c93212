const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A count of things with Indian digit grouping: 100000 -> '1,00,000'. Money and quantities are shown by domain/decimal.ts. */
export const formatCount = (count: number): string => COUNT.format(count);

const MEASURE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A measure to a tenth (milliseconds, percent of requests) with Indian digit grouping: 1234.56 -> '1,234.6'. */
export const formatMeasure = (value: number): string => MEASURE.format(value);

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

/** Up to 99,99,999 (seven digits, exact as a number): lakhs, thousands, hundreds and the rest. */
function belowCrore(n: number): string {
  const parts: [number, string][] = [
    [Math.floor(n / 100_000), 'Lakh'],
    [Math.floor(n / 1_000) % 100, 'Thousand'],
    [Math.floor(n / 100) % 10, 'Hundred'],
  ];
  return [...parts.filter(([count]) => count > 0).map(([count, name]) => `${belowHundred(count)} ${name}`), belowHundred(n % 100)].filter(Boolean).join(' ');
}

/**
 * A whole number, given as its digits, in words in the Indian system: '12345678' -> 'One Crore
 * Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'. The digits above the last
 * seven count the crores, themselves in the Indian system (100 crore = One Hundred Crore).
 */
export function indianNumberInWords(digits: string): string {
  const plain = digits.replace(/^0+(?=\d)/, '');
  if (/^0*$/.test(plain)) return 'Zero';
  if (plain.length <= 7) return belowCrore(Number(plain));
  const crores = plain.slice(0, -7);
  const rest = Number(plain.slice(-7));
  return [`${indianNumberInWords(crores)} Crore`, rest ? belowCrore(rest) : ''].filter(Boolean).join(' ');
}

/**
 * An amount of money in words as Indian invoices print it (decision 304): 'Rupees One Lakh Twenty
 * Three Thousand Four Hundred Fifty Six and Fifty Paise Only'; a negative amount (a round off)
 * starts with 'Minus'. `amount` is a decimal string at two places ("123456.50").
 */
export function rupeesInWords(amount: string): string {
  const negative = amount.trim().startsWith('-');
  const [rupees = '0', paise = '0'] = amount.trim().replace(/^[-+]/, '').split('.');
  const paiseValue = Number(paise.padEnd(2, '0').slice(0, 2));
  const words = `Rupees ${indianNumberInWords(rupees || '0')}${paiseValue ? ` and ${belowHundred(paiseValue)} Paise` : ''} Only`;
  return negative ? `Minus ${words}` : words;
}
