import type { Department, RouteDepartment } from './departments';
import { DEPARTMENTS } from './departments';
import { isModuleEnabled, type ModuleMap } from './modules';
import { isMenuRoute, ROUTES, type RouteDef } from './routes';
import { labelOf } from './options';
import type { UserRole } from './user';

/** Route departments and the user departments that work in them. */
const ROUTE_DEPARTMENT_USERS: Partial<Record<RouteDepartment, readonly Department[]>> = {
  warehouse: ['packing-dispatch'],
  'packing-dispatch': ['packing-dispatch'],
  // Acrylic, metal, glass, fabrication and graphic work from the design set (product-frame.md §4).
  design: ['design', 'acrylic', 'metal', 'glass', 'fabrication', 'graphic'],
  stores: ['stores', 'purchase'],
  purchase: ['purchase', 'stores'],
};

const ROUTE_DEPARTMENT_LABELS: Partial<Record<RouteDepartment, string>> = { warehouse: 'Warehouse', communication: 'Communication' };

export interface MenuGroup {
  department: RouteDepartment | 'general' | 'reports';
  label: string;
  routes: RouteDef[];
  /** The user's own work (their departments, and the general screens), not one overseen. */
  own: boolean;
}

/** May this user see a route at all (module switch and the superuser area)? */
export function isRouteVisible(route: RouteDef, user: UserRole, modules: ModuleMap): boolean {
  return isModuleEnabled(modules, route.module) && (!route.adminOnly || user.is_superuser);
}

function ownsDepartment(user: UserRole, department: RouteDepartment): boolean {
  if (department === 'communication') return true;
  const users = ROUTE_DEPARTMENT_USERS[department] ?? [department];
  return user.department !== null && (users as readonly string[]).includes(user.department);
}

/**
 * The menu: the user's own departments first, then (for superusers and management, who
 * oversee everything) every other department. Report screens go to management and superusers.
 */
export function menuFor(user: UserRole, modules: ModuleMap): MenuGroup[] {
  const seesAll = user.is_superuser || user.department === 'management';
  const groups = new Map<MenuGroup['department'], MenuGroup>();
  const add = (key: MenuGroup['department'], label: string, route: RouteDef) => {
    if (!groups.has(key)) groups.set(key, { department: key, label, routes: [], own: key === 'general' || (key !== 'reports' && ownsDepartment(user, key)) });
    groups.get(key)!.routes.push(route);
  };
  for (const route of ROUTES) {
    if (!isMenuRoute(route) || route.kind === 'public' || !isRouteVisible(route, user, modules)) continue;
    if (!route.department) {
      if (route.layout === 'reports') {
        if (seesAll) add('reports', 'Reports', route);
      } else add('general', 'General', route);
      continue;
    }
    if (seesAll || ownsDepartment(user, route.department)) {
      add(route.department, ROUTE_DEPARTMENT_LABELS[route.department] ?? labelOf(DEPARTMENTS, route.department), route);
    }
  }
  const rank = (g: MenuGroup) => (g.department === 'general' ? 0 : g.own ? 1 : 2);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b));
}
