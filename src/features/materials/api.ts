import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '../../../domain/api-paths';
import type { StockPosition } from '../../../domain/stock';
import { api } from '../../data/api';

export const getStockPosition = async (material: number) => (await api.get<StockPosition>(API.stock.valueOf(material))).data;

export const stockPositionQuery = (material: number) => queryOptions({ queryKey: ['materials', material, 'stock-position'], queryFn: () => getStockPosition(material) });

/** What is held, free to issue and the stock value of one material: the server's figures. */
export const useStockPosition = (material: number) => useQuery(stockPositionQuery(material));
