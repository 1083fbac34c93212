import type { RouteDepartment } from './departments';
import type { ModuleName } from './modules';

/** Route kinds of product-frame.md §2. */
export type RouteKind = 'public' | 'dashboard' | 'list' | 'detail' | 'operation';

/** Department layouts of product-frame.md §1. */
export const LAYOUTS = [
  'main',
  'container',
  'sales',
  'production',
  'metal',
  'stores',
  'warehouse',
  'acrylic',
  'accounts',
  'design',
  'reports',
  'superuser',
] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface RouteDef {
  readonly name: string;
  /** react-router path; `:param` segments. */
  readonly path: string;
  readonly kind: RouteKind;
  readonly layout: Layout;
  readonly title: string;
  /** Department that owns the route (its menus show it); none for shared screens. */
  readonly department?: RouteDepartment;
  /** Module switch that hides the route when off. */
  readonly module?: ModuleName;
  /** For create/update screens: the lists that reload when the user comes back from here. */
  readonly affects?: readonly string[];
  readonly adminOnly?: boolean;
  /** Shown in its layout's menu (dashboards and lists by default). */
  readonly menu?: boolean;
}

type Extra = Partial<Omit<RouteDef, 'name' | 'path' | 'kind' | 'title'>>;

/** Builds the routes of one area, which share a layout, department and module. */
function area(defaults: Extra, rows: readonly [name: string, path: string, kind: RouteKind, title: string, extra?: Extra][]): RouteDef[] {
  return rows.map(([name, path, kind, title, extra]) => ({ layout: 'main', ...defaults, name, path, kind, title, ...extra }));
}

/**
 * Every route of both spec documents. Where the spec gives a child path without its parent
 * ("/detail/", "/create/"), the route is nested under the module's path (docs/decisions.md).
 */
