import { z } from 'zod';
import { pageNumberParam, pageSizeParam } from './query-params';

/** A report's answer: its rows and their totals (the money and count fields summed; the label "Total"). */
export const reportAnswerSchema = <Row extends z.ZodObject>(row: Row) =>
  z.object({ count: z.number().int(), results: z.array(row), totals: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) });

/** Rows a page of a report of records holds unless `page_size` says otherwise. */
export const REPORT_PAGE_SIZE = 15;

/**
 * `?page=&page_size=` of a report whose rows are records (orders, invoices, receipts), which can
 * run to thousands: asked for a page, it answers that page with the totals of every row; asked for
 * none, every row (decision 403).
 */
export const reportPageParams = { page: pageNumberParam.optional(), page_size: pageSizeParam().optional() };
export type ReportPageQuery = { page?: number | undefined; page_size?: number | undefined };
