import { sql } from 'drizzle-orm';
import { bigint, customType, integer, numeric } from 'drizzle-orm/pg-core';
import { users } from './platform';

/** PostgreSQL's text of a timestamptz in UTC ("2026-11-27 17:55:38.123456+00"). */
const UTC_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.(\d{1,6}))?\+00$/;

/**
 * The ISO-8601 form of a timestamp from the driver, to the millisecond as Date gives it. Text in
 * UTC is rewritten without a Date (every list row has two or three timestamps, and parsing them
 * was a twentieth of a list call); any other zone or a Date goes through Date.
 */
export function isoTimestampOf(value: string | Date): string {
  const utc = typeof value === 'string' ? UTC_TIMESTAMP.exec(value) : null;
  if (!utc) return new Date(value).toISOString();
  const text = utc[0];
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${((utc[1] ?? '') + '000').slice(0, 3)}Z`;
}

/**
 * A timestamptz that reads as an ISO-8601 string, the shape the JSON contract and the local
 * mirror use, so rows go from the database to the wire without per-entity mapping.
 */
export const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: isoTimestampOf,
  toDriver: (value) => value,
});

/** Money: exact, two decimals, a string in JSON ("1234.50"). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** Quantities: exact, three decimals (kilos, metres, sheets). */
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
/** A tax rate in percent (18.00), as GST rates are quoted. */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

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

