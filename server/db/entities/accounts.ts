import {
  invoiceAttachmentSchema,
  invoiceItemSchema,
  invoiceSchema,
  invoiceSettingsRowSchema,
  invoiceStatusHistorySchema,
  invoiceTemplateSchema,
  paymentScheduleSchema,
  recurringInvoiceSchema,
  taxConfigurationSchema,
} from '../../../domain/invoice';
import {
  invoiceAttachments,
  invoiceItems,
  invoices,
  invoiceSettings,
  invoiceStatusHistory,
  invoiceTemplates,
  paymentSchedules,
  receiptAllocations,
  recurringInvoices,
  taxConfigurations,
} from '../schema';
import { receiptAllocationSchema } from '../../../domain/receipt';
import { creditNoteItemSchema, creditNoteSchema } from '../../../domain/credit-note';
import { creditNoteItems, creditNotes } from '../schema';
import { entity } from './types';

export default {
  invoices: entity(invoices, invoiceSchema),
  invoice_items: entity(invoiceItems, invoiceItemSchema),
  tax_configurations: entity(taxConfigurations, taxConfigurationSchema),
  invoice_templates: entity(invoiceTemplates, invoiceTemplateSchema),
  invoice_settings: entity(invoiceSettings, invoiceSettingsRowSchema),
  invoice_attachments: entity(invoiceAttachments, invoiceAttachmentSchema),
  payment_schedules: entity(paymentSchedules, paymentScheduleSchema),
  invoice_status_history: entity(invoiceStatusHistory, invoiceStatusHistorySchema),
  recurring_invoices: entity(recurringInvoices, recurringInvoiceSchema),
  receipt_allocations: entity(receiptAllocations, receiptAllocationSchema),
  credit_notes: entity(creditNotes, creditNoteSchema),
  credit_note_items: entity(creditNoteItems, creditNoteItemSchema),
};
