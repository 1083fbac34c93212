import type { Department, RouteDepartment } from './departments';
import { DEPARTMENTS } from './departments';
import { isModuleEnabled, type ModuleMap } from './modules';
import { mayUse, type PermissionSubject } from './permissions';
import { isMenuRoute, ROUTES, type Layout, type RouteDef, type RouteName } from './routes';
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

/**
 * May this user open the route's screen: the permission it names, the one the server's guard
 * holds its calls to. Menus, dashboard links and the navigation guard all ask this.
 */
export function mayOpen(user: PermissionSubject, route: RouteDef): boolean {
  return route.kind === 'public' || mayUse(user, route.access ?? 'signed-in');
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
export function menuFor(user: PermissionSubject, modules: ModuleMap): MenuGroup[] {
  const seesAll = user.is_superuser || user.department === 'management';
  const groups = new Map<MenuGroup['department'], MenuGroup>();
  const add = (key: MenuGroup['department'], label: string, route: RouteDef) => {
    if (!groups.has(key)) groups.set(key, { department: key, label, routes: [], own: key === 'general' || (key !== 'reports' && ownsDepartment(user, key)) });
    groups.get(key)!.routes.push(route);
  };
  for (const route of ROUTES) {
    if (!isMenuRoute(route) || route.kind === 'public' || !isRouteVisible(route, user, modules) || !mayOpen(user, route)) continue;
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

/**
 * The menu entries a screen outside the menu is opened from, most general first: the user's
 * menu highlights the first it shows (a requisition opened by stores highlights the stores
 * requisitions, by production the requisitions).
 */
export const OPENED_FROM: Partial<Record<RouteName, readonly RouteName[]>> = {
  'requisition-detail': ['requisitions-home', 'stores-requisitions', 'metal-requisitions', 'acrylic-requisitions'],
  'requisitions-cancelled': ['requisitions-home', 'stores-requisitions'],
  'requisitions-closed': ['requisitions-home', 'stores-requisitions'],
  'foreman-requisition-detail': ['foreman-prod-dashboard', 'requisitions-home'],
  'foreman-requisition-create': ['foreman-prod-dashboard', 'requisitions-home'],
  'metal-requisition-create': ['metal-requisitions'],
  'dnote-detail': ['dnote-home', 'jobs-ready-to-dispatch', 'dispatches-home', 'packing-dispatch-dashboard'],
  'prod-dnote-detail': ['dnote-home', 'production-home'],
  'prod-dnote-create': ['dnote-create', 'dnote-home'],
  'prod-dnote-home': ['dnote-home'],
  'dnotes-cancelled': ['dnote-home'],
  'job-order-detail': ['jobs-home', 'metal-jobs', 'design-home'],
  'prod-joborder-detail': ['jobs-home', 'metal-jobs', 'production-home'],
  'prod-jobs': ['jobs-home'],
  'jobs-cancelled': ['jobs-home'],
  'acrylic-job-detail': ['acrylic-trays-dashboard', 'jobs-home'],
  'accounts-job-detail': ['accounts-closed', 'jobs-home'],
  'design-job-detail': ['design-home', 'jobs-home'],
  'job-dispatch-detail': ['dispatches-home', 'jobs-ready-to-dispatch'],
  'dispatch-detail': ['dispatches-home', 'jobs-ready-to-dispatch'],
  'accounts-dispatch-detail': ['dispatches-home', 'accounts-home'],
  'job-expense-create': ['job-expenses-home'],
  'material-detail': ['materials-home'],
  'material-create': ['materials-home'],
  'material-price-variance': ['price-variance'],
  'stores-material-consumption': ['materials-home'],
  'stock-transaction-create': ['stock-transactions-home'],
  'stock-adjustment-create': ['stock-adjustments-home'],
  'profitability-details': ['profitability-report'],
  'customer-detail': ['customers-home'],
  'customer-edit': ['customers-home'],
  'customer-branches-home': ['customers-home'],
  'customer-lpocodes-home': ['customers-home'],
  'sales-customers': ['customers-home'],
  'sales-customer-detail': ['customers-home'],
  'sales-customer-edit': ['customers-home'],
  'vendor-detail': ['vendors-home'],
  'gra-detail': ['gra-home'],
};

/** The entry of the user's menu that stands for the screen: the route itself, else the first it is opened from that the menu shows. */
export function menuEntryOf(route: RouteName, groups: readonly MenuGroup[]): RouteName | null {
  const shown = new Set<RouteName>(groups.flatMap((g) => g.routes.map((r) => r.name)));
  return [route, ...(OPENED_FROM[route] ?? [])].find((name) => shown.has(name)) ?? null;
}

/** Each department's layout (header colour, title and menu), whatever screen its users open. */
const DEPARTMENT_LAYOUTS: Partial<Record<Department, Layout>> = {
  sales: 'sales',
  marketing: 'sales',
  production: 'production',
  metal: 'metal',
  acrylic: 'acrylic',
  stores: 'stores',
  purchase: 'stores',
  'packing-dispatch': 'warehouse',
  accounts: 'accounts',
  design: 'design',
  glass: 'design',
  fabrication: 'design',
  graphic: 'design',
};

/**
 * The layout a signed-in screen is drawn in: the user's department's, so a stores user opening a
 * requisition stays in the stores frame. The superuser area keeps its own; users of departments
 * without one (management, admin) get the main layout.
 */
export function layoutFor(user: UserRole, routeLayout: Layout): Layout {
  if (routeLayout === 'superuser' || routeLayout === 'container') return routeLayout;
  return (user.department && DEPARTMENT_LAYOUTS[user.department]) || 'main';
}
