import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * A user's name as the database writes it beside a row (the job order's sales executive, a
 * requisition's requester): domain/user.ts `displayName` in SQL, so the server's names and the
 * device's are the same words.
 */
export const userName = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.username})`;

/** userName over an alias of users (an author, an approver) joined to a row; blank without a user. */
export const userNameOf = (user: { first_name: PgColumn; last_name: PgColumn; username: PgColumn }) =>
  sql<string>`coalesce(nullif(trim(${user.first_name} || ' ' || ${user.last_name}), ''), ${user.username}, '')`;
