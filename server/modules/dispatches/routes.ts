import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dispatchCreateSchema, dispatchSchema, dispatchViewSchema, packingDispatchDashboardSchema } from '../../../domain/dispatch';
import { currentUser } from '../../plugins/auth';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { etagOf } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { createDispatch, dispatchList, dispatchView, packingDispatchDashboard } from './service';

/** Dispatches and the packing and dispatch dashboard (business-areas.md §2 "Dispatch"; the spec shows no calls, docs/decisions.md 113). */
export default async function dispatchesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['dispatches'];
  const read = { access: 'dispatches.read' } as const;
  const base = '/dispatches';

  app.get(`${base}/dispatches/`, { config: read, schema: { tags, querystring: listQuerySchema(dispatchList), response: { 200: listPageSchema(dispatchSchema) } } }, (req) =>
    listPage(app.db, req, dispatchList, req.query as ListQuery),
  );
  app.post(`${base}/dispatches/`, { config: { access: 'dispatches.write' }, schema: { tags, body: dispatchCreateSchema, response: { 201: dispatchViewSchema } } }, async (req, reply) => {
    const view = await createDispatch(app.db, currentUser(req), req.body);
    return reply.code(201).header('etag', etagOf(view)).send(view);
  });
  app.get(`${base}/dispatches/:id/`, { config: read, schema: { tags, params: idParams, response: { 200: dispatchViewSchema } } }, async (req, reply) => {
    const view = await dispatchView(app.db, req.params.id);
    return reply.header('etag', etagOf(view)).send(view);
  });
  app.get(`${base}/dashboard/`, { config: read, schema: { tags, response: { 200: packingDispatchDashboardSchema } } }, () => packingDispatchDashboard(app.db));
}
