import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { branchLabel } from '../../domain/customer';
import { jobOrderLabel } from '../../domain/job-order';
import { MATERIAL_UNITS, materialUnitLabel } from '../../domain/material';
import { displayName } from '../../domain/user';

/** Issue 17 §2: each entity has one label, and it is words, not an id or a code. */

describe('a user is labelled', () => {
  it('by first and last name', () => {
    expect(displayName({ username: 'ravi.k', first_name: 'Ravi', last_name: 'Kumar' })).toBe('Ravi Kumar');
  });
  it('by the one name given', () => {
    expect(displayName({ username: 'suresh', first_name: 'Suresh', last_name: '' })).toBe('Suresh');
    expect(displayName({ username: 'iyer', first_name: '', last_name: 'Iyer' })).toBe('Iyer');
  });
  it('by username when the account has no name', () => {
    expect(displayName({ username: 'anita.s', first_name: '', last_name: ' ' })).toBe('anita.s');
  });
});

describe('a job order is labelled', () => {
  it('"id - date", the date it was made as DD-MM-YYYY (business-areas.md §9)', () => {
    expect(jobOrderLabel({ id: 1024, created_at: '2026-03-05T06:30:00.000Z' })).toBe('1024 - 05-03-2026');
  });
  it('by its number alone when the date is not known', () => {
    expect(jobOrderLabel({ id: 1024, created_at: null })).toBe('1024');
  });
});

describe('a material unit is labelled', () => {
  it('as the spec lists it, never by its code', () => {
    expect(materialUnitLabel('SHEET')).toBe('Sheets');
    expect(materialUnitLabel('MICR')).toBe('Micron');
    expect(materialUnitLabel('MANPOWER')).toBe('Person');
    expect(materialUnitLabel('SQMTR')).toBe('Sqr Mtrs');
  });
  it('by a word, not its code, for every unit of the spec', () => {
    for (const { value } of MATERIAL_UNITS) expect(materialUnitLabel(value)).not.toBe(value);
  });
  it('empty when there is none', () => {
    expect(materialUnitLabel(null)).toBe('');
  });
});

describe('a customer branch is labelled', () => {
  it('by location and address line 1', () => {
    expect(branchLabel({ location: 'Andheri', address_line_1: 'Infiniti Mall, Link Road' })).toBe('Andheri - Infiniti Mall, Link Road');
  });
  it('by location alone without an address', () => {
    expect(branchLabel({ location: 'Andheri', address_line_1: '  ' })).toBe('Andheri');
  });
});

describe('units reach the screen through their label function', () => {
  const root = join(import.meta.dirname, '..', '..');
  const files = ['domain', 'server', 'src', 'sw'].flatMap((tier) =>
    readdirSync(join(root, tier), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/')),
  );
  const offending = (pattern: RegExp, except: string) =>
    files.filter((path) => path !== except).flatMap((path) =>
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );

  it('only domain/material.ts looks a unit up in MATERIAL_UNITS', () => {
    expect(offending(/labelOf\(MATERIAL_UNITS/, 'domain/material.ts')).toEqual([]);
  });

  it('no screen writes a row\'s unit field as it came (its code)', () => {
    // `{errors.unit}` is a form's message about the field, not the unit.
    expect(offending(/(?:\$\{|\{)(?!errors\.)[\w.?]+\.(?:material_)?unit\}/, '')).toEqual([]);
  });
});
