import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import { landingFiguresSchema } from '../../../domain/dashboard';
import { salesDashboardSchema } from '../../../domain/sales-dashboard';
import { api } from '../../data/api';

export const getLandingFigures = async () => landingFiguresSchema.parse((await api.get(API.dashboard.landing)).data);

export const landingFiguresQuery = () => queryOptions({ queryKey: ['dashboard', 'landing'], queryFn: getLandingFigures });

/** The landing page's figures, read again on every entry. */
export const useLandingFigures = () => useQuery(landingFiguresQuery());

/** The sales team's rows (sales-dash's `team`), for the sales manager's landing; read again on every entry. */
export const useSalesTeam = (enabled: boolean) =>
  useQuery({ queryKey: ['dashboard', 'sales'], queryFn: async () => salesDashboardSchema.parse((await api.get(API.dashboard.sales)).data), enabled });
