import type { Estimation, EstimationProduct, EstimationProductDetail, EstimationVersion } from './estimation';
import type { EstimationFile } from './estimation';
import type { z } from 'zod';
import { estimationCostingSaveSchema } from './estimation';
import type { MaterialUnit } from './material';

/**
 * The estimation API's answers as the screens read them (issue 21 §2): the list's row with the
 * names it carries, and the detail with its products, their costing lines and the files.
 */
export type EstimationListRow = Estimation & {
  customer_name?: string | null;
  lead_company?: string | null;
  product_count?: number;
  created_by_name?: string | null;
};

export type EstimationViewDetail = EstimationProductDetail & {
  material_name: string;
  material_unit: MaterialUnit;
  category: number;
  category_name: string;
};

export type EstimationViewProduct = EstimationProduct & { details: EstimationViewDetail[] };

export type EstimationViewFile = Pick<EstimationFile, 'id' | 'kind' | 'original_name' | 'content_type' | 'size'> & { url: string };

export type EstimationView = Estimation & {
  customer_name: string | null;
  lead_company: string | null;
  created_by_name: string | null;
  approved_by_name: string | null;
  products: EstimationViewProduct[];
  files: EstimationViewFile[];
};

/** A kept costing as `{id}/versions/` lists it. */
export type EstimationVersionRow = Pick<EstimationVersion, 'costing_version' | 'reason' | 'total_cost' | 'created_at' | 'created_by' | 'products'>;

/** The part of a multipart create that carries the estimation's fields; files go under their kind. */
export const ESTIMATION_DATA_PART = 'data';
export const ESTIMATION_FILE_PARTS = { drawing: 'drawings', image: 'images' } as const;

/** One line of the costing sheet's save (estimationCostingSaveSchema's): with its id when it is a line the product has. */
export const costingSaveLineSchema = estimationCostingSaveSchema.shape.details.element;
export type CostingSaveLine = z.input<typeof costingSaveLineSchema>;
