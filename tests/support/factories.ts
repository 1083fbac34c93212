import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { materialCategories, materials, materialSubcategories, users } from '../../server/db/schema';
import type { MaterialUnit } from '../../domain/material';

/** Test data, made directly in the database: each factory takes only what a test cares about. */

let sequence = 0;
const next = () => ++sequence;

export async function userId(db: Db, username: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

export async function makeCategory(db: Db, values: { name?: string } = {}) {
  const [row] = await db.insert(materialCategories).values({ name: values.name ?? `Category ${next()}` }).returning();
  return row!;
}

export async function makeSubcategory(db: Db, category: number, values: { name?: string } = {}) {
  const [row] = await db.insert(materialSubcategories).values({ name: values.name ?? `Subcategory ${next()}`, category }).returning();
  return row!;
}

export async function makeMaterial(db: Db, category: number, values: { name?: string; unit?: MaterialUnit; brand?: string; quantity?: string; reorder_level?: string; subcategory?: number; created_at?: string } = {}) {
  const [row] = await db
    .insert(materials)
    .values({ name: values.name ?? `Material ${next()}`, category, unit: values.unit ?? 'PCS', brand: values.brand ?? '', quantity: values.quantity ?? '0', reorder_level: values.reorder_level ?? '0', subcategory: values.subcategory ?? null, created_at: values.created_at })
    .returning();
  return row!;
}

/** An account made in the database, signed in with the demo password unless it is inactive. */
export async function makeUser(db: Db, values: { username: string; department: string | null; designation: string | null; is_superuser?: boolean; is_active?: boolean; password?: string }) {
  const { hashPassword } = await import('../../server/lib/password');
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      password_hash: await hashPassword(values.password ?? 'fabops-demo', 1024),
      department: values.department,
      designation: values.designation,
      is_superuser: values.is_superuser ?? false,
      is_active: values.is_active ?? true,
    })
    .returning();
  return row!;
}
