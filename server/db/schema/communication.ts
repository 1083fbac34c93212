import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { isoTimestamp, softDelete, tracked } from './columns';
import { users } from './platform';

/**
 * Messages between staff (the messaging screen), each in one conversation (domain/message.ts
 * keys: a direct conversation, a department's channel, a record's thread). `recipient` is the
 * other user of a direct conversation, `department` a channel's; `read_at` is when someone other
 * than the sender first read it.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversation: text('conversation').notNull(),
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
    index('messages_conversation_idx').on(t.conversation, t.id),
    index('messages_sender_idx').on(t.sender),
    index('messages_recipient_idx').on(t.recipient),
    index('messages_department_idx').on(t.department),
    index('messages_txid_idx').on(t.txid),
  ],
);

/**
 * How far each user has read each conversation they follow: the last message id read. A row
 * also makes a record's thread one of the user's conversations (they wrote, were mentioned or opened it).
 */
export const messageReads = pgTable(
  'message_reads',
  {
    id: serial('id').primaryKey(),
    conversation: text('conversation').notNull(),
    user: integer('user')
      .notNull()
      .references(() => users.id),
    last_read: integer('last_read').notNull().default(0),
    updated_at: isoTimestamp('updated_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('message_reads_user_conversation_idx').on(t.user, t.conversation)],
);

/** A user named with @username in a message; unread until they read the conversation past it. */
export const messageMentions = pgTable(
  'message_mentions',
  {
    id: serial('id').primaryKey(),
    message: integer('message')
      .notNull()
      .references(() => messages.id),
    user: integer('user')
      .notNull()
      .references(() => users.id),
    read_at: isoTimestamp('read_at'),
  },
  (t) => [uniqueIndex('message_mentions_message_user_idx').on(t.message, t.user), index('message_mentions_user_idx').on(t.user, t.read_at)],
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
