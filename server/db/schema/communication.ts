import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { isoTimestamp, softDelete, tracked } from './columns';
import { users } from './platform';

/**
 * Messages between staff (the messaging screen): to one user, or to everyone in a department.
 * `read_at` is when the recipient (for a department message, its first reader) opened it.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    sender: integer('sender')
      .notNull()
      .references(() => users.id),
    recipient: integer('recipient').references(() => users.id),
    department: text('department'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    read_at: isoTimestamp('read_at'),
    ...tracked(),
    ...softDelete(),
  },
  (t) => [
    index('messages_sender_idx').on(t.sender),
    index('messages_recipient_idx').on(t.recipient),
    index('messages_department_idx').on(t.department),
    index('messages_txid_idx').on(t.txid),
    check('messages_addressee_check', sql`${t.recipient} IS NOT NULL OR ${t.department} IS NOT NULL`),
  ],
);

/** System alerts of the superuser area (product-frame.md §3): open until resolved. */
export const systemAlerts = pgTable(
  'system_alerts',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** When the condition was raised. */
    timestamp: isoTimestamp('timestamp').notNull().default(sql`now()`),
    resolved: boolean('resolved').notNull().default(false),
    resolved_at: isoTimestamp('resolved_at'),
    resolved_by: integer('resolved_by').references(() => users.id),
    /** What raised it (api, database, memory, a module name). */
    source: text('source').notNull().default(''),
    ...tracked(),
  },
  (t) => [
    index('system_alerts_type_idx').on(t.type),
    index('system_alerts_resolved_idx').on(t.resolved),
    index('system_alerts_timestamp_idx').on(t.timestamp),
    index('system_alerts_resolved_by_idx').on(t.resolved_by),
    index('system_alerts_txid_idx').on(t.txid),
  ],
);
