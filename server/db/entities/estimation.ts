import { boqDraftSchema, estimationProductDetailSchema, estimationProductSchema, estimationSchema } from '../../../domain/estimation';
import { estimationMaterialCategorySchema, estimationMaterialSchema } from '../../../domain/estimation-material';
import { boqDrafts, estimationMaterialCategories, estimationMaterials, estimationProductDetails, estimationProducts, estimations } from '../schema';
import { entity } from './types';

export default {
  estimation_material_categories: entity(estimationMaterialCategories, estimationMaterialCategorySchema),
  estimation_materials: entity(estimationMaterials, estimationMaterialSchema),
  estimations: entity(estimations, estimationSchema),
  estimation_products: entity(estimationProducts, estimationProductSchema),
  estimation_product_details: entity(estimationProductDetails, estimationProductDetailSchema),
  boq_drafts: entity(boqDrafts, boqDraftSchema),
};
