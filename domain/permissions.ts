import { matchesRole, type RoleMatch } from './roles';
import type { User, UserRole } from './user';

/** A grant: a role match, optionally also requiring a per-user flag an admin sets. */
export interface Grant extends RoleMatch {
  readonly flag?: 'can_create_materials';
}

/** Anyone signed in. */
const ANYONE: Grant = {};
const SALES: Grant = { departments: ['sales'] };
const MANAGEMENT: Grant = { departments: ['management'] };
const ACCOUNTS: Grant = { departments: ['accounts'] };
const PURCHASE: Grant = { departments: ['purchase'] };
const STORES: Grant = { departments: ['stores'] };
const DESIGN: Grant = { departments: ['design'] };

/**
 * Who may do what (department and designation x resource x action), as data; docs/permissions.md
 * explains each choice. Superusers may do everything; an action listed with no grants is
 * superuser-only. Row rules (which rows a permitted user sees) are in domain/row-rules.ts.
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

  /** Customers appear on job orders, estimations, invoices and dispatches: everyone reads them. */
  'customers.read': [ANYONE],
  'customers.write': [SALES, ACCOUNTS, MANAGEMENT],

  /** Vendors are purchasing's; stores receive against them, accounts pay them. */
  'vendors.read': [PURCHASE, STORES, ACCOUNTS, MANAGEMENT],
  'vendors.write': [PURCHASE, MANAGEMENT],
  'vendors.report': [PURCHASE, ACCOUNTS, MANAGEMENT],

  /** Everyone picks materials (requisitions, estimations); row rules narrow production's view. */
  'materials.read': [ANYONE],
  /** Creating a material needs the per-user permission an admin grants (product-frame.md §7). */
  'materials.create': [{ flag: 'can_create_materials' }],
  'materials.write': [STORES, PURCHASE],
  'materials.delete': [STORES, PURCHASE],
  'material-categories.read': [ANYONE],
  'material-categories.write': [STORES, PURCHASE],

  /** Estimation rates are costing data: design prices, sales and management quote from them. */
  'estimation-materials.read': [DESIGN, SALES, MANAGEMENT, ACCOUNTS],
  'estimation-materials.write': [DESIGN, MANAGEMENT],

  /** Leads are sales'; management follows them. Executives see only their own (row rule). */
  'leads.read': [SALES, MANAGEMENT],
} as const satisfies Record<string, readonly Grant[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What a permission check reads of a user. */
export type PermissionSubject = UserRole & Partial<Pick<User, 'can_create_materials'>>;

function grants(user: PermissionSubject, grant: Grant): boolean {
  return matchesRole(user, grant) && (!grant.flag || user[grant.flag] === true);
}

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  const list: readonly Grant[] = PERMISSIONS[permission];
  return list.some((grant) => grants(user, grant));
}

export const SUPERUSER_REQUIRED = 'Access denied: Superuser privileges required';
