import { API } from '../../../domain/api-paths';
import { materialCategoryCreateSchema, materialCreateSchema, materialSubcategoryCreateSchema, materialUpdateSchema } from '../../../domain/material';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, putServerRow } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** POST materials/materials/: a new material, on hand 0 until stock comes in. */
export const createMaterial = defineOperation({
  name: 'material.create',
  permission: 'materials.create',
  label: 'New material',
  type: 'materials',
  schema: materialCreateSchema,
  creates: true,
  request: (material) => ({ method: 'POST', url: API.materials.list, body: material }),
  apply: (mirror, material, ctx) => mirror.rows('materials').put(newRow({ subcategory: null, ...material, quantity: '0', deleted_at: null }, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'materials', row, ctx),
  describe: (material) => material.name,
});

/** PATCH materials/materials/{id}/ with If-Match: the version the user saw. */
export const updateMaterial = defineOperation({
  name: 'material.update',
  permission: 'materials.write',
  label: 'Edit material',
  type: 'materials',
  schema: materialUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.materials.detail(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'materials', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'materials', row, ctx),
  describe: (changes) => changes.name ?? `Material ${changes.id}`,
});

/** POST materials/material-categories/: a new category of the catalogue. */
export const createMaterialCategory = defineOperation({
  name: 'material-category.create',
  permission: 'material-categories.write',
  label: 'New material category',
  type: 'materialCategories',
  schema: materialCategoryCreateSchema,
  creates: true,
  request: (category) => ({ method: 'POST', url: API.materialCategories.list, body: category }),
  apply: (mirror, category, ctx) => mirror.rows('materialCategories').put(newRow({ ...category, deleted_at: null }, ctx)),
  // Subcategories made offline under the temp id follow the category to its server id.
  reconcile: (mirror, row, ctx) =>
    mirror.transaction('rw', [mirror.rows('materialCategories'), mirror.rows('materialSubcategories')], async () => {
      await putServerRow(mirror, 'materialCategories', row, ctx);
      if (ctx.tempId !== null) await mirror.rows('materialSubcategories').where('category').equals(ctx.tempId).modify({ category: (row as { id: number }).id });
    }),
  describe: (category) => category.name,
});

/** POST materials/material-subcategories/: a subcategory, of a category made offline too. */
export const createMaterialSubcategory = defineOperation({
  name: 'material-subcategory.create',
  permission: 'material-categories.write',
  label: 'New material subcategory',
  type: 'materialSubcategories',
  schema: materialSubcategoryCreateSchema.extend({ category: localRefSchema }),
  creates: true,
  request: (subcategory) => ({ method: 'POST', url: API.materialSubcategories.list, body: { ...subcategory, category: ref(subcategory.category) } }),
  apply: (mirror, subcategory, ctx) => mirror.rows('materialSubcategories').put(newRow({ ...subcategory, deleted_at: null }, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'materialSubcategories', row, ctx),
  describe: (subcategory) => subcategory.name,
});
