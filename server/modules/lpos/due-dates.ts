import { sql } from 'drizzle-orm';
import { lpoItems, lpos } from '../../db/schema';
import { TODAY } from '../../lib/business-day';
import { qualified } from '../../lib/rows';

/**
 * When an LPO line's goods are due (decision 297): the line's own expected date, else its LPO's.
 * The one place that reads expected dates for lines; it needs lpo_items and their lpos in scope.
 */
export const lineDueDate = sql<string | null>`coalesce(${qualified(lpoItems.expected_date)}, ${qualified(lpos.expected_date)})`;

/** An LPO (lpos in scope) is late when a live line still to come is past its due date. */
export const lpoLate = sql<boolean>`EXISTS (SELECT 1 FROM ${lpoItems} WHERE ${lpoItems.lpo} = ${qualified(lpos.id)} AND ${lpoItems.deleted_at} IS NULL
  AND ${lpoItems.quantity_received} < ${lpoItems.quantity} AND ${lineDueDate} < ${TODAY})`;
