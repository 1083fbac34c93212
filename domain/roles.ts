import type { UserRole } from './user';
import type { Department, Designation } from './departments';
import type { RouteName } from './routes';

/** A rule that matches users by department and/or designation; an omitted side matches anyone. */
export interface RoleMatch {
  readonly departments?: readonly Department[];
  readonly designations?: readonly Designation[];
}

export function matchesRole(user: UserRole, rule: RoleMatch): boolean {
  return (
    (!rule.departments || (user.department !== null && rule.departments.includes(user.department))) &&
    (!rule.designations || (user.designation !== null && rule.designations.includes(user.designation)))
  );
}

export const SALES_EXECUTIVE: RoleMatch = { departments: ['sales'], designations: ['executive', 'senior-executive'] };
/**
 * Who the sales executive dropdown offers (product-frame.md §6): every active user of the sales
 * department, plus the one extra user system settings name (`extra_sales_executive`).
 */
export const SALES_EXECUTIVE_LIST: RoleMatch = { departments: ['sales'] };
export const SALES_MANAGER: RoleMatch = { departments: ['sales'], designations: ['manager'] };
export const MANAGEMENT_USER: RoleMatch = { departments: ['management'] };

export const isSalesExecutive = (u: UserRole) => matchesRole(u, SALES_EXECUTIVE);
export const isSalesManager = (u: UserRole) => matchesRole(u, SALES_MANAGER);
export const isManagementUser = (u: UserRole) => matchesRole(u, MANAGEMENT_USER);

/** Landing after login (product-frame.md §4), first match wins. */
export const LANDING_RULES: readonly (RoleMatch & { readonly route: RouteName })[] = [
  { ...SALES_EXECUTIVE, route: 'sales-dash' },
  { departments: ['sales'], route: 'landing' },
  { departments: ['packing-dispatch'], route: 'packing-dispatch-dashboard' },
  { departments: ['acrylic'], route: 'acrylic-trays-dashboard' },
  { departments: ['accounts'], route: 'accounts-home' },
  { departments: ['purchase', 'stores'], route: 'purchases-dash' },
  { departments: ['production'], designations: ['foreman'], route: 'foreman-prod-dashboard' },
  { departments: ['production'], route: 'production-home' },
  { departments: ['design'], route: 'design-home' },
  { departments: ['metal'], route: 'metal-home' },
];

export function landingRouteFor(user: UserRole): RouteName {
  return LANDING_RULES.find((rule) => matchesRole(user, rule))?.route ?? 'landing';
}
