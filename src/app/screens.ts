import type { ComponentType } from 'react';
import type { RouteName } from '../../domain/routes';
import type { MirrorList } from '../data/mirror/query';

/** A screen's code: its component, and the device-held list it opens on if it is a list screen. */
type ScreenModule = () => Promise<{ default: ComponentType; list?: MirrorList<unknown> }>;

/**
 * The routes whose screens later issues build: they show the "not available yet" notice. A route
 * is either here or in SCREENS, so a new route without a screen, or a misspelt name, is a type error.
 */
export const NOT_BUILT_YET = [] as const satisfies readonly RouteName[];

type BuiltRoute = Exclude<RouteName, (typeof NOT_BUILT_YET)[number]>;

/** The screens built so far, by route name; each loads on demand. */
export const SCREENS: Readonly<Record<BuiltRoute, ScreenModule>> = {
  'login-root': () => import('../features/auth/LoginScreen'),
  login: () => import('../features/auth/LoginScreen'),
  register: () => import('../features/auth/RegisterScreen'),
  logout: () => import('../features/auth/LogoutScreen'),
  'password-change': () => import('../features/auth/PasswordChangeScreen'),
  'not-found': () => import('../features/not-found/NotFoundScreen'),
  landing: () => import('../features/landing/LandingScreen'),
  'messages-home': () => import('../features/messaging/MessagesScreen'),
  'users-home': () => import('../features/users/UsersScreen'),
  'materials-home': () => import('../features/materials/MaterialsScreen'),
  'material-detail': () => import('../features/materials/MaterialDetailScreen'),
  'material-create': () => import('../features/materials/MaterialCreateScreen'),
  'customers-home': () => import('../features/customers/CustomersScreen'),
  'vendors-home': () => import('../features/vendors/VendorsScreen'),
  'vendor-wise-purchases': () => import('../features/vendors/VendorWisePurchasesScreen'),
  'vendor-detail': () => import('../features/vendors/VendorDetailScreen'),
  'leads-home': () => import('../features/leads/LeadsScreen'),
  'sales-dash': () => import('../features/sales-dashboard/SalesDashboardScreen'),
  'missed-srp-opportunities': () => import('../features/sales-dashboard/MissedSrpScreen'),
  'sales-analysis': () => import('../features/sales-dashboard/SalesAnalysisScreen'),
  // The same analysis in the accounts layout (docs/decisions.md 335).
  'sales-analysis-accounts': () => import('../features/sales-dashboard/SalesAnalysisScreen'),
  'accounts-home': () => import('../features/accounts-home/AccountsHomeScreen'),
  'lead-detail': () => import('../features/leads/LeadDetailScreen'),
  'lead-detail-direct': () => import('../features/leads/LeadDetailScreen'),
  'lead-edit': () => import('../features/leads/LeadEditScreen'),
  'leads-reassign': () => import('../features/leads/LeadsReassignScreen'),
  'sales-customers': () => import('../features/customers/CustomersScreen'),
  'customer-detail': () => import('../features/customers/CustomerDetailScreen'),
  'sales-customer-detail': () => import('../features/customers/CustomerDetailScreen'),
  'customer-edit': () => import('../features/customers/CustomerEditScreen'),
  'sales-customer-edit': () => import('../features/customers/CustomerEditScreen'),
  'quotations-home': () => import('../features/quotations/QuotationsScreen'),
  'sales-quotations': () => import('../features/quotations/QuotationsScreen'),
  'quotation-detail': () => import('../features/quotations/QuotationDetailScreen'),
  'sales-quotation-detail': () => import('../features/quotations/QuotationDetailScreen'),
  'quotations-cancelled': () => import('../features/quotations/QuotationsCancelledScreen'),
  'salesorders-home': () => import('../features/sales-orders/SalesOrdersScreen'),
  'sales-orders': () => import('../features/sales-orders/SalesOrdersScreen'),
  'salesorder-detail': () => import('../features/sales-orders/SalesOrderDetailScreen'),
  'sales-order-detail': () => import('../features/sales-orders/SalesOrderDetailScreen'),
  'customer-branches-home': () => import('../features/customers/CustomerBranchesScreen'),
  'customer-lpocodes-home': () => import('../features/customers/CustomerLpoCodesScreen'),
  sync: () => import('../features/sync/SyncScreen'),
  'lpos-home': () => import('../features/lpos/LposScreen'),
  'lpo-create': () => import('../features/lpos/LpoCreateScreen'),
  'lpo-detail': () => import('../features/lpos/LpoDetailScreen'),
  'lpos-cancelled': () => import('../features/lpos/LposCancelledScreen'),
  'lpo-pending-receipt': () => import('../features/lpos/LpoPendingReceiptScreen'),
  'lpo-consolidated': () => import('../features/lpos/LpoConsolidatedScreen'),
  'invoices-home': () => import('../features/invoices/InvoicesScreen'),
  'invoice-create': () => import('../features/invoices/InvoiceFormScreen'),
  'invoice-edit': () => import('../features/invoices/InvoiceFormScreen'),
  'invoice-detail': () => import('../features/invoices/InvoiceDetailScreen'),
  'invoice-from-sales-order': () => import('../features/invoices/InvoiceFromOrderScreen'),
  'invoice-from-job-order': () => import('../features/invoices/InvoiceFromOrderScreen'),
  'receipts-home': () => import('../features/receipts/ReceiptsScreen'),
  'accounts-receipts': () => import('../features/receipts/ReceiptsScreen'),
  'job-receipts': () => import('../features/receipts/JobReceiptsScreen'),
  'accounts-job-receipts': () => import('../features/receipts/JobReceiptsScreen'),
  'requisitions-home': () => import('../features/requisitions/RequisitionsScreen'),
  'stores-requisitions': () => import('../features/requisitions/RequisitionsScreen'),
  'metal-requisitions': () => import('../features/requisitions/RequisitionsScreen'),
  'acrylic-requisitions': () => import('../features/requisitions/RequisitionsScreen'),
  'requisition-create': () => import('../features/requisitions/RequisitionCreateScreen'),
  'foreman-requisition-create': () => import('../features/requisitions/RequisitionCreateScreen'),
  'metal-requisition-create': () => import('../features/requisitions/RequisitionCreateScreen'),
  'requisition-detail': () => import('../features/requisitions/RequisitionDetailScreen'),
  'foreman-requisition-detail': () => import('../features/requisitions/RequisitionDetailScreen'),
  'redundant-reserved-materials': () => import('../features/requisitions/RequisitionReportScreen'),
  'not-actioned-requisitions': () => import('../features/requisitions/RequisitionReportScreen'),
  'not-standard-requisitions': () => import('../features/requisitions/RequisitionReportScreen'),
  'closed-job-order-requisitions': () => import('../features/requisitions/RequisitionReportScreen'),
  'requisitions-cancelled': () => import('../features/requisitions/RequisitionReportScreen'),
  'requisitions-closed': () => import('../features/requisitions/RequisitionReportScreen'),
  'prod-req-discrepancies': () => import('../features/requisitions/RequisitionDiscrepanciesScreen'),
  'material-categories-home': () => import('../features/material-categories/MaterialCategoriesScreen'),
  'material-subcategories-home': () => import('../features/material-categories/MaterialCategoriesScreen'),
  'material-reorder': () => import('../features/material-reports/MaterialReportScreen'),
  'material-issued-today': () => import('../features/material-reports/MaterialReportScreen'),
  'material-ageing': () => import('../features/material-reports/MaterialReportScreen'),
  'material-consumption': () => import('../features/material-reports/MaterialReportScreen'),
  'material-price-variance': () => import('../features/material-reports/MaterialReportScreen'),
  'price-variance': () => import('../features/material-reports/PriceVarianceScreen'),
  'stores-material-consumption': () => import('../features/material-reports/MaterialReportScreen'),
  'materials-reports': () => import('../features/material-reports/MaterialReportsHomeScreen'),
  'materials-reports-aging': () => import('../features/material-reports/MaterialReportScreen'),
  'materials-reports-stock': () => import('../features/material-reports/MaterialReportScreen'),
  'stock-transactions-home': () => import('../features/stock-transactions/StockTransactionsScreen'),
  'stock-transaction-create': () => import('../features/stock-transactions/StockTransactionCreateScreen'),
  'stock-adjustments-home': () => import('../features/stock-adjustments/StockAdjustmentsScreen'),
  'stock-adjustment-create': () => import('../features/stock-adjustments/StockAdjustmentsScreen'),
  'dnote-home': () => import('../features/delivery-notes/DeliveryNotesScreen'),
  'prod-dnote-home': () => import('../features/delivery-notes/DeliveryNotesScreen'),
  'dnote-create': () => import('../features/delivery-notes/DeliveryNoteCreateScreen'),
  'prod-dnote-create': () => import('../features/delivery-notes/DeliveryNoteCreateScreen'),
  'dnote-detail': () => import('../features/delivery-notes/DeliveryNoteDetailScreen'),
  'prod-dnote-detail': () => import('../features/delivery-notes/DeliveryNoteDetailScreen'),
  'dnotes-cancelled': () => import('../features/delivery-notes/CancelledDeliveryNotesScreen'),
  'dispatches-home': () => import('../features/dispatches/DispatchesScreen'),
  'job-expenses-home': () => import('../features/job-order-expenses/JobExpensesScreen'),
  'job-expense-create': () => import('../features/job-order-expenses/JobExpenseCreateScreen'),
  'dispatch-detail': () => import('../features/dispatches/DispatchDetailScreen'),
  'job-dispatch-detail': () => import('../features/dispatches/DispatchDetailScreen'),
  'accounts-dispatch-detail': () => import('../features/dispatches/DispatchDetailScreen'),
  'jobs-ready-to-dispatch': () => import('../features/dispatches/ReadyToDispatchScreen'),
  'packing-dispatch-dashboard': () => import('../features/dispatches/PackingDispatchDashboard'),
  'production-home': () => import('../features/workshop-dashboards/WorkshopDashboardScreen'),
  'foreman-prod-dashboard': () => import('../features/workshop-dashboards/WorkshopDashboardScreen'),
  'metal-home': () => import('../features/workshop-dashboards/WorkshopDashboardScreen'),
  'acrylic-trays-dashboard': () => import('../features/workshop-dashboards/WorkshopDashboardScreen'),
  'purchases-dash': () => import('../features/purchases-dashboard/PurchasesDashboardScreen'),
  'jobs-home': () => import('../features/job-orders/JobOrdersScreen'),
  'prod-jobs': () => import('../features/job-orders/JobOrdersScreen'),
  'metal-jobs': () => import('../features/job-orders/JobOrdersScreen'),
  'metal-gra': () => import('../features/gras/MetalGrasScreen'),
  'gra-home': () => import('../features/gras/GrasScreen'),
  'gra-create': () => import('../features/gras/GraCreateScreen'),
  'gra-detail': () => import('../features/gras/GraDetailScreen'),
  'gras-cancelled': () => import('../features/gras/GrasCancelledScreen'),
  'job-order-detail': () => import('../features/job-orders/JobOrderDetailScreen'),
  'prod-joborder-detail': () => import('../features/job-orders/JobOrderDetailScreen'),
  'acrylic-job-detail': () => import('../features/job-orders/JobOrderDetailScreen'),
  'accounts-job-detail': () => import('../features/job-orders/JobOrderDetailScreen'),
  'design-job-detail': () => import('../features/job-orders/JobOrderDetailScreen'),
  'design-home': () => import('../features/design-home/DesignHomeScreen'),
  'estimation-materials-home': () => import('../features/estimation-materials/EstimationMaterialsScreen'),
  'estimation-categories-home': () => import('../features/estimation-materials/EstimationCategoriesScreen'),
  'estimation-material-details': () => import('../features/estimation-materials/EstimationMaterialDetailsScreen'),
  'job-order-create': () => import('../features/job-orders/JobOrderCreateScreen'),
  'jobs-cancelled': () => import('../features/job-orders/JobOrderReportScreen'),
  'jobs-closed': () => import('../features/job-orders/JobOrderReportScreen'),
  'sales-closed': () => import('../features/job-orders/JobOrderReportScreen'),
  'accounts-closed': () => import('../features/job-orders/JobOrderReportScreen'),
  'jobs-valuation': () => import('../features/job-orders/JobOrderReportScreen'),
  'sales-valuation': () => import('../features/job-orders/JobOrderReportScreen'),
  'jobs-statuswise-detailed': () => import('../features/job-orders/JobOrderReportScreen'),
  'jobs-statuswise-ageing': () => import('../features/job-orders/JobOrderReportScreen'),
  'profitability-report': () => import('../features/job-orders/JobOrderReportScreen'),
  'profitability-details': () => import('../features/job-orders/ProfitabilityDetailsScreen'),
  'job-orders-reports': () => import('../features/job-orders/JobOrderReportsHomeScreen'),
  'reports-home': () => import('../features/reports-home/ReportsHomeScreen'),
  'sales-orders-reports': () => import('../features/sales-order-reports/SalesOrderReportsHomeScreen'),
  'sales-orders-reports-dashboard': () => import('../features/sales-order-reports/SalesOrderReportScreen'),
  'sales-orders-reports-analysis': () => import('../features/sales-order-reports/SalesOrderReportScreen'),
  'sales-orders-reports-status': () => import('../features/sales-order-reports/SalesOrderReportScreen'),
  'sales-orders-reports-customers': () => import('../features/sales-order-reports/SalesOrderReportScreen'),
  'sales-orders-reports-profitability': () => import('../features/sales-order-reports/SalesOrderReportScreen'),
  'sales-orders-pending-advance': () => import('../features/sales-order-reports/SalesOrderReportScreen'),
  'sales-orders-overdue': () => import('../features/sales-order-reports/SalesOrderReportScreen'),
  'invoices-reports': () => import('../features/invoice-reports/InvoiceReportsHomeScreen'),
  'invoices-reports-dashboard': () => import('../features/invoice-reports/InvoiceReportScreen'),
  'invoices-reports-revenue': () => import('../features/invoice-reports/InvoiceReportScreen'),
  'invoices-reports-payments': () => import('../features/invoice-reports/InvoiceReportScreen'),
  'invoices-reports-tax': () => import('../features/invoice-reports/InvoiceReportScreen'),
  'invoices-reports-customer-billing': () => import('../features/invoice-reports/InvoiceReportScreen'),
  'invoices-reports-aging': () => import('../features/invoice-reports/InvoiceReportScreen'),
  'quotation-create': () => import('../features/quotations/QuotationFormScreen'),
  'quotation-update': () => import('../features/quotations/QuotationFormScreen'),
  'sales-quotation-create': () => import('../features/quotations/QuotationFormScreen'),
  'sales-quotation-update': () => import('../features/quotations/QuotationFormScreen'),
  'estimations-home': () => import('../features/estimations/EstimationsScreen'),
  'estimation-add': () => import('../features/estimations/EstimationFormScreen'),
  'design-estimation-create': () => import('../features/estimations/EstimationFormScreen'),
  'estimation-detail': () => import('../features/estimations/EstimationDetailScreen'),
  'estimations-cancelled': () => import('../features/estimations/EstimationsCancelledScreen'),
  'estimation-product-costing': () => import('../features/estimations/CostingSheetScreen'),
  'superuser-dashboard': () => import('../features/superuser/SuperuserDashboardScreen'),
  'system-diagnostics': () => import('../features/superuser/SystemDiagnosticsScreen'),
  'audit-logs': () => import('../features/superuser/AuditLogsScreen'),
  'performance-monitor': () => import('../features/superuser/PerformanceMonitorScreen'),
  // The users list with the superuser's actions on it (docs/decisions.md 412).
  'user-management': () => import('../features/users/UsersScreen'),
  'module-management': () => import('../features/superuser/ModuleManagementScreen'),
  'system-configuration': () => import('../features/superuser/SystemConfigurationScreen'),
};

