import { z } from 'zod';

/** A report's answer: its rows and their totals (the money and count fields summed; the label "Total"). */
export const reportAnswerSchema = <Row extends z.ZodObject>(row: Row) =>
  z.object({ count: z.number().int(), results: z.array(row), totals: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) });
