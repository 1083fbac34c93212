import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EstimationFile, EstimationStatus, EstimationVersion } from '../../../domain/estimation';
import type { MaterialUnit } from '../../../domain/material';
import { isoTimestamp, money, percent, quantity, softDelete, tracked } from './columns';
import { files } from './files';
import { users } from './platform';
import { customers, leads, quotations } from './sales';

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
    /** The sheet a SHEET material is bought as, in millimetres; 2440 × 1220 when not set. */
    sheet_length: quantity('sheet_length'),
    sheet_width: quantity('sheet_width'),
    /** Kilos per running metre of a KG material (pipes, angles, sections). */
    kg_per_metre: quantity('kg_per_metre'),
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
 * Estimations: the design department's costing of a customer's or a lead's requirement.
 * `total_cost` is stored and always equals the sum of its live products' quantity × unit price.
 * Deleting one cancels it. `costing_version` is the number of the last costing kept in
 * estimation_versions.
 */
export const estimations = pgTable(
  'estimations',
  {
    id: serial('id').primaryKey(),
    customer: integer('customer').references(() => customers.id),
    lead: integer('lead').references(() => leads.id),
    title: text('title').notNull(),
    requirement: text('requirement').notNull().default(''),
    estimation_date: date('estimation_date').notNull(),
    status: text('status').$type<EstimationStatus>().notNull().default('draft'),
    total_cost: money('total_cost').notNull().default('0'),
    costing_version: integer('costing_version').notNull().default(0),
    submitted_at: isoTimestamp('submitted_at'),
    approved_by: integer('approved_by').references(() => users.id),
    approved_at: isoTimestamp('approved_at'),
    rejection_reason: text('rejection_reason').notNull().default(''),
    /** The draft quotation its products became (status quoted). */
    quotation: integer('quotation').references(() => quotations.id),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    check('estimations_party_check', sql`${t.customer} IS NOT NULL OR ${t.lead} IS NOT NULL`),
    index('estimations_customer_idx').on(t.customer),
    index('estimations_lead_idx').on(t.lead),
    index('estimations_approved_by_idx').on(t.approved_by),
    index('estimations_quotation_idx').on(t.quotation),
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
    /** Added on top of the lines' amounts, in percent. */
    overhead_percent: percent('overhead_percent').notNull().default('0'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('estimation_products_estimation_idx').on(t.estimation), index('estimation_products_txid_idx').on(t.txid)],
);

/**
 * Costing lines of one unit of a product: a material, its quantity and rate; amount = quantity ×
 * rate. A `measured` line's quantity was worked out from `pieces` of `length` × `width` mm (the
 * product's face when null) with `wastage_percent` on top (domain/estimation-costing.ts).
 */
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
    pieces: quantity('pieces').notNull().default('1'),
    length: quantity('length'),
    width: quantity('width'),
    wastage_percent: percent('wastage_percent').notNull().default('0'),
    measured: boolean('measured').notNull().default(false),
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

/** The costings an estimation went through: kept on each submission, approval and re-pricing. */
export const estimationVersions = pgTable(
  'estimation_versions',
  {
    id: serial('id').primaryKey(),
    estimation: integer('estimation')
      .notNull()
      .references(() => estimations.id),
    costing_version: integer('costing_version').notNull(),
    reason: text('reason').$type<EstimationVersion['reason']>().notNull(),
    total_cost: money('total_cost').notNull(),
    /** Its products with their costing lines, as they were. */
    products: jsonb('products').$type<unknown[]>().notNull(),
    ...tracked(),
  },
  (t) => [uniqueIndex('estimation_versions_estimation_costing_version_key').on(t.estimation, t.costing_version), index('estimation_versions_txid_idx').on(t.txid)],
);

/** Drawings and images of an estimation (POST multipart), stored by server/modules/files. */
export const estimationFiles = pgTable(
  'estimation_files',
  {
    id: serial('id').primaryKey(),
    estimation: integer('estimation')
      .notNull()
      .references(() => estimations.id),
    kind: text('kind').$type<EstimationFile['kind']>().notNull(),
    file: integer('file').references(() => files.id, { onDelete: 'set null' }),
    original_name: text('original_name').notNull(),
    content_type: text('content_type').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [index('estimation_files_estimation_idx').on(t.estimation), index('estimation_files_file_idx').on(t.file), index('estimation_files_txid_idx').on(t.txid)],
);
