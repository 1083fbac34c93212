import { useLiveQuery } from 'dexie-react-hooks';
import type { EstimationMaterial, EstimationMaterialCategory } from '../../../domain/estimation-material';
import { mirror } from '../../data/mirror/db';

/** A name compared as the server's unique indexes do: ignoring case and spaces. */
export const nameKey = (name: string) => name.replace(/\s/g, '').toLowerCase();

/** The live costing materials and their categories on the device; undefined while it answers. */
export function useEstimationCatalogue(): { materials: EstimationMaterial[]; categories: EstimationMaterialCategory[] } | undefined {
  return useLiveQuery(async () => {
    const [materials, categories] = await Promise.all([mirror.rowsOf<EstimationMaterial>('estimationMaterials').toArray(), mirror.rowsOf<EstimationMaterialCategory>('estimationMaterialCategories').toArray()]);
    return { materials: materials.filter((m) => !m.deleted_at), categories: categories.filter((c) => !c.deleted_at).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })) };
  }, []);
}

/** Another live material of the category already has this name (the server refuses it too, with the same words). */
export const takenInCategory = (materials: readonly EstimationMaterial[], category: number, name: string, except?: number) =>
  materials.some((m) => m.category === category && m.id !== except && nameKey(m.name) === nameKey(name));

/** Another live category already has this name. */
export const takenCategory = (categories: readonly EstimationMaterialCategory[], name: string, except?: number) => categories.some((c) => c.id !== except && nameKey(c.name) === nameKey(name));
