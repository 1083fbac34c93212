import { useLiveQuery } from 'dexie-react-hooks';
import type { Customer } from '../../../domain/customer';
import type { DeliveryNote } from '../../../domain/delivery-note';
import { bookedDispatch, isReadyToDispatch, type Dispatch, type DispatchStatus } from '../../../domain/dispatch';
import { jobOrderLabel, type JobOrder } from '../../../domain/job-order';
import { mirror } from '../../data/mirror/db';

/** A dispatch as the screens show it: its job order, customer and where its note goes. */
export interface DispatchRow {
  dispatch: Dispatch;
  jobOrderLabel: string;
  customer: string;
  location: string;
}

/** A note ready to leave, with its job order, customer and the vehicle booked for it. */
export interface ReadyNote {
  note: DeliveryNote;
  jobOrderLabel: string;
  customer: string;
  booking: Dispatch | undefined;
}

export const DISPATCH_STATUS_PALETTE: Readonly<Record<DispatchStatus, string>> = { scheduled: 'blue', dispatched: 'orange', delivered: 'green', cancelled: 'red' };

async function lookups(jobIds: readonly number[], noteIds: readonly number[]) {
  const jobs = ((await mirror.rowsOf<JobOrder>('jobOrders').bulkGet([...new Set(jobIds)])) as (JobOrder | undefined)[]).filter((j): j is JobOrder => !!j);
  const customers = ((await mirror.rowsOf<Customer>('customers').bulkGet([...new Set(jobs.map((j) => j.customer))])) as (Customer | undefined)[]).filter((c): c is Customer => !!c);
  const notes = ((await mirror.rowsOf<DeliveryNote>('deliveryNotes').bulkGet([...new Set(noteIds)])) as (DeliveryNote | undefined)[]).filter((n): n is DeliveryNote => !!n);
  const customerNames = new Map(customers.map((c) => [c.id, c.name]));
  const jobMap = new Map(jobs.map((j) => [j.id, j]));
  return {
    label: (id: number) => (jobMap.get(id) ? jobOrderLabel(jobMap.get(id)!) : String(id)),
    customer: (id: number) => customerNames.get(jobMap.get(id)?.customer ?? 0) ?? '',
    location: new Map(notes.map((n) => [n.id, n.delivery_location])),
  };
}

/** The dispatches on the device matching `filter` (all when none), with their lookups. */
export function useDispatchRows(filter?: { field: 'id' | 'job_order'; value: number }): DispatchRow[] | undefined {
  return useLiveQuery(async () => {
    const table = mirror.rowsOf<Dispatch>('dispatches');
    const dispatches = filter ? await table.where(filter.field).equals(filter.value).toArray() : await table.toArray();
    const { label, customer, location } = await lookups(
      dispatches.map((d) => d.job_order),
      dispatches.map((d) => d.delivery_note),
    );
    return dispatches.map((dispatch) => ({ dispatch, jobOrderLabel: label(dispatch.job_order), customer: customer(dispatch.job_order), location: location.get(dispatch.delivery_note) ?? '' }));
  }, [filter?.field, filter?.value]);
}

/** Notes ready to dispatch (isReadyToDispatch, as the dashboard and the server count them), oldest first. */
export function useReadyNotes(): ReadyNote[] | undefined {
  return useLiveQuery(async () => {
    const packed = await mirror.rowsOf<DeliveryNote>('deliveryNotes').where('status').equals('ready-to-dispatch').toArray();
    const dispatches = await mirror
      .rowsOf<Dispatch>('dispatches')
      .where('delivery_note')
      .anyOf(packed.map((n) => n.id))
      .toArray();
    const dispatchesOf = (note: number) => dispatches.filter((d) => d.delivery_note === note && d.status !== 'cancelled');
    const notes = packed.filter((n) => isReadyToDispatch(n, dispatchesOf(n.id))).sort((a, b) => a.id - b.id);
    const { label, customer } = await lookups(
      notes.map((n) => n.job_order),
      [],
    );
    return notes.map((note) => ({ note, jobOrderLabel: label(note.job_order), customer: customer(note.job_order), booking: bookedDispatch(dispatchesOf(note.id)) }));
  }, []);
}
