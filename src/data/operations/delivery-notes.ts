import { API } from '../../../domain/api-paths';
import {
  deliveryNoteCreateSchema,
  deliveryNoteItemQuantityUpdateSchema,
  deliveryNoteUpdateSchema,
  deliveryNoteVersionSchema,
  type DeliveryNoteView,
} from '../../../domain/delivery-note';
import type { JobOrderItem } from '../../../domain/job-order';
import type { MirrorDatabase, MirrorRow } from '../mirror/db';
import { defineOperation, ifMatch, localRefSchema, mergeInto, newRow, putServerRow, type ReconcileContext } from '../outbox/operations';
import { ref } from '../outbox/placeholders';

/** The note of a delivery-note answer, as the mirrored list has it: its products go to their own table, the message is the screen's. */
async function reconcileNote(mirror: MirrorDatabase, serverRow: unknown, ctx: ReconcileContext): Promise<void> {
  const { items = [], message: _, ...note } = serverRow as DeliveryNoteView & { message?: string };
  await mirror.transaction('rw', [mirror.rows('deliveryNotes'), mirror.rows('deliveryNoteItems')], async () => {
    await putServerRow(mirror, 'deliveryNotes', note, ctx);
    const live = new Set(items.map((i) => i.id));
    // Lines the server no longer has on the note (deleted elsewhere) leave the device with it.
    const gone = (await mirror.rows('deliveryNoteItems').where('delivery_note').equals(note.id).toArray()).filter((i) => !live.has(i.id)).map((i) => i.id);
    await mirror.rows('deliveryNoteItems').bulkDelete(gone);
    await mirror.rows('deliveryNoteItems').bulkPut(items.map(({ product: _p, description: _d, ordered_quantity: _o, ...item }) => item as MirrorRow));
  });
}

const withoutMessage = (row: unknown) => {
  const { message: _, ...rest } = row as { message?: string };
  return rest;
};

/**
 * POST deliverynotes/delivery_notes/create/: a draft note of a job order. Offline it shows at
 * once with its products inside the row (they have no ids before the server numbers them).
 */
export const createDeliveryNote = defineOperation({
  name: 'delivery-note.create',
  permission: 'delivery-notes.write',
  label: 'New delivery note',
  type: 'deliveryNotes',
  schema: deliveryNoteCreateSchema,
  creates: true,
  request: (note) => ({ method: 'POST', url: API.deliveryNotes.create, body: note }),
  apply: async (mirror, note, ctx) => {
    const products = new Map(
      ((await mirror.rows('jobOrderItems').bulkGet(note.items.map((i) => i.job_order_item))) as (JobOrderItem | undefined)[])
        .filter((p): p is JobOrderItem => p !== undefined)
        .map((p) => [p.id, p]),
    );
    await mirror.rows('deliveryNotes').put(
      newRow(
        {
          job_order: note.job_order,
          delivery_date: note.delivery_date ?? ctx.now.slice(0, 10),
          delivery_location: note.delivery_location,
          remarks: note.remarks,
          status: 'draft',
          approved_by: null,
          approved_at: null,
          deleted_at: null,
          items: note.items.map((item) => ({ ...item, product: products.get(item.job_order_item)?.product ?? '', ordered_quantity: products.get(item.job_order_item)?.quantity ?? '0' })),
        },
        ctx,
      ),
    );
  },
  reconcile: reconcileNote,
  describe: (note) => `${note.delivery_location}: ${note.items.length} product${note.items.length === 1 ? '' : 's'} of job order ${note.job_order}`,
});

/** PATCH deliverynotes/delivery_notes/update/{id}/ with If-Match: delivery location, remarks (and date). */
export const updateDeliveryNote = defineOperation({
  name: 'delivery-note.update',
  permission: 'delivery-notes.write',
  label: 'Delivery note changed',
  type: 'deliveryNotes',
  schema: deliveryNoteUpdateSchema.extend({ id: localRefSchema }),
  rowId: (changes) => changes.id,
  request: ({ id, expected_version, ...changes }) => ({ method: 'PATCH', url: API.deliveryNotes.update(ref(id)), body: changes, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, expected_version: _, ...changes }, ctx) => mergeInto(mirror, 'deliveryNotes', id, changes, ctx.now),
  reconcile: reconcileNote,
  describe: (changes) => [changes.delivery_location, changes.remarks].filter((v) => v !== undefined && v !== '').join(' · ') || `Delivery note ${changes.id}`,
});

/** PUT deliverynotes/delivery_notes/item/qty/update/{itemId}/ with If-Match: the quantity of a product on a note. */
export const changeDeliveryNoteQuantity = defineOperation({
  name: 'delivery-note-item.quantity',
  permission: 'delivery-notes.write',
  label: 'Delivered quantity changed',
  type: 'deliveryNoteItems',
  schema: deliveryNoteItemQuantityUpdateSchema.extend({ id: localRefSchema }),
  rowId: (change) => change.id,
  request: ({ id, expected_version, quantity }) => ({ method: 'PUT', url: API.deliveryNotes.itemQuantity(ref(id)), body: { quantity }, headers: ifMatch(expected_version) }),
  apply: (mirror, { id, quantity }, ctx) => mergeInto(mirror, 'deliveryNoteItems', id, { quantity }, ctx.now),
  reconcile: (mirror, row, ctx) => putServerRow(mirror, 'deliveryNoteItems', withoutMessage(row), ctx),
  describe: (change) => `Quantity ${change.quantity}`,
});

/** PUT deliverynotes/delivery_notes/{note}/delete/item/ with If-Match (the line's version): a product taken off a note. */
export const removeDeliveryNoteItem = defineOperation({
  name: 'delivery-note-item.remove',
  permission: 'delivery-notes.write',
  label: 'Product removed from a delivery note',
  type: 'deliveryNoteItems',
  schema: deliveryNoteVersionSchema.extend({ id: localRefSchema, delivery_note: localRefSchema }),
  rowId: (line) => line.id,
  request: ({ id, delivery_note, expected_version }) => ({
    method: 'PUT',
    url: API.deliveryNotes.deleteItem(ref(delivery_note)),
    body: { item: ref(id) },
    headers: ifMatch(expected_version),
  }),
  apply: (mirror, { id }) => mirror.rows('deliveryNoteItems').delete(id),
  reconcile: reconcileNote,
  describe: (line) => `Line ${line.id} of delivery note ${line.delivery_note}`,
});
