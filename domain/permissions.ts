import type { DATA_TYPES, DataType } from './data-types';
import { matchesRole, type RoleMatch } from './roles';
import type { User, UserRole } from './user';

/** A grant: a role match, optionally also requiring a per-user flag an admin sets. */
export interface Grant extends RoleMatch {
  readonly flag?: 'can_create_materials';
}

/** Anyone signed in. */
const ANYONE: Grant = {};
const SALES: Grant = { departments: ['sales'] };
const MANAGEMENT: Grant = { departments: ['management'] };
const ACCOUNTS: Grant = { departments: ['accounts'] };
const PURCHASE: Grant = { departments: ['purchase'] };
const STORES: Grant = { departments: ['stores'] };
const DESIGN: Grant = { departments: ['design'] };
/** The workshops that work from design's preload set (product-frame.md §4). */
const WORKSHOPS: Grant = { departments: ['acrylic', 'metal', 'glass', 'fabrication', 'graphic'] };
/** The shops that raise requisitions: production and the department workshops. */
const SHOP_FLOOR: Grant = { departments: ['production', 'acrylic', 'metal', 'glass', 'fabrication', 'graphic', 'packing-dispatch'] };
const MANAGERS: Grant = { designations: ['manager', 'assistant-manager', 'CEO', 'COO'] };
const STORES_MANAGER: Grant = { departments: ['stores'], designations: ['manager', 'assistant-manager'] };
const PRODUCTION_MANAGER: Grant = { departments: ['production'], designations: ['manager', 'assistant-manager'] };
const PRODUCTION: Grant = { departments: ['production'] };
const PACKING_DISPATCH: Grant = { departments: ['packing-dispatch'] };
const PURCHASE_MANAGER: Grant = { departments: ['purchase'], designations: ['manager', 'assistant-manager'] };
const SALES_MANAGER: Grant = { departments: ['sales'], designations: ['manager', 'assistant-manager'] };
const ACCOUNTS_MANAGER: Grant = { departments: ['accounts'], designations: ['manager', 'assistant-manager'] };
const COSTING_MANAGER: Grant = { departments: ['design'], designations: ['costing-manager', 'manager'] };

/**
 * Who may do what (department and designation x resource x action), as data; docs/permissions.md
 * explains each choice. Superusers may do everything; an action listed with no grants is
 * superuser-only. Row rules (which rows a permitted user sees) are in domain/row-rules.ts.
 */
