import { useQuery } from '@tanstack/react-query';
import { API } from '../../domain/api-paths';
import type { MonarchEntities } from '../../domain/quotation';
import { api } from '../data/api';

/**
 * The company's issuing entities (system settings), for whoever makes a quotation: the quotation
 * form and an estimation's hand-over. An empty list means any text is taken (decision 217).
 */
export const useMonarchEntities = (enabled = true) =>
  useQuery({
    queryKey: ['quotations', 'monarch-entities'],
    queryFn: async () => (await api.get<MonarchEntities>(API.quotations.monarchEntities)).data.monarch_entities,
    enabled,
  });
