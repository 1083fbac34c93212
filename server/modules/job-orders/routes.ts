import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobOrderSchema } from '../../../domain/job-order';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { etagOf } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { findJobOrder, jobOrderList } from './service';

/** Job orders (business-areas.md §7 "Job orders"): the list and detail the other areas read. */
export default async function jobOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['job orders'];
  const read = { access: 'job-orders.read' } as const;

  app.get('/joborders/joborders/', { config: read, schema: { tags, querystring: listQuerySchema(jobOrderList), response: { 200: listPageSchema(jobOrderSchema) } } }, (req) =>
    listPage(app.db, req, jobOrderList, req.query as ListQuery),
  );
  app.get('/joborders/joborders/:id/', { config: read, schema: { tags, params: idParams, response: { 200: jobOrderSchema } } }, async (req, reply) => {
    const row = await findJobOrder(app.db, req.params.id);
    return reply.header('etag', etagOf(row)).send(row);
  });
}
