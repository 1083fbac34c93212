import { API } from './api-paths';
import { MESSAGE_MIRROR_DAYS } from './message';
import type { ModuleName } from './modules';
import { materialNamesTypeOf } from './row-rules';
import type { UserRole } from './user';

/**
 * The data types of the local mirror (product-frame.md §4 "Data preloading", §9): what the
 * offline layer loads from a list endpoint with `updated_since`, keeps in IndexedDB and shows.
 * Indexes are the list screens' filters and orderings; `id` is always the key.
 */
export interface DataTypeDef {
  /**
   * List endpoint under /api/v1 that answers `?updated_since=`. A type whose area has not built
   * its list yet has a table but no path: it has no loader ('No loader found for: {type}').
   */
  readonly path?: string;
  /** Secondary indexes of the local table. */
  readonly indexes: readonly string[];
  /** The module whose switch hides this data. */
  readonly module?: ModuleName;
  /** How the device's lists page through this type without reading every row (big types only). */
  readonly query?: LocalQueryDef;
  /** Only the users this accepts load the type (others have what it holds in another type). */
  readonly loadedFor?: (user: UserRole) => boolean;
  /**
   * The type holds only rows whose `field` (an indexed ISO time) is within the last `days` by the
   * server's clock: each sync drops the older ones (never one with a change still in the outbox).
   */
  readonly window?: { readonly field: string; readonly days: number };
}

/** text: ignoring case; number: a decimal string by its value; value: as stored (ISO dates, ids). */
export type SortKind = 'text' | 'number' | 'value';

export interface LocalQueryDef {
  /** Fields whose words a search matches (domain/rules/search.ts), kept in a words index. */
  readonly search?: readonly string[];
  /** A search also finds the rows whose reference (`field`) names a row of another data type whose words match. */
  readonly searchVia?: { readonly field: string; readonly type: string };
  /** The orders a list may ask for, each kept as an index ('value' sorts use the field's own). */
  readonly sorts: Readonly<Record<string, SortKind>>;
}

/** Local-only fields the mirror adds to a row for its indexes; never sent anywhere. */
export const WORDS_FIELD = '_words';
export const sortField = (field: string, kind: SortKind) => (kind === 'value' ? field : `_sort_${field}`);

