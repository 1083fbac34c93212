import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MaterialUnit } from '../../../domain/material';
import { money, quantity, softDelete, tracked } from './columns';
import { customers } from './sales';

/** Categories of the design department's costing materials (business-areas.md §9). */
export const estimationMaterialCategories = pgTable(
  'estimation_material_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('estimation_material_categories_name_key').on(sql`lower(regexp_replace(${t.name}, '\\s', '', 'g'))`).where(sql`${t.deleted_at} IS NULL`),
    index('estimation_material_categories_txid_idx').on(t.txid),
  ],
);

/** Costing materials with their current rate per unit; separate from the stores' materials. */
export const estimationMaterials = pgTable(
  'estimation_materials',
  {
    id: serial('id').primaryKey(),
    category: integer('category')
      .notNull()
      .references(() => estimationMaterialCategories.id),
    name: text('name').notNull(),
    unit: text('unit').$type<MaterialUnit>().notNull(),
    rate: money('rate').notNull().default('0'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    // A name appears once per category, ignoring case and spaces; live rows only.
    uniqueIndex('estimation_materials_category_name_key').on(t.category, sql`lower(regexp_replace(${t.name}, '\\s', '', 'g'))`).where(sql`${t.deleted_at} IS NULL`),
    index('estimation_materials_category_idx').on(t.category),
    index('estimation_materials_txid_idx').on(t.txid),
  ],
);

/**
 * Estimations: the design department's costing of a customer's project. `total_cost` is stored
 * and always equals the sum of its live products' quantity × unit price. Deleting one cancels it.
 */
export const estimations = pgTable(
  'estimations',
  {
    id: serial('id').primaryKey(),
    customer: integer('customer')
      .notNull()
      .references(() => customers.id),
    title: text('title').notNull(),
    estimation_date: date('estimation_date').notNull(),
    status: text('status').notNull().default('draft'),
    total_cost: money('total_cost').notNull().default('0'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('estimations_customer_idx').on(t.customer),
    index('estimations_estimation_date_idx').on(t.estimation_date),
    index('estimations_status_idx').on(t.status),
    index('estimations_txid_idx').on(t.txid),
  ],
);

/**
 * The products of an estimation, with outer dimensions in millimetres. `unit_price` is the cost
 * of one unit: the sum of the product's live costing lines.
 */
export const estimationProducts = pgTable(
  'estimation_products',
  {
    id: serial('id').primaryKey(),
    estimation: integer('estimation')
      .notNull()
      .references(() => estimations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    quantity: quantity('quantity').notNull().default('1'),
    unit_price: money('unit_price').notNull().default('0'),
    width: quantity('width'),
    depth: quantity('depth'),
    height: quantity('height'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('estimation_products_estimation_idx').on(t.estimation), index('estimation_products_txid_idx').on(t.txid)],
);

/** Costing lines of one unit of a product: a material, its quantity and rate; amount = quantity × rate. */
export const estimationProductDetails = pgTable(
  'estimation_product_details',
  {
    id: serial('id').primaryKey(),
    product: integer('product')
      .notNull()
      .references(() => estimationProducts.id),
    estimation_material: integer('estimation_material')
      .notNull()
      .references(() => estimationMaterials.id),
    description: text('description').notNull().default(''),
    quantity: quantity('quantity').notNull(),
    rate: money('rate').notNull(),
    amount: money('amount').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('estimation_product_details_product_idx').on(t.product),
    index('estimation_product_details_estimation_material_idx').on(t.estimation_material),
    index('estimation_product_details_txid_idx').on(t.txid),
  ],
);

/** Bill-of-quantities drafts: sizes and quantities of a product being worked out (millimetres). */
export const boqDrafts = pgTable(
  'boq_drafts',
  {
    id: serial('id').primaryKey(),
    product: integer('product')
      .notNull()
      .references(() => estimationProducts.id),
    width: quantity('width'),
    depth: quantity('depth'),
    height: quantity('height'),
    quantity: quantity('quantity').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('boq_drafts_product_idx').on(t.product), index('boq_drafts_txid_idx').on(t.txid)],
);
