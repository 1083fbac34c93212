import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { MonarchEntities, QuotationView } from '../../../domain/quotation';
import { api } from '../../data/api';

/** The quotation as the edit form loads it (online): header, live lines and revisions. */
export const quotationToEditQuery = (id: number) =>
  queryOptions({ queryKey: ['quotations', id, 'edit'], queryFn: async () => (await api.get<QuotationView>(API.quotations.detail(id))).data });
export const useQuotationToEdit = (id: number | null) => useQuery({ ...quotationToEditQuery(id ?? 0), enabled: id !== null });

/** The company's issuing entities (system settings); an empty list means any text is taken (decision 217). */
export const useMonarchEntities = () =>
  useQuery({ queryKey: ['quotations', 'monarch-entities'], queryFn: async () => (await api.get<MonarchEntities>(API.quotations.monarchEntities)).data.monarch_entities });
