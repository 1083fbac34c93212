import { apiErrorMessage } from '../../../domain/api-errors';
import { bulkOperationOf, bulkResultMessage, type BulkInvoiceOperation, type BulkInvoiceResult } from '../../../domain/invoice-bulk';
import type { InvoiceView } from '../../../domain/invoice';
import { can } from '../../../domain/permissions';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { forbidden, HttpError } from '../../lib/http-error';
import { sendInvoice, sendInvoiceReminder } from './sending';
import { approveInvoice, cancelInvoice, deleteInvoice, voidInvoice } from './writes';

/**
 * Invoices handled many at a time (bulk_operation/, bulk_approve/, bulk_send/, bulk_cancel/):
 * each invoice goes through its single call's service, in its own audited transaction, so the
 * state machine, maker-checker and numbering hold exactly as for one; an invoice refused (unknown,
 * wrong status, the maker approving their own) is listed with its reason and the others go on.
 */

interface BulkInput {
  invoice_ids: number[];
  reason: string;
  notes: string;
}

type Why = { reason: string; notes: string };

/** The single call behind each operation; no expected version: the user chose the invoices as the list showed them. */
const SINGLE: Record<BulkInvoiceOperation, (db: Db, actor: User, id: number, why: Why) => Promise<InvoiceView>> = {
  approve: (db, actor, id, why) => approveInvoice(db, actor, id, undefined, why),
  // Each invoice to its own customer's address: one list of addresses cannot suit many customers.
  send: (db, actor, id, why) => sendInvoice(db, actor, id, { email_addresses: [], notes: why.notes }, undefined),
  send_reminder: (db, actor, id, why) => sendInvoiceReminder(db, actor, id, { email_addresses: [], notes: why.notes }, undefined),
  cancel: (db, actor, id, why) => cancelInvoice(db, actor, id, why, undefined),
  void: (db, actor, id, why) => voidInvoice(db, actor, id, why, undefined),
  delete: (db, actor, id) => deleteInvoice(db, actor, id, undefined),
};

/**
 * Runs `operation` on each invoice, the lowest id first (so invoices approved together are
 * numbered in the order they were raised: decision 323). Refusals (4xx) are listed; anything
 * else is a fault of the server and ends the call as any fault does.
 */
export async function bulkInvoices(db: Db, actor: User, operation: BulkInvoiceOperation, input: BulkInput): Promise<BulkInvoiceResult> {
  if (!can(actor, bulkOperationOf(operation).permission)) throw forbidden();
  const successful: BulkInvoiceResult['successful'] = [];
  const failed: BulkInvoiceResult['failed'] = [];
  for (const id of [...input.invoice_ids].sort((a, b) => a - b)) {
    try {
      const view = await SINGLE[operation](db, actor, id, { reason: input.reason, notes: input.notes });
      successful.push({ id: view.id, invoice_number: view.invoice_number, status: view.status });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      const errors = error.body as BulkInvoiceResult['failed'][number]['errors'];
      failed.push({ id, status_code: error.statusCode, reason: apiErrorMessage(errors), errors });
    }
  }
  return { operation, successful, failed, message: bulkResultMessage(successful.length, failed.length) };
}
