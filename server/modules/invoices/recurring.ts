import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recurringFrequencySchema, type RecurringInvoice } from '../../../domain/invoice';
import { COPY_REFUSALS, nextRecurringDate, SCHEDULE_MESSAGES, type recurringCreateSchema, recurringJobSchema, type RecurringRow, type recurringUpdateSchema } from '../../../domain/invoice-schedule';
import { JOB_NAMES } from '../../../domain/jobs';
import { businessToday, isValidDateRange } from '../../../domain/rules/dates';
import type { Db } from '../../db/client';
import { customers, invoices, recurringInvoiceRuns, recurringInvoices, users } from '../../db/schema';
import { byFlag, byId, type ListSpec } from '../../lib/list';
import { badRequest, notFound } from '../../lib/http-error';
import { lockRow, publicRow } from '../../lib/rows';
import type { User } from '../../../domain/user';
import { auditedWrite } from '../audit/service';
import { defineJob } from '../jobs/queue';
import { toUser } from '../users/service';
import { copyOf, draftDates } from './copies';
import { createInvoice } from './writes';

/**
 * Recurring invoices (business-areas.md §7 {id}/create_recurring/ and recurring/): a template
 * invoice raised again as a draft every period by the background job (decision 327). Each period's
 * invoice is written in the same transaction as its row in recurring_invoice_runs, whose unique
 * (recurring, period) key, and the setup's row lock, make it exactly once however many API
 * processes run the job, and a job that missed days raises every period it missed, each dated its own.
 */

type CreateInput = z.output<typeof recurringCreateSchema>;
type UpdateInput = z.output<typeof recurringUpdateSchema>;
type SetupRow = typeof recurringInvoices.$inferSelect;

const setupView = (row: SetupRow): RecurringInvoice => ({ ...publicRow(row), frequency: recurringFrequencySchema.parse(row.frequency) });

/** POST invoices/{id}/create_recurring/: the invoice raised again from the start date on, until the end date or the count. */
export function createRecurring(db: Db, actor: User, templateId: number, input: CreateInput): Promise<RecurringRow> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [template] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, templateId), isNull(invoices.deleted_at)))
        .for('update');
      if (!template) throw notFound();
      await copyOf(tx, templateId, 'non_field_errors');
      if (input.start_date < businessToday()) throw badRequest({ start_date: [SCHEDULE_MESSAGES.startInPast] });
      const [running] = await tx
        .select({ id: recurringInvoices.id })
        .from(recurringInvoices)
        .where(and(eq(recurringInvoices.template_invoice, templateId), eq(recurringInvoices.is_active, true), isNull(recurringInvoices.deleted_at)));
      if (running) throw badRequest({ non_field_errors: [COPY_REFUSALS.alreadyRecurring] });
      const [row] = await tx
        .insert(recurringInvoices)
        .values({ template_invoice: templateId, ...input, next_date: input.start_date, is_active: true, created_by: actor.id })
        .returning();
      const [described] = await describeRecurring(tx, [setupView(row!)]);
      return described!;
    },
    (row) => ({ action: 'recurring_invoice.create', target: `recurring_invoices:${row.id}`, risk: 'medium', metadata: { template_invoice: row.template_invoice, frequency: row.frequency, start_date: row.start_date, end_date: row.end_date, occurrences: row.occurrences } }),
  );
}

/** PATCH invoices/recurring/{id}/: stopped, or another end date or count; one that has reached its new end stops at once. */
export function updateRecurring(db: Db, actor: User, id: number, changes: Omit<UpdateInput, 'expected_version'>, expected: number | undefined): Promise<RecurringRow> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const setup = await lockRow(tx, recurringInvoices, id, expected);
      if (!setup.is_active) throw badRequest({ non_field_errors: [COPY_REFUSALS.stopped] });
      const next = { ...setup, ...changes, frequency: recurringFrequencySchema.parse(setup.frequency) };
      if (!isValidDateRange(next.start_date, next.end_date)) throw badRequest({ end_date: [SCHEDULE_MESSAGES.endDate] });
      const [{ raised }] = (await tx.select({ raised: count() }).from(recurringInvoiceRuns).where(eq(recurringInvoiceRuns.recurring, id))) as [{ raised: number }];
      const ended = changes.is_active === false || nextRecurringDate(next, raised) === null;
      const [row] = await tx
        .update(recurringInvoices)
        .set({ ...changes, is_active: !ended })
        .where(eq(recurringInvoices.id, id))
        .returning();
      const [described] = await describeRecurring(tx, [setupView(row!)]);
      return described!;
    },
    (row) => ({ action: 'recurring_invoice.update', target: `recurring_invoices:${row.id}`, risk: 'medium', metadata: { fields: Object.keys(changes), is_active: row.is_active } }),
  );
}

