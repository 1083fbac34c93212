import type { DataType } from './data-types';
import type { Department } from './departments';

/**
 * Per-department preload in three tiers (product-frame.md §4, DESIGN.md "Offline-first rules"):
 * critical at 0 ms, important at 100 ms, background at 300 ms. A set lists what the department's
 * screens read first; area issues add their data types here as their lists arrive. A list's
 * lookup types (the material categories that name a material's category) share the list's tier,
 * so the list never shows a row before its lookups. Everyone's conversations of the last 30 days
 * load last (decision 384).
 */
export const PRELOAD_TIERS = [
  { tier: 'critical', delayMs: 0 },
  { tier: 'important', delayMs: 100 },
  { tier: 'background', delayMs: 300 },
] as const;
export type PreloadTier = (typeof PRELOAD_TIERS)[number]['tier'];
export type PreloadSet = Readonly<Record<PreloadTier, readonly DataType[]>>;

/** The departments with a set of their own; acrylic, metal, glass, fabrication and graphic use design's. */
export type PreloadSetName = 'marketing' | 'sales' | 'purchase' | 'production' | 'stores' | 'accounts' | 'management' | 'design';

export const PRELOAD_SETS: Readonly<Record<PreloadSetName, PreloadSet>> = {
  marketing: { critical: ['leads', 'leadRemarks'], important: ['customers'], background: ['customerBranches', 'messages'] },
  // Sales visit customers knowing what they owe (the customer's record reads their invoices).
  sales: { critical: ['leads', 'leadRemarks', 'customers'], important: ['customerBranches', 'customerLpoCodes', 'quotations', 'salesOrders'], background: ['estimationMaterials', 'estimationMaterialCategories', 'invoices', 'messages'] },
  purchase: { critical: ['vendors', 'materials', 'materialCategories'], important: ['materialSubcategories', 'lpos', 'lpoItems', 'gras', 'graItems'], background: ['customers', 'messages'] },
  production: {
    critical: ['materials', 'materialCategories'],
    // materialNames: the requisition picker of those whose materials are narrower (foremen and most of production).
    important: ['jobOrders', 'requisitions', 'requisitionDetails', 'materialNames', 'customers'],
    background: ['materialSubcategories', 'customerBranches', 'deliveryNotes', 'deliveryNoteItems', 'jobOrderItems', 'jobOrderExpenses', 'messages'],
  },
  // The LPOs' lines and the GRAs: stores receive goods against them offline (issue 19 §4).
  stores: {
    critical: ['materials', 'materialCategories'],
    important: ['requisitions', 'requisitionDetails', 'jobOrders', 'materialSubcategories', 'vendors', 'lpos', 'lpoItems', 'gras', 'graItems'],
    background: ['stockAdjustments', 'customers', 'messages'],
  },
  // Accounts raise invoices (read offline with their lines), record receipts against them, close job orders with them and record advances.
  accounts: { critical: ['customers', 'invoices', 'receipts'], important: ['invoiceItems', 'customerBranches', 'vendors', 'jobOrders'], background: ['customerLpoCodes', 'jobOrderItems', 'messages'] },
  /** Management loads lazily per route; this is its critical preload (§4: customers). */
  management: { critical: ['customers'], important: [], background: [] },
  design: { critical: ['estimationMaterials', 'estimationMaterialCategories'], important: ['customers', 'jobOrders', 'estimations'], background: ['materials', 'materialCategories', 'messages'] },
};

const SET_OF_DEPARTMENT: Partial<Record<Department, PreloadSetName>> = {
  marketing: 'marketing',
  sales: 'sales',
  purchase: 'purchase',
  production: 'production',
  stores: 'stores',
  accounts: 'accounts',
  management: 'management',
  design: 'design',
  acrylic: 'design',
  metal: 'design',
  glass: 'design',
  fabrication: 'design',
  graphic: 'design',
};

/** The preload set of a department; unknown departments (and none) use the management set. */
export function preloadSetNameOf(department: Department | null | undefined): PreloadSetName {
  return (department && SET_OF_DEPARTMENT[department]) || 'management';
}
