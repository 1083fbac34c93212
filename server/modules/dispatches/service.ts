import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { customers, deliveryNotes, dispatches, jobOrders } from '../../db/schema';
import { DELIVERY_NOTE_MESSAGES } from '../../../domain/delivery-note';
import {
  bookedDispatch,
  DASHBOARD_DAYS,
  DISPATCH_STATUSES_GONE,
  dispatchStatusSchema,
  isReadyToDispatch,
  type DashboardNote,
  type DispatchView,
  type dispatchCreateSchema,
  type PackingDispatchDashboard,
} from '../../../domain/dispatch';
import { jobOrderLabel } from '../../../domain/job-order';
import type { User } from '../../../domain/user';
import { fieldError, HttpError, invalidPkError, notFound } from '../../lib/http-error';
import { byId, byValue, fromDate, toDate, type ListSpec } from '../../lib/list';
import { auditedWrite } from '../audit/service';
import { businessDay, TODAY } from '../../lib/business-day';

type CreateInput = z.output<typeof dispatchCreateSchema>;

/** dispatches/: the list the mirror pulls. */
export const dispatchList: ListSpec<typeof dispatches> = {
  table: dispatches,
  pageSize: 15,
  orderings: { id: dispatches.id, dispatch_date: dispatches.dispatch_date, status: dispatches.status, updated_at: dispatches.updated_at },
  defaultOrdering: '-dispatch_date',
  search: [dispatches.vehicle_number, dispatches.driver_name],
  filters: {
    status: byValue(dispatches.status, dispatchStatusSchema),
    job_order: byId(dispatches.job_order),
    delivery_note: byId(dispatches.delivery_note),
    start_date: fromDate(dispatches.dispatch_date),
    end_date: toDate(dispatches.dispatch_date),
  },
};

const { txid: _txid, ...dispatchColumns } = getTableColumns(dispatches);

async function dispatchViews(db: Db, where: SQL | undefined): Promise<DispatchView[]> {
  const rows = await db
    .select({
      ...dispatchColumns,
      job_order_created_at: jobOrders.created_at,
      customer_name: customers.name,
      delivery_location: deliveryNotes.delivery_location,
      delivery_note_status: deliveryNotes.status,
    })
    .from(dispatches)
    .innerJoin(deliveryNotes, eq(deliveryNotes.id, dispatches.delivery_note))
    .innerJoin(jobOrders, eq(jobOrders.id, dispatches.job_order))
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .where(where)
    .orderBy(asc(dispatches.id));
  return rows.map(({ job_order_created_at, ...row }) => ({ ...row, job_order_label: jobOrderLabel({ id: row.job_order, created_at: job_order_created_at }) }));
}

/** GET dispatches/{id}/: a dispatch with its job order, customer and destination. */
export async function dispatchView(db: Db, id: number): Promise<DispatchView> {
  const [view] = await dispatchViews(db, eq(dispatches.id, id));
  if (!view) throw notFound();
  return view;
}

/** The company works on Indian Standard Time: "today" is the day in Kolkata. */

/** The live (not cancelled) dispatches of notes, per note. */
async function liveDispatchesOf(db: Db, noteIds: readonly number[]) {
  const rows = noteIds.length
    ? await db
        .select()
        .from(dispatches)
        .where(and(inArray(dispatches.delivery_note, [...noteIds]), ne(dispatches.status, 'cancelled')))
        .orderBy(asc(dispatches.id))
    : [];
  const byNote = new Map<number, (typeof rows)[number][]>();
  for (const row of rows) byNote.set(row.delivery_note, [...(byNote.get(row.delivery_note) ?? []), row]);
  return (note: number) => byNote.get(note) ?? [];
}

/**
 * POST dispatches/: a ready note (isReadyToDispatch) leaves on a vehicle. One live (not
 * cancelled) dispatch per note: when a vehicle was booked for it, the booking is what leaves
 * (200, the booking with what this call says); otherwise the dispatch is new (201). A dispatch
 * recorded as dispatched or delivered marks the note dispatched.
 */
