import type { ComponentType } from 'react';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * The screens built so far, by route name; each loads on demand. A route missing here shows
 * the "not available yet" notice until its issue builds it.
 */
export const SCREENS: Readonly<Record<string, ScreenModule>> = {
  'login-root': () => import('../features/auth/LoginScreen'),
  login: () => import('../features/auth/LoginScreen'),
  register: () => import('../features/auth/RegisterScreen'),
  logout: () => import('../features/auth/LogoutScreen'),
  'password-change': () => import('../features/auth/PasswordChangeScreen'),
  'not-found': () => import('../features/not-found/NotFoundScreen'),
  landing: () => import('../features/landing/LandingScreen'),
  'users-home': () => import('../features/users/UsersScreen'),
  'materials-home': () => import('../features/materials/MaterialsScreen'),
  'customers-home': () => import('../features/customers/CustomersScreen'),
  sync: () => import('../features/sync/SyncScreen'),
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
  'material-categories-home': () => import('../features/material-categories/MaterialCategoriesScreen'),
  'material-subcategories-home': () => import('../features/material-categories/MaterialCategoriesScreen'),
  'material-reorder': () => import('../features/material-reports/MaterialReportScreen'),
  'material-issued-today': () => import('../features/material-reports/MaterialReportScreen'),
  'material-ageing': () => import('../features/material-reports/MaterialReportScreen'),
  'stock-transactions-home': () => import('../features/stock-transactions/StockTransactionsScreen'),
  'stock-transaction-create': () => import('../features/stock-transactions/StockTransactionCreateScreen'),
  'stock-adjustments-home': () => import('../features/stock-adjustments/StockAdjustmentsScreen'),
  'stock-adjustment-create': () => import('../features/stock-adjustments/StockAdjustmentsScreen'),
};

export const notAvailableScreen: ScreenModule = () => import('./NotAvailableScreen');
