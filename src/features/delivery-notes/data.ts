import { useLiveQuery } from 'dexie-react-hooks';
import { compare, max, sign, sub, sum, toQuantity } from '../../../domain/decimal';
import { type DeliveryNote, type DeliveryNoteItem, type DeliveryNoteStatus } from '../../../domain/delivery-note';
import { jobOrderLabel, type JobOrder, type JobOrderItem } from '../../../domain/job-order';
import type { Customer } from '../../../domain/customer';
import { mirror } from '../../data/mirror/db';

/** A line made offline, inside its note until the server numbers it. */
export interface InsideLine {
  job_order_item: number;
  quantity: string;
  product: string;
  ordered_quantity: string;
}

/** A note on the device: a row the server sent, or one made offline with its products inside. */
export type LocalNote = DeliveryNote & { items?: InsideLine[] };

/** A product of a note as the screens show it; `id` and `version` are null for a line made offline. */
export interface ShownLine {
  id: number | null;
  version: number | null;
  job_order_item: number;
  quantity: string;
  product: string;
  ordered_quantity: string;
}

/** A note in a list, with its job order's label and status, customer and product count. */
export interface NoteRow {
  note: LocalNote;
  jobOrderLabel: string;
  jobOrderStatus: string;
  customer: string;
  products: number;
}

export const NOTE_STATUS_PALETTE: Readonly<Record<DeliveryNoteStatus, string>> = { draft: 'gray', approved: 'blue', 'ready-to-dispatch': 'orange', dispatched: 'green' };

async function jobOrdersAndCustomers(ids: readonly number[]) {
  const jobs = ((await mirror.rowsOf<JobOrder>('jobOrders').bulkGet([...new Set(ids)])) as (JobOrder | undefined)[]).filter((j): j is JobOrder => !!j);
  const customers = ((await mirror.rowsOf<Customer>('customers').bulkGet([...new Set(jobs.map((j) => j.customer))])) as (Customer | undefined)[]).filter((c): c is Customer => !!c);
  return { jobs: new Map(jobs.map((j) => [j.id, j])), customers: new Map(customers.map((c) => [c.id, c])) };
}

/** Every live note on the device with what its list row shows; undefined while the device answers. */
export function useNoteRows(): NoteRow[] | undefined {
  return useLiveQuery(async () => {
    const [notes, items] = await Promise.all([mirror.rowsOf<LocalNote>('deliveryNotes').toArray(), mirror.rowsOf<DeliveryNoteItem>('deliveryNoteItems').toArray()]);
    const live = notes.filter((n) => !n.deleted_at);
    const { jobs, customers } = await jobOrdersAndCustomers(live.map((n) => n.job_order));
    const counts = new Map<number, number>();
    for (const item of items) if (!item.deleted_at) counts.set(item.delivery_note, (counts.get(item.delivery_note) ?? 0) + 1);
    return live.map((note) => {
      const job = jobs.get(note.job_order);
      return {
        note,
        jobOrderLabel: job ? jobOrderLabel(job) : String(note.job_order),
        jobOrderStatus: job?.status ?? '',
        customer: job ? (customers.get(job.customer)?.name ?? '') : '',
        products: note.items?.length ?? counts.get(note.id) ?? 0,
      };
    });
  }, []);
}

/** One note, its products, job order and customer, from the device; undefined while it answers. */
export function useNote(id: number) {
  return useLiveQuery(async () => {
    const note = (await mirror.rowsOf<LocalNote>('deliveryNotes').get(id)) ?? null;
    const items = (await mirror.rowsOf<DeliveryNoteItem>('deliveryNoteItems').where('delivery_note').equals(id).toArray()).filter((i) => !i.deleted_at);
    const products = new Map(
      ((await mirror.rowsOf<JobOrderItem>('jobOrderItems').bulkGet(items.map((i) => i.job_order_item))) as (JobOrderItem | undefined)[]).filter((p): p is JobOrderItem => !!p).map((p) => [p.id, p]),
    );
    const { jobs, customers } = await jobOrdersAndCustomers(note ? [note.job_order] : []);
    const job = note ? (jobs.get(note.job_order) ?? null) : null;
    const inside: ShownLine[] = (note?.items ?? []).map((l) => ({ ...l, id: null, version: null }));
    const mirrored: ShownLine[] = items
      .sort((a, b) => a.id - b.id)
      .map((i) => ({
        id: i.id,
        version: i.version,
        job_order_item: i.job_order_item,
        quantity: i.quantity,
        product: products.get(i.job_order_item)?.product ?? `Product ${i.job_order_item}`,
        ordered_quantity: products.get(i.job_order_item)?.quantity ?? '0',
      }));
    return { note, lines: [...inside, ...mirrored], job, customer: job ? (customers.get(job.customer)?.name ?? '') : '' };
  }, [id]);
}

/** A job order product and how much of it is still undelivered, as far as the device knows. */
export interface Deliverable {
  product: JobOrderItem;
  /** On other live notes (this device's offline ones included). */
  delivered: string;
  remaining: string;
}

/**
 * The products of a job order with what other live notes already carry, counted exactly,
 * leaving `exceptNote` out: the same rule the server checks on every write.
 * Undefined until a job order is known and its products are read.
 */
export function useDeliverables(jobOrder: number | null, exceptNote?: number): Deliverable[] | undefined {
  return useLiveQuery(async () => {
    if (jobOrder === null) return undefined;
    const products = (await mirror.rowsOf<JobOrderItem>('jobOrderItems').where('job_order').equals(jobOrder).toArray()).filter((p) => !p.deleted_at).sort((a, b) => a.id - b.id);
    const notes = (await mirror.rowsOf<LocalNote>('deliveryNotes').where('job_order').equals(jobOrder).toArray()).filter((n) => !n.deleted_at && n.id !== exceptNote);
    const noteIds = new Set(notes.map((n) => n.id));
    const delivered = new Map<number, string[]>();
    const add = (product: number, quantity: string) => delivered.set(product, [...(delivered.get(product) ?? []), quantity]);
    for (const note of notes) for (const line of note.items ?? []) add(line.job_order_item, line.quantity);
    const lines = await mirror.rowsOf<DeliveryNoteItem>('deliveryNoteItems').where('job_order_item').anyOf(products.map((p) => p.id)).toArray();
    for (const line of lines) if (!line.deleted_at && noteIds.has(line.delivery_note)) add(line.job_order_item, line.quantity);
    return products.map((product) => {
      const out = sum(delivered.get(product.id) ?? []);
      return { product, delivered: toQuantity(out), remaining: toQuantity(max(sub(product.quantity, out), '0')) };
    });
  }, [jobOrder, exceptNote]);
}

/** A quantity typed by a user: more than zero, at most 3 decimals, and within what may still go. */
const QUANTITY = /^\d{1,11}(\.\d{1,3})?$/;
export function quantityProblem(value: string, most?: string): string | true {
  if (!QUANTITY.test(value.trim()) || sign(value) <= 0) return 'Enter a quantity greater than 0, up to 3 decimals.';
  if (most !== undefined && compare(value, most) > 0) return `At most ${most} can still be delivered.`;
  return true;
}
