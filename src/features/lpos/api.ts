import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import { sign } from '../../../domain/decimal';
import type { LpoCreate, LpoItem, LpoItemUpdate, LpoLine, LpoPendingLine, LpoProposal, LpoProposals, LpoView } from '../../../domain/lpo';
import type { MaterialStockRow } from '../../../domain/material-report';
import { MAX_PAGE_SIZE } from '../../../domain/query-params';
import { api } from '../../data/api';
import { ifMatch } from '../../data/outbox/operations';
import type { ListPage } from '../../ui/ServerListScreen';

/** The LPO lists page by 15 (business-areas.md §9). */
export const LPO_PAGE_SIZE = 15;

export const lpoQuery = (id: number) => queryOptions({ queryKey: ['lpos', id], queryFn: async () => (await api.get<LpoView>(API.lpos.detail(id))).data });

/** An LPO with its approver's and author's names and its live lines; a temp id is never asked for. */
export const useLpo = (id: number) => useQuery({ ...lpoQuery(id), enabled: id > 0 });

/** A page of the cancelled LPOs. */
export const useCancelledLpos = (page: number) =>
  useQuery({
    queryKey: ['lpos', 'cancelled', page],
    queryFn: async () => (await api.get<ListPage<LpoView>>(API.lpos.cancelled, { params: { page, page_size: LPO_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });

/** A page of the lines still to come, the earliest expected first. */
export const usePendingReceipt = (page: number) =>
  useQuery({
    queryKey: ['lpos', 'pending-receipt', page],
    queryFn: async () => (await api.get<ListPage<LpoPendingLine>>(API.lpos.pendingReceipt, { params: { page, page_size: LPO_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });

/** POST lpos/: a new draft LPO. */
export const createLpo = async (lpo: LpoCreate) => (await api.post<LpoView>(API.lpos.list, lpo)).data;

/** The steps taken at the version shown (a stale one is refused with 409). */
export const approveLpo = async (lpo: Pick<LpoView, 'id' | 'version'>) => (await api.post<LpoView>(API.lpos.approve(lpo.id), { expected_version: lpo.version })).data;

/** POST {id}/send/: the LPO's PDF mailed to these addresses, and the LPO marked sent. */
export const sendLpo = async (lpo: Pick<LpoView, 'id' | 'version'>, addresses: string[]) =>
  (await api.post<LpoView>(API.lpos.send(lpo.id), { email_addresses: addresses, expected_version: lpo.version })).data;

/** POST {id}/close/: closed short, with why the rest will not come. */
export const closeLpo = async (lpo: Pick<LpoView, 'id' | 'version'>, remarks: string) => (await api.post<LpoView>(API.lpos.close(lpo.id), { remarks, expected_version: lpo.version })).data;

/** DELETE {id}/: cancelled, with its cancellation remarks. */
export const cancelLpo = async (lpo: Pick<LpoView, 'id' | 'version'>, remarks: string) =>
  (await api.delete<LpoView>(API.lpos.detail(lpo.id), { data: { cancellation_remarks: remarks, expected_version: lpo.version } })).data;

/** PUT item-details/{id}/ at the line's version: a draft's line changed; the LPO's totals follow. */
export const changeLpoLine = async (line: Pick<LpoLine, 'id' | 'version'>, changes: LpoItemUpdate) => (await api.put<LpoItem>(API.lpoItems.detail(line.id), changes, { headers: ifMatch(line.version) })).data;

/** DELETE item-details/{id}/ at the line's version: a draft's line taken off (the last one is refused). */
export const removeLpoLine = async (line: Pick<LpoLine, 'id' | 'version'>) => {
  await api.delete(API.lpoItems.detail(line.id), { headers: ifMatch(line.version) });
};

/**
 * The materials below their reorder level (the reorder report also lists those exactly at it,
 * short by nothing), each ordered by the quantity it is short by, as draft LPOs grouped by last vendor.
 */
export async function reorderProposals(): Promise<LpoProposal[]> {
  const report = (await api.get<ListPage<MaterialStockRow & { shortfall: string }>>(API.materialReports.reorder, { params: { page: 1, page_size: MAX_PAGE_SIZE } })).data.results;
  const below = report.filter((row) => sign(row.shortfall) > 0);
  if (!below.length) return [];
  return (await api.post<LpoProposals>(API.lpos.fromReorder, { materials: below.map((row) => ({ material: row.id })) })).data.proposals;
}

/** A requisition's shortfall as draft LPOs. */
export const requisitionProposals = async (requisition: number) => (await api.get<LpoProposals>(API.lpos.fromRequisition(requisition))).data.proposals;
