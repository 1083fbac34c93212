import { z } from 'zod';
import { estimationProductDetailCreateSchema } from './estimation';
import { idSchema } from './entity';

/**
 * The costing sheet's single save (`details-with-cost-update/`): every line of the product as the
 * sheet holds it; a line with an id is that line changed, one without is new, a line left out is
 * removed. The server costs them with domain/estimation-costing.ts and answers the product with
 * its lines and totals.
 */
export const costingSheetLineSchema = estimationProductDetailCreateSchema.omit({ product: true }).extend({ id: idSchema.optional() });
export type CostingSheetLine = z.input<typeof costingSheetLineSchema>;
export const costingSheetSchema = z.object({ details: z.array(costingSheetLineSchema).max(500) });
export type CostingSheet = z.input<typeof costingSheetSchema>;
