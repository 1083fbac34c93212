import { describe, expect, it } from 'vitest';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, estimationMaterialCategories, estimationMaterials } from '../../server/db/schema';
import { ensureEstimationMaterialCategories } from '../../server/modules/estimation-materials/service';
import { ESTIMATION_MATERIAL_CATEGORIES } from '../../domain/estimation-material';
import { useTestServer } from '../support/server';
import { makeEstimationCategory, makeEstimationMaterial } from '../support/factories-estimation';
import { expectAccessMatrix } from '../support/access';

const { app, as, db } = useTestServer();
const names = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);

const CATEGORIES = '/estimationmaterials/estimation_material_categories/';
const MATERIALS = '/estimationmaterials/estimation_materials/';

async function costing() {
  const ms = await makeEstimationCategory(db(), 'MS');
  const glass = await makeEstimationCategory(db(), 'toughened glass');
  const pipe = await makeEstimationMaterial(db(), ms.id, { name: 'MS square pipe 25x25', unit: 'FT', rate: '48.50' });
  const angle = await makeEstimationMaterial(db(), ms.id, { name: 'MS angle 40x40', unit: 'KG', rate: '72.00' });
  const clear = await makeEstimationMaterial(db(), glass.id, { name: 'Clear 8mm', unit: 'SQMTR', rate: '1450.00' });
  return { ms, glass, pipe, angle, clear };
}

const validMaterial = (category: number) => ({ category, name: 'SS round pipe 1 inch', unit: 'MTRS', rate: '210.5' });

