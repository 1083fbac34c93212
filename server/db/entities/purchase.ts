import { graItemSchema, graSchema } from '../../../domain/gra';
import { lpoItemSchema, lpoSchema } from '../../../domain/lpo';
import { vendorSchema } from '../../../domain/vendor';
import { graItems, gras, lpoItems, lpos, vendors } from '../schema';
import { entity } from './types';

export default {
  vendors: entity(vendors, vendorSchema),
  lpos: entity(lpos, lpoSchema),
  lpo_items: entity(lpoItems, lpoItemSchema),
  gras: entity(gras, graSchema),
  gra_items: entity(graItems, graItemSchema),
};
