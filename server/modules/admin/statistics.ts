import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ModuleStatistics } from '../../../domain/admin';
import { MODULE_NAMES, type ModuleName } from '../../../domain/modules';
import { queryRows, type Db } from '../../db/client';
import {
  creditNotes,
  customers,
  deliveryNotes,
  dispatches,
  estimations,
  gras,
  invoices,
  jobOrders,
  leads,
  lpos,
  materials,
  messages,
  quotations,
  receipts,
  requisitions,
  salesOrders,
  vendors,
} from '../../db/schema';
import { isoTimestampOf } from '../../db/schema/columns';
import { moduleMap } from '../system/service';

/**
 * Each module's main tables: its documents, not their lines or history (decision 408). Reports,
 * accounting and HRMS keep no rows of their own (accounting's documents are the invoices, receipts
 * and credit notes, counted under invoices and receipts).
 */
export const MODULE_TABLES: Record<ModuleName, readonly PgTable[]> = {
  'sales orders': [salesOrders],
  invoices: [invoices, creditNotes],
  'purchase orders': [lpos],
  GRA: [gras],
  'delivery notes': [deliveryNotes],
  dispatches: [dispatches],
  'job orders': [jobOrders],
  materials: [materials],
  leads: [leads],
  customers: [customers],
  vendors: [vendors],
  quotations: [quotations],
  estimation: [estimations],
  requisitions: [requisitions],
  receipts: [receipts],
  reports: [],
  messaging: [messages],
  accounting: [],
  HRMS: [],
};

interface TableFigures {
  table: string;
  rows: number;
  last: string | Date | null;
}

/** Per module of MODULE_NAMES: its switch, its rows (soft-deleted included) and its last write, in one query. */
export async function moduleStatistics(db: Db): Promise<ModuleStatistics[]> {
  const tables = [...new Set(Object.values(MODULE_TABLES).flat())];
  const selects = tables.map((table) => {
    const name = sql.identifier(getTableName(table));
    return sql`SELECT ${getTableName(table)}::text AS "table", count(*)::int AS "rows", greatest(max(created_at), max(updated_at)) AS "last" FROM ${name}`;
  });
  const [switches, figures] = await Promise.all([moduleMap(db), queryRows<TableFigures>(db, sql.join(selects, sql` UNION ALL `))]);
  const byTable = new Map(figures.map((f) => [f.table, f]));
  return MODULE_NAMES.map((name) => {
    const own = MODULE_TABLES[name].map((table) => byTable.get(getTableName(table))!);
    const lasts = own.map((f) => f.last).filter((last) => last !== null).map(isoTimestampOf);
    return {
      name,
      enabled: switches[name],
      tables: MODULE_TABLES[name].map(getTableName),
      rowCount: own.length ? own.reduce((sum, f) => sum + f.rows, 0) : null,
      lastActivity: lasts.length ? lasts.sort().at(-1)! : null,
    };
  });
}
