import type { Db } from '../../server/db/client';
import { estimationMaterialCategories, estimationMaterials } from '../../server/db/schema';
import type { MaterialUnit } from '../../domain/material';

let sequence = 0;

export async function makeEstimationCategory(db: Db, name = `Category ${++sequence}`) {
  const [row] = await db.insert(estimationMaterialCategories).values({ name }).returning();
  return row!;
}

export async function makeEstimationMaterial(db: Db, category: number, values: { name?: string; unit?: MaterialUnit; rate?: string } = {}) {
  const [row] = await db
    .insert(estimationMaterials)
    .values({ category, name: values.name ?? `Material ${++sequence}`, unit: values.unit ?? 'PCS', rate: values.rate ?? '0' })
    .returning();
  return row!;
}
