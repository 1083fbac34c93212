import { and, eq, gt, inArray, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { materialCategories, materials, materialSubcategories } from '../../db/schema';
import {
  CONSUMABLES_CATEGORY,
  MATERIAL_MESSAGES,
  materialNameKey,
  materialUnitSchema,
  type MaterialCategory,
  type materialCategoryCreateSchema,
  type MaterialName,
  type materialCreateSchema,
  type MaterialSubcategory,
  type materialSubcategoryCreateSchema,
} from '../../../domain/material';
import { materialScopeOf } from '../../../domain/row-rules';
import type { User } from '../../../domain/user';
import type { z } from 'zod';
import { badRequest, fieldError, invalidPkError, notFound } from '../../lib/http-error';
import { byId, byText, byValue, filter, type ListSpec } from '../../lib/list';
import { flagParam } from '../../../domain/query-params';
import { findRow, softDeleteRow, updateRow, withUniqueField } from '../../lib/rows';
import { auditedWrite } from '../audit/service';

type MaterialInput = z.output<typeof materialCreateSchema>;
type CategoryInput = z.output<typeof materialCategoryCreateSchema>;
type SubcategoryInput = z.output<typeof materialSubcategoryCreateSchema>;


/** Names compare ignoring case and spaces, as the unique indexes do. */
const nameKey = (column: typeof materials.name | typeof materialCategories.name) => sql`lower(regexp_replace(${column}, '\\s', '', 'g'))`;

export const materialList: ListSpec<typeof materials> = {
  table: materials,
  pageSize: 15,
  orderings: { id: materials.id, name: byText(materials.name), quantity: materials.quantity, reorder_level: materials.reorder_level, category: materials.category, created_at: materials.created_at, updated_at: materials.updated_at },
  defaultOrdering: 'name',
  search: [materials.name, materials.brand, materials.size, materials.color],
  filters: {
    category: byId(materials.category),
    subcategory: byId(materials.subcategory),
    unit: byValue(materials.unit, materialUnitSchema),
    below_reorder_level: filter(flagParam, (below) => (below ? lte(materials.quantity, materials.reorder_level) : gt(materials.quantity, materials.reorder_level))),
  },
};

/**
 * material-names/: every material's identity, whoever reads it and whatever their material scope:
 * the requisition picker and lines of users whose materials are narrower (domain/row-rules.ts
 * materialNamesTypeOf). No stock: neither shown, nor filtered or ordered by.
 */
export const materialNameList: ListSpec<typeof materials> = {
  table: materials,
  pageSize: 100,
  orderings: { id: materials.id, name: byText(materials.name), updated_at: materials.updated_at },
  defaultOrdering: 'name',
  search: [materials.name, materials.brand, materials.size, materials.color],
  filters: { category: byId(materials.category), unit: byValue(materials.unit, materialUnitSchema) },
};

export const materialNameOf = ({ quantity: _quantity, reorder_level: _reorder, average_cost: _cost, txid: _txid, ...identity }: typeof materials.$inferSelect): MaterialName => identity;

export const categoryList: ListSpec<typeof materialCategories> = {
  table: materialCategories,
  pageSize: 100,
  orderings: { id: materialCategories.id, name: byText(materialCategories.name) },
  defaultOrdering: 'name',
  search: [materialCategories.name],
};

export const subcategoryList: ListSpec<typeof materialSubcategories> = {
  table: materialSubcategories,
  pageSize: 100,
  orderings: { id: materialSubcategories.id, name: byText(materialSubcategories.name), category: materialSubcategories.category },
  defaultOrdering: 'name',
  search: [materialSubcategories.name],
  filters: { category: byId(materialSubcategories.category) },
};

/**
 * The materials a user may see (business-areas.md §6, docs/permissions.md "The foreman's
 * materials"), as a condition on the materials table, or on a column naming a material (a
 * ledger row's, an adjustment's). Every path that shows a material's stock reads it.
 */
export function materialScope(user: User, material?: PgColumn): SQL | undefined {
  const scope = materialScopeOf(user);
  if (scope === 'all') return undefined;
  const consumables = sql`(SELECT ${materialCategories.id} FROM ${materialCategories} WHERE lower(${materialCategories.name}) = ${CONSUMABLES_CATEGORY})`;
  const inScope = scope === 'consumables-only' ? inArray(materials.category, consumables) : notInArray(materials.category, consumables);
  return material ? sql`${material} IN (SELECT ${materials.id} FROM ${materials} WHERE ${inScope})` : inScope;
}

/**
 * A material's category and subcategory must be live and agree; an unknown one is the field's
 * 400. The share locks hold off a concurrent delete until the material is written.
 */
async function checkCategory(db: Db, category: number | undefined, subcategory: number | null | undefined): Promise<void> {
  if (category !== undefined) {
    const [row] = await db
      .select({ id: materialCategories.id })
      .from(materialCategories)
      .where(and(eq(materialCategories.id, category), isNull(materialCategories.deleted_at)))
      .for('share');
    if (!row) throw invalidPkError('category', category);
  }
  if (subcategory !== undefined && subcategory !== null) {
    const [row] = await db
      .select()
      .from(materialSubcategories)
      .where(and(eq(materialSubcategories.id, subcategory), isNull(materialSubcategories.deleted_at)))
      .for('share');
    if (!row) throw invalidPkError('subcategory', subcategory);
    if (category !== undefined && row.category !== category) throw fieldError('subcategory', MATERIAL_MESSAGES.subcategoryOfOtherCategory);
  }
}

/**
 * The duplicate-name check: whether a live material's name matches ignoring case and spaces,
 * and which, if the user may see it (a new material of that name would be refused all the same).
 */
export async function findMaterialByName(db: Db, user: User, name: string): Promise<{ exists: boolean; material: { id: number; name: string } | null }> {
  const [row] = await db
    .select({ id: materials.id, name: materials.name, visible: sql<boolean>`${materialScope(user) ?? sql`true`}` })
    .from(materials)
    .where(and(sql`${nameKey(materials.name)} = ${materialNameKey(name)}`, isNull(materials.deleted_at)));
  return { exists: row !== undefined, material: row?.visible ? { id: row.id, name: row.name } : null };
}

export async function createMaterial(db: Db, actor: User, input: MaterialInput) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await checkCategory(tx, input.category, input.subcategory);
      const [row] = await withUniqueField('name', MATERIAL_MESSAGES.duplicateName, () =>
        tx.insert(materials).values({ ...input, subcategory: input.subcategory ?? null, created_by: actor.id }).returning(),
      );
      return row!;
    },
    (row) => ({ action: 'material.create', target: `materials:${row.id}`, risk: 'low', metadata: { name: row.name } }),
  );
}

