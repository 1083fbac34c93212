import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { SALES_EXECUTIVE_LIST, type RoleMatch } from '../../../domain/roles';
import type { Db } from '../../db/client';
import { systemConfig, users } from '../../db/schema';

/** A role match (domain/roles.ts) as a condition on users. */
const matching = (rule: RoleMatch): SQL | undefined =>
  and(rule.departments && inArray(users.department, [...rule.departments]), rule.designations && inArray(users.designation, [...rule.designations]));

/** Who may hold leads (product-frame.md §6): active users of SALES_EXECUTIVE_LIST, and the extra user of system settings, if active. */
const offered = and(
  eq(users.is_active, true),
  or(matching(SALES_EXECUTIVE_LIST), sql`${users.id} = (SELECT ${systemConfig.extra_sales_executive} FROM ${systemConfig} WHERE ${systemConfig.id} = 1)`),
);

/** The sales executive dropdown's users, by username. */
export const salesExecutives = (db: Db): Promise<{ id: number; username: string }[]> =>
  db.select({ id: users.id, username: users.username }).from(users).where(offered).orderBy(asc(sql`lower(${users.username})`), asc(users.id));

/** Whether a user is one the dropdown offers (an unknown id is not). */
export async function isSalesExecutiveChoice(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), offered));
  return row !== undefined;
}