export const ROUTES: readonly RouteDef[] = [
  ...area({ layout: 'container' }, [
    ['login-root', '/', 'public', 'Sign in'],
    ['login', '/login', 'public', 'Sign in'],
    ['register', '/register', 'public', 'Register'],
    ['logout', '/logout', 'public', 'Signed out'],
    ['not-found', '/404', 'public', 'Page not found'],
  ]),
  ...area({ layout: 'main' }, [
    ['landing', '/landing', 'dashboard', 'Home'],
    ['password-change', '/password-change', 'operation', 'Change password'],
    ['users-home', '/users', 'list', 'Users', { department: 'admin' }],
    ['sync', '/sync', 'list', 'Sync', { menu: true }],
  ]),

  // Sales
  ...area({ layout: 'sales', department: 'sales' }, [
    ['sales-dash', '/sales/home', 'dashboard', 'Sales dashboard'],
    ['leads-home', '/leads', 'list', 'Leads', { module: 'leads' }],
    ['lead-detail', '/leads/detail/:lead', 'detail', 'Lead', { module: 'leads' }],
    ['lead-detail-direct', '/lead/detail/:lead', 'detail', 'Lead', { module: 'leads' }],
    ['lead-edit', '/leads/edit/:lead', 'operation', 'Edit lead', { module: 'leads', affects: ['leads-home'] }],
    ['leads-reassign', '/leads/reassign', 'operation', 'Reassign leads', { module: 'leads', affects: ['leads-home'], menu: true }],
    ['customers-home', '/customers', 'list', 'Customers', { module: 'customers' }],
    ['customer-detail', '/customers/detail/:customer', 'detail', 'Customer', { module: 'customers' }],
    ['customer-edit', '/customers/edit/:customer', 'operation', 'Edit customer', { module: 'customers', affects: ['customers-home', 'sales-customers'] }],
    ['customer-branches-home', '/customers/:customer/branches', 'list', 'Customer branches', { module: 'customers', menu: false }],
    ['customer-lpocodes-home', '/customers/:customer/lpocodes', 'list', 'Customer LPO codes', { module: 'customers', menu: false }],
    ['sales-customers', '/sales/customers', 'list', 'Customers', { module: 'customers', menu: false }],
    ['sales-customer-detail', '/sales/detail/:customer', 'detail', 'Customer', { module: 'customers' }],
    ['sales-customer-edit', '/sales/edit/:customer', 'operation', 'Edit customer', { module: 'customers', affects: ['customers-home', 'sales-customers'] }],
    ['quotations-home', '/quotations', 'list', 'Quotations', { module: 'quotations' }],
    ['quotation-detail', '/quotations/detail/:id', 'detail', 'Quotation', { module: 'quotations' }],
    ['quotation-create', '/quotations/create', 'operation', 'New quotation', { module: 'quotations', affects: ['quotations-home', 'sales-quotations'] }],
    ['quotation-update', '/quotations/update/:id', 'operation', 'Edit quotation', { module: 'quotations', affects: ['quotations-home', 'sales-quotations'] }],
    ['quotations-cancelled', '/quotations/cancelled', 'list', 'Cancelled quotations', { module: 'quotations', menu: false }],
    ['sales-quotations', '/sales/quotations', 'list', 'Quotations', { module: 'quotations', menu: false }],
    ['sales-quotation-detail', '/sales/quotations/detail/:id', 'detail', 'Quotation', { module: 'quotations' }],
    ['sales-quotation-create', '/sales/quotations/create', 'operation', 'New quotation', { module: 'quotations', affects: ['quotations-home', 'sales-quotations'] }],
    ['sales-quotation-update', '/sales/quotations/update/:id', 'operation', 'Edit quotation', { module: 'quotations', affects: ['quotations-home', 'sales-quotations'] }],
    ['salesorders-home', '/salesorders', 'list', 'Sales orders', { module: 'sales orders' }],
    ['salesorder-detail', '/salesorder/:id', 'detail', 'Sales order', { module: 'sales orders' }],
    ['sales-orders', '/sales/orders', 'list', 'Sales orders', { module: 'sales orders', menu: false }],
    ['sales-order-detail', '/sales/order/:id', 'detail', 'Sales order', { module: 'sales orders' }],
    ['sales-valuation', '/sales/valuation', 'list', 'Job order valuation', { module: 'job orders' }],
    ['sales-closed', '/sales/closed', 'list', 'Closed job orders', { module: 'job orders' }],
    ['missed-srp-opportunities', '/missed-srp-opportunities', 'list', 'Missed SRP opportunities', { module: 'leads' }],
    ['sales-analysis', '/sales-analysis', 'list', 'Sales analysis', { module: 'reports' }],
  ]),

  // Design and estimation
  ...area({ layout: 'design', department: 'design', module: 'estimation' }, [
    ['design-home', '/design', 'dashboard', 'Design', { module: undefined }],
    ['design-job-detail', '/design/job/:id', 'detail', 'Job order', { module: 'job orders' }],
    ['estimations-home', '/estimations', 'list', 'Estimations'],
    ['estimation-add', '/estimations/add', 'operation', 'New estimation', { affects: ['estimations-home'], menu: true }],
    ['estimation-detail', '/estimations/detail/:id', 'detail', 'Estimation'],
    ['estimations-cancelled', '/estimations/cancelled', 'list', 'Cancelled estimations', { menu: false }],
    ['estimation-materials-home', '/estimation/materials', 'list', 'Estimation materials'],
    ['estimation-categories-home', '/estimation/material/categories', 'list', 'Estimation material categories'],
    ['estimation-material-details', '/estimation/:estimation/material/:id/details', 'detail', 'Estimation material'],
    ['estimation-product-costing', '/estimation/product/costing', 'operation', 'Product costing', { affects: ['estimations-home'], menu: true }],
    ['design-estimation-create', '/design/estimation/create', 'operation', 'New estimation', { affects: ['estimations-home'] }],
  ]),

  // Production, foreman, job orders, delivery notes, requisitions
  ...area({ layout: 'production', department: 'production' }, [
    ['production-home', '/production', 'dashboard', 'Production'],
    ['foreman-prod-dashboard', '/production/foreman', 'dashboard', 'Foreman dashboard'],
    ['foreman-requisition-create', '/production/foreman/requisition/create', 'operation', 'New requisition', { module: 'requisitions', affects: ['requisitions-home'] }],
    ['foreman-requisition-detail', '/production/foreman/requisition/:id', 'detail', 'Requisition', { module: 'requisitions' }],
    ['prod-jobs', '/prod/jobs', 'list', 'Job orders', { module: 'job orders', menu: false }],
    ['prod-joborder-detail', '/prod/joborder/detail/:id', 'detail', 'Job order', { module: 'job orders' }],
    ['prod-dnote-home', '/prod/dnote/home', 'list', 'Delivery notes', { module: 'delivery notes', menu: false }],
    ['prod-dnote-create', '/prod/dnote/create', 'operation', 'New delivery note', { module: 'delivery notes', affects: ['dnote-home', 'prod-dnote-home'] }],
    ['prod-dnote-detail', '/prod/dnote/detail/:id', 'detail', 'Delivery note', { module: 'delivery notes' }],
    ['prod-req-discrepancies', '/prod/req/discrepancies', 'list', 'Requisition discrepancies', { module: 'requisitions' }],
    ['jobs-home', '/jobs', 'list', 'Job orders', { module: 'job orders' }],
    ['job-order-detail', '/jobs/job-order-detail/:id', 'detail', 'Job order', { module: 'job orders' }],
    ['job-order-create', '/jobs/create', 'operation', 'New job order', { module: 'job orders', affects: ['jobs-home', 'prod-jobs'], menu: true }],
    ['job-dispatch-detail', '/jobs/detail/:id', 'detail', 'Dispatch detail', { module: 'job orders' }],
    ['jobs-valuation', '/jobs/valuation', 'list', 'Job order valuation', { module: 'job orders' }],
    ['jobs-closed', '/jobs/closed', 'list', 'Closed job orders', { module: 'job orders' }],
    ['jobs-cancelled', '/jobs/cancelled', 'list', 'Cancelled job orders', { module: 'job orders', menu: false }],
    ['jobs-ready-to-dispatch', '/jobs/ready-to-dispatch', 'list', 'Ready to dispatch', { module: 'job orders' }],
    ['jobs-statuswise-detailed', '/jobs/statuswise/detailed', 'list', 'Status-wise job orders', { module: 'job orders' }],
    ['jobs-statuswise-ageing', '/jobs/statuswise/ageing', 'list', 'Status-wise ageing', { module: 'job orders' }],
    ['job-expenses-home', '/jobs/expenses', 'list', 'Job expenses', { module: 'job orders' }],
    ['job-expense-create', '/jobs/expenses/create', 'operation', 'New job expense', { module: 'job orders', affects: ['job-expenses-home', 'jobs-home'] }],
    ['dnote-home', '/dnotes', 'list', 'Delivery notes', { module: 'delivery notes' }],
    ['dnote-create', '/dnotes/create', 'operation', 'New delivery note', { module: 'delivery notes', affects: ['dnote-home', 'prod-dnote-home'], menu: true }],
    ['dnote-detail', '/dnotes/detail/:id', 'detail', 'Delivery note', { module: 'delivery notes' }],
    ['dnotes-cancelled', '/dnotes/cancelled', 'list', 'Cancelled delivery notes', { module: 'delivery notes', menu: false }],
    ['requisitions-home', '/requisitions', 'list', 'Requisitions', { module: 'requisitions' }],
    ['requisition-create', '/requisition/create', 'operation', 'New requisition', { module: 'requisitions', affects: ['requisitions-home'], menu: true }],
    ['requisition-detail', '/detail/requisition/:id', 'detail', 'Requisition', { module: 'requisitions' }],
    ['requisitions-cancelled', '/requisitions/cancelled', 'list', 'Cancelled requisitions', { module: 'requisitions', menu: false }],
    ['requisitions-closed', '/requisitions/closed', 'list', 'Closed requisitions', { module: 'requisitions', menu: false }],
    ['redundant-reserved-materials', '/redundant/reserved/materials', 'list', 'Redundant reserved materials', { module: 'requisitions' }],
    ['not-actioned-requisitions', '/not-actioned/requisitions', 'list', 'Not actioned requisitions', { module: 'requisitions' }],
    ['not-standard-requisitions', '/not-standard/requisitions/detailed', 'list', 'Non-standard requisitions', { module: 'requisitions' }],
    ['closed-job-order-requisitions', '/reports/closed-job-orders', 'list', 'Requisitions of closed job orders', { module: 'requisitions' }],
  ]),
  ...area({ layout: 'metal', department: 'metal' }, [
    ['metal-home', '/metal', 'dashboard', 'Metal workshop'],
    ['metal-requisitions', '/metal/requisitions', 'list', 'Requisitions', { module: 'requisitions' }],
    ['metal-requisition-create', '/metal/requisition/create', 'operation', 'New requisition', { module: 'requisitions', affects: ['metal-requisitions', 'requisitions-home'] }],
    ['metal-jobs', '/metal/jobs', 'list', 'Job orders', { module: 'job orders' }],
    ['metal-gra', '/metal/gra', 'list', 'GRA', { module: 'GRA' }],
  ]),
  ...area({ layout: 'acrylic', department: 'acrylic' }, [
    ['acrylic-trays-dashboard', '/jobs/acrylic', 'dashboard', 'Acrylic & trays'],
    ['acrylic-job-detail', '/jobs/acrylic/job/:id', 'detail', 'Job order', { module: 'job orders' }],
    ['acrylic-requisitions', '/jobs/acrylic/requisitions', 'list', 'Requisitions', { module: 'requisitions' }],
  ]),
  ...area({ layout: 'warehouse', department: 'warehouse' }, [
    ['packing-dispatch-dashboard', '/jobs/warehouse', 'dashboard', 'Packing & dispatch', { department: 'packing-dispatch' }],
    ['dispatches-home', '/dispatches', 'list', 'Dispatches', { module: 'dispatches' }],
    ['dispatch-detail', '/dispatches/detail/:id', 'detail', 'Dispatch', { module: 'dispatches' }],
  ]),

  // Purchasing and stores
  ...area({ layout: 'stores', department: 'purchase' }, [
    ['purchases-dash', '/purchases', 'dashboard', 'Purchases'],
    ['vendor-wise-purchases', '/purchases/vendor-wise', 'list', 'Vendor-wise purchases', { module: 'purchase orders' }],
    ['vendors-home', '/vendors', 'list', 'Vendors', { module: 'vendors' }],
    ['vendor-detail', '/vendors/detail/:vendor', 'detail', 'Vendor', { module: 'vendors' }],
    ['lpos-home', '/lpo', 'list', 'LPOs', { module: 'purchase orders' }],
    ['lpo-create', '/lpo/create', 'operation', 'New LPO', { module: 'purchase orders', affects: ['lpos-home'], menu: true }],
    ['lpo-detail', '/lpo/detail/:id', 'detail', 'LPO', { module: 'purchase orders' }],
    ['lpo-pending-receipt', '/lpo/pending/receipt', 'list', 'LPOs pending receipt', { module: 'purchase orders' }],
    ['lpo-consolidated', '/lpo/consolidated', 'list', 'Consolidated purchases', { module: 'purchase orders' }],
    ['lpos-cancelled', '/lpo/cancelled', 'list', "Cancelled LPO's", { module: 'purchase orders', menu: false }],
    ['gra-home', '/gra', 'list', 'GRAs', { module: 'GRA' }],
    ['gra-create', '/gra/create', 'operation', 'New GRA', { module: 'GRA', affects: ['gra-home', 'materials-home', 'lpos-home'], menu: true }],
    ['gra-detail', '/gra/detail/:id', 'detail', 'GRA', { module: 'GRA' }],
    ['gras-cancelled', '/gra/cancelled', 'list', "Cancelled GRA's", { module: 'GRA', menu: false }],
  ]),
  ...area({ layout: 'stores', department: 'stores', module: 'materials' }, [
    ['stores-requisitions', '/stores/requisitions', 'list', 'Stores requisitions', { module: 'requisitions' }],
    ['stores-material-consumption', '/stores/joborder/:id/material-consumption', 'detail', 'Job order material consumption'],
    ['materials-home', '/materials', 'list', 'Materials'],
    ['material-create', '/materials/create', 'operation', 'New material', { affects: ['materials-home'] }],
    ['material-detail', '/material-detail/:id', 'detail', 'Material'],
    ['material-issued-today', '/material-issued-today', 'list', 'Material issued today'],
    ['material-reorder', '/material/reorder', 'list', 'Reorder'],
    ['material-consumption', '/material/consumption', 'list', 'Consumption'],
    ['material-price-variance', '/material/price-variance/:id', 'detail', 'Price variance'],
    ['price-variance', '/material/price-variance', 'list', 'Price variance'],
    ['material-ageing', '/material/ageing', 'list', 'Material ageing'],
    ['stock-transactions-home', '/stock/transactions', 'list', 'Stock transactions'],
    ['stock-transaction-create', '/stock/transactions/create', 'operation', 'New stock transaction', { affects: ['stock-transactions-home', 'materials-home'] }],
    ['stock-adjustments-home', '/stock/adjustments', 'list', 'Stock adjustments'],
    ['stock-adjustment-create', '/stock/adjustments/create', 'operation', 'New stock adjustment', { affects: ['stock-adjustments-home', 'materials-home'] }],
    ['material-categories-home', '/material/categories', 'list', 'Material categories'],
    ['material-subcategories-home', '/material/subcategories', 'list', 'Material subcategories'],
  ]),

  // Accounts, invoices, receipts, messaging
  ...area({ layout: 'accounts', department: 'accounts' }, [
    ['accounts-home', '/accounts', 'dashboard', 'Accounts'],
    ['accounts-job-detail', '/accounts/job/:id', 'detail', 'Job order', { module: 'job orders' }],
    ['accounts-dispatch-detail', '/accounts/dispatch-detail/:id', 'detail', 'Dispatch detail', { module: 'dispatches' }],
    ['accounts-closed', '/accounts/closed', 'list', 'Closed job orders', { module: 'job orders' }],
    ['accounts-receipts', '/accounts/receipts', 'list', 'Receipts', { module: 'receipts', menu: false }],
    ['accounts-job-receipts', '/accounts/receipts/:jobOrderId', 'detail', 'Job order receipts', { module: 'receipts' }],
    ['receipts-home', '/receipts', 'list', 'Receipts', { module: 'receipts' }],
    ['job-receipts', '/receipts/:jobOrderId', 'detail', 'Job order receipts', { module: 'receipts' }],
    ['sales-analysis-accounts', '/sales-analysis-accounts', 'list', 'Sales analysis', { module: 'reports' }],
    ['invoices-home', '/invoices', 'list', 'Invoices', { module: 'invoices' }],
    ['invoice-create', '/invoices/create', 'operation', 'New invoice', { module: 'invoices', affects: ['invoices-home'], menu: true }],
    ['invoice-from-sales-order', '/invoices/create/from-sales-order/:salesOrderId', 'operation', 'Invoice from sales order', { module: 'invoices', affects: ['invoices-home'] }],
    ['invoice-from-job-order', '/invoices/create/from-job-order/:jobOrderId', 'operation', 'Invoice from job order', { module: 'invoices', affects: ['invoices-home'] }],
    ['invoice-edit', '/invoices/:id/edit', 'operation', 'Edit invoice', { module: 'invoices', affects: ['invoices-home'] }],
    ['invoice-detail', '/invoices/:id', 'detail', 'Invoice', { module: 'invoices' }],
  ]),
  ...area({ layout: 'main', department: 'communication', module: 'messaging' }, [['messages-home', '/messaging', 'list', 'Messages']]),

  // Reports: only the home belongs to management; report screens carry no department.
  ...area({ layout: 'reports', module: 'reports' }, [
    ['reports-home', '/reports', 'dashboard', 'Reports', { department: 'management' }],
    ['sales-orders-reports', '/reports/sales-orders', 'list', 'Sales order reports'],
    ['sales-orders-reports-dashboard', '/reports/sales-orders/dashboard', 'list', 'Sales order dashboard'],
    ['sales-orders-reports-analysis', '/reports/sales-orders/analysis', 'list', 'Sales order analysis'],
    ['sales-orders-reports-status', '/reports/sales-orders/status', 'list', 'Sales orders by status'],
    ['sales-orders-reports-customers', '/reports/sales-orders/customers', 'list', 'Sales orders by customer'],
    ['sales-orders-reports-profitability', '/reports/sales-orders/profitability', 'list', 'Sales order profitability'],
    ['sales-orders-pending-advance', '/reports/sales-orders/pending-advance', 'list', 'Pending advance'],
    ['sales-orders-overdue', '/reports/sales-orders/overdue', 'list', 'Overdue sales orders'],
    ['invoices-reports', '/reports/invoices', 'list', 'Invoice reports'],
    ['invoices-reports-dashboard', '/reports/invoices/dashboard', 'list', 'Invoice dashboard'],
    ['invoices-reports-revenue', '/reports/invoices/revenue', 'list', 'Revenue'],
    ['invoices-reports-payments', '/reports/invoices/payments', 'list', 'Payments'],
    ['invoices-reports-tax', '/reports/invoices/tax', 'list', 'Tax'],
    ['invoices-reports-customer-billing', '/reports/invoices/customer-billing', 'list', 'Customer billing'],
    ['invoices-reports-aging', '/reports/invoices/aging', 'list', 'Invoice ageing'],
    ['job-orders-reports', '/reports/job-orders', 'list', 'Job order reports'],
    ['profitability-report', '/reports/profitability', 'list', 'Profitability'],
    ['profitability-details', '/reports/profitability/details/:jobOrderId', 'detail', 'Job order profitability'],
    ['materials-reports', '/reports/materials', 'list', 'Material reports'],
    ['materials-reports-aging', '/reports/materials/aging', 'list', 'Material ageing'],
    ['materials-reports-stock', '/reports/materials/stock', 'list', 'Stock report'],
  ]),

  // Superuser area: one shared layout, superusers only.
  ...area({ layout: 'superuser', department: 'admin', adminOnly: true }, [
    ['superuser-dashboard', '/superuser', 'dashboard', 'Superuser Dashboard'],
    ['system-diagnostics', '/superuser/diagnostics', 'list', 'System Diagnostics'],
    ['module-management', '/superuser/modules', 'list', 'Module Management'],
    ['user-management', '/superuser/users', 'list', 'User Management'],
    ['audit-logs', '/superuser/audit', 'list', 'Audit Logs'],
    ['performance-monitor', '/superuser/performance', 'list', 'Performance Monitor'],
    ['system-configuration', '/superuser/config', 'list', 'System Configuration'],
  ]),
];

export type RouteName = string;

const byName = new Map(ROUTES.map((r) => [r.name, r]));

export function routeByName(name: RouteName): RouteDef {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route: ${name}`);
  return route;
}

export function pathOf(name: RouteName, params: Record<string, string | number> = {}): string {
  return routeByName(name).path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

export const PUBLIC_ROUTES = ROUTES.filter((r) => r.kind === 'public');
export const SIGN_IN_ROUTES: readonly RouteName[] = ['login-root', 'login', 'register'];

export function isPublicRoute(route: RouteDef | undefined): boolean {
  return route?.kind === 'public';
}

/** Is a route shown in a menu: dashboards and lists unless marked otherwise, never routes with params. */
export function isMenuRoute(route: RouteDef): boolean {
  if (route.path.includes(':')) return false;
  return route.menu ?? (route.kind === 'dashboard' || route.kind === 'list');
}
