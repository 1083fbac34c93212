import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { GraItem, GraView } from '../../../domain/gra';
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

/** GET gra/gras/{id}/: a GRA the device does not hold (one cancelled before the device loaded the GRAs), read from the server. */
export const useServerGra = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['gras', 'detail', id],
    queryFn: async () => (await api.get<GraView>(API.gras.detail(id))).data,
    enabled,
  });

/** PATCH gra/gra_items/{id}/ at the line's version: its received and accepted quantities corrected; its receipt follows. */
export const correctGraLine = async (line: { id: number; version?: number }, changes: { quantity_received: string; quantity_accepted: string }) =>
  (await api.patch<GraItem>(API.graItems.detail(line.id), changes, { headers: ifMatch(line.version) })).data;

/** DELETE gra/gra_items/{id}/ at the line's version: the line leaves the GRA and its receipt is reversed (the last line is refused). */
export const removeGraLine = async (line: { id: number; version?: number }) =>
  (await api.delete<GraItem>(API.graItems.detail(line.id), { headers: ifMatch(line.version) })).data;
