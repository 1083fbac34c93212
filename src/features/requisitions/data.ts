import { useLiveQuery } from 'dexie-react-hooks';
import type { RequisitionDetail, RequisitionLine, RequisitionListRow, RequisitionState } from '../../../domain/requisition';
import { isJobOrderOpen, type JobOrder } from '../../../domain/job-order';
import { mirror } from '../../data/mirror/db';

/** A requisition on the device: a row the server sent, or one made offline with its lines inside. */
export type LocalRequisition = RequisitionListRow & { requisition_items?: RequisitionLine[] };

/** A line as the screens show it, with its material's name and unit (the server sends them with every line). */
export type ShownLine = Pick<RequisitionDetail, 'material' | 'quantity' | 'quantity_issued' | 'quantity_reserved'> & {
  id: number | null;
  version: number | null;
  material_name: string;
  material_unit: string;
};

/** Every requisition with its live lines, read from the mirror; undefined while it answers. */
export function useRequisitions(): { requisition: LocalRequisition; lines: RequisitionLine[] }[] | undefined {
  return useLiveQuery(async () => {
    const [requisitions, details] = await Promise.all([mirror.rowsOf<LocalRequisition>('requisitions').toArray(), mirror.rowsOf<RequisitionLine>('requisitionDetails').toArray()]);
    const byRequisition = new Map<number, RequisitionLine[]>();
    for (const line of details) if (!line.deleted_at) byRequisition.set(line.requisition, [...(byRequisition.get(line.requisition) ?? []), line]);
    return requisitions.map((requisition) => ({ requisition, lines: byRequisition.get(requisition.id) ?? [] }));
  }, []);
}

/** Whether each job order on the device is still open (read only when `wanted`); undefined while the device answers. */
export function useJobOrdersOpen(wanted: boolean): ReadonlyMap<number, boolean> | undefined {
  return useLiveQuery(async () => new Map(wanted ? (await mirror.rowsOf<JobOrder>('jobOrders').toArray()).map((j) => [j.id, isJobOrderOpen(j)]) : []), [wanted]);
}

/** One requisition and its lines (the ones inside a row made offline, else the mirrored ones). */
export function useRequisition(id: number): { requisition: LocalRequisition | null; lines: ShownLine[] } | undefined {
  return useLiveQuery(async () => {
    const requisition = (await mirror.rowsOf<LocalRequisition>('requisitions').get(id)) ?? null;
    const details = (await mirror.rowsOf<RequisitionLine>('requisitionDetails').where('requisition').equals(id).toArray()).filter((l) => !l.deleted_at);
    const inside: ShownLine[] = (requisition?.requisition_items ?? []).map((l) => ({ ...l, id: null, version: null }));
    return { requisition, lines: [...inside, ...details] };
  }, [id]);
}

/** The colour of each state's badge. */
export const STATE_PALETTE: Readonly<Record<RequisitionState, string>> = {
  open: 'blue',
  approved: 'teal',
  'partly-issued': 'orange',
  issued: 'green',
  closed: 'gray',
  cancelled: 'red',
};
