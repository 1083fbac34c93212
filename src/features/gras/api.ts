import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { GraView } from '../../../domain/gra';
import { api } from '../../data/api';
import { ifMatch } from '../../data/outbox/operations';

/** GRAs page by 15 (business-areas.md §9). */
export const GRA_PAGE_SIZE = 15;

/** A page of the cancelled GRAs, the latest cancelled first. */
export const useCancelledGras = (page: number) =>
  useQuery({
    queryKey: ['gras', 'cancelled', page],
    queryFn: async () => (await api.get<{ count: number; results: GraView[] }>(API.gras.cancelled, { params: { page, page_size: GRA_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  });

/** DELETE gra/gras/{id}/: the GRA cancelled with its reason; its receipts leave stock again. */
export const cancelGra = async (id: number, reason: string, version: number | undefined) =>
  (await api.delete<GraView>(API.gras.detail(id), { data: { cancellation_remarks: reason }, headers: ifMatch(version) })).data;
