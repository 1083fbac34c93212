import { useLiveQuery } from 'dexie-react-hooks';
import { isJobOrderOpen, type JobOrder } from '../../../domain/job-order';
import { inStoresQueue, requisitionState, type Requisition, type RequisitionDetail } from '../../../domain/requisition';
import { mirror } from '../../data/mirror/db';
import { outbox } from '../../data/outbox/db';

/** What a stores desk knows without the server: its queue as last synced, and its writes still to send. */
export interface StoresDeviceFigures {
  queue: number;
  unsent: number;
  rejected: number;
}

/** Stores' queue counted on the mirror by the rule the server's queue uses (inStoresQueue). */
export function useStoresDeviceFigures(userId: number | undefined): StoresDeviceFigures | undefined {
  return useLiveQuery(async () => {
    if (!userId) return undefined;
    const [requisitions, lines, jobOrders] = await Promise.all([
      mirror.rowsOf<Requisition>('requisitions').toArray(),
      mirror.rowsOf<RequisitionDetail>('requisitionDetails').toArray(),
      mirror.rowsOf<JobOrder>('jobOrders').toArray(),
    ]);
    const linesOf = new Map<number, RequisitionDetail[]>();
    for (const line of lines) if (!line.deleted_at) linesOf.set(line.requisition, [...(linesOf.get(line.requisition) ?? []), line]);
    const open = new Map(jobOrders.map((j) => [j.id, isJobOrderOpen(j)]));
    // A job order not on the device is not known to be closed: its requisition stays in the queue, as on the queue screen.
    const queue = requisitions.filter((r) => inStoresQueue(requisitionState(r, linesOf.get(r.id) ?? []), r.requisition_type, r.job_order === null || (open.get(r.job_order) ?? true))).length;
    const entries = (await outbox.entries.toArray()).filter((e) => e.userId === userId);
    return { queue, unsent: entries.filter((e) => e.state !== 'rejected').length, rejected: entries.filter((e) => e.state === 'rejected').length };
  }, [userId]);
}
