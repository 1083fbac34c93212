import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../client';

/** A row as generated: its table's insert shape without the id, which the writer assigns. */
export type NewRow<T extends PgTable> = Omit<T['$inferInsert'], 'id'>;
type AnyRow = Record<string, unknown>;

/**
 * Text standing for the row's own id, replaced when the id is known: the scale generator makes
 * names unique with it ("Clear Acrylic Sheet 3 mm #10234").
 */
export const OWN_ID = '{id}';

/** Progress of one table being written: rows done out of the total. */
export interface SeedProgress {
  entity: string;
  done: number;
  total: number;
}
export type ProgressListener = (progress: SeedProgress) => void;

/**
 * Generated rows, held in memory until written. A row refers to another generated row by the
 * negative number `add` returned for it; the writer swaps those for real ids (positive numbers
 * are rows that already exist in the database).
 */
export class Dataset {
  private readonly tables = new Map<PgTable, AnyRow[]>();

  add<T extends PgTable>(table: T, row: NewRow<T>): number {
    let rows = this.tables.get(table);
    if (!rows) {
      rows = [];
      this.tables.set(table, rows);
    }
    rows.push(row as AnyRow);
    return -rows.length;
  }

  /** A row added earlier, to complete it once later documents are known (final on-hand quantities). */
  get<T extends PgTable>(table: T, ref: number): NewRow<T> {
    const row = this.tables.get(table)?.[-ref - 1];
    if (!row) throw new Error(`no generated ${getTableName(table)} row ${ref}`);
    return row as NewRow<T>;
  }

  count(table: PgTable): number {
    return this.tables.get(table)?.length ?? 0;
  }

  /** Rows per table name. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.tables].map(([table, rows]) => [getTableName(table), rows.length]));
  }

  /**
   * Writes every row, parents before children, in multi-row batches: ids are reserved from each
   * table's sequence first, so references can be filled in before anything is inserted. Call it
   * inside a transaction.
   */
  async write(db: Db, onProgress?: ProgressListener): Promise<void> {
    const order = insertionOrder([...this.tables.keys()]);
    const ids = await reserveIds(db, new Map(order.map((table) => [table, this.tables.get(table)!.length])));
    for (const table of order) {
      const rows = this.tables.get(table)!;
      const own = ids.get(table)!;
      const references = foreignKeys(table).map(({ column, target }) => ({ column, target, ids: ids.get(target) }));
      rows.forEach((row, i) => {
        const id = own[i]!;
        row.id = id;
        for (const { column, target, ids: targetIds } of references) {
          const value = row[column];
          if (typeof value !== 'number' || value >= 0) continue;
          const real = targetIds?.[-value - 1];
          if (real === undefined) throw new Error(`${getTableName(table)}.${column} refers to generated ${getTableName(target)} row ${value}, which does not exist`);
          row[column] = real;
        }
        for (const key in row) {
          const value = row[key];
          if (typeof value === 'string' && value.includes(OWN_ID)) row[key] = value.replaceAll(OWN_ID, String(id));
        }
      });
    }
    await bulkLoading(db, async () => {
      for (const table of order) await insertRows(db, table, this.tables.get(table)!, onProgress);
    });
  }
}

/**
 * Runs a bulk load without row triggers where the database allows it (a superuser, as PGlite's
 * is): the rows' foreign keys are filled in from reserved ids above and tests/api/seed.test.ts
 * checks every reference, and `txid` and `version` get from their column defaults what the
 * fabops_touch trigger would give an inserted row. Saves about a third of the time. Triggers
 * are back on for whatever follows in the transaction.
 */
async function bulkLoading(db: Db, load: () => Promise<void>): Promise<void> {
  const [role] = await queryRows<{ superuser: boolean }>(db, sql`SELECT current_setting('is_superuser') = 'on' AS superuser`);
  if (!role?.superuser) return load();
  await db.execute(sql`SET LOCAL session_replication_role = replica`);
  await load();
  await db.execute(sql`SET LOCAL session_replication_role = origin`);
}

/** The foreign keys of a table: which column points at which table. */
function foreignKeys(table: PgTable): { column: string; target: PgTable }[] {
  return getTableConfig(table).foreignKeys.map((fk) => {
    const { columns, foreignTable } = fk.reference();
    return { column: columns[0]!.name, target: foreignTable };
  });
}

/** Tables ordered so that each comes after every table it refers to. */
function insertionOrder(tables: PgTable[]): PgTable[] {
  const ordered: PgTable[] = [];
  const seen = new Set<PgTable>();
  const visit = (table: PgTable) => {
    if (seen.has(table)) return;
    seen.add(table);
    for (const { target } of foreignKeys(table)) if (target !== table && tables.includes(target)) visit(target);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

/**
 * Takes ids from each table's sequence, safe while other sessions insert too: one statement for
 * all tables. Usually nobody else draws from a sequence meanwhile and its ids are one run, so
 * only the ends travel; otherwise the ids are fetched one by one.
 */
async function reserveIds(db: Db, wanted: Map<PgTable, number>): Promise<Map<PgTable, number[]>> {
  const tables = [...wanted.keys()];
  const ranges = await queryRows<{ t: number; low: number; high: number }>(
    db,
    sql.join(
      tables.map(
        (table, t) => sql`SELECT ${t}::int AS t, min(id)::int AS low, max(id)::int AS high
          FROM (SELECT nextval(pg_get_serial_sequence(${getTableName(table)}, 'id')) AS id FROM generate_series(1, ${wanted.get(table)!}::int)) AS reserved`,
      ),
      sql` UNION ALL `,
    ),
  );
  const out = new Map<PgTable, number[]>();
  for (const { t, low, high } of ranges) {
    const table = tables[Number(t)]!;
    const n = wanted.get(table)!;
    if (Number(high) - Number(low) + 1 === n) {
      out.set(table, Array.from({ length: n }, (_, i) => Number(low) + i));
    } else {
      const rows = await queryRows<{ id: number }>(db, sql`SELECT nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int AS id FROM generate_series(1, ${n}::int) ORDER BY 1`);
      out.set(table, rows.map((r) => Number(r.id)));
    }
  }
  return out;
}

/** Cells per statement: a batch stays around a megabyte of JSON. */
const CELLS_PER_BATCH = 60_000;

/**
 * Inserts rows with one statement per batch that carries the whole batch as a single JSON
 * parameter, typed by the table's own row type: several times faster than a statement with a
 * parameter per value, and free of PostgreSQL's 65,535-parameter limit. Every row must set
 * the same columns (a missing one would be written as NULL, not as its default).
 */
async function insertRows(db: Db, table: PgTable, rows: AnyRow[], onProgress?: ProgressListener): Promise<void> {
  const name = getTableName(table);
  if (rows.length === 0) return;
  const known = new Set(Object.values(getTableColumns(table)).map((c) => c.name));
  const columns = Object.keys(rows[0]!);
  for (const column of columns) if (!known.has(column)) throw new Error(`${name} has no column ${column}`);
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length || columns.some((c) => !(c in row))) {
      throw new Error(`every generated ${name} row must set the same columns (${columns.join(', ')})`);
    }
  }
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const size = Math.max(500, Math.min(5000, Math.floor(CELLS_PER_BATCH / columns.length)));
  onProgress?.({ entity: name, done: 0, total: rows.length });
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    await db.execute(sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${JSON.stringify(batch)}::json)`);
    onProgress?.({ entity: name, done: start + batch.length, total: rows.length });
  }
}
