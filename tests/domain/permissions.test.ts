import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, type Permission } from '../../domain/permissions';
import { leadScopeOf, materialScopeOf } from '../../domain/row-rules';
import type { UserRole } from '../../domain/user';

const role = (department: UserRole['department'], designation: UserRole['designation'], is_superuser = false): UserRole => ({ department, designation, is_superuser });

describe('the permission matrix (domain/permissions.ts)', () => {
  it('lets superusers do everything, superuser-only actions included', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) expect(can(role('admin', 'manager', true), permission), permission).toBe(true);
  });

  it('refuses an anonymous caller everything', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) expect(can(null, permission), permission).toBe(false);
  });

  it('grants material creation only with the per-user permission an admin gives (product-frame.md §6)', () => {
    expect(can(role('stores', 'executive'), 'materials.create')).toBe(false);
    expect(can({ ...role('stores', 'executive'), can_create_materials: true }, 'materials.create')).toBe(true);
    expect(can({ ...role('sales', 'executive'), can_create_materials: true }, 'materials.create')).toBe(true);
  });

  it('is documented permission by permission in docs/permissions.md', () => {
    const doc = fs.readFileSync(path.join(import.meta.dirname, '../../docs/permissions.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `([a-z.-]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });
});

describe('row rules (business-areas.md §6)', () => {
  it('gives a production foreman only the consumables', () => {
    expect(materialScopeOf(role('production', 'foreman'))).toBe('consumables-only');
  });

  it('gives other production users, managers aside, everything but the consumables', () => {
    for (const designation of ['supervisor', 'executive', 'planner', 'assistant-manager'] as const) {
      expect(materialScopeOf(role('production', designation)), designation).toBe('without-consumables');
    }
    expect(materialScopeOf(role('production', 'manager'))).toBe('all');
  });

  it('gives every other department and superusers all materials', () => {
    for (const department of ['stores', 'purchase', 'sales', 'design', 'management'] as const) expect(materialScopeOf(role(department, 'foreman')), department).toBe('all');
    expect(materialScopeOf(role('production', 'foreman', true))).toBe('all');
  });

  it('gives a sales executive or senior executive only the leads assigned to them, everyone else all', () => {
    expect(leadScopeOf(role('sales', 'executive'))).toBe('assigned-to-me');
    expect(leadScopeOf(role('sales', 'senior-executive'))).toBe('assigned-to-me');
    expect(leadScopeOf(role('sales', 'manager'))).toBe('all');
    expect(leadScopeOf(role('management', 'executive'))).toBe('all');
    expect(leadScopeOf(role('sales', 'executive', true))).toBe('all');
  });
});
