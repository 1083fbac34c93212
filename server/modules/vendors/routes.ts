import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSizeParam } from '../../../domain/query-params';
import { API } from '../../../domain/api-paths';
import { decimalSchema, idSchema, isoDateSchema } from '../../../domain/entity';
import { isValidDateRange } from '../../../domain/rules/dates';
import {
  VENDOR_MESSAGES,
  vendorCreateSchema,
  vendorGraSchema,
  vendorGrasQuerySchema,
  vendorOpenLposSchema,
  vendorPriceHistorySchema,
  vendorReportQuerySchema,
  vendorSchema,
  vendorUpdateSchema,
  vendorWiseQuerySchema,
  vendorWiseReportSchema,
} from '../../../domain/vendor';
import { vendors } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { findRow, sendRow, versionedBody } from '../../lib/rows';
import { loadPage, pageSchema } from '../../lib/pagination';
import { idParams } from '../../lib/schemas';
import { vendorGras, vendorOpenLpos, vendorPriceHistory, vendorWisePurchases } from './purchases';
import { createVendor, topVendors, updateVendor, vendorList } from './service';

const topVendorsQuery = z
  .object({
    start_date: isoDateSchema.optional(),
    end_date: isoDateSchema.optional(),
    limit: pageSizeParam(100).default(10),
    by: z.enum(['value', 'count']).default('value'),
  })
  .strict()
  .refine((q) => isValidDateRange(q.start_date, q.end_date), { path: ['end_date'], message: VENDOR_MESSAGES.endBeforeStart });

const topVendorsReport = z.object({
  results: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      lpo_count: z.number().int(),
      total_value: decimalSchema,
      average_value: decimalSchema,
      last_lpo_date: isoDateSchema,
    }),
  ),
  start_date: isoDateSchema.nullable(),
  end_date: isoDateSchema.nullable(),
});

/** A vendor's GRAs page by 15, as the lists of business-areas.md §9. */
const VENDOR_GRAS_PAGE = 15;

/** Vendors and the top-vendor report (business-areas.md §7 "Vendors"). */
export default async function vendorsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['vendors'];
  const read = { access: 'vendors.read' } as const;
  const write = { access: 'vendors.write' } as const;

  listRoute(app, API.vendors.list, { ...read, tags, spec: vendorList, item: vendorSchema });
  app.post(API.vendors.list, { config: write, schema: { tags, body: vendorCreateSchema, response: { 201: vendorSchema } } }, async (req, reply) =>
    reply.code(201).send(await createVendor(app.db, currentUser(req), req.body)),
  );
  app.get(API.vendors.topVendors, { config: { access: 'vendors.report' }, schema: { tags, querystring: topVendorsQuery, response: { 200: topVendorsReport } } }, async (req) => ({
    results: await topVendors(app.db, req.query),
    start_date: req.query.start_date ?? null,
    end_date: req.query.end_date ?? null,
  }));
  app.get(API.vendors.vendorWise, { config: { access: 'vendors.report' }, schema: { tags, querystring: vendorWiseQuerySchema, response: { 200: vendorWiseReportSchema } } }, (req) =>
    vendorWisePurchases(app.db, req.query),
  );
  app.get(API.vendors.openLpos, { config: read, schema: { tags, querystring: vendorReportQuerySchema, response: { 200: vendorOpenLposSchema } } }, (req) => vendorOpenLpos(app.db, req.query.vendor));
  app.get(API.vendors.gras, { config: read, schema: { tags, querystring: vendorGrasQuerySchema, response: { 200: pageSchema(vendorGraSchema) } } }, (req) =>
    loadPage(req, req.query, VENDOR_GRAS_PAGE, (paging) => vendorGras(app.db, req.query.vendor, paging)),
  );
  app.get(API.vendors.priceHistory, { config: read, schema: { tags, querystring: vendorReportQuerySchema, response: { 200: vendorPriceHistorySchema } } }, (req) =>
    vendorPriceHistory(app.db, req.query.vendor),
  );
  app.get(API.vendors.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: vendorSchema } } }, async (req, reply) =>
    sendRow(reply, await findRow(app.db, vendors, req.params.id)),
  );
  app.patch(API.vendors.detail.pattern, { config: write, schema: { tags, params: idParams, body: vendorUpdateSchema, response: { 200: vendorSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateVendor(app.db, currentUser(req), req.params.id, changes, expected));
  });
}
