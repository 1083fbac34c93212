import { z } from 'zod';

const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** GET /dashboard/landing/: the landing page's figures. */
export const landingFiguresSchema = z.object({
  /** Sum of the value of job orders that are not cancelled. */
  job_order_value: money,
  job_order_count: z.number().int(),
  status_counts: z.array(z.object({ status: z.string(), label: z.string(), count: z.number().int() })),
  /** The last 12 calendar months, oldest first, months without purchases included as 0. */
  monthly_purchases: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), total: money })),
});
export type LandingFigures = z.infer<typeof landingFiguresSchema>;
