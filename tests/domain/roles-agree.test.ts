import { describe, expect, it } from 'vitest';
import { DATA_TYPES, type DataType, type DataTypeDef } from '../../domain/data-types';
import { DEPARTMENT_VALUES, DESIGNATION_VALUES, type Department } from '../../domain/departments';
import { layoutFor, mayOpen, menuEntryOf, menuFor, OPENED_FROM, type MenuGroup } from '../../domain/menus';
import { can, READ_PERMISSIONS } from '../../domain/permissions';
import { PRELOAD_SETS, PRELOAD_TIERS, preloadSetNameOf } from '../../domain/preload';
import { jobOrderScopeOf } from '../../domain/row-rules';
import { isMenuRoute, ROUTES, routeByName, type RouteName } from '../../domain/routes';
import type { UserRole } from '../../domain/user';

const role = (department: UserRole['department'], designation: UserRole['designation'], is_superuser = false): UserRole => ({ department, designation, is_superuser });

/** Every department with every designation: the users the matrix, the preload sets and the menus must agree on. */
const EVERY_ROLE: UserRole[] = DEPARTMENT_VALUES.flatMap((department) => DESIGNATION_VALUES.map((designation) => role(department, designation)));
const menuNames = (groups: MenuGroup[]) => groups.flatMap((g) => g.routes.map((r) => r.name));
const preloadOf = (department: Department) => PRELOAD_TIERS.flatMap(({ tier }) => PRELOAD_SETS[preloadSetNameOf(department)][tier]);
const readPermissionOf = (type: DataType) => (READ_PERMISSIONS as Partial<Record<DataType, (typeof READ_PERMISSIONS)[keyof typeof READ_PERMISSIONS]>>)[type];

describe('preload sets name only what their users may read', () => {
  it('names only mirrored data types, each with the permission that reads it', () => {
    const unreadable = DEPARTMENT_VALUES.flatMap((department) => preloadOf(department).filter((type) => readPermissionOf(type) === undefined).map((type) => `${department}: ${type}`));
    expect(unreadable).toEqual([]);
  });

  it("loads, for every department and designation, only types the user's role may read", () => {
    const refused = EVERY_ROLE.flatMap((user) =>
      preloadOf(user.department!)
        .filter((type) => (DATA_TYPES[type] as DataTypeDef).loadedFor?.(user) !== false)
        .filter((type) => !can(user, readPermissionOf(type)!))
        .map((type) => `${user.department} ${user.designation}: ${type}`),
    );
    expect(refused).toEqual([]);
  });

  it('lets design read the job orders of its set, those that reached its desk', () => {
    expect(preloadOf('design')).toContain('jobOrders');
    expect(can(role('design', 'designer'), 'job-orders.read')).toBe(true);
    expect(jobOrderScopeOf(role('design', 'designer'))).toBe('reached-design');
    expect(jobOrderScopeOf(role('production', 'supervisor'))).toBe('all');
  });

  it("lets the workshops that share design's set read its estimation materials", () => {
    for (const department of ['acrylic', 'metal', 'glass', 'fabrication', 'graphic'] as const) {
      expect(preloadOf(department), department).toContain('estimationMaterials');
      expect(can(role(department, 'supervisor'), 'estimation-materials.read'), department).toBe(true);
    }
  });
});

describe('every signed-in screen names who may open it', () => {
  it('gives each route but the public ones an access', () => {
    expect(ROUTES.filter((r) => r.kind !== 'public' && !('access' in r)).map((r) => r.name)).toEqual([]);
  });

  it('keeps the job order reports to accounts, management and managers', () => {
    const reports: RouteName[] = ['jobs-valuation', 'sales-valuation', 'jobs-statuswise-detailed', 'jobs-statuswise-ageing'];
    for (const name of reports) {
      expect(mayOpen(role('production', 'supervisor'), routeByName(name)), name).toBe(false);
      expect(mayOpen(role('production', 'foreman'), routeByName(name)), name).toBe(false);
      expect(mayOpen(role('sales', 'executive'), routeByName(name)), name).toBe(false);
      expect(mayOpen(role('production', 'manager'), routeByName(name)), name).toBe(true);
      expect(mayOpen(role('accounts', 'executive'), routeByName(name)), name).toBe(true);
    }
  });
});

