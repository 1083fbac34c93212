import { describe, expect, it } from 'vitest';
import { landingRouteFor } from '../../domain/roles';
import { pathOf, type RouteName } from '../../domain/routes';
import type { Department, Designation } from '../../domain/departments';

const user = (department: Department | null, designation: Designation | null, is_superuser = false) => ({ department, designation, is_superuser });

describe('landing after login (product-frame.md §4)', () => {
  it.each([
    // Sales executive: department sales, designation senior-executive or executive.
    ['sales', 'senior-executive', 'sales-dash'],
    ['sales', 'executive', 'sales-dash'],
    // Department sales otherwise.
    ['sales', 'manager', 'landing'],
    ['sales', 'junior-executive', 'landing'],
    ['sales', null, 'landing'],
    ['packing-dispatch', 'supervisor-packing-dispatch', 'packing-dispatch-dashboard'],
    ['packing-dispatch', 'executive', 'packing-dispatch-dashboard'],
    ['acrylic', 'supervisor', 'acrylic-trays-dashboard'],
    ['accounts', 'executive', 'accounts-home'],
    ['purchase', 'manager', 'purchases-dash'],
    ['stores', 'executive', 'purchases-dash'],
    // Production with designation foreman; other production.
    ['production', 'foreman', 'foreman-prod-dashboard'],
    ['production', 'supervisor', 'production-home'],
    ['production', null, 'production-home'],
    ['design', 'designer', 'design-home'],
    ['metal', 'foreman', 'metal-home'],
    // Anything else.
    ['management', 'CEO', 'landing'],
    ['admin', 'executive', 'landing'],
    ['marketing', 'executive', 'landing'],
    ['glass', 'supervisor', 'landing'],
    ['fabrication', 'supervisor', 'landing'],
    ['graphic', 'designer', 'landing'],
    ['human-resources', 'manager', 'landing'],
    ['quality', 'quality-check-supervisor', 'landing'],
    [null, null, 'landing'],
  ] as [Department | null, Designation | null, RouteName][])('department %j, designation %j lands on %s', (department, designation, route) => {
    expect(landingRouteFor(user(department, designation))).toBe(route);
    expect(() => pathOf(route)).not.toThrow();
  });

  it('a foreman outside production does not land on the foreman dashboard', () => {
    expect(landingRouteFor(user('design', 'foreman'))).toBe('design-home');
  });

  it('being a superuser does not change the landing route', () => {
    expect(landingRouteFor(user('accounts', 'manager', true))).toBe('accounts-home');
    expect(landingRouteFor(user(null, null, true))).toBe('landing');
  });
});
