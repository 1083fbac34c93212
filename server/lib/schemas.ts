import { z } from 'zod';

/** A row id in a path: anything else names no row (404). */
export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const detailSchema = z.object({ detail: z.string() });
