/**
 * CSV as spreadsheets read it (RFC 4180): comma separated, CRLF line ends, a field quoted when it
 * holds a comma, quote, or line break, quotes doubled. A text cell that a spreadsheet would run
 * as a formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe (OWASP CSV injection);
 * numbers, booleans and dates are written as they are.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
