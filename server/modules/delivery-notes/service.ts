import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { customers, deliveryNoteItems, deliveryNotes, jobOrderItems, jobOrders } from '../../db/schema';
import {
  DELIVERY_NOTE_MESSAGES,
  deliveryNoteEditable,
  deliveryNoteStepTo,
  deliveryNoteStatusSchema,
  exceedsOrderMessage,
  type DeliveryNoteConstraintVerdict,
  type DeliveryNoteJobStatusList,
  type DeliveryNoteLine,
  type DeliveryNoteView,
  type FilterDeliveryNotesQuery,
  type deliveryNoteCreateSchema,
  type deliveryNoteUpdateSchema,
} from '../../../domain/delivery-note';
import { compare, max, sub, toQuantity } from '../../../domain/decimal';
import { jobOrderLabel } from '../../../domain/job-order';
import type { User } from '../../../domain/user';
import { badRequest, fieldError, type FieldErrors, HttpError, invalidPk, invalidPkError, notFound } from '../../lib/http-error';
import { byId, byValue, escapeLike, fromDate, toDate, type ListSpec } from '../../lib/list';
import { findRow, softDeleteRow, updateRow } from '../../lib/rows';
import { auditedWrite } from '../audit/service';
import { pageRows, totalCount, withLines, type Paging, type Slice } from '../../lib/pagination';

type NoteRow = typeof deliveryNotes.$inferSelect;
type CreateInput = z.output<typeof deliveryNoteCreateSchema>;
type UpdateInput = Omit<z.output<typeof deliveryNoteUpdateSchema>, 'expected_version'>;
type ItemInput = { job_order_item: number; quantity: string };

/** Delivery notes page by 15 (business-areas.md §9). */
export const DELIVERY_NOTE_PAGE_SIZE = 15;


/* ------------------------------------------------------------------------------------------ */
/* Mirrored lists                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** list/ and delivery_challans/: the notes the mirror pulls (cancelled ones come in deltas and leave it). */
export const deliveryNoteList: ListSpec<typeof deliveryNotes> = {
  table: deliveryNotes,
  pageSize: DELIVERY_NOTE_PAGE_SIZE,
  orderings: { id: deliveryNotes.id, delivery_date: deliveryNotes.delivery_date, created_at: deliveryNotes.created_at, updated_at: deliveryNotes.updated_at, status: deliveryNotes.status },
  defaultOrdering: '-id',
  search: [deliveryNotes.delivery_location, deliveryNotes.remarks],
  filters: {
    job_order: byId(deliveryNotes.job_order),
    status: byValue(deliveryNotes.status, deliveryNoteStatusSchema),
    start_date: fromDate(deliveryNotes.delivery_date),
    end_date: toDate(deliveryNotes.delivery_date),
  },
};

/** delivery_challan_details/: the products of the notes. */
export const deliveryNoteItemList: ListSpec<typeof deliveryNoteItems> = {
  table: deliveryNoteItems,
  pageSize: DELIVERY_NOTE_PAGE_SIZE,
  orderings: { id: deliveryNoteItems.id, updated_at: deliveryNoteItems.updated_at },
  defaultOrdering: 'id',
  filters: { delivery_note: byId(deliveryNoteItems.delivery_note), job_order_item: byId(deliveryNoteItems.job_order_item) },
};

/** job_order_items/: the job order products a note can carry, so a tablet raises notes offline. */
export const jobOrderItemList: ListSpec<typeof jobOrderItems> = {
  table: jobOrderItems,
  pageSize: DELIVERY_NOTE_PAGE_SIZE,
  orderings: { id: jobOrderItems.id, updated_at: jobOrderItems.updated_at },
  defaultOrdering: 'id',
  search: [jobOrderItems.product],
  filters: { job_order: byId(jobOrderItems.job_order) },
};

/* ------------------------------------------------------------------------------------------ */
/* Views                                                                                       */
/* ------------------------------------------------------------------------------------------ */

const { txid: _txid, ...noteColumns } = getTableColumns(deliveryNotes);
const { txid: _itemTxid, ...itemColumns } = getTableColumns(deliveryNoteItems);

