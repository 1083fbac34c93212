import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * A user's name as the database writes it beside a row (the job order's sales executive, a
 * requisition's requester): domain/user.ts `displayName` in SQL, so the server's names and the
 * device's are the same words.
 */
export const userName = sql<string>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.username})`;
