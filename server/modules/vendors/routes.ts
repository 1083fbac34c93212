import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSizeParam } from '../../../domain/query-params';
import { API } from '../../../domain/api-paths';
import { decimalSchema, idSchema, isoDateSchema } from '../../../domain/entity';
import { isValidDateRange } from '../../../domain/rules/dates';
import { VENDOR_MESSAGES, vendorCreateSchema, vendorSchema, vendorUpdateSchema } from '../../../domain/vendor';
import { vendors } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { findRow, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
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
  app.get(API.vendors.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: vendorSchema } } }, async (req, reply) =>
    sendRow(reply, await findRow(app.db, vendors, req.params.id)),
  );
  app.patch(API.vendors.detail.pattern, { config: write, schema: { tags, params: idParams, body: vendorUpdateSchema, response: { 200: vendorSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateVendor(app.db, currentUser(req), req.params.id, changes, expected));
  });
}
