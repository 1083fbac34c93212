import { describe, expect, it } from 'vitest';
import { menuFor, type MenuGroup } from '../../domain/menus';
import type { ModuleMap } from '../../domain/modules';
import { ROUTES } from '../../domain/routes';
import type { UserRole } from '../../domain/user';

const salesExecutive: UserRole = { department: 'sales', designation: 'executive', is_superuser: false };
const superuser: UserRole = { department: 'admin', designation: 'manager', is_superuser: true };
const management: UserRole = { department: 'management', designation: 'CEO', is_superuser: false };

const routeNames = (groups: MenuGroup[]) => groups.flatMap((g) => g.routes.map((r) => r.name));
const SUPERUSER_ROUTES = ROUTES.filter((r) => r.adminOnly).map((r) => r.name);

describe('the menu', () => {
  it("starts a sales executive's menu with Sales, right after the shared Home entry", () => {
    const groups = menuFor(salesExecutive, {});
    expect(groups[0]).toMatchObject({ department: 'general', routes: [{ name: 'landing' }, { name: 'sync' }] });
    expect(groups[1]).toMatchObject({ department: 'sales', label: 'Sales' });
    expect(groups[1]!.routes.map((r) => r.name)).toEqual(expect.arrayContaining(['sales-dash', 'leads-home', 'customers-home', 'quotations-home']));
  });

  it("shows a sales executive no superuser routes and no other department's screens", () => {
    const groups = menuFor(salesExecutive, {});
    expect(routeNames(groups).filter((name) => SUPERUSER_ROUTES.includes(name))).toEqual([]);
    expect(groups.map((g) => g.department)).not.toContain('admin');
    expect(groups.map((g) => g.department)).not.toContain('accounts');
    expect(groups.map((g) => g.department)).not.toContain('reports');
  });

  it('marks the user’s own work (their departments and the shared screens) apart from what they oversee', () => {
    expect(menuFor(salesExecutive, {}).map((g) => [g.department, g.own])).toEqual([
      ['general', true],
      ['sales', true],
      ['communication', true],
    ]);
    const overseen = menuFor(management, {});
    expect(overseen.filter((g) => g.own).map((g) => g.department)).toEqual(['general', 'communication', 'management']);
    expect(overseen.find((g) => g.department === 'reports')?.own).toBe(false);
  });

  it('shows a superuser the superuser area', () => {
    const names = routeNames(menuFor(superuser, {}));
    expect(SUPERUSER_ROUTES.length).toBe(7);
    expect(names).toEqual(expect.arrayContaining(SUPERUSER_ROUTES));
  });

  it("hides a disabled module's routes", () => {
    const on = routeNames(menuFor(superuser, {}));
    const off: ModuleMap = { leads: false, invoices: false };
    const names = routeNames(menuFor(superuser, off));
    const moduleRoutes = (m: string) => ROUTES.filter((r) => r.module === m).map((r) => r.name);
    expect(on).toEqual(expect.arrayContaining(['leads-home', 'invoices-home']));
    expect(names.filter((n) => [...moduleRoutes('leads'), ...moduleRoutes('invoices')].includes(n))).toEqual([]);
    expect(names).toContain('customers-home');
  });

  it('shows routes of a module that is explicitly enabled or not listed', () => {
    expect(routeNames(menuFor(salesExecutive, { leads: true }))).toContain('leads-home');
    expect(routeNames(menuFor(salesExecutive, { invoices: false }))).toContain('leads-home');
  });

  it('shows management the Reports', () => {
    const groups = menuFor(management, {});
    const reports = groups.find((g) => g.department === 'reports');
    expect(reports?.label).toBe('Reports');
    expect(reports!.routes.map((r) => r.name)).toEqual(expect.arrayContaining(['sales-orders-reports', 'invoices-reports', 'job-orders-reports', 'materials-reports']));
    expect(routeNames(groups)).toContain('reports-home');
    expect(routeNames(groups).filter((name) => SUPERUSER_ROUTES.includes(name))).toEqual([]);
  });

  it('hides the Reports from everyone when the reports module is off', () => {
    expect(menuFor(management, { reports: false }).find((g) => g.department === 'reports')).toBeUndefined();
  });

  it('never lists a route twice', () => {
    for (const user of [salesExecutive, superuser, management]) {
      const names = routeNames(menuFor(user, {}));
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
