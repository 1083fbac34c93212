import type { ModuleName } from './modules';

/**
 * The data types of the local mirror (product-frame.md §4 "Data preloading", §9): what the
 * offline layer loads from a list endpoint with `updated_since`, keeps in IndexedDB and shows.
 * Indexes are the list screens' filters and orderings; `id` is always the key.
 */
export interface DataTypeDef {
  /** List endpoint under /api/v1 that answers `?updated_since=`. */
  readonly path: string;
  /** Secondary indexes of the local table. */
  readonly indexes: readonly string[];
  /** The module whose switch hides this data. */
  readonly module?: ModuleName;
}

export const DATA_TYPES = {
  customers: { path: '/customers/customers/', indexes: ['name', 'state', 'updated_at'], module: 'customers' },
  customerBranches: { path: '/customers/branches/', indexes: ['customer', 'location', 'is_active'], module: 'customers' },
  customerLpoCodes: { path: '/customers/lpo-codes/', indexes: ['customer', 'code'], module: 'customers' },
  leads: { path: '/leads/leads/', indexes: ['assign_to', 'stage', 'followup_date', 'created_at', 'company', 'source'], module: 'leads' },
  vendors: { path: '/vendors/vendors/', indexes: ['name', 'state', 'updated_at'], module: 'vendors' },
  materials: { path: '/materials/materials/', indexes: ['name', 'category', 'subcategory', 'unit', 'quantity', 'updated_at'], module: 'materials' },
  materialCategories: { path: '/materials/material-categories/', indexes: ['name'], module: 'materials' },
  materialSubcategories: { path: '/materials/material-subcategories/', indexes: ['name', 'category'], module: 'materials' },
  estimationMaterials: { path: '/estimationmaterials/estimation_materials/', indexes: ['name', 'category', 'rate'], module: 'estimation' },
  estimationMaterialCategories: { path: '/estimationmaterials/estimation_material_categories/', indexes: ['name'], module: 'estimation' },
} as const satisfies Record<string, DataTypeDef>;

export type DataType = keyof typeof DATA_TYPES;
export const DATA_TYPE_NAMES = Object.keys(DATA_TYPES) as DataType[];

/**
 * Management users load lazily per route (product-frame.md §4): each module home route and the
 * data types it needs (§9, exactly; the spec's `dnotes-home` is the route `dnote-home`). A type
 * with no loader yet is recorded as 'No loader found for: {type}' and the others still load.
 */
export const MODULE_HOME_DATA: Readonly<Record<string, readonly string[]>> = {
  'customers-home': ['customers'],
  'vendors-home': ['vendors'],
  'materials-home': ['materials'],
  'leads-home': ['leads'],
  'quotations-home': ['quotations', 'customers'],
  'salesorders-home': ['salesOrders'],
  'jobs-home': ['jobOrders', 'customers'],
  'estimations-home': ['estimations', 'customers'],
  'lpos-home': ['lpos', 'vendors'],
  'gra-home': ['gras', 'lpos'],
  'requisitions-home': ['requisitions'],
  'reports-home': [],
  'invoices-home': ['invoices', 'customers'],
  'dnote-home': ['deliveryNotes'],
  'dispatches-home': ['dispatches'],
};

/**
 * The mirrored data each built screen reads (its lookups included). The refresh rules reload
 * these with a delta sync (product-frame.md §2 "List refresh rules": a dashboard on every entry;
 * a list after a create/update screen that affects it, or when reached from a public screen or a
 * dashboard), and a type this user has never loaded loads on entry whatever the way in.
 * Area issues add their screens as they build them.
 */
export const SCREEN_DATA: Readonly<Record<string, readonly DataType[]>> = {
  'materials-home': ['materials', 'materialCategories'],
  'customers-home': ['customers'],
};
