// zod/mini: the cached module switches are read before the first screen draws (see domain/auth.ts).
import * as z from 'zod/mini';

/** Module names of product-frame.md §3, as the module configuration map keys them. */
export const MODULE_NAMES = [
  'sales orders',
  'invoices',
  'purchase orders',
  'GRA',
  'delivery notes',
  'dispatches',
  'job orders',
  'materials',
  'leads',
  'customers',
  'vendors',
  'quotations',
  'estimation',
  'requisitions',
  'receipts',
  'reports',
  'messaging',
  'accounting',
  'HRMS',
] as const;

export type ModuleName = (typeof MODULE_NAMES)[number];
export const moduleNameSchema = z.enum(MODULE_NAMES);

/** The module configuration map: module name -> enabled flag. */
export type ModuleMap = Partial<Record<string, boolean>>;
export const moduleMapSchema = z.record(z.string(), z.boolean());

/** A module counts as enabled unless explicitly false. */
export function isModuleEnabled(modules: ModuleMap | null | undefined, name: ModuleName | undefined): boolean {
  if (!name || !modules) return true;
  return modules[name] !== false;
}

export const moduleDetailSchema = z.object({
  name: moduleNameSchema,
  is_enabled: z.boolean(),
  /** Route names the module switch hides when off. */
  routes: z.array(z.string()),
  updated_at: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
});
export type ModuleDetail = z.infer<typeof moduleDetailSchema>;

export const moduleToggleSchema = z.object({ is_enabled: z.boolean() });