export const DATA_TYPES = {
  customers: { path: API.customers.list, indexes: ['name', 'state', 'updated_at'], module: 'customers' },
  customerBranches: { path: API.customerBranches.list, indexes: ['customer', 'location', 'is_active'], module: 'customers' },
  customerLpoCodes: { path: API.customerLpoCodes.list, indexes: ['customer', 'code'], module: 'customers' },
  leads: { path: API.leads.list, indexes: ['assign_to', 'stage', 'followup_date', 'created_at', 'company', 'source'], module: 'leads' },
  /** Every remark on the leads a user sees (decision 200): a lead's remarks and the Not Actioned filter read them on the device. */
  leadRemarks: { path: API.leads.remarkRows, indexes: ['lead', 'created_at'], module: 'leads' },
  vendors: { path: API.vendors.list, indexes: ['name', 'state', 'updated_at'], module: 'vendors' },
  materials: {
    path: API.materials.list,
    indexes: ['name', 'category', 'subcategory', 'unit', 'updated_at'],
    module: 'materials',
    query: { search: ['name', 'brand', 'size', 'color', 'thickness'], sorts: { name: 'text', quantity: 'number', reorder_level: 'number' } },
  },
  /** Every material's name and unit, for the requisition picker and lines of users whose materials are narrower (row-rules.ts). */
  materialNames: {
    path: API.materialNames.list,
    indexes: ['name', 'category', 'unit', 'updated_at'],
    module: 'materials',
    query: { search: ['name', 'brand', 'size', 'color', 'thickness'], sorts: { name: 'text' } },
    loadedFor: (user: UserRole) => materialNamesTypeOf(user) === 'materialNames',
  },
  materialCategories: { path: API.materialCategories.list, indexes: ['name'], module: 'materials' },
  materialSubcategories: { path: API.materialSubcategories.list, indexes: ['name', 'category'], module: 'materials' },
  estimationMaterials: { path: API.estimationMaterials.list, indexes: ['name', 'category', 'rate'], module: 'estimation' },
  estimationMaterialCategories: { path: API.estimationMaterialCategories.list, indexes: ['name'], module: 'estimation' },
  /** A sales executive's device holds their own quotations (row-rules.ts); the lines are read online with the detail. */
  quotations: { path: API.quotations.list, indexes: ['customer', 'branch', 'sales_exec', 'quotation_date', 'monarch_entity'], module: 'quotations' },
  /** The list's rows (customer name, overdue, pending advance as of the sync): the customer detail lists them on the device. */
  salesOrders: { path: API.salesOrders.list, indexes: ['status', 'customer', 'branch', 'created_by', 'order_date', 'expected_delivery_date'], module: 'sales orders' },
  /** The list's rows (customer name, allocations with their invoice numbers, what is left unallocated): the receipts screens read them on the device. */
  receipts: { path: API.receipts.list, indexes: ['customer', 'sales_order', 'job_order', 'receipt_date'], module: 'receipts' },
  // The area issues give these their list endpoints; their tables and indexes are here already.
  estimations: { path: API.estimations.list, indexes: ['customer', 'status', 'estimation_date'], module: 'estimation' },
  jobOrders: { path: API.jobOrders.list, indexes: ['status', 'bucket', 'customer', 'branch', 'sales_executive', 'created_at'], module: 'job orders' },
  jobOrderExpenses: { path: API.jobOrderExpenses.list, indexes: ['job_order', 'status', 'expense_date'], module: 'job orders' },
  deliveryNotes: { path: API.deliveryNotes.list, indexes: ['job_order', 'status', 'delivery_date', 'created_at'], module: 'delivery notes' },
  deliveryNoteItems: { path: API.deliveryChallanDetails.list, indexes: ['delivery_note', 'job_order_item'], module: 'delivery notes' },
  /** The job order products a delivery note may carry (served by the delivery-note module, so notes are raised offline). */
  jobOrderItems: { path: API.deliveryNotes.jobOrderItems, indexes: ['job_order'], module: 'delivery notes' },
  dispatches: { path: API.dispatches.list, indexes: ['delivery_note', 'job_order', 'status', 'dispatch_date'], module: 'dispatches' },
  requisitions: { path: API.requisitions.list, indexes: ['job_order', 'requisition_type', 'requested_by', 'is_completed', 'created_at'], module: 'requisitions' },
  requisitionDetails: { path: API.requisitionDetails.list, indexes: ['requisition', 'material', 'job_order'], module: 'requisitions' },
  stockTransactions: {
    path: API.stockTransactions.list,
    indexes: ['material', 'transaction_type', 'transaction_date', 'requisition', 'job_order', 'status'],
    module: 'materials',
    query: { searchVia: { field: 'material', type: 'materials' }, sorts: { transaction_date: 'value', quantity: 'number' } },
  },
  stockAdjustments: { path: API.stockAdjustments.list, indexes: ['material', 'status', 'created_at'], module: 'materials' },
  lpos: { path: API.lpos.list, indexes: ['vendor', 'status', 'lpo_date', 'requisition'], module: 'purchase orders' },
  gras: { path: API.gras.list, indexes: ['lpo', 'vendor', 'gra_date'], module: 'GRA' },
  graItems: { path: API.graItems.list, indexes: ['gra', 'material', 'lpo_item'], module: 'GRA' },
  /** The LPOs' lines (what was ordered, what came so far): GRAs are received against them offline. */
  lpoItems: { path: API.lpoItems.list, indexes: ['lpo', 'material'], module: 'purchase orders' },
  /** The list's rows (customer name, overdue as of the sync; the screens work overdue out on the day they show it). */
  invoices: { path: API.invoices.list, indexes: ['status', 'customer', 'invoice_date', 'due_date', 'sales_order', 'job_order'], module: 'invoices' },
  /** The invoices' lines: an invoice's detail (its GST per line) reads offline. */
  invoiceItems: { path: API.invoices.items.list, indexes: ['invoice'], module: 'invoices' },
  /** The user's conversations of the last 30 days (decision 384): read offline, written through the outbox. */
  messages: { path: API.messaging.mine, indexes: ['conversation', 'sender', 'created_at'], module: 'messaging', window: { field: 'created_at', days: MESSAGE_MIRROR_DAYS } },
} as const satisfies Record<string, DataTypeDef>;