/** The live products of notes with their job order product, oldest line first. */
async function linesOf(db: Db, noteIds: readonly number[]): Promise<DeliveryNoteLine[]> {
  if (!noteIds.length) return [];
  return db
    .select({ ...itemColumns, product: jobOrderItems.product, description: jobOrderItems.description, ordered_quantity: jobOrderItems.quantity })
    .from(deliveryNoteItems)
    .innerJoin(jobOrderItems, eq(jobOrderItems.id, deliveryNoteItems.job_order_item))
    .where(and(inArray(deliveryNoteItems.delivery_note, [...noteIds]), isNull(deliveryNoteItems.deleted_at)))
    .orderBy(asc(deliveryNoteItems.id));
}

/** Notes matching `where` with their job order's label and customer and their products; a slice when paged. */
async function noteViews(db: Db, where: SQL | undefined, order: SQL[], paging?: Paging): Promise<Slice<DeliveryNoteView>> {
  const query = db
    .select({
      ...noteColumns,
      job_order_created_at: jobOrders.created_at,
      job_order_status: jobOrders.status,
      customer: jobOrders.customer,
      customer_name: customers.name,
      total_count: totalCount,
    })
    .from(deliveryNotes)
    .innerJoin(jobOrders, eq(jobOrders.id, deliveryNotes.job_order))
    .innerJoin(customers, eq(customers.id, jobOrders.customer))
    .where(where)
    .orderBy(...order, desc(deliveryNotes.id))
    .$dynamic();
  const { count, results } = await withLines(await pageRows(query, paging), (ids) => linesOf(db, ids), (line) => line.delivery_note);
  return {
    count,
    results: results.map(({ row: { job_order_created_at, ...row }, lines }) => ({ ...row, job_order_label: jobOrderLabel({ id: row.job_order, created_at: job_order_created_at }), items: lines })),
  };
}

/** A note with its products; cancelled ones too (the cancelled list opens them). */
export async function deliveryNoteView(db: Db, id: number): Promise<DeliveryNoteView> {
  const { results } = await noteViews(db, eq(deliveryNotes.id, id), []);
  if (!results.length) throw notFound();
  return results[0]!;
}

/** The views of notes another list picked, in its order. */
export async function describeNotes(db: Db, rows: readonly { id: number }[]): Promise<DeliveryNoteView[]> {
  if (!rows.length) return [];
  const { results } = await noteViews(
    db,
    inArray(
      deliveryNotes.id,
      rows.map((r) => r.id),
    ),
    [],
  );
  const views = new Map(results.map((view) => [view.id, view]));
  return rows.map((row) => views.get(row.id)!);
}

/** cancelled_dnotes/: deleted notes, the latest deleted first. */
export const cancelledNotes = (db: Db, paging: Paging) => noteViews(db, isNotNull(deliveryNotes.deleted_at), [desc(deliveryNotes.deleted_at)], paging);

/** list/{job status}/: live notes of job orders in that status. */
export const notesByJobStatus = (db: Db, status: DeliveryNoteJobStatusList, paging: Paging) =>
  noteViews(db, and(isNull(deliveryNotes.deleted_at), eq(jobOrders.status, status)), [], paging);

/**
 * filter_dnotes/: live notes delivered in a period, of a job order, carrying a product whose name
 * contains `material` (a delivery note carries job order products, not stores materials).
 */
export function filterNotes(db: Db, q: FilterDeliveryNotesQuery, paging: Paging) {
  const product = q.material
    ? sql`EXISTS (SELECT 1 FROM ${deliveryNoteItems} i JOIN ${jobOrderItems} p ON p.id = i.job_order_item
        WHERE i.delivery_note = ${deliveryNotes.id} AND i.deleted_at IS NULL AND p.product ILIKE ${`%${escapeLike(q.material)}%`})`
    : undefined;
  return noteViews(
    db,
    and(
      isNull(deliveryNotes.deleted_at),
      q.startDate ? sql`${deliveryNotes.delivery_date} >= ${q.startDate}` : undefined,
      q.endDate ? sql`${deliveryNotes.delivery_date} <= ${q.endDate}` : undefined,
      q.job ? eq(deliveryNotes.job_order, q.job) : undefined,
      product,
    ),
    [],
    paging,
  );
}