describe('estimation material categories', () => {
  it('lists 100 a page, ordered by name', async () => {
    for (let i = 0; i < 103; i++) await makeEstimationCategory(db(), `Category ${String(i).padStart(3, '0')}`);
    await makeEstimationCategory(db(), 'acrylic');
    const design = await as('design');
    const first = (await design.get(CATEGORIES)).json();
    expect(first.count).toBe(104);
    expect(first.results).toHaveLength(100);
    expect(first.results[0].name).toBe('acrylic');
    expect(first.results[0].txid).toBeUndefined();
    expect(first.next).toContain('page=2');
    expect((await design.get(`${CATEGORIES}?page=2`)).json().results).toHaveLength(4);
    expect((await design.get(`${CATEGORIES}?page=3`)).statusCode).toBe(404);
  });

  it('searches names ignoring case', async () => {
    await makeEstimationCategory(db(), 'painting/polish');
    await makeEstimationCategory(db(), 'service rate');
    const design = await as('design');
    expect(names((await design.get(`${CATEGORIES}?search=POLISH`)).json())).toEqual(['painting/polish']);
  });

  it('creates a category and audits it; names are unique ignoring case and spaces', async () => {
    const design = await as('design');
    const created = await design.post(CATEGORIES, { name: ' powder coating ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'powder coating', version: 1, deleted_at: null });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_material_category.create'));
    expect(audit).toMatchObject({ target: `estimation_material_categories:${created.json().id}`, username: 'design', risk_level: 'low' });
    const dup = await design.post(CATEGORIES, { name: 'PowderCoating' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['A category with this name already exists.'] });
  });

  it('gives field errors for a missing, blank, wrong-typed or too long name', async () => {
    const design = await as('design');
    const cases: [unknown, string][] = [
      [{}, 'This field is required.'],
      [{ name: '  ' }, 'This field may not be blank.'],
      [{ name: 7 }, 'Expected string.'],
      [{ name: null }, 'This field may not be null.'],
      [{ name: 'x'.repeat(101) }, 'Ensure this field has no more than 100 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await design.post(CATEGORIES, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ name: [message] });
    }
  });

  it('returns a category with its version as ETag, 404 for unknown ids', async () => {
    const { ms } = await costing();
    const design = await as('design');
    const res = await design.get(`${CATEGORIES}${ms.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({ id: ms.id, name: 'MS' });
    for (const id of ['99999', 'abc', '0', '-3', '2.5']) expect((await design.get(`${CATEGORIES}${id}/`)).statusCode, id).toBe(404);
  });

  it('renames with PATCH or PUT, checking the version and the name', async () => {
    const { ms, glass } = await costing();
    const design = await as('design');
    const patched = await design.patch(`${CATEGORIES}${ms.id}/`, { name: 'MS (mild steel)' }, { 'if-match': '"1"' });
    expect(patched.statusCode).toBe(200);
    expect(patched.headers.etag).toBe('"2"');
    expect((await design.put(`${CATEGORIES}${ms.id}/`, { name: 'Mild steel' })).json()).toMatchObject({ name: 'Mild steel', version: 3 });
    const stale = await design.patch(`${CATEGORIES}${ms.id}/`, { name: 'MS' }, { 'if-match': '"2"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: ms.id, name: 'Mild steel', version: 3 });
    const dup = await design.patch(`${CATEGORIES}${ms.id}/`, { name: 'Toughened Glass' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['A category with this name already exists.'] });
    expect((await design.patch(`${CATEGORIES}${glass.id}/`, { name: '' })).statusCode).toBe(400);
    expect((await design.put(`${CATEGORIES}99999/`, { name: 'Nothing' })).statusCode).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_material_category.update'));
    expect(audit).toHaveLength(2);
  });

  it('soft-deletes an empty category: gone from lists and detail, kept for the delta, audited, name free again', async () => {
    const design = await as('design');
    const empty = await makeEstimationCategory(db(), 'laminate');
    const res = await design.delete(`${CATEGORIES}${empty.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_at).not.toBeNull();
    expect((await design.get(`${CATEGORIES}${empty.id}/`)).statusCode).toBe(404);
    expect((await design.get(CATEGORIES)).json().count).toBe(0);
    const delta = (await design.get(`${CATEGORIES}?updated_since=0`)).json();
    expect(delta.results.map((c: { id: number; deleted_at: string | null }) => [c.id, c.deleted_at !== null])).toEqual([[empty.id, true]]);
    expect((await design.delete(`${CATEGORIES}${empty.id}/`)).statusCode).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_material_category.set_deleted'));
    expect(audit.map((a) => [a.target, a.risk_level])).toEqual([[`estimation_material_categories:${empty.id}`, 'medium']]);
    expect((await design.post(CATEGORIES, { name: 'Laminate' })).statusCode).toBe(201);
  });

  it('keeps a category while it has live materials, and checks the version on delete', async () => {
    const { ms, pipe, angle } = await costing();
    const design = await as('design');
    const refused = await design.delete(`${CATEGORIES}${ms.id}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['This category still has materials: move or delete them first.'] });
    await design.delete(`${MATERIALS}${pipe.id}/`);
    await design.delete(`${MATERIALS}${angle.id}/`);
    expect((await design.delete(`${CATEGORIES}${ms.id}/`, { 'if-match': '"5"' })).statusCode).toBe(409);
    expect((await design.delete(`${CATEGORIES}${ms.id}/`, { 'if-match': '"1"' })).statusCode).toBe(200);
  });
});

describe('the standard categories (business-areas.md §9)', () => {
  const live = () => db().select({ name: estimationMaterialCategories.name }).from(estimationMaterialCategories).where(isNull(estimationMaterialCategories.deleted_at)).orderBy(asc(estimationMaterialCategories.id));

  it('adds all sixteen, in the spec order, to an empty table', async () => {
    const added = await ensureEstimationMaterialCategories(db());
    // The sixteen names and their order are pinned literally in tests/domain/enumerations.test.ts.
    const spec = ESTIMATION_MATERIAL_CATEGORIES.map((c) => c.label);
    expect(added.map((c) => c.name)).toEqual(spec);
    expect((await live()).map((c) => c.name)).toEqual(spec);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_material_category.ensure'));
    expect(audit).toMatchObject({ username: null, risk_level: 'low' });
  });

  it('is idempotent: a second run adds nothing and writes no audit entry', async () => {
    await ensureEstimationMaterialCategories(db());
    expect(await ensureEstimationMaterialCategories(db())).toEqual([]);
    expect(await live()).toHaveLength(16);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_material_category.ensure'))).toHaveLength(1);
  });

  it('counts a category the design department already has under another case or spacing, and keeps their own', async () => {
    await makeEstimationCategory(db(), 'Hard Ware');
    await makeEstimationCategory(db(), 'ms');
    await makeEstimationCategory(db(), 'Granite');
    const added = await ensureEstimationMaterialCategories(db());
    expect(added).toHaveLength(14);
    const all = (await live()).map((c) => c.name);
    expect(all).toHaveLength(17);
    expect(all).toEqual(expect.arrayContaining(['Hard Ware', 'ms', 'Granite']));
    expect(all).not.toContain('hardware');
    expect(all).not.toContain('MS');
  });

  it('adds a deleted standard category back', async () => {
    await ensureEstimationMaterialCategories(db());
    await db().update(estimationMaterialCategories).set({ deleted_at: sql`now()` }).where(eq(estimationMaterialCategories.name, 'wooden'));
    expect((await ensureEstimationMaterialCategories(db())).map((c) => c.name)).toEqual(['wooden']);
    expect(await live()).toHaveLength(16);
  });
});

describe('estimation material list', () => {
  it('pages by 15, ordered by name', async () => {
    const { glass } = await costing();
    for (let i = 0; i < 15; i++) await makeEstimationMaterial(db(), glass.id, { name: `Frosted ${String(i).padStart(2, '0')}mm` });
    const sales = await as('sales.exec');
    const first = (await sales.get(MATERIALS)).json();
    expect(first.count).toBe(18);
    expect(first.results).toHaveLength(15);
    expect(first.results[0]).toMatchObject({ name: 'Clear 8mm', unit: 'SQMTR', rate: '1450.00', category: glass.id });
    expect(first.results[0].txid).toBeUndefined();
    expect(first.next).toContain('page=2');
    expect((await sales.get(`${MATERIALS}?page=2`)).json().results).toHaveLength(3);
    const past = await sales.get(`${MATERIALS}?page=3`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('filters by category, searches the name and orders by rate, category, name or id', async () => {
    const { ms } = await costing();
    const design = await as('design');
    expect(names((await design.get(`${MATERIALS}?category=${ms.id}`)).json())).toEqual(['MS angle 40x40', 'MS square pipe 25x25']);
    expect(names((await design.get(`${MATERIALS}?search=PIPE`)).json())).toEqual(['MS square pipe 25x25']);
    expect(names((await design.get(`${MATERIALS}?ordering=-rate`)).json())).toEqual(['Clear 8mm', 'MS angle 40x40', 'MS square pipe 25x25']);
    expect(names((await design.get(`${MATERIALS}?ordering=-category,-name`)).json())).toEqual(['Clear 8mm', 'MS square pipe 25x25', 'MS angle 40x40']);
    expect(names((await design.get(`${MATERIALS}?ordering=-id`)).json())).toEqual(['Clear 8mm', 'MS angle 40x40', 'MS square pipe 25x25']);
    expect((await design.get(`${MATERIALS}?category=99999`)).json().count).toBe(0);
  });

  it('sends changed and deleted materials in the delta', async () => {
    const { pipe, clear } = await costing();
    const design = await as('design');
    const cursor = (await design.get(`${MATERIALS}?updated_since=0`)).json().cursor;
    await design.patch(`${MATERIALS}${pipe.id}/`, { rate: '50' });
    await design.delete(`${MATERIALS}${clear.id}/`);
    const delta = (await design.get(`${MATERIALS}?updated_since=${cursor}`)).json();
    expect(delta.results.map((m: { id: number; rate: string; deleted_at: string | null }) => [m.id, m.rate, m.deleted_at !== null])).toEqual([
      [pipe.id, '50.00', false],
      [clear.id, '1450.00', true],
    ]);
  });
});

describe('adding an estimation material', () => {
  it('creates the material with an exact rate, and audits it', async () => {
    const { ms } = await costing();
    const res = await (await as('design')).post(MATERIALS, validMaterial(ms.id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ category: ms.id, name: 'SS round pipe 1 inch', unit: 'MTRS', rate: '210.50', version: 1, deleted_at: null });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_material.create'));
    expect(audit).toMatchObject({ target: `estimation_materials:${res.json().id}`, username: 'design', risk_level: 'low' });
  });

  it('takes a rate of 0 when none is given', async () => {
    const { ms } = await costing();
    const res = await (await as('management')).post(MATERIALS, { category: ms.id, name: 'Welding', unit: 'ADHOC' });
    expect(res.statusCode).toBe(201);
    expect(res.json().rate).toBe('0.00');
  });

  it('refuses a name already in the category ignoring case and spaces, but not in another category', async () => {
    const { ms, glass } = await costing();
    const design = await as('design');
    const dup = await design.post(MATERIALS, { ...validMaterial(ms.id), name: 'ms SQUARE pipe 25x 25' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['This category already has a material with this name.'] });
    expect((await design.post(MATERIALS, { ...validMaterial(glass.id), name: 'MS square pipe 25x25' })).statusCode).toBe(201);
  });

  it('refuses an unknown or deleted category with a field error', async () => {
    const design = await as('design');
    const gone = await makeEstimationCategory(db(), 'wooden');
    await db().update(estimationMaterialCategories).set({ deleted_at: sql`now()` }).where(eq(estimationMaterialCategories.id, gone.id));
    for (const category of [99999, gone.id]) {
      const res = await design.post(MATERIALS, validMaterial(category));
      expect(res.statusCode, String(category)).toBe(400);
      expect(res.json()).toEqual({ category: [`Invalid pk "${category}" - object does not exist.`] });
    }
    expect(await db().select().from(estimationMaterials)).toEqual([]);
  });

  it('gives field errors for missing, wrong-typed and invalid fields', async () => {
    const { ms } = await costing();
    const design = await as('design');
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { category: ['This field is required.'], name: ['This field is required.'], unit: ['This field is required.'] }],
      [{ ...validMaterial(ms.id), category: 'MS' }, { category: ['Incorrect type. Expected pk value.'] }],
      [{ ...validMaterial(ms.id), category: 1.5 }, { category: ['Incorrect type. Expected pk value.'] }],
      [{ ...validMaterial(ms.id), name: ' ' }, { name: ['This field may not be blank.'] }],
      [{ ...validMaterial(ms.id), name: 'x'.repeat(201) }, { name: ['Ensure this field has no more than 200 characters.'] }],
      [{ ...validMaterial(ms.id), unit: 'GALLON' }, { unit: ['"GALLON" is not a valid choice.'] }],
      [{ ...validMaterial(ms.id), rate: 'cheap' }, { rate: ['A valid number is required.'] }],
      [{ ...validMaterial(ms.id), rate: '1.005' }, { rate: ['Ensure that there are no more than 2 decimal places.'] }],
      [{ ...validMaterial(ms.id), rate: '-5' }, { rate: ['Enter zero or more.'] }],
      [{ ...validMaterial(ms.id), rate: '1e5' }, { rate: ['A valid number is required.'] }],
      [{ ...validMaterial(ms.id), rate: '123456789012345' }, { rate: ['Ensure that there are no more than 14 digits in total.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await design.post(MATERIALS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
  });
});

describe('reading, updating and deleting an estimation material', () => {
  it('returns the material with its version as ETag, 404 for unknown ids', async () => {
    const { pipe } = await costing();
    const sales = await as('sales.manager');
    const res = await sales.get(`${MATERIALS}${pipe.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({ id: pipe.id, name: 'MS square pipe 25x25', rate: '48.50', unit: 'FT' });
    for (const id of ['99999', 'pipe', '0', '-1', '1e3']) expect((await sales.get(`${MATERIALS}${id}/`)).statusCode, id).toBe(404);
  });

  it('updates the rate with PATCH or PUT, leaving unsent fields as they were, and audits it', async () => {
    const { pipe } = await costing();
    const design = await as('design');
    const patched = await design.patch(`${MATERIALS}${pipe.id}/`, { rate: 52 });
    expect(patched.statusCode).toBe(200);
    expect(patched.headers.etag).toBe('"2"');
    expect(patched.json()).toMatchObject({ name: 'MS square pipe 25x25', unit: 'FT', rate: '52.00', version: 2 });
    expect((await design.put(`${MATERIALS}${pipe.id}/`, { unit: 'MTRS' })).json()).toMatchObject({ unit: 'MTRS', rate: '52.00', version: 3 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_material.update'));
    expect(audit.map((a) => a.metadata)).toEqual([
      { fields: ['rate'], rate: '52.00' },
      { fields: ['unit'], rate: '52.00' },
    ]);
  });

  it('refuses a stale If-Match with 409 and the current material', async () => {
    const { pipe } = await costing();
    const design = await as('design');
    await design.patch(`${MATERIALS}${pipe.id}/`, { rate: '50' });
    const stale = await design.patch(`${MATERIALS}${pipe.id}/`, { rate: '55' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: pipe.id, rate: '50.00', version: 2 });
  });

  it('moves a material to another live category, keeping names unique in it', async () => {
    const { pipe, angle, glass } = await costing();
    const design = await as('design');
    expect((await design.patch(`${MATERIALS}${pipe.id}/`, { category: glass.id })).json().category).toBe(glass.id);
    const dup = await design.patch(`${MATERIALS}${angle.id}/`, { category: glass.id, name: 'MS Square Pipe 25x25' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['This category already has a material with this name.'] });
    const unknown = await design.patch(`${MATERIALS}${angle.id}/`, { category: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ category: ['Invalid pk "99999" - object does not exist.'] });
    expect((await design.patch(`${MATERIALS}99999/`, { category: 99999 })).statusCode).toBe(404);
    expect((await design.patch(`${MATERIALS}${angle.id}/`, { rate: 'x', unit: 'BAG' })).json()).toEqual({ rate: ['A valid number is required.'], unit: ['"BAG" is not a valid choice.'] });
  });

  it('soft-deletes: gone from lists and detail, audited, name free again in the category', async () => {
    const { ms, pipe } = await costing();
    const design = await as('design');
    expect((await design.delete(`${MATERIALS}${pipe.id}/`, { 'if-match': '"2"' })).statusCode).toBe(409);
    const res = await design.delete(`${MATERIALS}${pipe.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_at).not.toBeNull();
    expect((await design.get(`${MATERIALS}${pipe.id}/`)).statusCode).toBe(404);
    expect(names((await design.get(MATERIALS)).json())).not.toContain('MS square pipe 25x25');
    expect((await design.delete(`${MATERIALS}${pipe.id}/`)).statusCode).toBe(404);
    expect((await design.delete(`${MATERIALS}abc/`)).statusCode).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'estimation_material.set_deleted'));
    expect(audit.map((a) => [a.target, a.risk_level])).toEqual([[`estimation_materials:${pipe.id}`, 'medium']]);
    expect((await design.post(MATERIALS, { ...validMaterial(ms.id), name: 'MS square pipe 25x25' })).statusCode).toBe(201);
  });
});

describe('who may call the estimation material endpoints', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const { ms, pipe } = await costing();
    await expectAccessMatrix(app(), [
      { method: 'GET', url: CATEGORIES, permission: 'estimation-materials.read' },
      { method: 'GET', url: `${CATEGORIES}${ms.id}/`, permission: 'estimation-materials.read' },
      { method: 'POST', url: CATEGORIES, body: {}, permission: 'estimation-materials.write' },
      { method: 'PATCH', url: `${CATEGORIES}${ms.id}/`, body: { name: '' }, permission: 'estimation-materials.write' },
      { method: 'PUT', url: `${CATEGORIES}${ms.id}/`, body: { name: '' }, permission: 'estimation-materials.write' },
      { method: 'DELETE', url: `${CATEGORIES}999999/`, permission: 'estimation-materials.write' },
      { method: 'GET', url: MATERIALS, permission: 'estimation-materials.read' },
      { method: 'GET', url: `${MATERIALS}${pipe.id}/`, permission: 'estimation-materials.read' },
      { method: 'POST', url: MATERIALS, body: {}, permission: 'estimation-materials.write' },
      { method: 'PATCH', url: `${MATERIALS}${pipe.id}/`, body: { name: '' }, permission: 'estimation-materials.write' },
      { method: 'PUT', url: `${MATERIALS}${pipe.id}/`, body: { name: '' }, permission: 'estimation-materials.write' },
      { method: 'DELETE', url: `${MATERIALS}999999/`, permission: 'estimation-materials.write' },
    ]);
  });
});
