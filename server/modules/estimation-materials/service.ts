import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { estimationMaterialCategories, estimationMaterials } from '../../db/schema';
import {
  ESTIMATION_MATERIAL_CATEGORIES,
  type EstimationMaterial,
  type EstimationMaterialCategory,
  type estimationMaterialCategoryCreateSchema,
  type estimationMaterialCategoryUpdateSchema,
  type estimationMaterialCreateSchema,
  type estimationMaterialUpdateSchema,
} from '../../../domain/estimation-material';
import type { User } from '../../../domain/user';
import { badRequest, invalidPkError, notFound } from '../../lib/http-error';
import { byId, byText, type ListSpec } from '../../lib/list';
import { findRow, softDeleteRow, updateRow, withUniqueField } from '../../lib/rows';
import { auditedWrite, recordAudit } from '../audit/service';

type CategoryInput = z.output<typeof estimationMaterialCategoryCreateSchema>;
type CategoryChanges = Omit<z.output<typeof estimationMaterialCategoryUpdateSchema>, 'expected_version'>;
type MaterialInput = z.output<typeof estimationMaterialCreateSchema>;
type MaterialChanges = Omit<z.output<typeof estimationMaterialUpdateSchema>, 'expected_version'>;

export const ESTIMATION_MATERIAL_MESSAGES = {
  duplicateCategory: 'A category with this name already exists.',
  duplicateMaterial: 'This category already has a material with this name.',
  categoryInUse: 'This category still has materials: move or delete them first.',
} as const;

/** Names sort ignoring case ('acrylic' beside 'MS'), the same under any database collation. */
export const categoryList: ListSpec<typeof estimationMaterialCategories> = {
  table: estimationMaterialCategories,
  pageSize: 100,
  orderings: { id: estimationMaterialCategories.id, name: byText(estimationMaterialCategories.name) },
  defaultOrdering: 'name',
  search: [estimationMaterialCategories.name],
};

export const materialList: ListSpec<typeof estimationMaterials> = {
  table: estimationMaterials,
  pageSize: 15,
  orderings: { id: estimationMaterials.id, name: byText(estimationMaterials.name), rate: estimationMaterials.rate, category: estimationMaterials.category },
  defaultOrdering: 'name',
  search: [estimationMaterials.name],
  filters: { category: byId(estimationMaterials.category) },
};

/**
 * A material must sit in a live category; an unknown one is the field's 400. The share lock
 * holds off a concurrent delete of the category until the material is written.
 */
async function checkCategory(db: Db, category: number): Promise<void> {
  const [row] = await db
    .select({ id: estimationMaterialCategories.id })
    .from(estimationMaterialCategories)
    .where(and(eq(estimationMaterialCategories.id, category), isNull(estimationMaterialCategories.deleted_at)))
    .for('share');
  if (!row) throw invalidPkError('category', category);
}

/**
 * Adds the categories of business-areas.md §9 that are missing (compared ignoring case and
 * spaces, as the unique index does), leaving any the design department added or renamed alone.
 * Safe to run on every seed; returns the categories it added.
 */
export async function ensureEstimationMaterialCategories(db: Db): Promise<EstimationMaterialCategory[]> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(estimationMaterialCategories)
      .values(ESTIMATION_MATERIAL_CATEGORIES.map((c) => ({ name: c.value })))
      .onConflictDoNothing()
      .returning();
    if (added.length) {
      await recordAudit(tx, { actor: null, action: 'estimation_material_category.ensure', target: 'estimation_material_categories', risk: 'low', metadata: { added: added.map((c) => c.name) } });
    }
    return added;
  });
}

export async function createCategory(db: Db, actor: User, input: CategoryInput): Promise<EstimationMaterialCategory> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [row] = await withUniqueField('name', ESTIMATION_MATERIAL_MESSAGES.duplicateCategory, () =>
        tx.insert(estimationMaterialCategories).values({ ...input, created_by: actor.id }).returning(),
      );
      return row!;
    },
    (row) => ({ action: 'estimation_material_category.create', target: `estimation_material_categories:${row.id}`, risk: 'low', metadata: { name: row.name } }),
  );
}

export async function updateCategory(db: Db, actor: User, id: number, input: CategoryChanges, expected: number | undefined): Promise<EstimationMaterialCategory> {
  return auditedWrite(
    db,
    actor,
    (tx) => withUniqueField('name', ESTIMATION_MATERIAL_MESSAGES.duplicateCategory, () => updateRow(tx, estimationMaterialCategories, id, input, expected)),
    (row) => ({ action: 'estimation_material_category.update', target: `estimation_material_categories:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input) } }),
  );
}

/** A category with live materials stays: costing lines and the material list would lose their category. */
export async function deleteCategory(db: Db, actor: User, id: number, expected: number | undefined): Promise<EstimationMaterialCategory> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      // Locked first, so no material can join the category between the check and the delete.
      const [category] = await tx
        .select({ id: estimationMaterialCategories.id })
        .from(estimationMaterialCategories)
        .where(and(eq(estimationMaterialCategories.id, id), isNull(estimationMaterialCategories.deleted_at)))
        .for('update');
      if (!category) throw notFound();
      const [inUse] = await tx
        .select({ id: estimationMaterials.id })
        .from(estimationMaterials)
        .where(and(eq(estimationMaterials.category, id), isNull(estimationMaterials.deleted_at)))
        .limit(1);
      if (inUse) throw badRequest({ non_field_errors: [ESTIMATION_MATERIAL_MESSAGES.categoryInUse] });
      return softDeleteRow(tx, estimationMaterialCategories, id, expected);
    },
    (row) => ({ action: 'estimation_material_category.set_deleted', target: `estimation_material_categories:${row.id}`, risk: 'medium', metadata: { name: row.name } }),
  );
}

export async function createMaterial(db: Db, actor: User, input: MaterialInput): Promise<EstimationMaterial> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await checkCategory(tx, input.category);
      const [row] = await withUniqueField('name', ESTIMATION_MATERIAL_MESSAGES.duplicateMaterial, () =>
        tx.insert(estimationMaterials).values({ ...input, created_by: actor.id }).returning(),
      );
      return row!;
    },
    (row) => ({ action: 'estimation_material.create', target: `estimation_materials:${row.id}`, risk: 'low', metadata: { name: row.name, category: row.category, rate: row.rate } }),
  );
}

export async function updateMaterial(db: Db, actor: User, id: number, input: MaterialChanges, expected: number | undefined): Promise<EstimationMaterial> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      // The row's existence first: an unknown id is a 404 even when the category is wrong too.
      await findRow(tx, estimationMaterials, id);
      if (input.category !== undefined) await checkCategory(tx, input.category);
      return withUniqueField('name', ESTIMATION_MATERIAL_MESSAGES.duplicateMaterial, () => updateRow(tx, estimationMaterials, id, input, expected));
    },
    (row) => ({ action: 'estimation_material.update', target: `estimation_materials:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input), rate: row.rate } }),
  );
}

export async function deleteMaterial(db: Db, actor: User, id: number, expected: number | undefined): Promise<EstimationMaterial> {
  return auditedWrite(
    db,
    actor,
    (tx) => softDeleteRow(tx, estimationMaterials, id, expected),
    (row) => ({ action: 'estimation_material.set_deleted', target: `estimation_materials:${row.id}`, risk: 'medium', metadata: { name: row.name } }),
  );
}
