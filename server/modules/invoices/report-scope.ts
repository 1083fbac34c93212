import { sql, type SQL } from 'drizzle-orm';
import { INVOICE_UNISSUED_STATUSES } from '../../../domain/invoice';
import { reportScopeOf } from '../../../domain/row-rules';
import type { User } from '../../../domain/user';
import { invoices, jobOrders, receiptAllocations, salesOrders } from '../../db/schema';

/**
 * Whose figures an invoice report adds up (decision 372): everyone's, or for a sales executive
 * only the invoices and receipts of their own job orders (they are its sales executive) and
 * sales orders (they made it). `alias` is the table alias of the invoices or receipts in the query.
 */
export function ownFigures(user: User, alias: SQL, of: 'invoices' | 'receipts' = 'invoices'): SQL {
  if (reportScopeOf(user) === 'all') return sql`TRUE`;
  const own = (row: SQL) => sql`(EXISTS (SELECT 1 FROM ${jobOrders} jo WHERE jo.id = ${row}.job_order AND jo.sales_executive = ${user.id})
    OR EXISTS (SELECT 1 FROM ${salesOrders} so WHERE so.id = ${row}.sales_order AND so.created_by = ${user.id}))`;
  if (of === 'invoices') return own(alias);
  // A receipt is theirs when its order is, or when it paid one of their invoices.
  const paid = sql.raw('paid');
  return sql`(${own(alias)} OR EXISTS (SELECT 1 FROM ${receiptAllocations} a JOIN ${invoices} paid ON paid.id = a.invoice
    WHERE a.receipt = ${alias}.id AND a.deleted_at IS NULL AND ${own(paid)}))`;
}

/** Issued invoices (not drafts, cancelled or void), live, of `alias`. */
export const issued = (alias: SQL): SQL =>
  sql`${alias}.deleted_at IS NULL AND ${alias}.status NOT IN (${sql.join(
    INVOICE_UNISSUED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
