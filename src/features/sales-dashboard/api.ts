import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { salesExecutiveOptionSchema } from '../../../domain/lead';
import { salesAnalysisSchema, salesDashboardSchema } from '../../../domain/sales-dashboard';
import { api } from '../../data/api';

export const getSalesDashboard = async () => salesDashboardSchema.parse((await api.get(API.dashboard.sales)).data);

export const salesDashboardQuery = () => queryOptions({ queryKey: ['dashboard', 'sales'], queryFn: getSalesDashboard });

/** sales-dash's figures, read again on every entry. */
export const useSalesDashboard = () => useQuery(salesDashboardQuery());

/** The sales analysis for the chosen period and executive (empty values left out). */
export const useSalesAnalysis = (params: Record<string, string>) =>
  useQuery({
    queryKey: ['report', API.salesReports.analysis, params],
    queryFn: async () => salesAnalysisSchema.parse((await api.get(API.salesReports.analysis, { params })).data),
    placeholderData: keepPreviousData,
  });

/** The sales executive dropdown (product-frame.md §3), for the executive filter of the reports. */
export const useSalesExecutiveOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'sales-executives'],
    queryFn: async () => z.array(salesExecutiveOptionSchema).parse((await api.get(API.users.salesExecutives)).data),
    enabled,
    staleTime: 5 * 60_000,
  });
