import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MaterialUnit } from '../../../domain/material';
import { quantity, softDelete, tracked } from './columns';

export const materialCategories = pgTable(
  'material_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('material_categories_name_key').on(sql`lower(regexp_replace(${t.name}, '\\s', '', 'g'))`).where(sql`${t.deleted_at} IS NULL`),
    index('material_categories_txid_idx').on(t.txid),
  ],
);

export const materialSubcategories = pgTable(
  'material_subcategories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: integer('category')
      .notNull()
      .references(() => materialCategories.id),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('material_subcategories_category_idx').on(t.category), index('material_subcategories_txid_idx').on(t.txid)],
);

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: integer('category')
      .notNull()
      .references(() => materialCategories.id),
    subcategory: integer('subcategory').references(() => materialSubcategories.id),
    unit: text('unit').$type<MaterialUnit>().notNull(),
    brand: text('brand').notNull().default(''),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    thickness: text('thickness').notNull().default(''),
    /** On hand; changed only with a stock_transactions row in the same transaction. */
    quantity: quantity('quantity').notNull().default('0'),
    reorder_level: quantity('reorder_level').notNull().default('0'),
    /**
     * Weighted average cost per unit, kept with the ledger (server/modules/stock/ledger.ts):
     * receipts with a rate move it, issues go out at it. Four decimals so repeated averaging
     * does not drift by paise; stock value is quantity x average_cost.
     */
    average_cost: numeric('average_cost', { precision: 16, scale: 4 }).notNull().default('0'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    // The duplicate-name check compares names ignoring case and spaces; live rows only.
    uniqueIndex('materials_name_key').on(sql`lower(regexp_replace(${t.name}, '\\s', '', 'g'))`).where(sql`${t.deleted_at} IS NULL`),
    index('materials_category_idx').on(t.category),
    index('materials_subcategory_idx').on(t.subcategory),
    index('materials_txid_idx').on(t.txid),
  ],
);