export async function createDispatch(db: Db, actor: User, input: CreateInput): Promise<{ view: DispatchView; created: boolean }> {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const [note] = await tx.select().from(deliveryNotes).where(eq(deliveryNotes.id, input.delivery_note)).for('update');
      if (!note || note.deleted_at) throw invalidPkError('delivery_note', input.delivery_note);
      if (note.job_order !== input.job_order) throw fieldError('job_order', DELIVERY_NOTE_MESSAGES.noteOfOtherJobOrder);
      const live = (await liveDispatchesOf(tx, [note.id]))(note.id);
      if (!isReadyToDispatch(note, live)) {
        const gone = note.status === 'dispatched' || live.some((d) => DISPATCH_STATUSES_GONE.includes(d.status));
        throw new HttpError(400, { detail: gone ? DELIVERY_NOTE_MESSAGES.alreadyDispatched : DELIVERY_NOTE_MESSAGES.notReady });
      }
      const booking = bookedDispatch(live);
      if (booking && input.status === 'scheduled') throw new HttpError(400, { detail: DELIVERY_NOTE_MESSAGES.alreadyBooked });
      const [row] = booking
        ? await tx
            .update(dispatches)
            .set({
              dispatch_date: input.dispatch_date,
              status: input.status,
              // What the call leaves empty, the booking already says.
              vehicle_number: input.vehicle_number || booking.vehicle_number,
              driver_name: input.driver_name || booking.driver_name,
              driver_phone: input.driver_phone || booking.driver_phone,
              remarks: input.remarks || booking.remarks,
            })
            .where(eq(dispatches.id, booking.id))
            .returning()
        : await tx
            .insert(dispatches)
            .values({ ...input, created_by: actor.id })
            .returning();
      if (DISPATCH_STATUSES_GONE.includes(input.status)) await tx.update(deliveryNotes).set({ status: 'dispatched' }).where(eq(deliveryNotes.id, note.id));
      return { view: await dispatchView(tx, row!.id), created: !booking };
    },
    ({ view, created }) => ({ action: created ? 'dispatch.create' : 'dispatch.send', target: `dispatches:${view.id}`, risk: 'low', metadata: { delivery_note: view.delivery_note, status: view.status } }),
  );
}

/**
 * Live notes in a status (ready ones: ready to dispatch as the domain defines it), with the day
 * they reached it, how long ago, and their booked vehicle.
 */
async function notesIn(db: Db, status: 'approved' | 'ready-to-dispatch'): Promise<DashboardNote[]> {
  // Approval has its own time; readiness is the note's last change while it stays ready.
  const since = status === 'approved' ? sql`coalesce(${deliveryNotes.approved_at}, ${deliveryNotes.updated_at})` : deliveryNotes.updated_at;
  const rows = await db
    .select({
      id: deliveryNotes.id,
      job_order: deliveryNotes.job_order,
      job_order_created_at: jobOrders.created_at,
      customer_name: customers.name,
      delivery_location: deliveryNotes.delivery_location,
      delivery_date: deliveryNotes.delivery_date,
      status: deliveryNotes.status,
      deleted_at: deliveryNotes.deleted_at,
      since: sql<string>`to_char(${businessDay(since)}, 'YYYY-MM-DD')`,
      days_waiting: sql<number>`(${TODAY} - ${businessDay(since)})`.mapWith(Number),
    })
    .from(deliveryNotes)
    .innerJoin(jobOrders, eq(jobOrders.id, deliveryNotes.job_order))
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .where(and(eq(deliveryNotes.status, status), isNull(deliveryNotes.deleted_at)))
    .orderBy(asc(since), asc(deliveryNotes.id));
  const dispatchesOf = await liveDispatchesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .filter((row) => status !== 'ready-to-dispatch' || isReadyToDispatch(row, dispatchesOf(row.id)))
    .map(({ job_order_created_at, deleted_at: _, ...row }) => {
      const booking = bookedDispatch(dispatchesOf(row.id));
      return {
        ...row,
        job_order_label: jobOrderLabel({ id: row.job_order, created_at: job_order_created_at }),
        booking: booking ? { id: booking.id, dispatch_date: booking.dispatch_date, vehicle_number: booking.vehicle_number } : null,
      };
    });
}

/** GET dispatches/dashboard/: what the packing and dispatch team acts on now, and the last two weeks at a glance. */
export async function packingDispatchDashboard(db: Db): Promise<PackingDispatchDashboard> {
  const [{ today } = { today: '' }] = await queryRows<{ today: string }>(db, sql`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today`);
  const dailyRows = await queryRows<{ date: string; count: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS date,
          (SELECT count(*)::int FROM ${dispatches} d WHERE d.dispatch_date = day::date AND d.status IN ('dispatched', 'delivered')) AS count
        FROM generate_series(${TODAY} - ${DASHBOARD_DAYS - 1}::int, ${TODAY}, interval '1 day') AS day
        ORDER BY day`,
  );
  const todays = await db
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(and(sql`${dispatches.dispatch_date} = ${TODAY}`, inArray(dispatches.status, ['dispatched', 'delivered'])))
    .orderBy(desc(dispatches.id));
  return {
    today,
    ready_to_dispatch: await notesIn(db, 'ready-to-dispatch'),
    waiting: await notesIn(db, 'approved'),
    dispatched_today: todays.length
      ? await dispatchViews(
          db,
          inArray(
            dispatches.id,
            todays.map((t) => t.id),
          ),
        )
      : [],
    daily: dailyRows.map((row) => ({ date: row.date, count: Number(row.count) })),
  };
}
