import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { BUSINESS_TIME_ZONE } from '../../domain/rules/dates';

/**
 * Days as the company counts them, in its time zone (domain/lead.ts `businessDayOf`), never the
 * database session's: `current_date` on a server in UTC is yesterday in India from 18:30 to
 * midnight UTC, so "today's issues" and ages in days were a day off every evening.
 */
const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** The business day of a timestamp. */
export const businessDay = (column: SQL | PgColumn) => sql`(${column} AT TIME ZONE ${zone})::date`;

/** Today, as a date in the company's time zone. */
export const TODAY = sql`(now() AT TIME ZONE ${zone})::date`;
