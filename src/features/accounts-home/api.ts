import { useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import { agingReportSchema } from '../../../domain/invoice';
import { api } from '../../data/api';

/** GET invoices/aging_report/, read again on every entry: the very figures the aging report shows, so the two always agree. */
export const useAgingReport = () =>
  useQuery({ queryKey: ['dashboard', 'accounts', 'aging'], queryFn: async () => agingReportSchema.parse((await api.get(API.invoices.agingReport)).data) });
