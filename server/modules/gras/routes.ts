import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { filterGrasQuerySchema, graItemSchema, graListRowSchema, graPageQuerySchema, graViewSchema } from '../../../domain/gra';
import { listRoute } from '../../lib/list';
import { pageSchema, loadPage, type Paging, type Slice } from '../../lib/pagination';
import { sendRow } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { cancelledGras, describeGras, filterGras, GRA_PAGE_SIZE, graItemList, graList, graScope, graView } from './service';

/** A page of views, GRA_PAGE_SIZE rows unless the query asks otherwise. */
const paged = <R>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<Slice<R>>) => loadPage(request, query, GRA_PAGE_SIZE, load);

/**
 * Goods received advices, the read side (business-areas.md §7 "GRA"): paths under /api/v1/gra/.
 * gras/ and gra_items/ are the device's mirrored lists; the writes come with purchasing's screens.
 */
export default async function grasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['GRA'];
  const read = { access: 'gras.read' } as const;
  const viewsPage = pageSchema(graViewSchema);

  listRoute(app, API.gras.list, { ...read, tags, spec: graList, item: graListRowSchema, scope: (req) => graScope(req.query), describe: describeGras });
  app.get(API.gras.filter, { config: read, schema: { tags, querystring: filterGrasQuerySchema, response: { 200: viewsPage } } }, (req) =>
    paged(req, req.query, (paging) => filterGras(app.db, req.query, paging)),
  );
  app.get(API.gras.cancelled, { config: read, schema: { tags, querystring: graPageQuerySchema, response: { 200: viewsPage } } }, (req) =>
    paged(req, req.query, (paging) => cancelledGras(app.db, paging)),
  );
  app.get(API.gras.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: graViewSchema } } }, async (req, reply) =>
    sendRow(reply, await graView(app.db, req.params.id)),
  );
  listRoute(app, API.graItems.list, { ...read, tags, spec: graItemList, item: graItemSchema });
}