export async function updateMaterial(db: Db, actor: User, id: number, input: Partial<MaterialInput>, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await findRow(tx, materials, id, materialScope(actor));
      if (input.category !== undefined || input.subcategory !== undefined) {
        await checkCategory(tx, input.category ?? current.category, input.subcategory === undefined ? current.subcategory : input.subcategory);
      }
      return withUniqueField('name', MATERIAL_MESSAGES.duplicateName, () => updateRow(tx, materials, id, input, expected, materialScope(actor)));
    },
    (row) => ({ action: 'material.update', target: `materials:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input) } }),
  );
}

export async function deleteMaterial(db: Db, actor: User, id: number, expected: number | undefined) {
  return auditedWrite(
    db,
    actor,
    (tx) => softDeleteRow(tx, materials, id, expected, materialScope(actor)),
    (row) => ({ action: 'material.set_deleted', target: `materials:${row.id}`, risk: 'medium', metadata: { name: row.name } }),
  );
}

export async function createCategory(db: Db, actor: User, input: CategoryInput): Promise<MaterialCategory> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [row] = await withUniqueField('name', MATERIAL_MESSAGES.duplicateCategory, () => tx.insert(materialCategories).values({ ...input, created_by: actor.id }).returning());
      return row!;
    },
    (row) => ({ action: 'material_category.create', target: `material_categories:${row.id}`, risk: 'low', metadata: { name: row.name } }),
  );
}

export async function updateCategory(db: Db, actor: User, id: number, input: Partial<CategoryInput>, expected: number | undefined): Promise<MaterialCategory> {
  return auditedWrite(
    db,
    actor,
    (tx) => withUniqueField('name', MATERIAL_MESSAGES.duplicateCategory, () => updateRow(tx, materialCategories, id, input, expected)),
    (row) => ({ action: 'material_category.update', target: `material_categories:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input) } }),
  );
}

