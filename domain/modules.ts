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

/**
 * The module whose switch closes an API call, by the first segment of the call's path
 * (domain/api-paths.ts). Paths of no module (sign-in, users, system, admin, dashboards, files,
 * the live stream) are always open. Stock belongs to materials, the stores' job-order
 * consumption to job orders (docs/decisions.md 418).
 */
export const API_SEGMENT_MODULES: Readonly<Record<string, ModuleName>> = {
  salesorders: 'sales orders',
  invoices: 'invoices',
  lpo: 'purchase orders',
  gra: 'GRA',
  deliverynotes: 'delivery notes',
  deliverychallans: 'delivery notes',
  dispatches: 'dispatches',
  joborders: 'job orders',
  stores: 'job orders',
  materials: 'materials',
  stocks: 'materials',
  stockadjustments: 'materials',
  leads: 'leads',
  customers: 'customers',
  vendors: 'vendors',
  quotations: 'quotations',
  estimations: 'estimation',
  estimationmaterials: 'estimation',
  requisitions: 'requisitions',
  receipts: 'receipts',
  reports: 'reports',
  messaging: 'messaging',
};

/** The first segments of API paths that belong to no module. */
export const MODULE_FREE_API_SEGMENTS = ['health', 'auth', 'users', 'system', 'admin', 'dashboard', 'files', 'live', 'device-outbox'] as const;

/** The module of an API path under /api/v1 (`/invoices/invoices/7/` is the invoices module's), or undefined. */
export function moduleOfApiPath(path: string): ModuleName | undefined {
  const segment = path.split('/', 2)[1] ?? '';
  return Object.hasOwn(API_SEGMENT_MODULES, segment) ? API_SEGMENT_MODULES[segment] : undefined;
}

/** What a call of a switched-off module answers (403, code `module_disabled`), naming the module. */
export const moduleDisabledMessage = (name: ModuleName) => `The ${name} module is switched off. Ask a superuser to switch it on.`;
export const MODULE_DISABLED_CODE = 'module_disabled';

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
