import { matchesRole, SALES_EXECUTIVE, type RoleMatch } from './roles';
import type { UserRole } from './user';

/**
 * Which rows a permitted user receives (business-areas.md §6), as data, first match wins.
 * The server applies them to every list, detail and delta; the PWA reads the same rules.
 */

/** Materials: a production foreman gets only consumables; other production users, except managers, everything but. */
export type MaterialScope = 'all' | 'consumables-only' | 'without-consumables';
export const MATERIAL_SCOPE_RULES: readonly (RoleMatch & { readonly scope: MaterialScope })[] = [
  { departments: ['production'], designations: ['manager'], scope: 'all' },
  { departments: ['production'], designations: ['foreman'], scope: 'consumables-only' },
  { departments: ['production'], scope: 'without-consumables' },
];

/** Leads: a sales executive gets only the leads assigned to them. */
export type LeadScope = 'all' | 'assigned-to-me';
export const LEAD_SCOPE_RULES: readonly (RoleMatch & { readonly scope: LeadScope })[] = [{ ...SALES_EXECUTIVE, scope: 'assigned-to-me' }];

function scopeOf<S extends string>(rules: readonly (RoleMatch & { readonly scope: S })[], user: UserRole, fallback: S): S {
  if (user.is_superuser) return fallback;
  return rules.find((rule) => matchesRole(user, rule))?.scope ?? fallback;
}

export const materialScopeOf = (user: UserRole): MaterialScope => scopeOf(MATERIAL_SCOPE_RULES, user, 'all');
export const leadScopeOf = (user: UserRole): LeadScope => scopeOf(LEAD_SCOPE_RULES, user, 'all');
