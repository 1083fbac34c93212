import { z } from 'zod';
import { formatIndian, QUANTITY_PLACES } from '../../../domain/decimal';

/** A size in millimetres as the estimation screens show it; no size is a dash. */
export const dimension = (value: string | null) => (value === null ? '—' : formatIndian(value, QUANTITY_PLACES));

/** A size field of a form: left blank it is no size. */
export const blankAsNull = z.string().transform((v): string | number | null | undefined => v.trim() || null);
