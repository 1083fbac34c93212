import { materialCategorySchema, materialSchema, materialSubcategorySchema } from '../../../domain/material';
import { materialCategories, materials, materialSubcategories } from '../schema';
import { entity } from './types';

export default {
  material_categories: entity(materialCategories, materialCategorySchema),
  material_subcategories: entity(materialSubcategories, materialSubcategorySchema),
  materials: entity(materials, materialSchema),
};
