import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../../db/client';
import { systemConfig, users } from '../../db/schema';
import { AUTH_MESSAGES } from '../../../domain/auth';
import type { Department, Designation } from '../../../domain/departments';
import { USER_SUMMARY_FIELDS, type Activation, type Registration, type User, type UserCreate, type UserListItem } from '../../../domain/user';
import { USER_ADMIN_MESSAGES } from '../../../domain/auth';
import { can } from '../../../domain/permissions';
import type { Config } from '../../config';
import { badRequest, fieldError, forbidden, notFound, type FieldErrors } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { passwordProblems, type PasswordOwner } from '../../lib/password-strength';
import { recordAudit } from '../audit/service';
import { claimAttempt, forgetAttempts, throttleTiming } from '../auth/throttle';

/** What throttled account calls need: the settings and the caller's address. */
export interface ThrottleContext {
  config: Config;
  address: string;
}

const tooManyRegistrations = (seconds: number) => `Too many accounts requested from this address. Try again in ${seconds} seconds.`;
const tooManyPasswordGuesses = (seconds: number) => `Too many wrong current passwords. Try again in ${seconds} seconds.`;
import type { RiskLevel } from '../../../domain/system';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    department: row.department as Department | null,
    designation: row.designation as Designation | null,
    is_active: row.is_active && !row.blocked_at,
    is_superuser: row.is_superuser,
    can_create_materials: row.can_create_materials,
  };
}

/** An account as admins list it: the user, and why a superuser blocked it (null when not blocked). */
export type ListedUser = User & { blocked_reason: string | null };
const toListedUser = (row: UserRow): ListedUser => ({ ...toUser(row), blocked_reason: row.blocked_at ? row.blocked_reason : null });

/** What a reader sees of an account: everything for admins, the summary for everyone else. */
export function asSeenBy(reader: User, user: User): UserListItem {
  if (can(reader, 'users.admin')) return user;
  return Object.fromEntries(USER_SUMMARY_FIELDS.map((field) => [field, user[field]])) as UserListItem;
}

export interface UserListQuery {
  page: number;
  page_size: number;
  department?: Department;
  is_active?: boolean;
  search?: string;
}

export async function listUsers(db: Db, query: UserListQuery): Promise<{ rows: ListedUser[]; count: number }> {
  const filters: SQL[] = [];
  if (query.department) filters.push(eq(users.department, query.department));
  // Active as toUser reports it: a blocked account is not active.
  if (query.is_active === true) filters.push(and(eq(users.is_active, true), isNull(users.blocked_at))!);
  if (query.is_active === false) filters.push(or(eq(users.is_active, false), isNotNull(users.blocked_at))!);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(users.username, pattern), ilike(users.first_name, pattern), ilike(users.last_name, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.username))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { rows: rows.map(toListedUser), count: total?.n ?? 0 };
}

async function findRow(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getUser(db: Db, id: number): Promise<User> {
  return toUser(await findRow(db, id));
}

export async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

/**
 * Self-registration: only while the system config allows it, throttled per address. The account
 * starts inactive with no department or designation, and cannot sign in until an admin
 * activates it and assigns them (docs/decisions.md).
 */
export async function registerUser(db: Db, throttle: ThrottleContext, input: Registration): Promise<User> {
  const [config] = await db.select().from(systemConfig);
  if (config && !config.allow_new_registrations) throw forbidden(AUTH_MESSAGES.registrationClosed);
  await claimAttempt(db, [{ key: `register:${throttle.address}`, free: throttle.config.REGISTRATIONS_PER_ADDRESS }], throttleTiming(throttle.config), tooManyRegistrations);
  if (await findByUsername(db, input.username)) throw fieldError('username', AUTH_MESSAGES.usernameTaken);
  await refuseWeakPassword('password', input.password, input);
  return insertUser(db, null, { ...input, is_active: false }, 'user.register', 'medium');
}

/**
 * An account an admin creates (POST /users/): active at once with its department and designation,
 * whether or not registrations are open. Giving the Admin department is a superuser's act, as in
 * activation.
 */
export async function createUser(db: Db, actor: User, input: UserCreate): Promise<User> {
  if (input.department === 'admin' && !actor.is_superuser) throw forbidden(USER_ADMIN_MESSAGES.grantAdmin);
  if (await findByUsername(db, input.username)) throw fieldError('username', AUTH_MESSAGES.usernameTaken);
  await refuseWeakPassword('password', input.password, input);
  return insertUser(db, actor, { ...input, is_active: true }, 'user.create', 'high');
}

type NewAccount = Registration & Partial<Activation> & { is_active: boolean };

async function insertUser(db: Db, actor: User | null, input: NewAccount, action: string, risk: RiskLevel): Promise<User> {
  const { department = null, designation = null } = input;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          password_hash: await hashPassword(input.password),
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          department,
          designation,
          is_active: input.is_active,
        })
        .returning();
      const metadata = department ? { username: input.username, department, designation } : { username: input.username };
      await recordAudit(tx, { actor, action, target: `user:${row!.id}`, risk, metadata });
      return toUser(row!);
    });
  } catch (error) {
    // Two accounts with one name at once: the unique index decides, the loser gets the same 400.
    if (isUniqueViolation(error)) throw fieldError('username', AUTH_MESSAGES.usernameTaken);
    throw error;
  }
}