/** Whether a live material matches `where`. */
async function anyLiveMaterial(db: Db, where: SQL): Promise<boolean> {
  const [row] = await db.select({ id: materials.id }).from(materials).where(and(where, isNull(materials.deleted_at))).limit(1);
  return row !== undefined;
}

// Categories and subcategories are locked before a check of what they hold, so nothing can join
// them between the check and the write (checkCategory takes a share lock); a missing one is a 404.
async function lockCategory(db: Db, id: number): Promise<MaterialCategory> {
  const [row] = await db.select().from(materialCategories).where(and(eq(materialCategories.id, id), isNull(materialCategories.deleted_at))).for('update');
  if (!row) throw notFound();
  return row;
}

async function lockSubcategory(db: Db, id: number): Promise<MaterialSubcategory> {
  const [row] = await db.select().from(materialSubcategories).where(and(eq(materialSubcategories.id, id), isNull(materialSubcategories.deleted_at))).for('update');
  if (!row) throw notFound();
  return row;
}

/** A category with live materials or subcategories stays: they would lose their category (and the foreman's rule its consumables). */
export async function deleteCategory(db: Db, actor: User, id: number, expected: number | undefined): Promise<MaterialCategory> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockCategory(tx, id);
      const [subcategory] = await tx
        .select({ id: materialSubcategories.id })
        .from(materialSubcategories)
        .where(and(eq(materialSubcategories.category, id), isNull(materialSubcategories.deleted_at)))
        .limit(1);
      if (subcategory || (await anyLiveMaterial(tx, eq(materials.category, id)))) throw badRequest({ non_field_errors: [MATERIAL_MESSAGES.categoryInUse] });
      return softDeleteRow(tx, materialCategories, id, expected);
    },
    (row) => ({ action: 'material_category.set_deleted', target: `material_categories:${row.id}`, risk: 'medium', metadata: { name: row.name } }),
  );
}

export async function createSubcategory(db: Db, actor: User, input: SubcategoryInput): Promise<MaterialSubcategory> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await checkCategory(tx, input.category, undefined);
      const [row] = await tx.insert(materialSubcategories).values({ ...input, created_by: actor.id }).returning();
      return row!;
    },
    (row) => ({ action: 'material_subcategory.create', target: `material_subcategories:${row.id}`, risk: 'low', metadata: { name: row.name } }),
  );
}

/** A subcategory with live materials keeps its category: their category and subcategory must agree. */
export async function updateSubcategory(db: Db, actor: User, id: number, input: Partial<SubcategoryInput>, expected: number | undefined): Promise<MaterialSubcategory> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const current = await lockSubcategory(tx, id);
      if (input.category !== undefined && input.category !== current.category) {
        await checkCategory(tx, input.category, undefined);
        if (await anyLiveMaterial(tx, eq(materials.subcategory, id))) throw fieldError('category', MATERIAL_MESSAGES.subcategoryMoveInUse);
      }
      return updateRow(tx, materialSubcategories, id, input, expected);
    },
    (row) => ({ action: 'material_subcategory.update', target: `material_subcategories:${row.id}`, risk: 'low', metadata: { fields: Object.keys(input) } }),
  );
}

/** A subcategory with live materials stays. */
export async function deleteSubcategory(db: Db, actor: User, id: number, expected: number | undefined): Promise<MaterialSubcategory> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      await lockSubcategory(tx, id);
      if (await anyLiveMaterial(tx, eq(materials.subcategory, id))) throw badRequest({ non_field_errors: [MATERIAL_MESSAGES.subcategoryInUse] });
      return softDeleteRow(tx, materialSubcategories, id, expected);
    },
    (row) => ({ action: 'material_subcategory.set_deleted', target: `material_subcategories:${row.id}`, risk: 'medium', metadata: { name: row.name } }),
  );
}