export type DataType = keyof typeof DATA_TYPES;

/** The local query of a type, if its lists page through indexes. */
export const localQueryOf = (type: DataType): LocalQueryDef | undefined => (DATA_TYPES[type] as DataTypeDef).query;

/** Every index of a type's local table: its own, the words index and the sort indexes of its query. */
export function localIndexesOf(type: DataType): string[] {
  const query = localQueryOf(type);
  const indexes = new Set<string>(DATA_TYPES[type].indexes);
  if (query?.search) indexes.add(`*${WORDS_FIELD}`);
  for (const [field, kind] of Object.entries(query?.sorts ?? {})) indexes.add(sortField(field, kind));
  return [...indexes];
}
export const DATA_TYPE_NAMES = Object.keys(DATA_TYPES) as DataType[];

/** A type's list endpoint, or undefined while its area has not built one (or for a name that is no type). */
export const listPathOf = (type: DataType): string | undefined => (DATA_TYPES[type] as DataTypeDef | undefined)?.path;
export const windowOf = (type: DataType): DataTypeDef['window'] => (DATA_TYPES[type] as DataTypeDef | undefined)?.window;
/** The types the mirror can load today: those with a list endpoint. */
export const LOADABLE_TYPES: readonly DataType[] = DATA_TYPE_NAMES.filter((type) => listPathOf(type) !== undefined);

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
  ...Object.fromEntries(['job-expenses-home', 'job-expense-create'].map((route) => [route, ['jobOrderExpenses', 'jobOrders', 'customers'] as const])),
  'materials-home': ['materials', 'materialCategories'],
  'material-detail': ['materials', 'materialCategories', 'materialSubcategories'],
  // Their material pickers search the device.
  ...Object.fromEntries(['price-variance', 'material-consumption'].map((route) => [route, ['materials'] as const])),
  ...Object.fromEntries(['customers-home', 'sales-customers'].map((route) => [route, ['customers'] as const])),
  // The detail shows the customer's job orders and the leads it came from to those who may read them (the preload skips the others).
  ...Object.fromEntries(['customer-detail', 'sales-customer-detail'].map((route) => [route, ['customers', 'customerBranches', 'customerLpoCodes', 'jobOrders', 'leads', 'quotations', 'salesOrders', 'invoices'] as const])),
  ...Object.fromEntries(['customer-edit', 'sales-customer-edit'].map((route) => [route, ['customers'] as const])),
  ...Object.fromEntries(['customer-branches-home', 'customer-lpocodes-home'].map((route) => [route, ['customers', 'customerBranches', 'customerLpoCodes'] as const])),
  ...Object.fromEntries(
    ['requisitions-home', 'stores-requisitions', 'metal-requisitions', 'acrylic-requisitions'].map((route) => [route, ['requisitions', 'requisitionDetails', 'jobOrders', 'customers'] as const]),
  ),
  ...Object.fromEntries(['requisition-create', 'foreman-requisition-create', 'metal-requisition-create'].map((route) => [route, ['materials', 'materialNames', 'jobOrders', 'customers'] as const])),
  'stock-transactions-home': ['stockTransactions', 'materials'],
  'stock-transaction-create': ['materials', 'jobOrders'],
  'material-categories-home': ['materialCategories', 'materialSubcategories'],
  'material-subcategories-home': ['materialCategories', 'materialSubcategories'],
  ...Object.fromEntries(['stock-adjustments-home', 'stock-adjustment-create'].map((route) => [route, ['stockAdjustments', 'materials'] as const])),
  ...Object.fromEntries(['requisition-detail', 'foreman-requisition-detail'].map((route) => [route, ['requisitions', 'requisitionDetails', 'materials', 'materialNames', 'jobOrders'] as const])),
  ...Object.fromEntries(
    ['dnote-home', 'prod-dnote-home', 'dnotes-cancelled', 'dnote-create', 'prod-dnote-create', 'dnote-detail', 'prod-dnote-detail'].map((route) => [
      route,
      ['deliveryNotes', 'deliveryNoteItems', 'jobOrderItems', 'jobOrders', 'customers'] as const,
    ]),
  ),
  ...Object.fromEntries(
    ['dispatches-home', 'dispatch-detail', 'job-dispatch-detail', 'accounts-dispatch-detail', 'jobs-ready-to-dispatch'].map((route) => [route, ['dispatches', 'deliveryNotes', 'jobOrders', 'customers'] as const]),
  ),
  ...Object.fromEntries(['jobs-home', 'prod-jobs', 'metal-jobs'].map((route) => [route, ['jobOrders', 'customers'] as const])),
  ...Object.fromEntries(
    ['job-order-detail', 'prod-joborder-detail', 'acrylic-job-detail', 'accounts-job-detail', 'design-job-detail'].map((route) => [route, ['jobOrders', 'jobOrderItems', 'customers', 'customerBranches'] as const]),
  ),
  'job-order-create': ['customers', 'customerBranches', 'jobOrders'],
  'messages-home': ['messages'],
  // Sales orders are read from the server; the filters and the branch name come from the device.
  ...Object.fromEntries(['salesorders-home', 'sales-orders'].map((route) => [route, ['customers'] as const])),
  ...Object.fromEntries(['salesorder-detail', 'sales-order-detail'].map((route) => [route, ['customers', 'customerBranches'] as const])),
  // The quotation lists filter on the device; the detail names the customer's branch from it.
  ...Object.fromEntries(['quotations-home', 'sales-quotations'].map((route) => [route, ['quotations', 'customers'] as const])),
  ...Object.fromEntries(['quotation-detail', 'sales-quotation-detail'].map((route) => [route, ['quotations', 'customers', 'customerBranches'] as const])),
  // The LPO list reads the device (the purchase, stores and accounts departments reach it outside the management module loader); New LPO picks vendors and materials.
  'lpos-home': ['lpos', 'vendors'],
  'lpo-create': ['vendors', 'materials'],
  // Not in the design preload set: the other departments using it may not read GRAs (decision 131).
  ...Object.fromEntries(['leads-home', 'lead-detail', 'lead-detail-direct', 'lead-edit', 'leads-reassign'].map((route) => [route, ['leads', 'leadRemarks'] as const])),
  'metal-gra': ['gras', 'graItems', 'requisitions', 'requisitionDetails', 'materials'],
  // Receiving offline needs the open LPOs with their lines (issue 19 §4); the lines name their material.
  // The invoice list filters on the device; the detail reads offline from its lines; the form picks customers (their states decide the GST).
  ...Object.fromEntries(['invoices-home', 'invoice-create', 'invoice-edit', 'invoice-detail'].map((route) => [route, ['invoices', 'invoiceItems', 'customers'] as const])),
  ...Object.fromEntries(['gra-home', 'gra-create', 'gra-detail'].map((route) => [route, ['gras', 'graItems', 'lpos', 'lpoItems', 'vendors', 'materials'] as const])),
  // The receipts read the device; the form allocates to the customer's open invoices and takes advances against its job orders and sales orders.
  ...Object.fromEntries(['receipts-home', 'accounts-receipts', 'job-receipts', 'accounts-job-receipts'].map((route) => [route, ['receipts', 'invoices', 'customers', 'jobOrders', 'salesOrders'] as const])),
  // design-home lists the job orders waiting at design's desk from the device when the server is out of reach.
  'design-home': ['jobOrders', 'customers'],
  // The costing materials and their categories read the device; a material's details add an estimation's lines from the server.
  ...Object.fromEntries(['estimation-materials-home', 'estimation-categories-home', 'estimation-material-details'].map((route) => [route, ['estimationMaterials', 'estimationMaterialCategories'] as const])),
  // accounts-home counts the drafts to approve and this month's receipts on the device, and ages what is owed there offline (decision 334).
  'accounts-home': ['invoices', 'receipts'],
};
