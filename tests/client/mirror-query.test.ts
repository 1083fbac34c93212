import './setup';
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { material, range } from './mirror-fakes';
import { localIndexesOf, WORDS_FIELD } from '../../domain/data-types';
import { matchesTerms, searchTerms, searchWords } from '../../domain/rules/search';
import { MirrorDatabase, mirror, type MirrorRow } from '../../src/data/mirror/db';
import { queryMirror } from '../../src/data/mirror/query';

const BY_NAME = { field: 'name', desc: false };
const names = (rows: MirrorRow[]) => rows.map((r) => r.name);
const transaction = (id: number, materialId: number, extra: Record<string, unknown> = {}) =>
  ({ id, material: materialId, transaction_type: 'issue', transaction_date: `2026-03-${String(id).padStart(2, '0')}`, quantity: `-${id}.000`, status: 'completed', ...extra }) as MirrorRow;

beforeEach(async () => {
  await mirror.clearAll();
});

describe('the search rule (every word typed begins a word of the row)', () => {
  it('splits on anything but letters and digits, ignoring case and repeats', () => {
    expect(searchWords('SS-304 Pipe', null, '25mm pipe', 'Ørsted 3-ply')).toEqual(['ss', '304', 'pipe', '25mm', 'ørsted', '3', 'ply']);
    expect(searchTerms('  acr  3MM ')).toEqual(['acr', '3mm']);
  });

  it('matches words begun, in any order, and nothing inside a word', () => {
    const words = searchWords('Acrylic sheet clear 3mm');
    expect(matchesTerms(words, ['3mm', 'acr'])).toBe(true);
    expect(matchesTerms(words, ['crylic'])).toBe(false);
    expect(matchesTerms(words, ['acr', 'opal'])).toBe(false);
  });
});

describe('a big list read a page at a time through its indexes', () => {
  beforeEach(async () => {
    await mirror.rows('materials').bulkPut([
      material(1, { name: 'zinc sheet', quantity: '9.000', category: 2 }),
      material(2, { name: 'Acrylic sheet', color: 'Opal', quantity: '100.000', category: 1 }),
      material(3, { name: 'acrylic rod', quantity: '20.500', category: 1 }),
      material(4, { name: 'Brass rod', quantity: '', category: 2 }),
      material(-5, { name: 'Acrylic offcut', quantity: '0', category: 1 }),
    ] as MirrorRow[]);
  });

  it('orders text ignoring case, with the count of every row; rows made offline are among them', async () => {
    const page = await queryMirror('materials', { sort: BY_NAME, offset: 0, limit: 3 });
    expect(names(page.rows)).toEqual(['Acrylic offcut', 'acrylic rod', 'Acrylic sheet']);
    expect(page.count).toBe(5);
    expect(names((await queryMirror('materials', { sort: BY_NAME, offset: 3, limit: 3 })).rows)).toEqual(['Brass rod', 'zinc sheet']);
  });

  it('orders decimal strings by value, largest first when asked; a row without a number comes last then', async () => {
    const page = await queryMirror('materials', { sort: { field: 'quantity', desc: true }, offset: 0, limit: 10 });
    expect(names(page.rows)).toEqual(['Acrylic sheet', 'acrylic rod', 'zinc sheet', 'Acrylic offcut', 'Brass rod']);
  });

  it('filters on an indexed field and keeps the order asked for', async () => {
    const page = await queryMirror('materials', { sort: { field: 'quantity', desc: false }, where: { category: 1 }, offset: 0, limit: 10 });
    expect(names(page.rows)).toEqual(['Acrylic offcut', 'acrylic rod', 'Acrylic sheet']);
    expect(page.count).toBe(3);
  });

  it('searches by the words of the name, brand, size, colour and thickness, with filters, and pages the matches', async () => {
    expect(names((await queryMirror('materials', { sort: BY_NAME, search: 'ROD', offset: 0, limit: 10 })).rows)).toEqual(['acrylic rod', 'Brass rod']);
    expect(names((await queryMirror('materials', { sort: BY_NAME, search: 'opal acr', offset: 0, limit: 10 })).rows)).toEqual(['Acrylic sheet']);
    const filtered = await queryMirror('materials', { sort: BY_NAME, search: 'sheet', where: { category: 2 }, offset: 0, limit: 10 });
    expect(names(filtered.rows)).toEqual(['zinc sheet']);
    const paged = await queryMirror('materials', { sort: { field: 'name', desc: true }, search: 'a', offset: 1, limit: 2 });
    expect(names(paged.rows)).toEqual(['acrylic rod', 'Acrylic offcut']);
    expect(paged.count).toBe(3);
  });

  it('refuses an order the type keeps no index for', async () => {
    await expect(queryMirror('materials', { sort: { field: 'unit', desc: false }, offset: 0, limit: 1 })).rejects.toThrow('materials cannot be ordered by unit');
  });

  it('finds ledger rows through the words of the material they name', async () => {
    await mirror.rows('stockTransactions').bulkPut([transaction(1, 2), transaction(2, 3), transaction(3, 1), transaction(4, 2)]);
    const page = await queryMirror('stockTransactions', { sort: { field: 'transaction_date', desc: true }, search: 'acrylic sheet', offset: 0, limit: 10 });
    expect(page.rows.map((r) => r.id)).toEqual([4, 1]);
    const issues = await queryMirror('stockTransactions', { sort: { field: 'quantity', desc: false }, where: { transaction_type: 'issue' }, offset: 0, limit: 2 });
    expect(issues.rows.map((r) => r.quantity)).toEqual(['-4.000', '-3.000']);
  });
});

describe('the derived fields behind the indexes', () => {
  it('are written with every row, however it is written (put, bulkPut, update)', async () => {
    await mirror.rows('materials').put(material(1, { name: 'Glass 5mm', quantity: '12.500' }));
    await mirror.rows('materials').bulkPut(range(2, 60).map((id) => material(id)));
    await mirror.rows('materials').update(1, { name: 'Toughened glass 5mm', quantity: '3' });
    expect(await mirror.rows('materials').get(1)).toMatchObject({ [WORDS_FIELD]: ['toughened', 'glass', '5mm'], _sort_name: 'toughened glass 5mm', _sort_quantity: 3 });
    expect((await queryMirror('materials', { sort: BY_NAME, search: 'mater 00060', offset: 0, limit: 5 })).rows.map((r) => r.id)).toEqual([60]);
  });

  it('are filled in for the rows already on a device when the mirror is upgraded from version 2', async () => {
    const name = 'fabops-mirror-upgrade-test';
    await Dexie.delete(name);
    const old = new Dexie(name);
    old.version(2).stores({ materials: 'id, name, category, subcategory, unit, quantity, updated_at', meta: 'key, userId, type' });
    await old.table('materials').put(material(1, { name: 'Acrylic sheet 3mm', quantity: '40.000' }));
    old.close();

    const upgraded = new MirrorDatabase(name);
    expect(upgraded.rows('materials').schema.indexes.map((i) => i.src)).toEqual(localIndexesOf('materials').filter((i) => i !== 'id'));
    expect(await upgraded.rows('materials').get(1)).toMatchObject({ [WORDS_FIELD]: ['acrylic', 'sheet', '3mm'], _sort_quantity: 40 });
    upgraded.close();
    await Dexie.delete(name);
  });
});
