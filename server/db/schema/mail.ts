import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { isoTimestamp } from './columns';
import { bytes } from './files';

/**
 * Every mail the system writes (domain/mail.ts), kept whether or not it is sent: without SMTP_URL
 * this is where a superuser reads it. `job_id` is the job that sends it.
 */
export const mail = pgTable(
  'mail',
  {
    id: serial('id').primaryKey(),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    state: text('state').notNull().default('queued'),
    /** The last failure, as the SMTP server or the network gave it. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    job_id: uuid('job_id'),
    created_at: isoTimestamp('created_at').notNull().default(sql`now()`),
    sent_at: isoTimestamp('sent_at'),
  },
  (t) => [index('mail_state_idx').on(t.state, t.id)],
);

export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serial('id').primaryKey(),
    mail_id: integer('mail_id')
      .notNull()
      .references(() => mail.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytes('content').notNull(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mail_id)],
);
