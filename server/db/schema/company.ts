import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './platform';

/** The company's letterhead (domain/company.ts): one row, printed at the top of every document. */
export const companyProfile = pgTable('company_profile', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  gstin: text('gstin').notNull().default(''),
  state: text('state').notNull().default('N/A'),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  /** A PNG or JPEG data URL, so devices keep it with the profile and print offline. */
  logo: text('logo'),
  updated_by: integer('updated_by').references(() => users.id),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});