describe("each department's menu walked against the permission matrix", () => {
  it('shows every user only screens they may open', () => {
    const forbidden = [...EVERY_ROLE, role('admin', 'manager', true)].flatMap((user) =>
      menuFor(user, {})
        .flatMap((g) => g.routes)
        .filter((route) => !mayOpen(user, route))
        .map((route) => `${user.department} ${user.designation}: ${route.name}`),
    );
    expect(forbidden).toEqual([]);
  });

  it("offers every screen of the user's own departments that they may open", () => {
    const missing = EVERY_ROLE.flatMap((user) => {
      const groups = menuFor(user, {});
      const shown = new Set(menuNames(groups));
      const ownDepartments = new Set(groups.filter((g) => g.own).map((g) => g.department));
      return ROUTES.filter((r) => isMenuRoute(r) && r.kind !== 'public' && !r.adminOnly && r.department && ownDepartments.has(r.department) && mayOpen(user, r))
        .filter((r) => !shown.has(r.name))
        .map((r) => `${user.department} ${user.designation}: ${r.name}`);
    });
    expect(missing).toEqual([]);
  });

  it('hides the job order valuation and status-wise reports from production, the foreman and sales executives', () => {
    const titles = (user: UserRole) => menuFor(user, {}).flatMap((g) => g.routes.map((r) => r.title));
    for (const user of [role('production', 'supervisor'), role('production', 'foreman'), role('sales', 'executive')]) {
      expect(titles(user), `${user.department} ${user.designation}`).not.toContain('Job order valuation');
      expect(titles(user), `${user.department} ${user.designation}`).not.toContain('Status-wise job orders');
      expect(titles(user), `${user.department} ${user.designation}`).not.toContain('Status-wise ageing');
    }
    expect(titles(role('production', 'manager'))).toEqual(expect.arrayContaining(['Job order valuation', 'Status-wise job orders', 'Status-wise ageing']));
  });

  it("does not offer management the foreman's dashboard, and offers the foreman it", () => {
    expect(menuNames(menuFor(role('management', 'manager'), {}))).not.toContain('foreman-prod-dashboard');
    expect(menuNames(menuFor(role('management', 'manager'), {}))).toContain('production-home');
    expect(menuNames(menuFor(role('production', 'foreman'), {}))).toContain('foreman-prod-dashboard');
  });

  it('offers "New job order" only to those who may raise one', () => {
    expect(menuNames(menuFor(role('production', 'supervisor'), {}))).not.toContain('job-order-create');
    expect(menuNames(menuFor(role('production', 'manager'), {}))).toContain('job-order-create');
  });
});

describe("the screen's place in the user's own frame", () => {
  it('highlights the menu entry a screen is opened from in the user’s menu', () => {
    expect(menuEntryOf('requisition-detail', menuFor(role('stores', 'executive'), {}))).toBe('stores-requisitions');
    expect(menuEntryOf('requisition-detail', menuFor(role('production', 'supervisor'), {}))).toBe('requisitions-home');
    expect(menuEntryOf('requisition-detail', menuFor(role('metal', 'supervisor'), {}))).toBe('metal-requisitions');
    expect(menuEntryOf('dnote-detail', menuFor(role('packing-dispatch', 'supervisor-packing-dispatch'), {}))).toBe('dispatches-home');
    expect(menuEntryOf('materials-home', menuFor(role('stores', 'executive'), {}))).toBe('materials-home');
  });

  it('names only menu routes as the entries a screen is opened from', () => {
    const notInMenus = Object.values(OPENED_FROM)
      .flat()
      .filter((name) => !isMenuRoute(routeByName(name)));
    expect(notInMenus).toEqual([]);
  });

  it("draws every signed-in screen in the user's department's layout, the superuser area in its own", () => {
    expect(layoutFor(role('stores', 'executive'), 'production')).toBe('stores');
    expect(layoutFor(role('packing-dispatch', 'supervisor'), 'production')).toBe('warehouse');
    expect(layoutFor(role('metal', 'supervisor'), 'design')).toBe('metal');
    expect(layoutFor(role('management', 'manager'), 'production')).toBe('main');
    expect(layoutFor(role('admin', 'manager', true), 'superuser')).toBe('superuser');
  });
});