export const notAvailableScreen: ScreenModule = () => import('./NotAvailableScreen');

/** The screen of a route, or none while it is not built yet. */
export function screenOf(name: RouteName): ScreenModule | undefined {
  return (SCREENS as Partial<Record<RouteName, ScreenModule>>)[name];
}

/**
 * On the way to a signed-in screen, beside the guard and the screen's code: opens the device's
 * store and, for a list screen, starts reading its list's opening page (src/data/mirror/query.ts
 * `primeList`), so the screen's first render has its rows. The data layer is imported here, not
 * above, so the sign-in page's download stays without it. Settles when both are done.
 */
export async function prepareScreen(name: RouteName): Promise<void> {
  const opened = import('../data/mirror/db').then(({ mirror }) => mirror.open());
  const [screen, { primeList }] = await Promise.all([screenOf(name)?.(), import('../data/mirror/query')]);
  await Promise.all([opened, screen?.list && primeList(screen.list)]);
}

/**
 * Loads the screens of the user's own menu once the app is idle, so opening one from the menu
 * does not wait for its code (it is in the service worker's cache, but fetching and evaluating it
 * still takes a tablet a few hundred milliseconds). A failure only means it loads when opened.
 */
export function prefetchScreens(names: readonly RouteName[]): () => void {
  const load = () => names.forEach((name) => void screenOf(name)?.().catch(() => undefined));
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 1000);
  return () => clearTimeout(timer);
}
