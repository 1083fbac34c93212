import { API } from '../../../domain/api-paths';
import { estimationMaterialCategoryCreateSchema, estimationMaterialCategoryUpdateSchema, estimationMaterialCreateSchema, estimationMaterialUpdateSchema } from '../../../domain/estimation-material';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, putServerRow } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** POST estimationmaterials/estimation_materials/: a costing material with its rate, in a category made offline too. */
export const createEstimationMaterial = defineOperation({
  name: 'estimation-material.create',
  permission: 'estimation-materials.write',
  label: 'New estimation material',
  type: 'estimationMaterials',
  schema: estimationMaterialCreateSchema.extend({ category: localRefSchema }),
  creates: true,
  request: (material) => ({ method: 'POST', url: API.estimationMaterials.list, body: { ...material, category: ref(material.category) } }),
  apply: (mirror, material, ctx) =>
    mirror.rows('estimationMaterials').put(newRow({ sheet_length: null, sheet_width: null, kg_per_metre: null, ...material, deleted_at: null }, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'estimationMaterials', row, ctx),
  describe: (material) => material.name,
});

/** PATCH estimationmaterials/estimation_materials/{id}/ with If-Match: the version the user saw. */
export const updateEstimationMaterial = defineOperation({
  name: 'estimation-material.update',
  permission: 'estimation-materials.write',
  label: 'Edit estimation material',
  type: 'estimationMaterials',
  schema: estimationMaterialUpdateSchema.extend({ id: localRefSchema, category: localRefSchema.optional() }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({
    method: 'PATCH',
    url: API.estimationMaterials.detail(ref(id)),
    body: changes.category === undefined ? changes : { ...changes, category: ref(changes.category) },
    headers: ifMatch(expected_version),
  }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'estimationMaterials', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'estimationMaterials', row, ctx),
  describe: (changes) => changes.name ?? `Estimation material ${changes.id}`,
});

/** POST estimationmaterials/estimation_material_categories/: a category of the costing materials. */
export const createEstimationMaterialCategory = defineOperation({
  name: 'estimation-material-category.create',
  permission: 'estimation-materials.write',
  label: 'New estimation material category',
  type: 'estimationMaterialCategories',
  schema: estimationMaterialCategoryCreateSchema,
  creates: true,
  request: (category) => ({ method: 'POST', url: API.estimationMaterialCategories.list, body: category }),
  apply: (mirror, category, ctx) => mirror.rows('estimationMaterialCategories').put(newRow({ ...category, deleted_at: null }, ctx)),
  // Materials made offline in the new category follow it to its server id.
  reconcile: (mirror, row, ctx) =>
    mirror.transaction('rw', [mirror.rows('estimationMaterialCategories'), mirror.rows('estimationMaterials')], async () => {
      await putServerRow(mirror, 'estimationMaterialCategories', row, ctx);
      if (ctx.tempId !== null) await mirror.rows('estimationMaterials').where('category').equals(ctx.tempId).modify({ category: (row as { id: number }).id });
    }),
  describe: (category) => category.name,
});

/** PATCH estimationmaterials/estimation_material_categories/{id}/ with If-Match: a new name. */
export const renameEstimationMaterialCategory = defineOperation({
  name: 'estimation-material-category.rename',
  permission: 'estimation-materials.write',
  label: 'Rename estimation material category',
  type: 'estimationMaterialCategories',
  schema: estimationMaterialCategoryUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.estimationMaterialCategories.detail(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'estimationMaterialCategories', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'estimationMaterialCategories', row, ctx),
  describe: (changes) => changes.name ?? `Category ${changes.id}`,
});