/* ------------------------------------------------------------------------------------------ */
/* The quantity rule                                                                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * The verdict on quantities a note of `jobOrder` would carry: per product, the ordered quantity,
 * what other live notes carry, and whether the asked quantity fits. `exceptNote`'s own lines do
 * not count (they are the ones being replaced). Exact: thousandths as BigInt, never floats.
 */
export async function checkQuantities(db: Db, jobOrder: number, items: readonly ItemInput[], exceptNote?: number): Promise<DeliveryNoteConstraintVerdict> {
  const ids = items.map((i) => i.job_order_item);
  const products = ids.length
    ? await db
        .select({
          id: jobOrderItems.id,
          job_order: jobOrderItems.job_order,
          product: jobOrderItems.product,
          ordered: jobOrderItems.quantity,
          elsewhere: sql<string>`coalesce((SELECT sum(i.quantity) FROM ${deliveryNoteItems} i JOIN ${deliveryNotes} n ON n.id = i.delivery_note
            WHERE i.job_order_item = job_order_items.id AND i.deleted_at IS NULL AND n.deleted_at IS NULL
            ${exceptNote === undefined ? sql`` : sql`AND n.id <> ${exceptNote}`}), 0)::text`,
        })
        .from(jobOrderItems)
        .where(and(inArray(jobOrderItems.id, ids), isNull(jobOrderItems.deleted_at)))
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = items.map((item) => {
    const product = byId.get(item.job_order_item);
    if (!product || product.job_order !== jobOrder) {
      return {
        job_order_item: item.job_order_item,
        product: product?.product ?? '',
        ordered: '0.000',
        delivered_elsewhere: '0.000',
        requested: toQuantity(item.quantity),
        remaining: '0.000',
        ok: false,
        message: product ? DELIVERY_NOTE_MESSAGES.otherJobOrder : invalidPk(item.job_order_item),
      };
    }
    const ordered = toQuantity(product.ordered);
    const elsewhere = toQuantity(product.elsewhere);
    const most = toQuantity(max(sub(ordered, elsewhere), '0'));
    const ok = compare(item.quantity, most) <= 0;
    return {
      job_order_item: item.job_order_item,
      product: product.product,
      ordered,
      delivered_elsewhere: elsewhere,
      requested: toQuantity(item.quantity),
      remaining: most,
      ok,
      message: ok ? null : exceedsOrderMessage(product.product, ordered, elsewhere, most),
    };
  });
  const failed = lines.find((line) => !line.ok);
  return { valid: !failed, message: failed?.message ?? DELIVERY_NOTE_MESSAGES.withinOrder, items: lines };
}

/** The 400 of a verdict that refuses: each refused product's message under `field(i)`. */
function refuseUnlessWithin(verdict: DeliveryNoteConstraintVerdict, field: (index: number) => string): void {
  const fields: FieldErrors = {};
  verdict.items.forEach((line, i) => {
    if (!line.ok && line.message) (fields[field(i)] ??= []).push(line.message);
  });
  if (Object.keys(fields).length) throw badRequest(fields);
}

/* ------------------------------------------------------------------------------------------ */
/* Writes                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const jobOrderIsClosed = sql<boolean>`(${jobOrders.status} = 'closed' OR ${jobOrders.closed_at} IS NOT NULL OR ${jobOrders.cancelled_at} IS NOT NULL)`;

/**
 * The job order, locked for the rest of the transaction: every write that changes what a job
 * order delivers takes this lock first, so two notes written at once cannot both take the last
 * undelivered quantity.
 */
async function lockJobOrder(tx: Db, id: number): Promise<{ id: number; closed: boolean } | undefined> {
  const [row] = await tx
    .select({ id: jobOrders.id, closed: jobOrderIsClosed })
    .from(jobOrders)
    .where(and(eq(jobOrders.id, id), isNull(jobOrders.deleted_at)))
    .for('update');
  return row;
}

/** The note (cancelled ones too, so refusals can say why), locked after its job order. */
async function lockNote(tx: Db, id: number): Promise<NoteRow> {
  const [found] = await tx.select({ job_order: deliveryNotes.job_order }).from(deliveryNotes).where(eq(deliveryNotes.id, id));
  if (!found) throw notFound();
  await lockJobOrder(tx, found.job_order);
  const [note] = await tx.select().from(deliveryNotes).where(eq(deliveryNotes.id, id)).for('update');
  if (note!.deleted_at) throw notFound();
  return note!;
}

