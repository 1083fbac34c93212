import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../../server/db/schema';
import { useTestServer } from '../support/server';
import { makeCategory, makeMaterial, makeSubcategory } from '../support/factories';
import { expectAccessMatrix } from '../support/access';

const { app, as, db } = useTestServer();

async function catalogue() {
  const consumables = await makeCategory(db(), { name: 'Consumables' });
  const sheets = await makeCategory(db(), { name: 'Sheets' });
  const glue = await makeMaterial(db(), consumables.id, { name: 'Acrylic glue', unit: 'ML' });
  const acrylic = await makeMaterial(db(), sheets.id, { name: 'Acrylic sheet 3mm', unit: 'SHEET', brand: 'Plexi' });
  return { consumables, sheets, glue, acrylic };
}

const validMaterial = (category: number) => ({ name: 'MS pipe 25mm', category, unit: 'MTRS', brand: 'Tata', reorder_level: '10.5' });

describe('materials list', () => {
  it('pages by 15 with DRF links, ordered by name', async () => {
    const { sheets } = await catalogue();
    for (let i = 0; i < 20; i++) await makeMaterial(db(), sheets.id, { name: `Sheet ${String(i).padStart(2, '0')}` });
    const stores = await as('stores');
    const first = await stores.get('/materials/materials/');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(22);
    expect(body.results).toHaveLength(15);
    expect(body.results[0].name).toBe('Acrylic glue');
    expect(body.next).toContain('page=2');
    expect(body.previous).toBeNull();
    const second = (await stores.get('/materials/materials/?page=2')).json();
    expect(second.results).toHaveLength(7);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
  });

  it('filters by category, unit and reorder level, and orders by any listed field', async () => {
    const { sheets, acrylic } = await catalogue();
    await makeMaterial(db(), sheets.id, { name: 'Glass 5mm', unit: 'SHEET', quantity: '50', reorder_level: '10' });
    const stores = await as('stores');
    const byCategory = (await stores.get(`/materials/materials/?category=${sheets.id}&ordering=-name`)).json();
    expect(byCategory.results.map((m: { name: string }) => m.name)).toEqual(['Glass 5mm', 'Acrylic sheet 3mm']);
    const byUnit = (await stores.get('/materials/materials/?unit=ML')).json();
    expect(byUnit.results.map((m: { name: string }) => m.name)).toEqual(['Acrylic glue']);
    const low = (await stores.get('/materials/materials/?below_reorder_level=true')).json();
    expect(low.results.map((m: { id: number }) => m.id)).toContain(acrylic.id);
    expect(low.results.map((m: { name: string }) => m.name)).not.toContain('Glass 5mm');
    const limited = (await stores.get('/materials/materials/?limit=1&ordering=-quantity')).json();
    expect(limited.results).toHaveLength(1);
    expect(limited.results[0].name).toBe('Glass 5mm');
  });

  it('searches the brand as well as the name', async () => {
    const { acrylic } = await catalogue();
    const stores = await as('stores');
    expect((await stores.get('/materials/materials/?search=plexi')).json().results.map((m: { id: number }) => m.id)).toEqual([acrylic.id]);
  });
});

describe('materials row rules (business-areas.md §6)', () => {
  it('gives a production foreman only the consumables', async () => {
    const { glue, acrylic } = await catalogue();
    const foreman = await as('foreman');
    const list = (await foreman.get('/materials/materials/')).json();
    expect(list.results.map((m: { id: number }) => m.id)).toEqual([glue.id]);
    expect((await foreman.get(`/materials/materials/${acrylic.id}/`)).statusCode).toBe(404);
    expect((await foreman.get(`/materials/materials/${glue.id}/`)).statusCode).toBe(200);
  });

  it('gives other production users everything but the consumables', async () => {
    const { glue, acrylic } = await catalogue();
    const production = await as('production');
    const list = (await production.get('/materials/materials/')).json();
    expect(list.results.map((m: { id: number }) => m.id)).toEqual([acrylic.id]);
    expect((await production.get(`/materials/materials/${glue.id}/`)).statusCode).toBe(404);
    expect((await production.get(`/materials/materials/?updated_since=0`)).json().results.map((m: { id: number }) => m.id)).toEqual([acrylic.id]);
  });

  it('gives a production manager, stores and the superuser every material', async () => {
    await catalogue();
    await db().update(users).set({ designation: 'manager' }).where(eq(users.username, 'production'));
    for (const username of ['production', 'stores', 'admin', 'sales.exec']) {
      expect((await (await as(username)).get('/materials/materials/')).json().count, username).toBe(2);
    }
  });

  it('finds consumables by the category name, ignoring case', async () => {
    const other = await makeCategory(db(), { name: 'CONSUMABLES' });
    const tape = await makeMaterial(db(), other.id, { name: 'Tape' });
    const list = (await (await as('foreman')).get('/materials/materials/')).json();
    expect(list.results.map((m: { id: number }) => m.id)).toEqual([tape.id]);
  });
});

