import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import { users } from '../../db/schema';
import { passwordSchema, usernameSchema, type User } from '../../../domain/user';
import { hashPassword } from '../../lib/password';
import { passwordProblems } from '../../lib/password-strength';
import { recordAudit } from '../audit/service';
import { findByUsername, toUser } from './service';

export class SuperuserError extends Error {}

export interface SuperuserInput {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The first account of a database with no demo company (npm run create-superuser): active, a
 * superuser, in the Admin department. The same username and password rules as registration.
 */
export async function createSuperuser(db: Db, input: SuperuserInput): Promise<User> {
  const username = usernameSchema.safeParse(input.username);
  if (!username.success) throw new SuperuserError(`username: ${username.error.issues[0]!.message}`);
  const password = passwordSchema.safeParse(input.password);
  if (!password.success) throw new SuperuserError(`password: ${password.error.issues[0]!.message}`);
  const problems = await passwordProblems(input.password, input);
  if (problems.length) throw new SuperuserError(`password: ${problems.join(' ')}`);
  if (await findByUsername(db, username.data)) throw new SuperuserError(`username: A user with that username already exists.`);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ username: username.data, first_name: input.first_name, last_name: input.last_name, email: input.email, password_hash: await hashPassword(input.password), department: 'admin', designation: 'manager', is_superuser: true, is_active: true })
        .returning();
      await recordAudit(tx, { actor: null, action: 'user.create_superuser', target: `user:${row!.id}`, risk: 'critical', metadata: { username: row!.username } });
      return toUser(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SuperuserError('username: A user with that username already exists.');
    throw error;
  }
}
