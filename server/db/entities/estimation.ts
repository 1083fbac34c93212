import { boqDraftSchema, estimationFileSchema, estimationProductDetailSchema, estimationProductSchema, estimationSchema, estimationVersionSchema } from '../../../domain/estimation';
import { estimationMaterialCategorySchema, estimationMaterialSchema } from '../../../domain/estimation-material';
import { boqDrafts, estimationFiles, estimationMaterialCategories, estimationMaterials, estimationProductDetails, estimationProducts, estimations, estimationVersions } from '../schema';
import { entity } from './types';

export default {
  estimation_material_categories: entity(estimationMaterialCategories, estimationMaterialCategorySchema),
  estimation_materials: entity(estimationMaterials, estimationMaterialSchema),
  estimations: entity(estimations, estimationSchema),
  estimation_products: entity(estimationProducts, estimationProductSchema),
  estimation_product_details: entity(estimationProductDetails, estimationProductDetailSchema),
  estimation_versions: entity(estimationVersions, estimationVersionSchema),
  estimation_files: entity(estimationFiles, estimationFileSchema),
  boq_drafts: entity(boqDrafts, boqDraftSchema),
};
