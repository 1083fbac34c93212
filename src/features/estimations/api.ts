import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { API } from '../../../domain/api-paths';
import type { BoqDraft, BoqDraftCreate, CostBreakdownRow, EstimationProduct, EstimationProductView, EstimationQuotation, EstimationReject } from '../../../domain/estimation';
import type { EstimationListRow, EstimationVersionRow, EstimationView, EstimationViewProduct } from '../../../domain/estimation';
import { api } from '../../data/api';
import { ifMatch } from '../../data/outbox/operations';
import { keptEstimationOfProduct } from '../../data/estimation-copies';
import { mirror } from '../../data/mirror/db';
import { keepWithWaitingChanges, waitingProductChanges } from '../../data/operations';
import { tokens } from '../../data/tokens';
import type { ListPage } from '../../ui/ServerListScreen';

/** The estimation lists page by 15, as the other lists of the sales and design areas. */
export const ESTIMATION_PAGE_SIZE = 15;

/** The detail as the server has it; each answer is kept on the device for the costing sheet offline (decision 354). */
export const estimationQuery = (id: number) =>
  queryOptions({
    queryKey: ['estimations', id],
    queryFn: async () => {
      const view = (await api.get<EstimationView>(API.estimations.detail(id))).data;
      const userId = tokens.userId;
      if (userId !== null) await keepWithWaitingChanges(mirror, userId, view);
      return view;
    },
  });

/** An estimation with its products and lines; a temp id (made on the device) is never asked for. */
export const useEstimation = (id: number) => useQuery({ ...estimationQuery(id), enabled: id > 0 });

/** The live estimations on the device (the mirror), undefined while it answers. */
export const useEstimationsOnDevice = () => useLiveQuery(async () => (await mirror.rowsOf<EstimationListRow>('estimations').toArray()).filter((e) => !e.deleted_at), []);

/** One estimation as the device holds it: undefined while it answers, null when absent or cancelled. */
export const useEstimationOnDevice = (id: number) =>
  useLiveQuery(async () => {
    if (!Number.isInteger(id) || id === 0) return null;
    const row = await mirror.rowsOf<EstimationListRow>('estimations').get(id);
    return row && !row.deleted_at ? row : null;
  }, [id]);

/** Whether products or costing saves of the estimation wait on the device to be sent (also those naming it by the temp id it had). */
export const useProductChangesWaiting = (id: number) => useLiveQuery(async () => (await waitingProductChanges(id)).length > 0, [id]) ?? false;

/** The estimation holding a product, as this device last loaded it (and as the waiting saves changed it). */
export const useKeptEstimationOfProduct = (product: number) =>
  useLiveQuery(async () => {
    const userId = tokens.userId;
    return userId === null || !Number.isInteger(product) || product === 0 ? null : keptEstimationOfProduct(userId, product);
  }, [product]);

export const useCancelledEstimations = (page: number) =>
  useQuery({
    queryKey: ['estimations', 'cancelled', page],
    queryFn: async () => (await api.get<ListPage<EstimationListRow>>(API.estimations.cancelled, { params: { page, page_size: ESTIMATION_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });

/** The costings kept of an estimation, oldest first. */
export const useEstimationVersions = (id: number) =>
  useQuery({ queryKey: ['estimations', id, 'versions'], queryFn: async () => (await api.get<EstimationVersionRow[]>(API.estimations.versions(id))).data, enabled: id > 0 });

/** A product's cost by material category. */
export const useCostBreakdown = (product: number) =>
  useQuery({ queryKey: ['estimations', 'breakdown', product], queryFn: async () => (await api.get<CostBreakdownRow[]>(API.estimationProducts.costBreakdown(product))).data });

/** The estimation as the user saw it: each step names the version it expects. */
type Seen = { id: number; version: number };
export const submitEstimation = async (e: Seen) => (await api.post<EstimationView>(API.estimations.submit(e.id), { expected_version: e.version })).data;
export const approveEstimation = async (e: Seen) => (await api.post<EstimationView>(API.estimations.approve(e.id), { expected_version: e.version })).data;
export const rejectEstimation = async (e: Seen, body: EstimationReject) => (await api.post<EstimationView>(API.estimations.reject(e.id), { ...body, expected_version: e.version })).data;
export const cancelEstimation = async (e: Seen) => {
  await api.delete(API.estimations.detail(e.id), { headers: ifMatch(e.version) });
};
/** The hand-over: the approved estimation becomes a draft quotation (its subject the estimation's title); answers the new quotation's id. */
export const quoteEstimation = async (e: Seen, body: EstimationQuotation) =>
  (await api.post<{ quotation: { id: number } }>(API.estimations.quotation(e.id), { ...body, expected_version: e.version })).data.quotation.id;

/**
 * A product's bill-of-quantities drafts, oldest first (decision 363), from the server: one read of
 * every draft of its estimation, shared by the estimation's product cards, each taking its own
 * (decision 369).
 */
export const useBoqDrafts = (product: Pick<EstimationViewProduct, 'id' | 'estimation'>) =>
  useQuery({
    queryKey: ['estimations', 'boq-drafts', product.estimation],
    queryFn: async () => (await api.get<BoqDraft[]>(API.boqDrafts.list, { params: { estimation: product.estimation } })).data,
    select: (drafts) => drafts.filter((d) => d.product === product.id),
  });

/**
 * The drafts' writes, each on the server: add sizes, remove them, and use them ("Use these
 * sizes": the product takes them and is costed again). After each, the estimation's reads (its
 * detail and total, the drafts) are read again.
 */
export function useBoqDraftWrites() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['estimations'] });
  return {
    add: useMutation({ mutationFn: async (body: BoqDraftCreate) => (await api.post<BoqDraft>(API.boqDrafts.list, body)).data, onSuccess }),
    remove: useMutation({
      mutationFn: async (draft: Seen) => {
        await api.delete(API.boqDrafts.detail(draft.id), { headers: ifMatch(draft.version) });
      },
      onSuccess,
    }),
    apply: useMutation({ mutationFn: async (draft: Seen) => (await api.post<EstimationProductView>(API.boqDrafts.apply(draft.id))).data, onSuccess }),
  };
}

/**
 * Online, the costing sheet's product read again from the server: the product (for its
 * estimation), then the estimation's detail, which keeps it on the device. Offline it waits,
 * paused, and the sheet opens on the kept copy.
 */
export const useCostingSource = (product: number) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['estimations', 'product', product],
    queryFn: async () => {
      const { estimation } = (await api.get<EstimationProduct>(API.estimationProducts.detail(product))).data;
      return queryClient.fetchQuery(estimationQuery(estimation));
    },
    enabled: product > 0,
    retry: false,
  });
};
