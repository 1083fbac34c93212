const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A count of things with Indian digit grouping: 100000 -> '1,00,000'. Money and quantities are shown by domain/decimal.ts. */
export const formatCount = (count: number): string => COUNT.format(count);

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
/** The Indian system's groups, largest first: crore (10^7), lakh (10^5), thousand, hundred. */
const INDIAN_GROUPS: readonly [bigint, string][] = [
  [10_000_000n, 'Crore'],
  [100_000n, 'Lakh'],
  [1_000n, 'Thousand'],
  [100n, 'Hundred'],
];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

/** A whole number in words in the Indian system: 12345678 -> 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'. */
export function indianNumberInWords(value: bigint): string {
  if (value === 0n) return 'Zero';
  const words: string[] = [];
  let rest = value;
  for (const [size, name] of INDIAN_GROUPS) {
    const count = rest / size;
    if (count > 0n) {
      // Above 99 crore the crores are themselves counted in the Indian system (100 crore = One Hundred Crore).
      words.push(`${size === 10_000_000n ? indianNumberInWords(count) : belowHundred(Number(count))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0n) words.push(belowHundred(Number(rest)));
  return words.join(' ');
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
  const words = `Rupees ${indianNumberInWords(BigInt(rupees || '0'))}${paiseValue ? ` and ${belowHundred(paiseValue)} Paise` : ''} Only`;
  return negative ? `Minus ${words}` : words;
}
