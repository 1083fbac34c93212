import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/** A table and the domain read schema of its rows (tests hold the two to each other). */
export interface Entity<T extends PgTable = PgTable, S extends z.ZodObject = z.ZodObject> {
  readonly table: T;
  readonly read: S;
}

export const entity = <T extends PgTable, S extends z.ZodObject>(table: T, read: S): Entity<T, S> => ({ table, read });
