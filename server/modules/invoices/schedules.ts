import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { add, compare, sign, sub } from '../../../domain/decimal';
import { invoiceActionRefusal, type PaymentSchedule, type paymentScheduleCreateSchema, type paymentScheduleUpdateSchema } from '../../../domain/invoice';
import { COPY_REFUSALS, instalmentChangeRefusal, SCHEDULE_REFUSALS } from '../../../domain/invoice-schedule';
import type { invoiceMarkPaidSchema } from '../../../domain/receipt';
import type { User } from '../../../domain/user';
import type { Db } from '../../db/client';
import { invoices, paymentSchedules } from '../../db/schema';
import { byId, type ListSpec } from '../../lib/list';
import { badRequest } from '../../lib/http-error';
import { findRow, lockRow, publicRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { createReceipt } from '../receipts/service';
import { liveInstalments, scheduledTotal } from './instalments';
import { lockFor, now, statusOf } from './writes';

/**
 * Payment schedules (business-areas.md §7 payment-schedules/ and {id}/mark_paid/): the
 * instalments of an invoice. They are written while the invoice is a draft and never add up to
 * more than its grand total; approval needs them to add up to it exactly; once issued only an
 * unpaid instalment's due date moves, and receipts mark them paid (decisions 326, 327).
 */

type CreateInput = z.output<typeof paymentScheduleCreateSchema>;
type UpdateInput = Omit<z.output<typeof paymentScheduleUpdateSchema>, 'expected_version'>;
type MarkPaidInput = z.output<typeof invoiceMarkPaidSchema>;

/** payment-schedules/: every instalment, of one invoice with `?invoice=`, earliest due first. */
export const paymentScheduleList: ListSpec<typeof paymentSchedules> = {
  table: paymentSchedules,
  pageSize: 100,
  orderings: { due_date: paymentSchedules.due_date, id: paymentSchedules.id, amount: paymentSchedules.amount },
  defaultOrdering: 'due_date',
  filters: { invoice: byId(paymentSchedules.invoice) },
};

export async function paymentScheduleView(db: Db, id: number): Promise<PaymentSchedule> {
  return publicRow(await findRow(db, paymentSchedules, id));
}

const refuse = (message: string) => badRequest({ non_field_errors: [message] });

const auditSchedule = (action: string, metadata: Record<string, unknown> = {}) => (row: PaymentSchedule) => ({
  action: `payment_schedule.${action}`,
  target: `payment_schedules:${row.id}`,
  risk: 'low' as const,
  metadata: { invoice: row.invoice, due_date: row.due_date, amount: row.amount, ...metadata },
});

/** The other live instalments and the amount given may not add up to more than the invoice's total. */
async function checkWithinTotal(tx: Db, invoice: { id: number; total_amount: string }, amount: string, replacing: string = '0'): Promise<void> {
  const others = sub(await scheduledTotal(tx, invoice.id), replacing);
  if (compare(add(others, amount), invoice.total_amount) > 0) throw badRequest({ amount: [SCHEDULE_REFUSALS.overTotal(sub(invoice.total_amount, others), invoice.total_amount)] });
}

/** POST payment-schedules/: an instalment of a draft. */
export function createPaymentSchedule(db: Db, actor: User, input: CreateInput): Promise<PaymentSchedule> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [exists] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, input.invoice), isNull(invoices.deleted_at)));
      if (!exists) throw badRequest({ invoice: [COPY_REFUSALS.missing(input.invoice)] });
      const invoice = await lockFor(tx, input.invoice, 'edit');
      if (input.due_date < invoice.invoice_date) throw badRequest({ due_date: [SCHEDULE_REFUSALS.beforeInvoice] });
      await checkWithinTotal(tx, invoice, input.amount);
      const [row] = await tx
        .insert(paymentSchedules)
        .values({ ...input, created_by: actor.id })
        .returning({ id: paymentSchedules.id });
      return paymentScheduleView(tx, row!.id);
    },
    auditSchedule('create'),
  );
}

/** The instalment and its invoice, both locked, at the instalment's version. */
async function lockInstalment(tx: Db, id: number, expected: number | undefined) {
  const { invoice: invoiceId } = await findRow(tx, paymentSchedules, id);
  const invoice = await lockRow(tx, invoices, invoiceId);
  const instalment = await lockRow(tx, paymentSchedules, id, expected);
  return { instalment, invoice, status: statusOf(invoice) };
}

/** PATCH payment-schedules/{id}/: a draft's instalment, or an issued invoice's unpaid instalment moved to another due date. */
export function updatePaymentSchedule(db: Db, actor: User, id: number, changes: UpdateInput, expected: number | undefined): Promise<PaymentSchedule> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { instalment, invoice, status } = await lockInstalment(tx, id, expected);
      const refusal = instalmentChangeRefusal(status, instalment, changes);
      if (refusal) throw refuse(refusal);
      if (changes.due_date !== undefined && changes.due_date < invoice.invoice_date) throw badRequest({ due_date: [SCHEDULE_REFUSALS.beforeInvoice] });
      if (changes.amount !== undefined) await checkWithinTotal(tx, invoice, changes.amount, instalment.amount);
      await updateRow(tx, paymentSchedules, id, changes, undefined);
      return paymentScheduleView(tx, id);
    },
    auditSchedule('update', { fields: Object.keys(changes) }),
  );
}

/** DELETE payment-schedules/{id}/: a draft's instalment. */
export function deletePaymentSchedule(db: Db, actor: User, id: number, expected: number | undefined): Promise<PaymentSchedule> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { instalment, status } = await lockInstalment(tx, id, expected);
      const refusal = instalmentChangeRefusal(status, instalment, 'delete');
      if (refusal) throw refuse(refusal);
      await tx.update(paymentSchedules).set({ deleted_at: now }).where(eq(paymentSchedules.id, id));
      return publicRow(await findRow(tx, paymentSchedules, id, undefined, { includeDeleted: true }));
    },
    auditSchedule('delete'),
  );
}

/**
 * POST payment-schedules/{id}/mark_paid/: the instalment received, as one receipt allocated to its
 * invoice for what is still owed through it. Money pays instalments in due order (decision 327),
 * so an earlier unpaid instalment is paid by the same receipt.
 */
export async function markInstalmentPaid(db: Db, actor: User, id: number, payment: MarkPaidInput): Promise<PaymentSchedule> {
  const instalment = await paymentScheduleView(db, id);
  const invoice = await findRow(db, invoices, instalment.invoice);
  const refusal = invoiceActionRefusal('receive', statusOf(invoice));
  if (refusal) throw refuse(refusal);
  if (instalment.is_paid) throw refuse(SCHEDULE_REFUSALS.alreadyPaid);
  let through = '0';
  for (const each of await liveInstalments(db, invoice.id)) {
    through = add(through, each.amount);
    if (each.id === id) break;
  }
  const received = sub(invoice.total_amount, invoice.outstanding_amount);
  const owed = sub(through, received);
  const amount = compare(owed, invoice.outstanding_amount) > 0 ? invoice.outstanding_amount : owed;
  if (sign(amount) <= 0) throw refuse(SCHEDULE_REFUSALS.alreadyPaid);
  await createReceipt(db, actor, { ...payment, customer: invoice.customer, sales_order: invoice.sales_order, job_order: invoice.job_order, amount, allocations: [{ invoice: invoice.id, amount }] });
  return paymentScheduleView(db, id);
}
