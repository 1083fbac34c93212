import { matchesRole, type RoleMatch } from './roles';
import type { UserRole } from './user';

/** Anyone signed in. */
const ANYONE: RoleMatch = {};

/**
 * Who may do what, as data (docs/permissions.md explains each choice). Superusers may do
 * everything; an action not listed here, or listed with no grants, is superuser-only.
 */
export const PERMISSIONS = {
  /** The user list feeds assignee dropdowns (sales executives, foremen) on many screens. */
  'users.list': [ANYONE],
  /** Activate, deactivate, reset passwords, grant material creation: the Admin department. */
  'users.admin': [{ departments: ['admin'] }],
  'modules.read': [ANYONE],
  'modules.manage': [],
  'system.config': [],
  'system.admin': [],
  'dashboard.landing': [ANYONE],
} as const satisfies Record<string, readonly RoleMatch[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(user: UserRole | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  const grants: readonly RoleMatch[] = PERMISSIONS[permission];
  return grants.some((grant) => matchesRole(user, grant));
}

export const SUPERUSER_REQUIRED = 'Access denied: Superuser privileges required';
