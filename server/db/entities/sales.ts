import { customerBranchSchema, customerLpoCodeSchema, customerSchema } from '../../../domain/customer';
import { leadRemarkSchema, leadSchema } from '../../../domain/lead';
import { quotationItemSchema, quotationSchema, quotationVersionSchema } from '../../../domain/quotation';
import { receiptSchema } from '../../../domain/receipt';
import { salesOrderItemSchema, salesOrderSchema, salesOrderStatusHistorySchema } from '../../../domain/sales-order';
import {
  customerBranches,
  customerLpoCodes,
  customers,
  leadRemarks,
  leads,
  quotationItems,
  quotations,
  quotationVersions,
  receipts,
  salesOrderItems,
  salesOrders,
  salesOrderStatusHistory,
} from '../schema';
import { entity } from './types';

export default {
  customers: entity(customers, customerSchema),
  customer_branches: entity(customerBranches, customerBranchSchema),
  customer_lpo_codes: entity(customerLpoCodes, customerLpoCodeSchema),
  leads: entity(leads, leadSchema),
  lead_remarks: entity(leadRemarks, leadRemarkSchema),
  quotations: entity(quotations, quotationSchema),
  quotation_items: entity(quotationItems, quotationItemSchema),
  quotation_versions: entity(quotationVersions, quotationVersionSchema),
  sales_orders: entity(salesOrders, salesOrderSchema),
  sales_order_items: entity(salesOrderItems, salesOrderItemSchema),
  sales_order_status_history: entity(salesOrderStatusHistory, salesOrderStatusHistorySchema),
  receipts: entity(receipts, receiptSchema),
};
