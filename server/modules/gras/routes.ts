import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { filterGrasQuerySchema, graCancelSchema, graCreateSchema, graItemSchema, graItemUpdateSchema, graListRowSchema, graPageQuerySchema, graUpdateSchema, graViewSchema } from '../../../domain/gra';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { pageSchema, loadPage, type Paging, type Slice } from '../../lib/pagination';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { cancelledGras, describeGras, filterGras, GRA_PAGE_SIZE, graItemList, graList, graScope, graView } from './service';
import { cancelGra, createGra, removeGraItem, updateGra, updateGraItem } from './writes';

/** A page of views, GRA_PAGE_SIZE rows unless the query asks otherwise. */
const paged = <R>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<Slice<R>>) => loadPage(request, query, GRA_PAGE_SIZE, load);

/**
 * Goods received advices, the read side (business-areas.md §7 "GRA"): paths under /api/v1/gra/.
 * gras/ and gra_items/ are the device's mirrored lists. The writes move stock through the ledger (./writes.ts).
 */
export default async function grasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['GRA'];
  const read = { access: 'gras.read' } as const;
  const write = { access: 'gras.write' } as const;
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

  app.post(API.gras.list, { config: write, schema: { tags, body: graCreateSchema, response: { 201: graViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createGra(app.db, currentUser(req), req.body), 201),
  );
  app.patch(API.gras.detail.pattern, { config: write, schema: { tags, params: idParams, body: graUpdateSchema, response: { 200: graViewSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateGra(app.db, currentUser(req), req.params.id, changes, expected));
  });
  // Deleting is cancelling, with a reason: the receipts are reversed, nothing is removed.
  app.delete(API.gras.detail.pattern, { config: write, schema: { tags, params: idParams, body: graCancelSchema, response: { 200: graViewSchema } } }, async (req, reply) =>
    sendRow(reply, await cancelGra(app.db, currentUser(req), req.params.id, (req.body.cancellation_remarks || req.body.reason)!, expectedVersion(req, req.body))),
  );
  app.patch(API.graItems.detail.pattern, { config: write, schema: { tags, params: idParams, body: graItemUpdateSchema, response: { 200: graItemSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateGraItem(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(API.graItems.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: graItemSchema } } }, async (req, reply) =>
    sendRow(reply, await removeGraItem(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );
}
