import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { isoTimestamp } from './columns';
import { users } from './platform';

/** Raw bytes; node-postgres gives a Buffer, PGlite a Uint8Array: both read as a Buffer. */
export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * Files attached to a row (a quotation item's image, an invoice's attachment, ...): kept in the
 * database so that every API process serves them. `owner_type` names the kind of row (domain/file.ts),
 * `content_type` is what the bytes were sniffed to be, never what the uploader declared.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    owner_type: text('owner_type').notNull(),
    owner_id: integer('owner_id').notNull(),
    name: text('name').notNull(),
    content_type: text('content_type').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    /** Hex SHA-256 of the content, to tell duplicates and check a download. */
    sha256: text('sha256').notNull(),
    content: bytes('content').notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('files_owner_idx').on(t.owner_type, t.owner_id)],
);