/** A weak password is a 400 on its field, in Django's validators' words (server/lib/password-strength.ts). */
async function refuseWeakPassword(field: string, password: string, owner: PasswordOwner): Promise<void> {
  const problems = await passwordProblems(password, owner);
  if (problems.length) throw badRequest({ [field]: problems });
}

/** Wrong current passwords are throttled per account like sign-ins: a stolen session cannot guess its way to the password. */
export async function setOwnPassword(db: Db, throttle: ThrottleContext, user: User, currentPassword: string, newPassword: string): Promise<void> {
  const row = await findRow(db, user.id);
  const key = `current-password:${user.id}`;
  await claimAttempt(db, [{ key, free: throttle.config.LOGIN_FREE_ATTEMPTS }], throttleTiming(throttle.config), tooManyPasswordGuesses);
  if (!(await verifyPassword(currentPassword, row.password_hash))) throw fieldError('current_password', AUTH_MESSAGES.invalidPassword);
  await forgetAttempts(db, key);
  if (currentPassword === newPassword) throw fieldError('new_password', 'The new password must differ from the current one.');
  await refuseWeakPassword('new_password', newPassword, row);
  await db.transaction(async (tx) => {
    await changePassword(tx, user.id, newPassword);
    await recordAudit(tx, { actor: user, action: 'user.set_password', target: `user:${user.id}`, risk: 'medium' });
  });
}

/**
 * Sets a password and ends every session opened before it (older tokens are refused). Token
 * times are whole seconds, so the change counts from the next whole second: every token issued
 * up to now is older, and sign-in stamps new tokens no earlier than that (auth service).
 */
async function changePassword(db: Db, id: number, password: string): Promise<void> {
  const changedAt = new Date((Math.floor(Date.now() / 1000) + 1) * 1000);
  await db
    .update(users)
    .set({ password_hash: await hashPassword(password), password_changed_at: changedAt, updated_at: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, id));
}

/**
 * The Admin department manages accounts, but not the accounts that hold its own power: only a
 * superuser may change a superuser's or an Admin-department user's account.
 */
async function findManageableRow(db: Db, actor: User, id: number): Promise<UserRow> {
  const row = await findRow(db, id);
  if (!actor.is_superuser && row.is_superuser) throw forbidden(USER_ADMIN_MESSAGES.superuserAccount);
  if (!actor.is_superuser && row.department === 'admin' && row.id !== actor.id) throw forbidden(USER_ADMIN_MESSAGES.adminAccount);
  return row;
}

export async function resetPassword(db: Db, actor: User, id: number, newPassword: string): Promise<void> {
  const row = await findManageableRow(db, actor, id);
  await refuseWeakPassword('new_password', newPassword, row);
  await db.transaction(async (tx) => {
    await changePassword(tx, id, newPassword);
    await recordAudit(tx, { actor, action: 'user.reset_password', target: `user:${id}`, risk: 'high' });
  });
}

async function updateUser(db: Db, actor: User, id: number, changes: Partial<UserRow>, action: string, risk: RiskLevel, metadata: Record<string, unknown> = {}): Promise<User> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updated_at: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, { actor, action, target: `user:${id}`, risk, metadata });
    return toUser(row);
  });
}

/**
 * Activation assigns the department and designation the account works under: an account that
 * registered itself has none. Giving the Admin department is a superuser's act, as is changing
 * an Admin-department account.
 */
export async function activate(db: Db, actor: User, id: number, activation: Activation): Promise<User> {
  const row = await findManageableRow(db, actor, id);
  const department = activation.department ?? (row.department as Department | null);
  const designation = activation.designation ?? (row.designation as Designation | null);
  const missing: FieldErrors = {};
  if (!department) missing.department = [USER_ADMIN_MESSAGES.departmentRequired];
  if (!designation) missing.designation = [USER_ADMIN_MESSAGES.designationRequired];
  if (Object.keys(missing).length) throw badRequest(missing);
  if (department === 'admin' && row.department !== 'admin' && !actor.is_superuser) throw forbidden(USER_ADMIN_MESSAGES.grantAdmin);
  return updateUser(db, actor, id, { is_active: true, department, designation }, 'user.activate', 'high', { department, designation });
}

export async function deactivate(db: Db, actor: User, id: number): Promise<User> {
  if (actor.id === id) throw badRequest({ non_field_errors: ['You cannot deactivate your own account.'] });
  await findManageableRow(db, actor, id);
  return updateUser(db, actor, id, { is_active: false }, 'user.deactivate', 'high');
}

export async function setMaterialCreation(db: Db, actor: User, id: number, granted: boolean): Promise<User> {
  await findManageableRow(db, actor, id);
  return updateUser(db, actor, id, { can_create_materials: granted }, granted ? 'user.grant_material_creation' : 'user.revoke_material_creation', 'medium');
}

export async function blockUser(db: Db, actor: User, id: number, reason: string): Promise<User> {
  if (actor.id === id) throw badRequest({ non_field_errors: [AUTH_MESSAGES.cannotBlockSelf] });
  return updateUser(db, actor, id, { blocked_at: new Date(), blocked_reason: reason }, 'user.block', 'critical', { reason });
}

export async function unblockUser(db: Db, actor: User, id: number): Promise<User> {
  return updateUser(db, actor, id, { blocked_at: null, blocked_reason: null }, 'user.unblock', 'high');
}
