import { materialCreateSchema, materialUpdateSchema } from '../../../domain/material';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, putServerRow } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** POST materials/materials/: a new material, on hand 0 until stock comes in. */
export const createMaterial = defineOperation({
  name: 'material.create',
  label: 'New material',
  type: 'materials',
  schema: materialCreateSchema,
  creates: true,
  request: (material) => ({ method: 'POST', url: '/materials/materials/', body: material }),
  apply: (mirror, material, ctx) => mirror.rows('materials').put(newRow({ subcategory: null, ...material, quantity: '0', deleted_at: null }, ctx)),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'materials', row, ctx),
  describe: (material) => material.name,
});

/** PATCH materials/materials/{id}/ with If-Match: the version the user saw. */
export const updateMaterial = defineOperation({
  name: 'material.update',
  label: 'Edit material',
  type: 'materials',
  schema: materialUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: `/materials/materials/${ref(id)}/`, body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'materials', id, changes, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'materials', row, ctx),
  describe: (changes) => changes.name ?? `Material ${changes.id}`,
});
