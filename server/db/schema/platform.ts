import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Optimistic concurrency: bumped by every update. */
  version: integer('version').notNull().default(1),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    department: text('department'),
    designation: text('designation'),
    is_active: boolean('is_active').notNull().default(true),
    is_superuser: boolean('is_superuser').notNull().default(false),
    can_create_materials: boolean('can_create_materials').notNull().default(false),
    blocked_at: timestamp('blocked_at', { withTimezone: true }),
    blocked_reason: text('blocked_reason'),
    /** Tokens issued before this instant are refused (password change or reset). */
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    last_login: timestamp('last_login', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`), index('users_department_idx').on(t.department)],
);

/** Rotated refresh tokens (simplejwt's blacklist): a jti here can never be used again. */
export const tokenBlacklist = pgTable('token_blacklist', {
  jti: text('jti').primaryKey(),
  user_id: integer('user_id').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  blacklisted_at: timestamp('blacklisted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per sign-in on a device (domain/session.ts): its tokens carry its id (`sid`). It is
 * live until ended_at is set (signed out, terminated, replaced by a sign-in beyond the maximum,
 * or timed out after idling longer than the session timeout since last_activity).
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    last_activity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    device: text('device').notNull().default(''),
    client_address: text('client_address').notNull().default(''),
    /** The app's version the device last called with (its X-App-Version): which builds the devices run. */
    app_version: text('app_version'),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    end_reason: text('end_reason'),
  },
  (t) => [index('user_sessions_live_idx').on(t.user_id, t.started_at).where(sql`${t.ended_at} is null`)],
);

/**
 * Sign-in attempts per key (`pair:<username>|<address>`, `address:<address>`, …) since the key's
 * last success, shared by every API process: an attempt is claimed here, in one statement, before
 * its password is checked (server/modules/auth/throttle.ts, docs/decisions.md).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets generated once and shared by every API process (the JWT signing key). */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const systemModules = pgTable('system_modules', {
  name: text('name').primaryKey(),
  is_enabled: boolean('is_enabled').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updated_by: integer('updated_by').references(() => users.id),
});

/** One row (id = 1): the system configuration of product-frame.md §3. */
export const systemConfig = pgTable('system_config', {
  id: integer('id').primaryKey().default(1),
  maintenance_mode: boolean('maintenance_mode').notNull().default(false),
  allow_new_registrations: boolean('allow_new_registrations').notNull().default(true),
  session_timeout: integer('session_timeout').notNull().default(3600),
  max_concurrent_sessions: integer('max_concurrent_sessions').notNull().default(5),
  /** Whether stores may issue more than is free in stock (domain/system.ts stockSettingsSchema). */
  allow_negative_stock: boolean('allow_negative_stock').notNull().default(false),
  /** How many days back a stock transaction may be dated without a stores manager (issue 14). */
  stock_backdate_days: integer('stock_backdate_days').notNull().default(3),
  /** Above this LPO total a purchase manager other than its author approves (domain/system.ts purchaseSettingsSchema). */
  lpo_approval_threshold: numeric('lpo_approval_threshold', { precision: 14, scale: 2 }).notNull().default('50000.00'),
  /** How far past an LPO line's ordered quantity a GRA may accept, in percent (issue 19 §3). */
  gra_over_receipt_tolerance_percent: numeric('gra_over_receipt_tolerance_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  /** How long a device may work offline (domain/offline.ts); the one before a change, and when it changed, keep keys for devices that learnt it. */
  offline_work_days: integer('offline_work_days').notNull().default(30),
  offline_work_days_previous: integer('offline_work_days_previous'),
  offline_work_days_changed_at: timestamp('offline_work_days_changed_at', { withTimezone: true }),
  /** The one user outside the sales department offered as a sales executive (product-frame.md §6). */
  extra_sales_executive: integer('extra_sales_executive').references(() => users.id),
  /** The company's legal entities a quotation may be issued from (filter_quotations' monarch_entity). */
  monarch_entities: jsonb('monarch_entities').$type<string[]>().notNull().default([]),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    user_id: integer('user_id'),
    username: text('username'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    risk_level: text('risk_level').notNull().default('low'),
    /** Where the request came from and which request it was (the x-request-id answered). */
    client_address: text('client_address'),
    request_id: text('request_id'),
  },
  (t) => [index('audit_log_timestamp_idx').on(t.timestamp), index('audit_log_user_idx').on(t.user_id)],
);

/**
 * Idempotency keys of writes (DESIGN.md: replay, 422 on another body, 409 while in flight,
 * kept 30 days). In the database so every API process shares them.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id').notNull(),
    key: text('key').notNull(),
    request_hash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    status_code: integer('status_code'),
    response_body: text('response_body'),
    response_type: text('response_type'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
);
