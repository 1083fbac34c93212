import { sql } from 'drizzle-orm';
import { bigint, customType, integer, numeric } from 'drizzle-orm/pg-core';
import { users } from './platform';

/**
 * A timestamptz that reads as an ISO-8601 string, the shape the JSON contract and the local
 * mirror use, so rows go from the database to the wire without per-entity mapping.
 */
export const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => new Date(value).toISOString(),
  toDriver: (value) => value,
});

/** Money: exact, two decimals, a string in JSON ("1234.50"). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** Quantities: exact, three decimals (kilos, metres, sheets). */
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

/**
 * Columns of every mutable, mirrored row. `version` and `txid` are maintained by the
 * `fabops_touch` trigger (migration 0001): `version` counts updates for If-Match, `txid` is the
 * writing transaction's id, the delta-sync cursor (DESIGN.md: not timestamps).
 */
export const tracked = () => ({
  created_by: integer('created_by').references(() => users.id),
  created_at: isoTimestamp('created_at').notNull().default(sql`now()`),
  updated_at: isoTimestamp('updated_at').notNull().default(sql`now()`),
  version: integer('version').notNull().default(1),
  txid: bigint('txid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
});

/** Soft delete, for entities the spec lists as deleted, cancelled or set_deleted. */
export const softDelete = () => ({ deleted_at: isoTimestamp('deleted_at') });

