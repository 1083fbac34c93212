import { useLocation } from 'react-router-dom';
import type { RouteName } from '../../../domain/routes';

/** The quotation screens of each layout: the sales layout's list opens its own detail, form and sales orders, all under /sales/. */
export interface QuotationScreens {
  list: RouteName;
  detail: RouteName;
  create: RouteName;
  update: RouteName;
  /** Where a sales order made from a quotation opens. */
  salesOrder: RouteName;
}
const MAIN: QuotationScreens = { list: 'quotations-home', detail: 'quotation-detail', create: 'quotation-create', update: 'quotation-update', salesOrder: 'salesorder-detail' };
const SALES: QuotationScreens = { list: 'sales-quotations', detail: 'sales-quotation-detail', create: 'sales-quotation-create', update: 'sales-quotation-update', salesOrder: 'sales-order-detail' };

/** The quotation screens of the layout the current screen is under (read from the address, so it works in any router). */
export function useQuotationScreens(): QuotationScreens {
  return useLocation().pathname.startsWith('/sales/') ? SALES : MAIN;
}