function refuseUnlessEditable(note: NoteRow): void {
  if (!deliveryNoteEditable(note)) throw new HttpError(400, { detail: DELIVERY_NOTE_MESSAGES.notEditable });
}

const withMessage = <R extends object>(row: R, message: string) => ({ ...row, message });

const noteAudit = (name: string, risk: 'low' | 'medium', metadata: Record<string, unknown> = {}) => (view: DeliveryNoteView) => ({
  action: `delivery_note.${name}`,
  target: `delivery_notes:${view.id}`,
  risk,
  metadata: { job_order: view.job_order, ...metadata },
});

/** POST create/: a draft note of a job order with its products, each within what is still undelivered. */
export async function createNote(db: Db, actor: User, input: CreateInput) {
  const view = await auditedWrite(
    db,
    actor,
    async (tx) => {
      const job = await lockJobOrder(tx, input.job_order);
      if (!job) throw invalidPkError('job_order', input.job_order);
      if (job.closed) throw fieldError('job_order', DELIVERY_NOTE_MESSAGES.jobOrderClosed);
      refuseUnlessWithin(await checkQuantities(tx, input.job_order, input.items), (i) => `items.${i}.quantity`);
      const [note] = await tx
        .insert(deliveryNotes)
        .values({ job_order: input.job_order, delivery_date: input.delivery_date, delivery_location: input.delivery_location, remarks: input.remarks, created_by: actor.id })
        .returning();
      await tx.insert(deliveryNoteItems).values(input.items.map((item) => ({ delivery_note: note!.id, job_order_item: item.job_order_item, quantity: item.quantity, created_by: actor.id })));
      return deliveryNoteView(tx, note!.id);
    },
    noteAudit('create', 'low', { items: input.items.length }),
  );
  return withMessage(view, DELIVERY_NOTE_MESSAGES.created);
}

/** PATCH update/{id}/: delivery location and remarks of a draft note. */
export async function updateNote(db: Db, actor: User, id: number, input: UpdateInput, expected: number | undefined) {
  const view = await auditedWrite(
    db,
    actor,
    async (tx) => {
      const note = await lockNote(tx, id);
      refuseUnlessEditable(note);
      await updateRow(tx, deliveryNotes, id, { delivery_location: input.delivery_location, remarks: input.remarks, delivery_date: input.delivery_date }, expected);
      return deliveryNoteView(tx, id);
    },
    noteAudit('update', 'low', { fields: Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined) }),
  );
  return withMessage(view, DELIVERY_NOTE_MESSAGES.updated);
}

/** A step of the note's way out (DELIVERY_NOTE_STEPS), refused from any status but its own `from`. */
async function step(db: Db, actor: User, id: number, to: 'approved' | 'ready-to-dispatch', values: Partial<typeof deliveryNotes.$inferInsert>, refusal: string, expected: number | undefined, name: string) {
  const { from } = deliveryNoteStepTo(to);
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const note = await lockNote(tx, id);
      if (note.status !== from) throw new HttpError(400, { detail: refusal });
      await updateRow(tx, deliveryNotes, id, { ...values, status: to }, expected);
      return deliveryNoteView(tx, id);
    },
    noteAudit(name, 'medium'),
  );
}

/** PATCH {id}/approval/: a draft note becomes final. */
export const approveNote = async (db: Db, actor: User, id: number, expected: number | undefined) =>
  withMessage(
    await step(db, actor, id, 'approved', { approved_by: actor.id, approved_at: sql`now()` as unknown as string }, DELIVERY_NOTE_MESSAGES.notDraft, expected, 'approve'),
    DELIVERY_NOTE_MESSAGES.approved,
  );

/** PATCH {id}/ready-to-dispatch/: an approved note is packed. */
export const readyNote = async (db: Db, actor: User, id: number, expected: number | undefined) =>
  withMessage(await step(db, actor, id, 'ready-to-dispatch', {}, DELIVERY_NOTE_MESSAGES.notApproved, expected, 'ready'), DELIVERY_NOTE_MESSAGES.readyToDispatch);

