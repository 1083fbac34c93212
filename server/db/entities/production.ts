import { deliveryNoteItemSchema, deliveryNoteSchema } from '../../../domain/delivery-note';
import { dispatchSchema } from '../../../domain/dispatch';
import { jobOrderItemSchema, jobOrderSchema, jobOrderStatusHistoryRowSchema } from '../../../domain/job-order';
import { jobOrderExpenseSchema } from '../../../domain/job-order-expense';
import { requisitionDetailSchema, requisitionSchema } from '../../../domain/requisition';
import { deliveryNoteItems, deliveryNotes, dispatches, jobOrderExpenses, jobOrderItems, jobOrders, jobOrderStatusHistory, requisitionDetails, requisitions } from '../schema';
import { entity } from './types';

export default {
  job_orders: entity(jobOrders, jobOrderSchema),
  job_order_items: entity(jobOrderItems, jobOrderItemSchema),
  job_order_status_history: entity(jobOrderStatusHistory, jobOrderStatusHistoryRowSchema),
  job_order_expenses: entity(jobOrderExpenses, jobOrderExpenseSchema),
  delivery_notes: entity(deliveryNotes, deliveryNoteSchema),
  delivery_note_items: entity(deliveryNoteItems, deliveryNoteItemSchema),
  dispatches: entity(dispatches, dispatchSchema),
  requisitions: entity(requisitions, requisitionSchema),
  requisition_details: entity(requisitionDetails, requisitionDetailSchema),
};