export const PERMISSIONS = {
  /** The user list feeds assignee dropdowns (sales executives, foremen) on many screens. */
  'users.list': [ANYONE],
  /** Activate, deactivate, reset passwords, grant material creation: the Admin department. */
  'users.admin': [{ departments: ['admin'] }],
  'modules.read': [ANYONE],
  'modules.manage': [],
  'system.config': [],
  'system.admin': [],
  /** Unsent changes other users left on a shared device: supervisors and managers of any department may export or discard them (audited). */
  'device-outbox.manage': [{ designations: ['supervisor', 'supervisor-packing-dispatch', 'quality-check-supervisor', 'assistant-manager', 'manager', 'CEO', 'COO'] }],
  'dashboard.landing': [ANYONE],
  /** The workshop dashboards (docs/decisions.md 118-122): each workshop's own, production managers and management follow them all. */
  'dashboard.production': [PRODUCTION, MANAGEMENT],
  'dashboard.foreman': [PRODUCTION],
  'dashboard.metal': [{ departments: ['metal'] }, PRODUCTION_MANAGER, MANAGEMENT],
  'dashboard.acrylic': [{ departments: ['acrylic'] }, PRODUCTION_MANAGER, MANAGEMENT],
  /** purchases-dash, where stores and purchase land (docs/decisions.md 130); management follows it. */
  'dashboard.purchases': [STORES, PURCHASE, MANAGEMENT],
  /** sales-dash and the team's view: sales and management (a sales executive's figures are their own, domain/sales-dashboard.ts). */
  'dashboard.sales': [SALES, MANAGEMENT],

  /** Customers appear on job orders, estimations, invoices and dispatches: everyone reads them. */
  'customers.read': [ANYONE],
  'customers.write': [SALES, ACCOUNTS, MANAGEMENT],

  /** Vendors are purchasing's; stores receive against them, accounts pay them. */
  'vendors.read': [PURCHASE, STORES, ACCOUNTS, MANAGEMENT],
  'vendors.write': [PURCHASE, MANAGEMENT],
  'vendors.report': [PURCHASE, ACCOUNTS, MANAGEMENT],
  /** LPOs are purchasing's; stores receive against them, accounts match bills to them, management follows them. */
  'lpos.read': [PURCHASE, STORES, ACCOUNTS, MANAGEMENT],
  /** Raising, editing, sending, cancelling and short-closing an LPO: purchase. */
  'lpos.write': [PURCHASE],
  /** Approving an LPO at or below the approval threshold: any purchase user, its author too. */
  'lpos.approve': [PURCHASE],
  /** Approving one above it: a purchase manager, never its author (the service checks that). */
  'lpos.approve-above-threshold': [PURCHASE_MANAGER],
  /** Goods received: stores books them, purchase and accounts match them to LPOs and bills, metal follows its sheets and pipes arriving. */
  'gras.read': [STORES, PURCHASE, { departments: ['metal'] }, MANAGEMENT, ACCOUNTS],
  /** Booking, correcting and cancelling GRAs (their receipts move stock): stores at the gate, purchase matching them to LPOs. */
  'gras.write': [STORES, PURCHASE],

  /** Everyone picks materials (requisitions, estimations); row rules narrow production's view. */
  'materials.read': [ANYONE],
  /** Creating a material needs the per-user permission an admin grants (product-frame.md §7). */
  'materials.create': [{ flag: 'can_create_materials' }],
  'materials.write': [STORES, PURCHASE],
  'materials.delete': [STORES, PURCHASE],
  'material-categories.read': [ANYONE],
  'material-categories.write': [STORES, PURCHASE],

  /**
   * Estimation rates are costing data: design prices, sales and management quote from them; the
   * workshops read them too, since they work from design's preload set (product-frame.md §4).
   */
  'estimation-materials.read': [DESIGN, WORKSHOPS, SALES, MANAGEMENT, ACCOUNTS],
  'estimation-materials.write': [DESIGN, MANAGEMENT],

  /**
   * Job orders: sales makes them, design designs for them, the shop floor and stores work against
   * them, accounts bill them. Design reads only those that reached its desk (row-rules.ts).
   */
  'job-orders.read': [SALES, DESIGN, SHOP_FLOOR, STORES, PURCHASE, ACCOUNTS, MANAGEMENT],
  /** Raising and editing a job order (main fields, products): sales, production managers, management. */
  'job-orders.write': [SALES, PRODUCTION_MANAGER, MANAGEMENT],
  /** The work's progress (Created to Dispatched): production (foremen included), packing and dispatch, management. */
  'job-orders.status': [PRODUCTION, PACKING_DISPATCH, MANAGEMENT],
  /** Passing a job order to the next desk, or back with a remark: every desk it passes. */
  'job-orders.bucket': [SALES, DESIGN, PRODUCTION, STORES, PACKING_DISPATCH, ACCOUNTS, MANAGEMENT],
  /** The customer called it off: a sales manager or management cancels. */
  'job-orders.cancel': [SALES_MANAGER, MANAGEMENT],
  /** Closing with the invoice, later invoice corrections and the advance received: accounts and management. */
  'job-orders.close': [ACCOUNTS, MANAGEMENT],
  /** Valuation, status-wise and profitability reports: accounts, management and managers. */
  'job-orders.reports': [ACCOUNTS, MANAGEMENT, MANAGERS],
  /** Job order expenses: production spends (the foreman on site records it), accounts pays, management follows. */
  'job-order-expenses.read': [PRODUCTION, ACCOUNTS, MANAGEMENT],
  'job-order-expenses.write': [PRODUCTION, ACCOUNTS, MANAGEMENT],
  /** Money leaves the company: a production manager, accounts or management approves or rejects it. */
  'job-order-expenses.approve': [PRODUCTION_MANAGER, ACCOUNTS, MANAGEMENT],

  /** Requisitions: the shop floor raises them, stores serves them, managers follow them. */
  'requisitions.read': [SHOP_FLOOR, STORES, PURCHASE, MANAGEMENT, ACCOUNTS],
  'requisitions.write': [SHOP_FLOOR, STORES, MANAGEMENT],
  /** Re-work and shortfall cost money twice: a production manager or management approves them. */
  'requisitions.approve': [PRODUCTION_MANAGER, MANAGEMENT],
  'requisitions.close': [PRODUCTION_MANAGER, STORES, MANAGEMENT],

  /** Delivery notes: production raises and edits them, packing reads what to pack, sales and accounts follow them. */
  'delivery-notes.read': [SHOP_FLOOR, SALES, ACCOUNTS, STORES, MANAGEMENT],
  'delivery-notes.write': [PRODUCTION, PACKING_DISPATCH, MANAGEMENT],
  /** An approved note is what leaves the factory: a production supervisor or manager, or management, approves it. */
  'delivery-notes.approve': [{ departments: ['production'], designations: ['supervisor', 'manager', 'assistant-manager'] }, MANAGEMENT],
  /** Packed and ready: packing and dispatch says so (production managers and management too). */
  'delivery-notes.ready': [PACKING_DISPATCH, PRODUCTION_MANAGER, MANAGEMENT],
  /** Dispatches and the packing and dispatch dashboard: the warehouse's, read by those who follow deliveries. */
  'dispatches.read': [PACKING_DISPATCH, PRODUCTION, SALES, ACCOUNTS, MANAGEMENT],
  'dispatches.write': [PACKING_DISPATCH, MANAGEMENT],

  /** The stock ledger: stores records issues and returns (receipts come with GRAs); others read it. */
  'stock.read': [STORES, PURCHASE, SHOP_FLOOR, MANAGEMENT, ACCOUNTS],
  'stock.write': [STORES],
  /** Dating a stock transaction further back than the stock settings allow: a stores manager. */
  'stock.backdate': [STORES_MANAGER],
  /** Reversing a ledger row, with a reason: a stores manager. */
  'stock.reverse': [STORES_MANAGER],
  /** Adjustments: stores requests them; only a stores manager (or a superuser) decides. */
  'stock-adjustments.request': [STORES],
  'stock-adjustments.decide': [STORES_MANAGER],
  /** Stock value and the material reports: stores, purchase, accounts and managers. */
  'stock.reports': [STORES, PURCHASE, ACCOUNTS, MANAGEMENT, MANAGERS],

  /** Leads are sales' and marketing's, who bring them in; management follows them. Executives see only their own (row rule). */
  'leads.read': [SALES, { departments: ['marketing'] }, MANAGEMENT],
  /** Who brings leads in also records and works them: sales and marketing; management steps in. Executives write only their own (row rule). */
  'leads.write': [SALES, { departments: ['marketing'] }, MANAGEMENT],
  /** Moving leads between executives is a manager's call: sales managers and management. */
  'leads.reassign': [SALES_MANAGER, MANAGEMENT],

  /** design-home: the design department and management. */
  'dashboard.design': [DESIGN, MANAGEMENT],
  /** Estimations are design's costing; the workshops build from them, sales quotes from them, management follows them. */
  'estimations.read': [DESIGN, WORKSHOPS, SALES, MANAGEMENT],
  'estimations.write': [DESIGN, MANAGEMENT],
  /** Raising an estimation request (a new estimation, then design costs it): also sales, who met the customer (issue 18 §1). */
  'estimations.request': [DESIGN, SALES, MANAGEMENT],
  /** Approving a costing: a costing manager (or design's manager) and management, never its author (duty-rules.ts). */
  'estimations.approve': [COSTING_MANAGER, MANAGEMENT],
  /** Turning an approved costing into a quotation with a margin: sales, management and the costing manager. */
  'estimations.quote': [SALES, MANAGEMENT, COSTING_MANAGER],

  /** Quotations are sales'; design prices them, accounts bills from them (their item images and attachments follow these). */
  'quotations.read': [SALES, DESIGN, ACCOUNTS, MANAGEMENT],
  'quotations.write': [SALES, MANAGEMENT],
  /**
   * Sales orders are sales'; accounts bills and collects against them, management follows them,
   * and production managers read them because they raise job orders from accepted orders.
   */
  'sales-orders.read': [SALES, ACCOUNTS, MANAGEMENT, PRODUCTION_MANAGER],
  /** Taking, changing and moving orders on: sales and management (an executive only their own orders: row-rules.ts). */
  'sales-orders.write': [SALES, MANAGEMENT],
  /** Missed SRP opportunities: sales and management (an executive's figures are their own). */
  'sales.reports': [SALES, MANAGEMENT],
  /** The sales analysis alone: sales and management, and accounts on /sales-analysis-accounts (docs/decisions.md 335). */
  'sales.analysis': [SALES, ACCOUNTS, MANAGEMENT],
  /** Invoices are accounts'; sales follows what its customers are billed. */
  'invoices.read': [ACCOUNTS, SALES, MANAGEMENT],
  'invoices.write': [ACCOUNTS, MANAGEMENT],
  /** Approving issues the tax invoice (its number, frozen amounts): accounts managers and management, never its maker (duty-rules.ts). */
  'invoices.approve': [ACCOUNTS_MANAGER, MANAGEMENT],
  /** Money received from customers: accounts record it; sales follows its customers' payments and advances. */
  'receipts.read': [ACCOUNTS, SALES, MANAGEMENT],
  'receipts.write': [ACCOUNTS, MANAGEMENT],
  /** GST rates, invoice layouts and numbering settings: accounts managers and management. */
  'invoices.configure': [ACCOUNTS_MANAGER, MANAGEMENT],
  /** Messaging: everyone has conversations; which ones they read and write in is the conversation's rule (docs/permissions.md "Messaging"). */
  'messages.read': [ANYONE],
  'messages.write': [ANYONE],
} as const satisfies Record<string, readonly Grant[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Who may use a screen or an endpoint: any signed-in user, or the holders of a permission (the server's `config.access` too). */
export type Access = 'signed-in' | Permission;

/** The data types the mirror loads from a list endpoint. */
type MirroredType = { [T in DataType]: (typeof DATA_TYPES)[T] extends { readonly path: string } ? T : never }[DataType];

/**
 * The permission that reads each mirrored data type: its list endpoint's access. Preload sets
 * and screens name only types their users may read (tests/domain/roles-agree.test.ts), and
 * tests/api/roles-agree.test.ts holds every list endpoint to this table.
 */
export const READ_PERMISSIONS: Readonly<Record<MirroredType, Permission>> = {
  customers: 'customers.read',
  customerBranches: 'customers.read',
  customerLpoCodes: 'customers.read',
  leads: 'leads.read',
  leadRemarks: 'leads.read',
  quotations: 'quotations.read',
  salesOrders: 'sales-orders.read',
  vendors: 'vendors.read',
  materials: 'materials.read',
  materialNames: 'materials.read',
  materialCategories: 'material-categories.read',
  materialSubcategories: 'material-categories.read',
  estimationMaterials: 'estimation-materials.read',
  estimationMaterialCategories: 'estimation-materials.read',
  estimations: 'estimations.read',
  jobOrders: 'job-orders.read',
  jobOrderExpenses: 'job-order-expenses.read',
  deliveryNotes: 'delivery-notes.read',
  deliveryNoteItems: 'delivery-notes.read',
  /** A job order's products: whoever reads the job order (its detail carries them too); design only those of the job orders that reached it. */
  jobOrderItems: 'job-orders.read',
  dispatches: 'dispatches.read',
  requisitions: 'requisitions.read',
  requisitionDetails: 'requisitions.read',
  stockTransactions: 'stock.read',
  stockAdjustments: 'stock.read',
  lpos: 'lpos.read',
  gras: 'gras.read',
  graItems: 'gras.read',
  lpoItems: 'lpos.read',
  invoices: 'invoices.read',
  invoiceItems: 'invoices.read',
  receipts: 'receipts.read',
  messages: 'messages.read',
};

/** What a permission check reads of a user. */
export type PermissionSubject = UserRole & Partial<Pick<User, 'can_create_materials'>>;

function grants(user: PermissionSubject, grant: Grant): boolean {
  return matchesRole(user, grant) && (!grant.flag || user[grant.flag] === true);
}

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  const list: readonly Grant[] = PERMISSIONS[permission];
  return list.some((grant) => grants(user, grant));
}

/** May the user use what `access` guards (a screen, an endpoint, a queued write)? */
export const mayUse = (user: PermissionSubject | null | undefined, access: Access): boolean => (access === 'signed-in' ? !!user : can(user, access));

export const SUPERUSER_REQUIRED = 'Access denied: Superuser privileges required';
/** DRF's refusal of a permission the matrix does not grant. */
export const PERMISSION_DENIED = 'You do not have permission to perform this action.';