/** PUT delete/{id}/: the note is cancelled (kept for the cancelled list); its quantities are free again. A dispatched note stays. */
export async function deleteNote(db: Db, actor: User, id: number, expected: number | undefined) {
  const view = await auditedWrite(
    db,
    actor,
    async (tx) => {
      const note = await lockNote(tx, id);
      if (note.status === 'dispatched') throw new HttpError(400, { detail: DELIVERY_NOTE_MESSAGES.dispatched });
      await softDeleteRow(tx, deliveryNotes, id, expected);
      return deliveryNoteView(tx, id);
    },
    noteAudit('delete', 'medium'),
  );
  return withMessage(view, DELIVERY_NOTE_MESSAGES.deleted);
}

/** The live line and its locked (draft) note. */
async function lockItem(tx: Db, itemId: number) {
  const item = await findRow(tx, deliveryNoteItems, itemId);
  const note = await lockNote(tx, item.delivery_note);
  refuseUnlessEditable(note);
  return { item, note };
}

const itemAudit = (name: string, risk: 'low' | 'medium') => (item: typeof deliveryNoteItems.$inferSelect) => ({
  action: `delivery_note_item.${name}`,
  target: `delivery_note_items:${item.id}`,
  risk,
  metadata: { delivery_note: item.delivery_note, job_order_item: item.job_order_item, quantity: item.quantity },
});

/** PUT item/qty/update/{itemId}/: a product's quantity on a draft note, within what the other notes leave. */
export async function updateItemQuantity(db: Db, actor: User, itemId: number, quantity: string, expected: number | undefined) {
  const { txid: _, ...item } = await auditedWrite(
    db,
    actor,
    async (tx) => {
      const { item, note } = await lockItem(tx, itemId);
      refuseUnlessWithin(await checkQuantities(tx, note.job_order, [{ job_order_item: item.job_order_item, quantity }], note.id), () => 'quantity');
      return updateRow(tx, deliveryNoteItems, itemId, { quantity }, expected);
    },
    itemAudit('update', 'low'),
  );
  return withMessage(item, DELIVERY_NOTE_MESSAGES.quantityUpdated);
}

/** Takes a product off a draft note (never its last one: the note is deleted instead). */
async function removeItem(db: Db, actor: User, itemId: number, expected: number | undefined, noteId?: number) {
  return auditedWrite(
    db,
    actor,
    async (tx) => {
      const { item, note } = await lockItem(tx, itemId);
      if (noteId !== undefined && note.id !== noteId) throw fieldError('item', DELIVERY_NOTE_MESSAGES.itemOfOtherNote);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(deliveryNoteItems)
        .where(and(eq(deliveryNoteItems.delivery_note, note.id), isNull(deliveryNoteItems.deleted_at), ne(deliveryNoteItems.id, item.id)));
      if (count === 0) throw new HttpError(400, { detail: DELIVERY_NOTE_MESSAGES.lastItem });
      return softDeleteRow(tx, deliveryNoteItems, itemId, expected);
    },
    itemAudit('delete', 'medium'),
  );
}

/** PUT {id}/delete/item/: the note without that product. */
export async function deleteNoteItem(db: Db, actor: User, noteId: number, itemId: number, expected: number | undefined) {
  const [exists] = await db.select({ id: deliveryNoteItems.id }).from(deliveryNoteItems).where(and(eq(deliveryNoteItems.id, itemId), isNull(deliveryNoteItems.deleted_at)));
  if (!exists) throw invalidPkError('item', itemId);
  await removeItem(db, actor, itemId, expected, noteId);
  return withMessage(await deliveryNoteView(db, noteId), DELIVERY_NOTE_MESSAGES.itemDeleted);
}

/** DELETE delivery_challan_details/{id}/ (set 2): the line as it was removed. */
export async function deleteItem(db: Db, actor: User, itemId: number, expected: number | undefined) {
  const { txid: _, ...item } = await removeItem(db, actor, itemId, expected);
  return withMessage(item, DELIVERY_NOTE_MESSAGES.itemDeleted);
}

/** GET delivery_challan_details/{id}/: a live line. */
export async function findItem(db: Db, id: number) {
  const { txid: _, ...item } = await findRow(db, deliveryNoteItems, id);
  return item;
}
