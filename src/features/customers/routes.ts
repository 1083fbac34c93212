import { useLocation } from 'react-router-dom';
import type { RouteName } from '../../../domain/routes';

/** The customer screens of each layout: the sales layout's list opens its own detail and edit, all under /sales/. */
export interface CustomerScreens {
  home: RouteName;
  detail: RouteName;
  edit: RouteName;
  /** A sales order's detail in the same area. */
  salesOrder: RouteName;
  /** A quotation's detail in the same area. */
  quotation: RouteName;
}
const MAIN: CustomerScreens = { home: 'customers-home', detail: 'customer-detail', edit: 'customer-edit', salesOrder: 'salesorder-detail', quotation: 'quotation-detail' };
const SALES: CustomerScreens = { home: 'sales-customers', detail: 'sales-customer-detail', edit: 'sales-customer-edit', salesOrder: 'sales-order-detail', quotation: 'sales-quotation-detail' };

/** The customer screens of the layout the current screen is under (read from the address, so it works in any router). */
export function useCustomerScreens(): CustomerScreens {
  return useLocation().pathname.startsWith('/sales/') ? SALES : MAIN;
}
