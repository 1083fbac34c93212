import { z } from 'zod';
import { refSchema } from '../../domain/entity';

/** A dropdown's choice: its value is the id as text, '' for none chosen. */
export const chosen = (message: string) => z.string().min(1, message).transform(Number).pipe(refSchema);
export const optionalChoice = z.string().transform((v) => (v ? Number(v) : null)).pipe(refSchema.nullable());
