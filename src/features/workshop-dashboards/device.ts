import { useLiveQuery } from 'dexie-react-hooks';
import type { JobOrder } from '../../../domain/job-order';
import { REQUISITION_PENDING_STATES, requisitionActionRefusal, requisitionState, type Requisition, type RequisitionDetail, type RequisitionState } from '../../../domain/requisition';
import { mirror } from '../../data/mirror/db';
import { outbox } from '../../data/outbox/db';

/** What the tablet knows without the server: the user's requisitions and the floor's job orders as last synced, and unsent writes. */
export interface DeviceFigures {
  byState: ReadonlyMap<RequisitionState, number>;
  awaitingApproval: number;
  inProcess: number;
  /** Writes of this user still to reach the server, and those it refused. */
  unsent: number;
  rejected: number;
}

export function useDeviceFigures(userId: number | undefined): DeviceFigures | undefined {
  return useLiveQuery(async () => {
    if (!userId) return undefined;
    const mine = (await mirror.rowsOf<Requisition>('requisitions').where('requested_by').equals(userId).toArray()).filter((r) => !r.deleted_at);
    const lines = await mirror
      .rowsOf<RequisitionDetail>('requisitionDetails')
      .where('requisition')
      .anyOf(mine.map((r) => r.id))
      .toArray();
    const byState = new Map<RequisitionState, number>();
    let awaitingApproval = 0;
    for (const requisition of mine) {
      const state = requisitionState(
        requisition,
        lines.filter((l) => l.requisition === requisition.id),
      );
      if (!REQUISITION_PENDING_STATES.includes(state)) continue;
      byState.set(state, (byState.get(state) ?? 0) + 1);
      if (requisitionActionRefusal('approve', state, requisition.requisition_type) === null) awaitingApproval += 1;
    }
    const inProcess = (await mirror.rowsOf<JobOrder>('jobOrders').where('status').equals('in-process').toArray()).filter((j) => !j.cancelled_at && !j.deleted_at).length;
    const entries = (await outbox.entries.toArray()).filter((e) => e.userId === userId);
    return { byState, awaitingApproval, inProcess, unsent: entries.filter((e) => e.state !== 'rejected').length, rejected: entries.filter((e) => e.state === 'rejected').length };
  }, [userId]);
}
