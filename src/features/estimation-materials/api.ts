import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { estimationProductDetailSchema, estimationProductSchema, estimationSchema } from '../../../domain/estimation';
import { api } from '../../data/api';

/**
 * What a material's details read of an estimation's detail (GET estimations/{id}/): its title and
 * each product's costing lines. Only these fields are read, so the rest of the answer may grow freely.
 */
const costingLinesSchema = estimationSchema.pick({ id: true, title: true, status: true }).extend({
  products: z.array(
    estimationProductSchema.pick({ id: true, name: true }).extend({
      details: z.array(estimationProductDetailSchema.pick({ id: true, estimation_material: true, description: true, quantity: true, rate: true, amount: true })),
    }),
  ),
});
export type EstimationCostingLines = z.infer<typeof costingLinesSchema>;

export const getEstimationCostingLines = async (id: number) => costingLinesSchema.parse((await api.get(API.estimations.detail(id))).data);

/** An estimation's costing lines, read online (estimations are not on the device). */
export const useEstimationCostingLines = (id: number) =>
  useQuery(queryOptions({ queryKey: ['estimations', id, 'costing-lines'], queryFn: () => getEstimationCostingLines(id), enabled: Number.isInteger(id) && id > 0, retry: false }));
