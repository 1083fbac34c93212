import type { RouteDepartment } from './departments';
import type { ModuleName } from './modules';
import type { Access } from './permissions';

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

export interface RouteDef<N extends string = RouteName> {
  readonly name: N;
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
  /**
   * Who may open the screen (signed-in routes): the permission of what it reads or, for a create
   * or edit screen, of the write it makes, so the menu, the guard and the server agree.
   */
  readonly access?: Access;
  /** Shown in its layout's menu (dashboards and lists by default). */
  readonly menu?: boolean;
}

type Extra = Partial<Omit<RouteDef<string>, 'name' | 'path' | 'kind' | 'title'>>;

/** Builds the routes of one area, which share a layout, department and module; the names stay literal so RouteName is their union. */
function area<const N extends string>(defaults: Extra, rows: readonly [name: N, path: string, kind: RouteKind, title: string, extra?: Extra][]): RouteDef<N>[] {
  return rows.map(([name, path, kind, title, extra]) => ({ layout: 'main', ...defaults, name, path, kind, title, ...extra }));
}

/**
 * Every route of both spec documents. Where the spec gives a child path without its parent
 * ("/detail/", "/create/"), the route is nested under the module's path (docs/decisions.md).
 */
export const ROUTES = [
  ...area({ layout: 'container' }, [
    ['login-root', '/', 'public', 'Sign in'],
    ['login', '/login', 'public', 'Sign in'],
    ['register', '/register', 'public', 'Register'],
    ['logout', '/logout', 'public', 'Signed out'],
    ['not-found', '/404', 'public', 'Page not found'],
  ]),
  ...area({ layout: 'main' }, [
    ['landing', '/landing', 'dashboard', 'Home', { access: 'dashboard.landing' }],
    ['password-change', '/password-change', 'operation', 'Change password', { access: 'signed-in' }],
    ['users-home', '/users', 'list', 'Users', { department: 'admin', access: 'users.list' }],
    ['sync', '/sync', 'list', 'Sync', { menu: true, access: 'signed-in' }],
  ]),

  // Sales
  ...area({ layout: 'sales', department: 'sales' }, [
    ['sales-dash', '/sales/home', 'dashboard', 'Sales dashboard', { access: 'dashboard.sales' }],
    ['leads-home', '/leads', 'list', 'Leads', { module: 'leads', access: 'leads.read' }],
    ['lead-detail', '/leads/detail/:lead', 'detail', 'Lead', { module: 'leads', access: 'leads.read' }],
    ['lead-detail-direct', '/lead/detail/:lead', 'detail', 'Lead', { module: 'leads', access: 'leads.read' }],
    ['lead-edit', '/leads/edit/:lead', 'operation', 'Edit lead', { module: 'leads', affects: ['leads-home'], access: 'leads.write' }],
    ['leads-reassign', '/leads/reassign', 'operation', 'Reassign leads', { module: 'leads', affects: ['leads-home'], menu: true, access: 'leads.reassign' }],
    ['customers-home', '/customers', 'list', 'Customers', { module: 'customers', access: 'customers.read' }],
    ['customer-detail', '/customers/detail/:customer', 'detail', 'Customer', { module: 'customers', access: 'customers.read' }],
    ['customer-edit', '/customers/edit/:customer', 'operation', 'Edit customer', { module: 'customers', affects: ['customers-home', 'sales-customers'], access: 'customers.write' }],
    ['customer-branches-home', '/customers/:customer/branches', 'list', 'Customer branches', { module: 'customers', menu: false, access: 'customers.read' }],
    ['customer-lpocodes-home', '/customers/:customer/lpocodes', 'list', 'Customer LPO codes', { module: 'customers', menu: false, access: 'customers.read' }],
    ['sales-customers', '/sales/customers', 'list', 'Customers', { module: 'customers', menu: false, access: 'customers.read' }],
    ['sales-customer-detail', '/sales/detail/:customer', 'detail', 'Customer', { module: 'customers', access: 'customers.read' }],
    ['sales-customer-edit', '/sales/edit/:customer', 'operation', 'Edit customer', { module: 'customers', affects: ['customers-home', 'sales-customers'], access: 'customers.write' }],
    ['quotations-home', '/quotations', 'list', 'Quotations', { module: 'quotations', access: 'quotations.read' }],
    ['quotation-detail', '/quotations/detail/:id', 'detail', 'Quotation', { module: 'quotations', access: 'quotations.read' }],
    ['quotation-create', '/quotations/create', 'operation', 'New quotation', { module: 'quotations', affects: ['quotations-home', 'sales-quotations'], access: 'quotations.write' }],
    ['quotation-update', '/quotations/update/:id', 'operation', 'Edit quotation', { module: 'quotations', affects: ['quotations-home', 'sales-quotations'], access: 'quotations.write' }],
    ['quotations-cancelled', '/quotations/cancelled', 'list', 'Cancelled quotations', { module: 'quotations', menu: false, access: 'quotations.read' }],
    ['sales-quotations', '/sales/quotations', 'list', 'Quotations', { module: 'quotations', menu: false, access: 'quotations.read' }],
    ['sales-quotation-detail', '/sales/quotations/detail/:id', 'detail', 'Quotation', { module: 'quotations', access: 'quotations.read' }],
    ['sales-quotation-create', '/sales/quotations/create', 'operation', 'New quotation', { module: 'quotations', affects: ['quotations-home', 'sales-quotations'], access: 'quotations.write' }],
    ['sales-quotation-update', '/sales/quotations/update/:id', 'operation', 'Edit quotation', { module: 'quotations', affects: ['quotations-home', 'sales-quotations'], access: 'quotations.write' }],
    ['salesorders-home', '/salesorders', 'list', 'Sales orders', { module: 'sales orders', access: 'sales-orders.read' }],
    ['salesorder-detail', '/salesorder/:id', 'detail', 'Sales order', { module: 'sales orders', access: 'sales-orders.read' }],
    ['sales-orders', '/sales/orders', 'list', 'Sales orders', { module: 'sales orders', menu: false, access: 'sales-orders.read' }],
    ['sales-order-detail', '/sales/order/:id', 'detail', 'Sales order', { module: 'sales orders', access: 'sales-orders.read' }],
    ['sales-valuation', '/sales/valuation', 'list', 'Job order valuation', { module: 'job orders', access: 'job-orders.reports' }],
    ['sales-closed', '/sales/closed', 'list', 'Closed job orders', { module: 'job orders', access: 'job-orders.read' }],
    ['missed-srp-opportunities', '/missed-srp-opportunities', 'list', 'Missed SRP opportunities', { module: 'leads', access: 'sales.reports' }],
    ['sales-analysis', '/sales-analysis', 'list', 'Sales analysis', { module: 'reports', access: 'sales.analysis' }],
  ]),

  // Design and estimation
  ...area({ layout: 'design', department: 'design', module: 'estimation' }, [
    ['design-home', '/design', 'dashboard', 'Design', { module: undefined, access: 'dashboard.design' }],
    ['design-job-detail', '/design/job/:id', 'detail', 'Job order', { module: 'job orders', access: 'job-orders.read' }],
    ['estimations-home', '/estimations', 'list', 'Estimations', { access: 'estimations.read' }],
    ['estimation-add', '/estimations/add', 'operation', 'New estimation', { affects: ['estimations-home'], menu: true, access: 'estimations.request' }],
    ['estimation-detail', '/estimations/detail/:id', 'detail', 'Estimation', { access: 'estimations.read' }],
    ['estimations-cancelled', '/estimations/cancelled', 'list', 'Cancelled estimations', { menu: false, access: 'estimations.read' }],
    ['estimation-materials-home', '/estimation/materials', 'list', 'Estimation materials', { access: 'estimation-materials.read' }],
    ['estimation-categories-home', '/estimation/material/categories', 'list', 'Estimation material categories', { access: 'estimation-materials.read' }],
    ['estimation-material-details', '/estimation/:estimation/material/:id/details', 'detail', 'Estimation material', { access: 'estimation-materials.read' }],
    ['estimation-product-costing', '/estimation/product/costing', 'operation', 'Product costing', { affects: ['estimations-home'], menu: true, access: 'estimations.write' }],
    ['design-estimation-create', '/design/estimation/create', 'operation', 'New estimation', { affects: ['estimations-home'], access: 'estimations.write' }],
  ]),

  // Production, foreman, job orders, delivery notes, requisitions
  ...area({ layout: 'production', department: 'production' }, [
    ['production-home', '/production', 'dashboard', 'Production', { access: 'dashboard.production' }],
    ['foreman-prod-dashboard', '/production/foreman', 'dashboard', 'Foreman dashboard', { access: 'dashboard.foreman' }],
    ['foreman-requisition-create', '/production/foreman/requisition/create', 'operation', 'New requisition', { module: 'requisitions', affects: ['requisitions-home'], access: 'requisitions.write' }],
    ['foreman-requisition-detail', '/production/foreman/requisition/:id', 'detail', 'Requisition', { module: 'requisitions', access: 'requisitions.read' }],
    ['prod-jobs', '/prod/jobs', 'list', 'Job orders', { module: 'job orders', menu: false, access: 'job-orders.read' }],
    ['prod-joborder-detail', '/prod/joborder/detail/:id', 'detail', 'Job order', { module: 'job orders', access: 'job-orders.read' }],
    ['prod-dnote-home', '/prod/dnote/home', 'list', 'Delivery notes', { module: 'delivery notes', menu: false, access: 'delivery-notes.read' }],
    ['prod-dnote-create', '/prod/dnote/create', 'operation', 'New delivery note', { module: 'delivery notes', affects: ['dnote-home', 'prod-dnote-home'], access: 'delivery-notes.write' }],
    ['prod-dnote-detail', '/prod/dnote/detail/:id', 'detail', 'Delivery note', { module: 'delivery notes', access: 'delivery-notes.read' }],
    ['prod-req-discrepancies', '/prod/req/discrepancies', 'list', 'Requisition discrepancies', { module: 'requisitions', access: 'requisitions.read' }],
    ['jobs-home', '/jobs', 'list', 'Job orders', { module: 'job orders', access: 'job-orders.read' }],
    ['job-order-detail', '/jobs/job-order-detail/:id', 'detail', 'Job order', { module: 'job orders', access: 'job-orders.read' }],
    ['job-order-create', '/jobs/create', 'operation', 'New job order', { module: 'job orders', affects: ['jobs-home', 'prod-jobs'], menu: true, access: 'job-orders.write' }],
    ['job-dispatch-detail', '/jobs/detail/:id', 'detail', 'Dispatch detail', { module: 'job orders', access: 'dispatches.read' }],
    ['jobs-valuation', '/jobs/valuation', 'list', 'Job order valuation', { module: 'job orders', access: 'job-orders.reports' }],
    ['jobs-closed', '/jobs/closed', 'list', 'Closed job orders', { module: 'job orders', access: 'job-orders.read' }],
    ['jobs-cancelled', '/jobs/cancelled', 'list', 'Cancelled job orders', { module: 'job orders', menu: false, access: 'job-orders.read' }],
    ['jobs-ready-to-dispatch', '/jobs/ready-to-dispatch', 'list', 'Ready to dispatch', { module: 'job orders', access: 'dispatches.read' }],
    ['jobs-statuswise-detailed', '/jobs/statuswise/detailed', 'list', 'Status-wise job orders', { module: 'job orders', access: 'job-orders.reports' }],
    ['jobs-statuswise-ageing', '/jobs/statuswise/ageing', 'list', 'Status-wise ageing', { module: 'job orders', access: 'job-orders.reports' }],
    ['job-expenses-home', '/jobs/expenses', 'list', 'Job expenses', { module: 'job orders', access: 'job-order-expenses.read' }],
    ['job-expense-create', '/jobs/expenses/create', 'operation', 'New job expense', { module: 'job orders', affects: ['job-expenses-home', 'jobs-home'], access: 'job-order-expenses.write' }],
    ['dnote-home', '/dnotes', 'list', 'Delivery notes', { module: 'delivery notes', access: 'delivery-notes.read' }],
    ['dnote-create', '/dnotes/create', 'operation', 'New delivery note', { module: 'delivery notes', affects: ['dnote-home', 'prod-dnote-home'], menu: true, access: 'delivery-notes.write' }],
    ['dnote-detail', '/dnotes/detail/:id', 'detail', 'Delivery note', { module: 'delivery notes', access: 'delivery-notes.read' }],
    ['dnotes-cancelled', '/dnotes/cancelled', 'list', 'Cancelled delivery notes', { module: 'delivery notes', menu: false, access: 'delivery-notes.read' }],
    ['requisitions-home', '/requisitions', 'list', 'Requisitions', { module: 'requisitions', access: 'requisitions.read' }],
    ['requisition-create', '/requisition/create', 'operation', 'New requisition', { module: 'requisitions', affects: ['requisitions-home'], menu: true, access: 'requisitions.write' }],
    ['requisition-detail', '/detail/requisition/:id', 'detail', 'Requisition', { module: 'requisitions', access: 'requisitions.read' }],
    ['requisitions-cancelled', '/requisitions/cancelled', 'list', 'Cancelled requisitions', { module: 'requisitions', menu: false, access: 'requisitions.read' }],
    ['requisitions-closed', '/requisitions/closed', 'list', 'Closed requisitions', { module: 'requisitions', menu: false, access: 'requisitions.read' }],
    ['redundant-reserved-materials', '/redundant/reserved/materials', 'list', 'Redundant reserved materials', { module: 'requisitions', access: 'requisitions.read' }],
    ['not-actioned-requisitions', '/not-actioned/requisitions', 'list', 'Not actioned requisitions', { module: 'requisitions', access: 'requisitions.read' }],
    ['not-standard-requisitions', '/not-standard/requisitions/detailed', 'list', 'Non-standard requisitions', { module: 'requisitions', access: 'requisitions.read' }],
    ['closed-job-order-requisitions', '/reports/closed-job-orders', 'list', 'Requisitions of closed job orders', { module: 'requisitions', access: 'requisitions.read' }],
  ]),
  ...area({ layout: 'metal', department: 'metal' }, [
    ['metal-home', '/metal', 'dashboard', 'Metal workshop', { access: 'dashboard.metal' }],
    ['metal-requisitions', '/metal/requisitions', 'list', 'Requisitions', { module: 'requisitions', access: 'requisitions.read' }],
    ['metal-requisition-create', '/metal/requisition/create', 'operation', 'New requisition', { module: 'requisitions', affects: ['metal-requisitions', 'requisitions-home'], access: 'requisitions.write' }],
    ['metal-jobs', '/metal/jobs', 'list', 'Job orders', { module: 'job orders', access: 'job-orders.read' }],
    ['metal-gra', '/metal/gra', 'list', 'GRA', { module: 'GRA', access: 'gras.read' }],
  ]),
  ...area({ layout: 'acrylic', department: 'acrylic' }, [
    ['acrylic-trays-dashboard', '/jobs/acrylic', 'dashboard', 'Acrylic & trays', { access: 'dashboard.acrylic' }],
    ['acrylic-job-detail', '/jobs/acrylic/job/:id', 'detail', 'Job order', { module: 'job orders', access: 'job-orders.read' }],
    ['acrylic-requisitions', '/jobs/acrylic/requisitions', 'list', 'Requisitions', { module: 'requisitions', access: 'requisitions.read' }],
  ]),
  ...area({ layout: 'warehouse', department: 'warehouse' }, [
    ['packing-dispatch-dashboard', '/jobs/warehouse', 'dashboard', 'Packing & dispatch', { department: 'packing-dispatch', access: 'dispatches.read' }],
    ['dispatches-home', '/dispatches', 'list', 'Dispatches', { module: 'dispatches', access: 'dispatches.read' }],
    ['dispatch-detail', '/dispatches/detail/:id', 'detail', 'Dispatch', { module: 'dispatches', access: 'dispatches.read' }],
  ]),

  // Purchasing and stores
  ...area({ layout: 'stores', department: 'purchase' }, [
    ['purchases-dash', '/purchases', 'dashboard', 'Purchases', { access: 'dashboard.purchases' }],
    ['vendor-wise-purchases', '/purchases/vendor-wise', 'list', 'Vendor-wise purchases', { module: 'purchase orders', access: 'vendors.report' }],
    ['vendors-home', '/vendors', 'list', 'Vendors', { module: 'vendors', access: 'vendors.read' }],
    ['vendor-detail', '/vendors/detail/:vendor', 'detail', 'Vendor', { module: 'vendors', access: 'vendors.read' }],
    ['lpos-home', '/lpo', 'list', 'LPOs', { module: 'purchase orders', access: 'lpos.read' }],
    ['lpo-create', '/lpo/create', 'operation', 'New LPO', { module: 'purchase orders', affects: ['lpos-home'], menu: true, access: 'lpos.write' }],
    ['lpo-detail', '/lpo/detail/:id', 'detail', 'LPO', { module: 'purchase orders', access: 'lpos.read' }],
    ['lpo-pending-receipt', '/lpo/pending/receipt', 'list', 'LPOs pending receipt', { module: 'purchase orders', access: 'lpos.read' }],
    ['lpo-consolidated', '/lpo/consolidated', 'list', 'Consolidated purchases', { module: 'purchase orders', access: 'lpos.read' }],
    ['lpos-cancelled', '/lpo/cancelled', 'list', "Cancelled LPO's", { module: 'purchase orders', menu: false, access: 'lpos.read' }],
    ['gra-home', '/gra', 'list', 'GRAs', { module: 'GRA', access: 'gras.read' }],
    ['gra-create', '/gra/create', 'operation', 'New GRA', { module: 'GRA', affects: ['gra-home', 'materials-home', 'lpos-home'], menu: true, access: 'gras.write' }],
    ['gra-detail', '/gra/detail/:id', 'detail', 'GRA', { module: 'GRA', access: 'gras.read' }],
    ['gras-cancelled', '/gra/cancelled', 'list', "Cancelled GRA's", { module: 'GRA', menu: false, access: 'gras.read' }],
  ]),
  ...area({ layout: 'stores', department: 'stores', module: 'materials' }, [
    ['stores-requisitions', '/stores/requisitions', 'list', 'Stores requisitions', { module: 'requisitions', access: 'requisitions.read' }],
    ['stores-material-consumption', '/stores/joborder/:id/material-consumption', 'detail', 'Job order material consumption', { access: 'stock.read' }],
    ['materials-home', '/materials', 'list', 'Materials', { access: 'materials.read' }],
    ['material-create', '/materials/create', 'operation', 'New material', { affects: ['materials-home'], access: 'materials.create' }],
    ['material-detail', '/material-detail/:id', 'detail', 'Material', { access: 'materials.read' }],
    ['material-issued-today', '/material-issued-today', 'list', 'Material issued today', { access: 'stock.read' }],
    ['material-reorder', '/material/reorder', 'list', 'Reorder', { access: 'stock.reports' }],
    ['material-consumption', '/material/consumption', 'list', 'Consumption', { access: 'stock.reports' }],
    ['material-price-variance', '/material/price-variance/:id', 'detail', 'Price variance', { access: 'stock.reports' }],
    ['price-variance', '/material/price-variance', 'list', 'Price variance', { access: 'stock.reports' }],
    ['material-ageing', '/material/ageing', 'list', 'Material ageing', { access: 'stock.reports' }],
    ['stock-transactions-home', '/stock/transactions', 'list', 'Stock transactions', { access: 'stock.read' }],
    ['stock-transaction-create', '/stock/transactions/create', 'operation', 'New stock transaction', { affects: ['stock-transactions-home', 'materials-home'], access: 'stock.write' }],
    ['stock-adjustments-home', '/stock/adjustments', 'list', 'Stock adjustments', { access: 'stock.read' }],
    ['stock-adjustment-create', '/stock/adjustments/create', 'operation', 'New stock adjustment', { affects: ['stock-adjustments-home', 'materials-home'], access: 'stock-adjustments.request' }],
    ['material-categories-home', '/material/categories', 'list', 'Material categories', { access: 'material-categories.read' }],
    ['material-subcategories-home', '/material/subcategories', 'list', 'Material subcategories', { access: 'material-categories.read' }],
  ]),

  // Accounts, invoices, receipts, messaging
  ...area({ layout: 'accounts', department: 'accounts' }, [
    ['accounts-home', '/accounts', 'dashboard', 'Accounts', { access: 'invoices.read' }],
    ['accounts-job-detail', '/accounts/job/:id', 'detail', 'Job order', { module: 'job orders', access: 'job-orders.read' }],
    ['accounts-dispatch-detail', '/accounts/dispatch-detail/:id', 'detail', 'Dispatch detail', { module: 'dispatches', access: 'dispatches.read' }],
    ['accounts-closed', '/accounts/closed', 'list', 'Closed job orders', { module: 'job orders', access: 'job-orders.read' }],
    ['accounts-receipts', '/accounts/receipts', 'list', 'Receipts', { module: 'receipts', menu: false, access: 'receipts.read' }],
    ['accounts-job-receipts', '/accounts/receipts/:jobOrderId', 'detail', 'Job order receipts', { module: 'receipts', access: 'receipts.read' }],
    ['receipts-home', '/receipts', 'list', 'Receipts', { module: 'receipts', access: 'receipts.read' }],
    ['job-receipts', '/receipts/:jobOrderId', 'detail', 'Job order receipts', { module: 'receipts', access: 'receipts.read' }],
    ['sales-analysis-accounts', '/sales-analysis-accounts', 'list', 'Sales analysis', { module: 'reports', access: 'sales.analysis' }],
    ['invoices-home', '/invoices', 'list', 'Invoices', { module: 'invoices', access: 'invoices.read' }],
    ['invoice-create', '/invoices/create', 'operation', 'New invoice', { module: 'invoices', affects: ['invoices-home'], menu: true, access: 'invoices.write' }],
    ['invoice-from-sales-order', '/invoices/create/from-sales-order/:salesOrderId', 'operation', 'Invoice from sales order', { module: 'invoices', affects: ['invoices-home'], access: 'invoices.write' }],
    ['invoice-from-job-order', '/invoices/create/from-job-order/:jobOrderId', 'operation', 'Invoice from job order', { module: 'invoices', affects: ['invoices-home'], access: 'invoices.write' }],
    ['invoice-edit', '/invoices/:id/edit', 'operation', 'Edit invoice', { module: 'invoices', affects: ['invoices-home'], access: 'invoices.write' }],
    ['invoice-detail', '/invoices/:id', 'detail', 'Invoice', { module: 'invoices', access: 'invoices.read' }],
  ]),
  ...area({ layout: 'main', department: 'communication', module: 'messaging' }, [['messages-home', '/messaging', 'list', 'Messages', { access: 'signed-in' }]]),

  // Reports: only the home belongs to management; report screens carry no department.
  ...area({ layout: 'reports', module: 'reports' }, [
    ['reports-home', '/reports', 'dashboard', 'Reports', { department: 'management', access: 'signed-in' }],
    ['sales-orders-reports', '/reports/sales-orders', 'list', 'Sales order reports', { access: 'sales-orders.read' }],
    ['sales-orders-reports-dashboard', '/reports/sales-orders/dashboard', 'list', 'Sales order dashboard', { access: 'sales-orders.read' }],
    ['sales-orders-reports-analysis', '/reports/sales-orders/analysis', 'list', 'Sales order analysis', { access: 'sales-orders.read' }],
    ['sales-orders-reports-status', '/reports/sales-orders/status', 'list', 'Sales orders by status', { access: 'sales-orders.read' }],
    ['sales-orders-reports-customers', '/reports/sales-orders/customers', 'list', 'Sales orders by customer', { access: 'sales-orders.read' }],
    ['sales-orders-reports-profitability', '/reports/sales-orders/profitability', 'list', 'Sales order profitability', { access: 'job-orders.reports' }],
    ['sales-orders-pending-advance', '/reports/sales-orders/pending-advance', 'list', 'Pending advance', { access: 'sales-orders.read' }],
    ['sales-orders-overdue', '/reports/sales-orders/overdue', 'list', 'Overdue sales orders', { access: 'sales-orders.read' }],
    ['invoices-reports', '/reports/invoices', 'list', 'Invoice reports', { access: 'invoices.read' }],
    ['invoices-reports-dashboard', '/reports/invoices/dashboard', 'list', 'Invoice dashboard', { access: 'invoices.read' }],
    ['invoices-reports-revenue', '/reports/invoices/revenue', 'list', 'Revenue', { access: 'invoices.read' }],
    ['invoices-reports-payments', '/reports/invoices/payments', 'list', 'Payments', { access: 'invoices.read' }],
    ['invoices-reports-tax', '/reports/invoices/tax', 'list', 'Tax', { access: 'invoices.read' }],
    ['invoices-reports-customer-billing', '/reports/invoices/customer-billing', 'list', 'Customer billing', { access: 'invoices.read' }],
    ['invoices-reports-aging', '/reports/invoices/aging', 'list', 'Invoice ageing', { access: 'invoices.read' }],
    ['job-orders-reports', '/reports/job-orders', 'list', 'Job order reports', { access: 'job-orders.reports' }],
    ['profitability-report', '/reports/profitability', 'list', 'Profitability', { access: 'job-orders.reports' }],
    ['profitability-details', '/reports/profitability/details/:jobOrderId', 'detail', 'Job order profitability', { access: 'job-orders.reports' }],
    ['materials-reports', '/reports/materials', 'list', 'Material reports', { access: 'stock.reports' }],
    ['materials-reports-aging', '/reports/materials/aging', 'list', 'Material ageing', { access: 'stock.reports' }],
    ['materials-reports-stock', '/reports/materials/stock', 'list', 'Stock report', { access: 'stock.reports' }],
  ]),

  // Superuser area: one shared layout, superusers only.
  ...area({ layout: 'superuser', department: 'admin', adminOnly: true, access: 'system.admin' }, [
    ['superuser-dashboard', '/superuser', 'dashboard', 'Superuser Dashboard'],
    ['system-diagnostics', '/superuser/diagnostics', 'list', 'System Diagnostics'],
    ['module-management', '/superuser/modules', 'list', 'Module Management'],
    ['user-management', '/superuser/users', 'list', 'User Management'],
    ['audit-logs', '/superuser/audit', 'list', 'Audit Logs'],
    ['performance-monitor', '/superuser/performance', 'list', 'Performance Monitor'],
    ['system-configuration', '/superuser/config', 'list', 'System Configuration'],
  ]),
] as const;

/** The name of a route of the table: a misspelt name is a type error wherever one is written. */
export type RouteName = (typeof ROUTES)[number]['name'];

const byName = new Map<string, RouteDef>(ROUTES.map((r) => [r.name, r]));

export function isRouteName(name: string): name is RouteName {
  return byName.has(name);
}

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