/** recurring/: the recurring setups, the next to run first; `?is_active=` and `?template_invoice=` filter. */
export const recurringList: ListSpec<typeof recurringInvoices> = {
  table: recurringInvoices,
  pageSize: 15,
  orderings: { next_date: recurringInvoices.next_date, id: recurringInvoices.id, start_date: recurringInvoices.start_date },
  defaultOrdering: 'next_date',
  filters: { is_active: byFlag(recurringInvoices.is_active), template_invoice: byId(recurringInvoices.template_invoice) },
};

/** The template's number and customer, and the invoices raised so far, of each setup. */
export async function describeRecurring(db: Db, rows: readonly RecurringInvoice[]): Promise<RecurringRow[]> {
  if (!rows.length) return [];
  const templates = await db
    .select({ id: invoices.id, number: invoices.invoice_number, customer: invoices.customer, customer_name: customers.name })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customer))
    .where(inArray(invoices.id, rows.map((r) => r.template_invoice)));
  const runs = await db
    .select({ recurring: recurringInvoiceRuns.recurring, raised: count(), last: sql<number>`max(${recurringInvoiceRuns.invoice})` })
    .from(recurringInvoiceRuns)
    .where(inArray(recurringInvoiceRuns.recurring, rows.map((r) => r.id)))
    .groupBy(recurringInvoiceRuns.recurring);
  return rows.map((row) => {
    const template = templates.find((t) => t.id === row.template_invoice)!;
    const run = runs.find((r) => r.recurring === row.id);
    return { ...row, template_invoice_number: template.number, customer: template.customer, customer_name: template.customer_name, invoices_raised: run?.raised ?? 0, last_invoice: run ? Number(run.last) : null };
  });
}

/** Raises the invoice of one setup's next period if it is due on `today`; false when there is none (due later, ended, or raised meanwhile). */
async function raiseNext(db: Db, setupId: number, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [setup] = await tx
      .select()
      .from(recurringInvoices)
      .where(and(eq(recurringInvoices.id, setupId), eq(recurringInvoices.is_active, true), isNull(recurringInvoices.deleted_at)))
      .for('update');
    if (!setup || setup.next_date > today) return false;
    const [creator] = setup.created_by === null ? [] : await tx.select().from(users).where(eq(users.id, setup.created_by));
    if (!creator) throw new Error(`recurring invoice ${setupId} has no creator to raise its invoices as`);
    const actor = toUser(creator);
    const [{ raised }] = (await tx.select({ raised: count() }).from(recurringInvoiceRuns).where(eq(recurringInvoiceRuns.recurring, setupId))) as [{ raised: number }];
    await auditedWrite(
      tx,
      actor,
      async (inner) => {
        const made = await createInvoice(inner, actor, { ...(await copyOf(inner, setup.template_invoice, 'template_invoice')), ...(await draftDates(inner, { invoice_date: setup.next_date })) });
        await inner.insert(recurringInvoiceRuns).values({ recurring: setupId, period_date: setup.next_date, invoice: made.id });
        return made;
      },
      (made) => ({ action: 'recurring_invoice.raise', target: `recurring_invoices:${setupId}`, risk: 'low', metadata: { invoice: made.id, period_date: setup.next_date } }),
    );
    const next = nextRecurringDate({ ...setup, frequency: recurringFrequencySchema.parse(setup.frequency) }, raised + 1);
    await tx
      .update(recurringInvoices)
      .set(next === null ? { is_active: false } : { next_date: next })
      .where(eq(recurringInvoices.id, setupId));
    return true;
  });
}

/**
 * The job's work: every active setup due on `today` (the business day; tests give their clock)
 * raises each period it has not raised yet. A setup that cannot be raised (its customer or GST
 * rate gone) does not hold the others back; the job fails afterwards, so it retries and is seen.
 */
export async function raiseRecurringInvoices(db: Db, today: string): Promise<number> {
  const due = await db
    .select({ id: recurringInvoices.id })
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.is_active, true), isNull(recurringInvoices.deleted_at), lte(recurringInvoices.next_date, today)))
    .orderBy(asc(recurringInvoices.next_date), asc(recurringInvoices.id));
  let raised = 0;
  const failures: string[] = [];
  for (const { id } of due) {
    try {
      while (await raiseNext(db, id, today)) raised++;
    } catch (error) {
      failures.push(`recurring invoice ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length) throw new Error(failures.join('\n'));
  return raised;
}

/** Once a day at 06:00 in India (00:30 UTC); `as_of` is the test clock. */
export const raiseRecurringInvoicesJob = defineJob<z.input<typeof recurringJobSchema>>({
  name: JOB_NAMES.raiseRecurringInvoices,
  retryLimit: 3,
  retryDelaySeconds: 300,
  retryBackoff: true,
  schedule: '30 0 * * *',
  run: (job, { db }) => raiseRecurringInvoices(db, recurringJobSchema.parse(job.data).as_of ?? businessToday()),
});
