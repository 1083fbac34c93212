import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Money and quantities are added, compared, rounded and converted only in domain/decimal.ts
 * (issue 16): this scan fails when code elsewhere reaches for floating point or a scaled-integer
 * copy on them. It reads field names, so ids, counts, pages and durations pass.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const TIERS = ['domain', 'server', 'src', 'sw'];

/** Files that may do what the rules forbid, and why. */
const ALLOWED: Record<string, string> = {
  'domain/decimal.ts': 'the decimal module itself',
  'server/db/seed-cli.ts': 'prints how many seconds seeding took',
};
/** Folders left out, and why. */
const ALLOWED_FOLDERS: Record<string, string> = {
  'server/db/seed/': 'the demo-data generator draws random figures as whole paise and thousandths (exact integers) and writes them as decimal strings',
  'server/db/migrations/': 'generated SQL',
};

/** The API's money and quantity fields, as the rows and payloads name them. */
const FIELD = String.raw`(?:(?<!target)\.value\b|\.(?:\w+_)?(?:quantity|amount|total|price|rate|cost|discount|tax|outstanding|balance|percentage|reserved|reorder|issued|accepted|received|delivered|remaining)\w*)`;

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'parseFloat reads a decimal into floating point', pattern: /\bparseFloat\(/ },
  { name: 'toFixed rounds in floating point', pattern: /\.toFixed\(/ },
  { name: 'BigInt arithmetic is a copy of the decimal module', pattern: /\bBigInt\(|\b\d+n\b/ },
  { name: 'Number() of a money or quantity field', pattern: new RegExp(String.raw`\bNumber\([^()]*${FIELD}`) },
  { name: 'unary plus on a money or quantity field', pattern: new RegExp(String.raw`(?:^|[=(,:?]\s*)\+\s*[\w.?]*${FIELD}`) },
  { name: 'Math rounding of a money or quantity field', pattern: new RegExp(String.raw`\bMath\.(?:round|floor|ceil|trunc|max|min)\([^()]*${FIELD}`) },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .filter((path) => !ALLOWED[path] && !Object.keys(ALLOWED_FOLDERS).some((folder) => path.startsWith(folder)));
}

/** Every line of `text` that breaks a rule, as "path:line: rule: code". */
function offences(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    return RULES.filter((rule) => rule.pattern.test(code)).map((rule) => `${path}:${index + 1}: ${rule.name}: ${line.trim()}`);
  });
}

describe('decimal arithmetic happens only in domain/decimal.ts', () => {
  it('finds no floating-point or hand-made decimal arithmetic on money or quantities anywhere else', () => {
    const found = TIERS.flatMap(sourceFiles).flatMap((path) => offences(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    ['const left = Number(line.quantity) - Number(line.quantity_issued);', 'Number() of a money or quantity field'],
    ["row[field] = (Number(row[field] ?? 0) + delta).toFixed(3);", 'toFixed rounds in floating point'],
    ['const rate = parseFloat(input);', 'parseFloat reads a decimal into floating point'],
    ["const paise = values.reduce((sum, value) => sum + BigInt(value.replace('.', '')), 0n);", 'BigInt arithmetic is a copy of the decimal module'],
    ['sortingFn: (a, b) => Number(a.original.value) - Number(b.original.value),', 'Number() of a money or quantity field'],
    ['const total = +invoice.total_amount;', 'unary plus on a money or quantity field'],
    ['accessorFn: (r) => Number(r.reorderLevel),', 'Number() of a money or quantity field'],
    ['const tax = Math.round(line.tax_amount * 100);', 'Math rounding of a money or quantity field'],
  ])('flags %s', (line, rule) => {
    expect(offences('x.ts', line)).toEqual([`x.ts:1: ${rule}: ${line}`]);
  });

  it.each([
    ['const id = Number(useParams().id);'],
    ["setJobOrder(e.target.value ? Number(e.target.value) : null);"],
    ['issue_count: Number(row.issue_count),'],
    ['const pages = Math.max(1, Math.ceil(count / pageSize));'],
    ["console.log(`in ${result.seconds} s`);"],
    ['const amount = toQuantity(abs(input.quantity));'],
  ])('lets ids, counts and decimal-module calls pass: %s', (line) => {
    expect(offences('x.ts', line)).toEqual([]);
  });
});
