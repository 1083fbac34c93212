import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { filterGrasQuerySchema, graItemSchema, graListRowSchema, graPageQuerySchema, graViewSchema } from '../../../domain/gra';
import { notFound } from '../../lib/http-error';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { pageSchema, toPage, type Paging, type Slice } from '../../lib/pagination';
import { etagOf } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { cancelledGras, describeGras, filterGras, GRA_PAGE_SIZE, graItemList, graList, graScope, graView } from './service';

/** A page of views: DRF page-number links over what `load` found; a page past the end is 404 as on every list. */
async function paged<R>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<Slice<R>>) {
  const paging = { page: query.page, pageSize: query.page_size ?? GRA_PAGE_SIZE };
  const slice = await load(paging);
  if (!slice.results.length && paging.page > 1) throw notFound('Invalid page.');
  return toPage(request, slice.results, slice.count, paging.page, paging.pageSize);
}

/**
 * Goods received advices, the read side (business-areas.md §7 "GRA"): paths under /api/v1/gra/.
 * gras/ and gra_items/ are the device's mirrored lists; the writes come with purchasing's screens.
 */
export default async function grasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['GRA'];
  const read = { access: 'gras.read' } as const;
  const viewsPage = pageSchema(graViewSchema);

  app.get('/gra/gras/', { config: read, schema: { tags, querystring: listQuerySchema(graList), response: { 200: listPageSchema(graListRowSchema) } } }, async (req) => {
    const query = req.query as ListQuery;
    const page = await listPage(app.db, req, graList, query, graScope(query));
    return { ...page, results: await describeGras(app.db, page.results) };
  });
  app.get('/gra/gras/filter_gras/', { config: read, schema: { tags, querystring: filterGrasQuerySchema, response: { 200: viewsPage } } }, (req) =>
    paged(req, req.query, (paging) => filterGras(app.db, req.query, paging)),
  );
  app.get('/gra/cancelled_gras/', { config: read, schema: { tags, querystring: graPageQuerySchema, response: { 200: viewsPage } } }, (req) =>
    paged(req, req.query, (paging) => cancelledGras(app.db, paging)),
  );
  app.get('/gra/gras/:id/', { config: read, schema: { tags, params: idParams, response: { 200: graViewSchema } } }, async (req, reply) => {
    const view = await graView(app.db, req.params.id);
    return reply.header('etag', etagOf(view)).send(view);
  });
  app.get('/gra/gra_items/', { config: read, schema: { tags, querystring: listQuerySchema(graItemList), response: { 200: listPageSchema(graItemSchema) } } }, (req) =>
    listPage(app.db, req, graItemList, req.query as ListQuery),
  );
}
