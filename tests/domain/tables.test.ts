import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import * as schema from '../../server/db/schema';
import { MIGRATIONS_FOLDER } from '../../server/db/client';
import { ENTITIES } from '../../server/db/entities';

/** The Drizzle tables against the committed migrations and the row contract of issue 3 §1. */

const entities = Object.entries(ENTITIES).map(([name, { table }]) => [name, table as PgTable] as const);

describe('the committed migrations', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };

  it('have an SQL file and a snapshot for every journal entry', () => {
    for (const { idx, tag } of journal.entries) {
      expect(fs.existsSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`)), tag).toBe(true);
      expect(fs.existsSync(path.join(MIGRATIONS_FOLDER, `meta/${String(idx).padStart(4, '0')}_snapshot.json`)), tag).toBe(true);
    }
  });

  it('match the Drizzle tables: a changed table without `npm run db:generate` fails here', async () => {
    const last = journal.entries.at(-1)!;
    const committed = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8')) as DrizzleSnapshotJSON;
    const current = generateDrizzleJson(schema as Record<string, unknown>, committed.id);
    expect(await generateMigration(committed, current)).toEqual([]);
  });
});

describe('every mutable row (issue 3 §1)', () => {
  it.each(entities)('%s carries created_by, created_at, updated_at, version and the sync id', (_, table) => {
    const columns = getTableColumns(table);
    for (const name of ['created_by', 'created_at', 'updated_at', 'version', 'txid']) expect(Object.keys(columns), name).toContain(name);
    expect(columns.created_by!.notNull).toBe(false);
    for (const name of ['created_at', 'updated_at', 'version', 'txid']) expect(columns[name]!.notNull, name).toBe(true);
  });

  /** Entities the spec deletes (set_deleted, DELETE) or lists as cancelled or deleted (business-areas.md §4, §7). */
  const SOFT_DELETED = [
    'materials', 'material_categories', 'material_subcategories', 'stock_transactions',
    'leads', 'quotations', 'quotation_items', 'sales_orders', 'sales_order_items',
    'estimations', 'estimation_products', 'estimation_product_details', 'estimation_materials', 'estimation_material_categories',
    'job_orders', 'job_order_items', 'job_order_expenses', 'delivery_notes', 'delivery_note_items', 'requisitions', 'requisition_details',
    'lpos', 'lpo_items', 'gras', 'gra_items',
    'invoices', 'invoice_items', 'invoice_attachments', 'payment_schedules', 'recurring_invoices', 'tax_configurations', 'invoice_templates',
  ];

  it.each(SOFT_DELETED)('%s is soft-deleted (deleted_at), so the delta can tell the mirror', (name) => {
    const columns = getTableColumns(ENTITIES[name as keyof typeof ENTITIES].table as PgTable) as Record<string, { notNull: boolean }>;
    expect(columns.deleted_at, name).toBeDefined();
    expect(columns.deleted_at!.notNull).toBe(false);
  });

  it.each(entities)('%s has an index on the sync id, for updated_since', (_, table) => {
    const leading = getTableConfig(table).indexes.map((index) => (index.config.columns[0] as { name?: string }).name);
    expect(leading).toContain('txid');
  });
});

describe('foreign keys (issue 3 §1: indexes for every filter)', () => {
  /** Who created a row is an audit column: lists that filter by it (sales orders, invoices, LPOs) index it themselves. */
  const UNFILTERED = new Set(['created_by']);

  it.each(entities)('%s indexes every reference it can be filtered or joined by', (name, table) => {
    const config = getTableConfig(table);
    const leading = new Set([
      ...config.indexes.map((index) => (index.config.columns[0] as { name?: string }).name),
      ...config.columns.filter((c) => c.primary).map((c) => c.name),
    ]);
    const unindexed = config.foreignKeys
      .map((fk) => fk.reference().columns[0]!.name)
      .filter((column) => !UNFILTERED.has(column) && !leading.has(column));
    expect(unindexed, `${getTableName(table)}: references without an index`).toEqual([]);
    expect(name).toBe(getTableName(table));
  });
});
