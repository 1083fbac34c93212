import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import { packingDispatchDashboardSchema } from '../../../domain/dispatch';
import { api } from '../../data/api';

export const getPackingDispatchFigures = async () => packingDispatchDashboardSchema.parse((await api.get(API.dispatches.dashboard)).data);

export const packingDispatchFiguresQuery = () => queryOptions({ queryKey: ['dashboard', 'packing-dispatch'], queryFn: getPackingDispatchFigures });

/** The packing and dispatch dashboard's figures, read again on every entry. */
export const usePackingDispatchFigures = () => useQuery(packingDispatchFiguresQuery());
