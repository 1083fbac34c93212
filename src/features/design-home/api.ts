import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import { designDashboardSchema } from '../../../domain/design-dashboard';
import { api } from '../../data/api';

export const getDesignFigures = async () => designDashboardSchema.parse((await api.get(API.dashboard.design)).data);

export const designFiguresQuery = () => queryOptions({ queryKey: ['dashboard', 'design'], queryFn: getDesignFigures });

/** design-home's figures, read again on every entry. */
export const useDesignFigures = () => useQuery(designFiguresQuery());