describe('creating a material', () => {
  it('is allowed to a user holding the material-creation permission and is audited', async () => {
    const { sheets } = await catalogue();
    const res = await (await as('stores')).post('/materials/materials/', { ...validMaterial(sheets.id), quantity: '999' });
    expect(res.statusCode).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({ name: 'MS pipe 25mm', category: sheets.id, unit: 'MTRS', brand: 'Tata', reorder_level: '10.500', quantity: '0.000', version: 1, deleted_at: null });
    expect(row.txid).toBeUndefined();
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'material.create'), eq(auditLog.target, `materials:${row.id}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.username).toBe('stores');
  });

  it('is refused to a user without the permission until an admin grants it', async () => {
    const { sheets } = await catalogue();
    const purchase = await as('purchase');
    expect((await purchase.post('/materials/materials/', validMaterial(sheets.id))).statusCode).toBe(403);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'purchase'));
    const admin = await as('admin');
    expect((await admin.post(`/users/${row!.id}/permissions/material-creation/`)).statusCode).toBe(200);
    expect((await (await as('purchase')).post('/materials/materials/', validMaterial(sheets.id))).statusCode).toBe(201);
  });

  it('refuses a name already used, ignoring case and spaces', async () => {
    const { sheets } = await catalogue();
    const res = await (await as('stores')).post('/materials/materials/', { ...validMaterial(sheets.id), name: '  acrylicSHEET 3 mm ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['A material with this name already exists.'] });
  });

  it('answers the duplicate-name check the same way', async () => {
    const { acrylic } = await catalogue();
    const stores = await as('stores');
    expect((await stores.get('/materials/materials/check_duplicate/?name=ACRYLIC%20sheet3mm')).json()).toEqual({ exists: true, material: { id: acrylic.id, name: acrylic.name } });
    expect((await stores.get('/materials/materials/check_duplicate/?name=Teak')).json()).toEqual({ exists: false, material: null });
    expect((await stores.get('/materials/materials/check_duplicate/')).statusCode).toBe(400);
  });

  it('gives field errors for missing, wrong-typed and unknown references', async () => {
    const { sheets, consumables } = await catalogue();
    const other = await makeSubcategory(db(), consumables.id);
    const stores = await as('stores');
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['This field is required.'], category: ['This field is required.'], unit: ['This field is required.'] }],
      [{ ...validMaterial(sheets.id), name: '   ' }, { name: ['This field may not be blank.'] }],
      [{ ...validMaterial(sheets.id), category: 'sheets' }, { category: ['Incorrect type. Expected pk value.'] }],
      [{ ...validMaterial(sheets.id), category: 99999 }, { category: ['Invalid pk "99999" - object does not exist.'] }],
      [{ ...validMaterial(sheets.id), unit: 'GALLON' }, { unit: ['"GALLON" is not a valid choice.'] }],
      [{ ...validMaterial(sheets.id), reorder_level: 'lots' }, { reorder_level: ['A valid number is required.'] }],
      [{ ...validMaterial(sheets.id), reorder_level: '1.23456' }, { reorder_level: ['Ensure that there are no more than 3 decimal places.'] }],
      [{ ...validMaterial(sheets.id), subcategory: other.id }, { subcategory: ['This subcategory belongs to another category.'] }],
      [{ ...validMaterial(sheets.id), name: 'x'.repeat(201) }, { name: ['Ensure this field has no more than 200 characters.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await stores.post('/materials/materials/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject(errors);
    }
  });
});

describe('reading, updating and deleting a material', () => {
  it('returns the row with its version as ETag, 404 for unknown ids', async () => {
    const { acrylic } = await catalogue();
    const stores = await as('stores');
    const res = await stores.get(`/materials/materials/${acrylic.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    for (const id of ['99999', 'abc', '-1', '0', '1.5']) expect((await stores.get(`/materials/materials/${id}/`)).statusCode, id).toBe(404);
  });

  it('updates with PUT or PATCH, leaving unsent fields as they were', async () => {
    const { acrylic } = await catalogue();
    const stores = await as('stores');
    const res = await stores.patch(`/materials/materials/${acrylic.id}/`, { color: 'Clear' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ color: 'Clear', brand: 'Plexi', version: 2 });
    const put = await stores.put(`/materials/materials/${acrylic.id}/`, { thickness: '3' });
    expect(put.json()).toMatchObject({ color: 'Clear', thickness: '3', version: 3 });
  });

  it('refuses to rename onto another material ignoring case and spaces', async () => {
    const { acrylic } = await catalogue();
    const res = await (await as('stores')).patch(`/materials/materials/${acrylic.id}/`, { name: 'ACRYLIC GLUE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['A material with this name already exists.'] });
  });

  it('leaves on-hand quantity to the stock ledger', async () => {
    const { acrylic } = await catalogue();
    const res = await (await as('stores')).patch(`/materials/materials/${acrylic.id}/`, { quantity: '500' });
    expect(res.statusCode).toBe(200);
    expect(res.json().quantity).toBe('0.000');
  });

  it('soft-deletes: gone from lists and detail, kept for delta sync and audited', async () => {
    const { acrylic } = await catalogue();
    const stores = await as('stores');
    const res = await stores.delete(`/materials/materials/${acrylic.id}/set_deleted/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_at).not.toBeNull();
    expect((await stores.get(`/materials/materials/${acrylic.id}/`)).statusCode).toBe(404);
    expect((await stores.get('/materials/materials/')).json().count).toBe(1);
    const delta = (await stores.get('/materials/materials/?updated_since=0')).json();
    expect(delta.results.find((m: { id: number }) => m.id === acrylic.id).deleted_at).not.toBeNull();
    expect((await stores.delete(`/materials/materials/${acrylic.id}/set_deleted/`)).statusCode).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'material.set_deleted'));
    expect(audit.map((a) => a.risk_level)).toEqual(['medium']);
  });

  it('frees a deleted material name for a new material', async () => {
    const { acrylic, sheets } = await catalogue();
    const stores = await as('stores');
    await stores.delete(`/materials/materials/${acrylic.id}/set_deleted/`);
    expect((await stores.post('/materials/materials/', { ...validMaterial(sheets.id), name: acrylic.name })).statusCode).toBe(201);
  });

  it('is refused to departments that do not keep materials', async () => {
    const { acrylic } = await catalogue();
    for (const username of ['sales.exec', 'foreman', 'accounts', 'design']) {
      const client = await as(username);
      expect((await client.patch(`/materials/materials/${acrylic.id}/`, { color: 'Red' })).statusCode, username).toBe(403);
      expect((await client.delete(`/materials/materials/${acrylic.id}/set_deleted/`)).statusCode, username).toBe(403);
    }
  });
});

describe('material categories and subcategories', () => {
  it('creates, renames and soft-deletes a category; names unique ignoring case and spaces', async () => {
    const stores = await as('stores');
    const created = await stores.post('/materials/material-categories/', { name: 'Hard ware' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const dup = await stores.post('/materials/material-categories/', { name: 'HARDWARE' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: ['A category with this name already exists.'] });
    expect((await stores.patch(`/materials/material-categories/${id}/`, { name: 'Hardware' })).json()).toMatchObject({ name: 'Hardware', version: 2 });
    expect((await stores.delete(`/materials/material-categories/${id}/set_deleted/`)).statusCode).toBe(200);
    expect((await stores.get('/materials/material-categories/')).json().results.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await stores.post('/materials/material-categories/', { name: 'hardware' })).statusCode).toBe(201);
  });

  it('lists subcategories of a category and refuses an unknown category', async () => {
    const { sheets, consumables } = await catalogue();
    await makeSubcategory(db(), sheets.id, { name: 'Clear' });
    await makeSubcategory(db(), consumables.id, { name: 'Adhesives' });
    const stores = await as('stores');
    const list = (await stores.get(`/materials/material-subcategories/?category=${sheets.id}`)).json();
    expect(list.results.map((s: { name: string }) => s.name)).toEqual(['Clear']);
    const bad = await stores.post('/materials/material-subcategories/', { name: 'Frosted', category: 4242 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ category: ['Invalid pk "4242" - object does not exist.'] });
    const ok = await stores.post('/materials/material-subcategories/', { name: 'Frosted', category: sheets.id });
    expect(ok.statusCode).toBe(201);
    expect((await stores.patch(`/materials/material-subcategories/${ok.json().id}/`, { name: 'Frosted 2' })).json().name).toBe('Frosted 2');
    expect((await stores.delete(`/materials/material-subcategories/${ok.json().id}/set_deleted/`)).statusCode).toBe(200);
  });

  it('keeps a category while it has live materials or subcategories, and a subcategory while it has live materials', async () => {
    const { sheets, acrylic } = await catalogue();
    const clear = await makeSubcategory(db(), sheets.id, { name: 'Clear' });
    const stores = await as('stores');
    await stores.patch(`/materials/materials/${acrylic.id}/`, { subcategory: clear.id });
    const category = await stores.delete(`/materials/material-categories/${sheets.id}/set_deleted/`);
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual({ non_field_errors: ['This category still has materials or subcategories: move or delete them first.'] });
    const subcategory = await stores.delete(`/materials/material-subcategories/${clear.id}/set_deleted/`);
    expect(subcategory.statusCode).toBe(400);
    expect(subcategory.json()).toEqual({ non_field_errors: ['This subcategory still has materials: move or delete them first.'] });
    // Once the material is gone, the subcategory and then the category may go.
    await stores.delete(`/materials/materials/${acrylic.id}/set_deleted/`);
    expect((await stores.delete(`/materials/material-categories/${sheets.id}/set_deleted/`)).statusCode).toBe(400);
    expect((await stores.delete(`/materials/material-subcategories/${clear.id}/set_deleted/`)).statusCode).toBe(200);
    expect((await stores.delete(`/materials/material-categories/${sheets.id}/set_deleted/`, { 'if-match': '2' })).statusCode).toBe(409);
    expect((await stores.delete(`/materials/material-categories/${sheets.id}/set_deleted/`, { 'if-match': '1' })).statusCode).toBe(200);
    expect((await stores.delete(`/materials/material-categories/${sheets.id}/set_deleted/`)).statusCode).toBe(404);
  });

  it('keeps a subcategory that has materials in its category, so their category and subcategory agree', async () => {
    const { sheets, consumables, acrylic } = await catalogue();
    const clear = await makeSubcategory(db(), sheets.id, { name: 'Clear' });
    const empty = await makeSubcategory(db(), sheets.id, { name: 'Frosted' });
    const stores = await as('stores');
    await stores.patch(`/materials/materials/${acrylic.id}/`, { subcategory: clear.id });
    const moved = await stores.patch(`/materials/material-subcategories/${clear.id}/`, { category: consumables.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ category: ['This subcategory still has materials: a subcategory with materials stays in its category.'] });
    expect((await stores.patch(`/materials/material-subcategories/${clear.id}/`, { name: 'Clear cast', category: sheets.id })).statusCode).toBe(200);
    expect((await stores.patch(`/materials/material-subcategories/${empty.id}/`, { category: consumables.id })).json()).toMatchObject({ category: consumables.id });
  });

  it('gives field errors and 404s for bad category and subcategory input', async () => {
    const { sheets } = await catalogue();
    const clear = await makeSubcategory(db(), sheets.id, { name: 'Clear' });
    const stores = await as('stores');
    for (const [body, field] of [[{}, 'name'], [{ name: '  ' }, 'name'], [{ name: 42 }, 'name'], [{ name: 'x'.repeat(101) }, 'name']] as const) {
      const res = await stores.post('/materials/material-categories/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
    }
    for (const [body, field] of [
      [{ name: 'Frosted' }, 'category'],
      [{ name: 'Frosted', category: 'sheets' }, 'category'],
      [{ name: 'Frosted', category: 0 }, 'category'],
      [{ category: sheets.id }, 'name'],
    ] as const) {
      const res = await stores.post('/materials/material-subcategories/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
    }
    expect((await stores.patch(`/materials/material-subcategories/${clear.id}/`, { category: 4242 })).json()).toEqual({ category: ['Invalid pk "4242" - object does not exist.'] });
    expect((await stores.patch('/materials/material-subcategories/999999/', { name: 'Gone' })).statusCode).toBe(404);
    expect((await stores.patch('/materials/material-categories/999999/', { name: 'Gone' })).statusCode).toBe(404);
    for (const url of ['/materials/material-categories/abc/', '/materials/material-categories/999999/', '/materials/material-subcategories/0/']) {
      expect((await stores.get(url)).statusCode, url).toBe(404);
    }
  });

  it('lets everyone read categories but only stores and purchase change them', async () => {
    const { sheets } = await catalogue();
    for (const username of ['foreman', 'sales.exec', 'design']) {
      const client = await as(username);
      expect((await client.get('/materials/material-categories/')).statusCode, username).toBe(200);
      expect((await client.post('/materials/material-categories/', { name: `By ${username}` })).statusCode, username).toBe(403);
      expect((await client.patch(`/materials/material-categories/${sheets.id}/`, { name: 'x' })).statusCode, username).toBe(403);
    }
    expect((await (await as('purchase')).post('/materials/material-categories/', { name: 'Paint' })).statusCode).toBe(201);
  });
});

describe('who may call the materials endpoints', () => {
  it('answers each demo role as domain/permissions.ts says', async () => {
    const { sheets, acrylic } = await catalogue();
    const sub = await makeSubcategory(db(), sheets.id);
    await expectAccessMatrix(app(), [
      { method: 'GET', url: '/materials/materials/', permission: 'materials.read' },
      { method: 'GET', url: `/materials/materials/${acrylic.id}/`, permission: 'materials.read' },
      { method: 'GET', url: '/materials/materials/check_duplicate/?name=x', permission: 'materials.read' },
      { method: 'POST', url: '/materials/materials/', body: {}, permission: 'materials.create' },
      { method: 'PATCH', url: `/materials/materials/${acrylic.id}/`, body: { name: '' }, permission: 'materials.write' },
      { method: 'PUT', url: `/materials/materials/${acrylic.id}/`, body: { name: '' }, permission: 'materials.write' },
      { method: 'DELETE', url: '/materials/materials/999999/set_deleted/', permission: 'materials.delete' },
      { method: 'GET', url: '/materials/material-categories/', permission: 'material-categories.read' },
      { method: 'GET', url: `/materials/material-categories/${sheets.id}/`, permission: 'material-categories.read' },
      { method: 'POST', url: '/materials/material-categories/', body: {}, permission: 'material-categories.write' },
      { method: 'PATCH', url: `/materials/material-categories/${sheets.id}/`, body: { name: '' }, permission: 'material-categories.write' },
      { method: 'DELETE', url: '/materials/material-categories/999999/set_deleted/', permission: 'material-categories.write' },
      { method: 'GET', url: '/materials/material-subcategories/', permission: 'material-categories.read' },
      { method: 'GET', url: `/materials/material-subcategories/${sub.id}/`, permission: 'material-categories.read' },
      { method: 'POST', url: '/materials/material-subcategories/', body: {}, permission: 'material-categories.write' },
      { method: 'PATCH', url: `/materials/material-subcategories/${sub.id}/`, body: { name: '' }, permission: 'material-categories.write' },
      { method: 'DELETE', url: '/materials/material-subcategories/999999/set_deleted/', permission: 'material-categories.write' },
    ]);
  });
});
