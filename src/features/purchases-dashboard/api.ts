import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import { purchasesDashboardSchema } from '../../../domain/dashboard';
import { api } from '../../data/api';

export const getPurchasesFigures = async () => purchasesDashboardSchema.parse((await api.get(API.dashboard.purchases)).data);

export const purchasesFiguresQuery = () => queryOptions({ queryKey: ['dashboard', 'purchases'], queryFn: getPurchasesFigures });

/** The stores and purchase dashboard's figures, read again on every entry. */
export const usePurchasesFigures = () => useQuery(purchasesFiguresQuery());
