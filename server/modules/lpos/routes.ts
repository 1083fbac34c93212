import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import {
  filterLposQuerySchema,
  lpoCancelSchema,
  consolidatedPurchasesQuerySchema,
  consolidatedPurchasesSchema,
  lpoCloseSchema,
  lpoCreateSchema,
  lpoItemSchema,
  lpoItemUpdateSchema,
  lpoListRowSchema,
  lpoPageQuerySchema,
  lpoPendingLineSchema,
  lpoProposalsSchema,
  lpoSendSchema,
  lpoStepSchema,
  lpoUpdateSchema,
  lpoViewSchema,
  reorderProposalRequestSchema,
} from '../../../domain/lpo';
import { purchaseSettingsSchema, purchaseSettingsUpdateSchema } from '../../../domain/system';
import { listRoute } from '../../lib/list';
import { loadPage, pageSchema, type Paging, type Slice } from '../../lib/pagination';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import { reorderProposals, requisitionProposals } from './proposals';
import { consolidatedPurchases } from './reports';
import { cancelledLpos, describeLpos, filterLpos, LPO_PAGE_SIZE, lpoItemList, lpoList, lpoScope, lpoView, pendingReceipt, purchaseSettingsOf } from './queries';
import { approveLpo, cancelLpo, closeLpo, createLpo, deleteLpoItem, replaceLpo, sendLpo, updateLpoItem, writePurchaseSettings } from './writes';

/** A page of views, LPO_PAGE_SIZE rows unless the query asks otherwise. */
const paged = <R>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<Slice<R>>) => loadPage(request, query, LPO_PAGE_SIZE, load);

/** Local purchase orders (business-areas.md §7 "LPO", issue 19 §2): paths under /api/v1/lpo/. */
export default async function lposRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['LPO'];
  const read = { access: 'lpos.read' } as const;
  const write = { access: 'lpos.write' } as const;
  const viewsPage = pageSchema(lpoViewSchema);
  const one = { tags, params: idParams, response: { 200: lpoViewSchema } };

  listRoute(app, API.lpos.list, { ...read, tags, spec: lpoList, item: lpoListRowSchema, scope: (req) => lpoScope(req.query), describe: describeLpos });
  app.post(API.lpos.list, { config: write, schema: { tags, body: lpoCreateSchema, response: { 201: lpoViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createLpo(app.db, currentUser(req), req.body), 201),
  );
  app.get(API.lpos.filter, { config: read, schema: { tags, querystring: filterLposQuerySchema, response: { 200: viewsPage } } }, (req) =>
    paged(req, req.query, (paging) => filterLpos(app.db, req.query, paging)),
  );
  app.get(API.lpos.cancelled, { config: read, schema: { tags, querystring: lpoPageQuerySchema, response: { 200: viewsPage } } }, (req) =>
    paged(req, req.query, (paging) => cancelledLpos(app.db, paging)),
  );
  app.get(API.lpos.consolidated, { config: read, schema: { tags, querystring: consolidatedPurchasesQuerySchema, response: { 200: consolidatedPurchasesSchema } } }, (req) =>
    consolidatedPurchases(app.db, req.query),
  );
  app.get(API.lpos.pendingReceipt, { config: read, schema: { tags, querystring: lpoPageQuerySchema, response: { 200: pageSchema(lpoPendingLineSchema) } } }, (req) =>
    paged(req, req.query, (paging) => pendingReceipt(app.db, paging)),
  );
  app.get(API.lpos.detail.pattern, { config: read, schema: one }, async (req, reply) => sendRow(reply, await lpoView(app.db, req.params.id)));
  app.put(API.lpos.detail.pattern, { config: write, schema: { ...one, body: lpoUpdateSchema } }, async (req, reply) => {
    const [input, expected] = versionedBody(req, req.body);
    return sendRow(reply, await replaceLpo(app.db, currentUser(req), req.params.id, input, expected));
  });
  app.delete(API.lpos.detail.pattern, { config: write, schema: { ...one, body: lpoCancelSchema } }, async (req, reply) =>
    sendRow(reply, await cancelLpo(app.db, currentUser(req), req.params.id, req.body.cancellation_remarks, expectedVersion(req, req.body))),
  );
  app.post(API.lpos.approve.pattern, { config: { access: 'lpos.approve' }, schema: { ...one, body: lpoStepSchema } }, async (req, reply) =>
    sendRow(reply, await approveLpo(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body))),
  );
  app.post(API.lpos.send.pattern, { config: write, schema: { ...one, body: lpoSendSchema } }, async (req, reply) => {
    const [input, expected] = versionedBody(req, req.body);
    return sendRow(reply, await sendLpo(app.db, currentUser(req), req.params.id, input, expected));
  });
  app.post(API.lpos.close.pattern, { config: write, schema: { ...one, body: lpoCloseSchema } }, async (req, reply) =>
    sendRow(reply, await closeLpo(app.db, currentUser(req), req.params.id, req.body.remarks, expectedVersion(req, req.body))),
  );

  listRoute(app, API.lpoItems.list, { ...read, tags, spec: lpoItemList, item: lpoItemSchema });
  app.put(API.lpoItems.detail.pattern, { config: write, schema: { tags, params: idParams, body: lpoItemUpdateSchema, response: { 200: lpoItemSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateLpoItem(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(API.lpoItems.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: lpoItemSchema } } }, async (req, reply) =>
    sendRow(reply, await deleteLpoItem(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );

  app.post(API.lpos.fromReorder, { config: write, schema: { tags, body: reorderProposalRequestSchema, response: { 200: lpoProposalsSchema } } }, (req) =>
    reorderProposals(app.db, currentUser(req), req.body),
  );
  app.get(API.lpos.fromRequisition.pattern, { config: write, schema: { tags, params: idParams, response: { 200: lpoProposalsSchema } } }, (req) => requisitionProposals(app.db, req.params.id));

  app.get(API.lpos.settings, { config: { access: 'system.config' }, schema: { tags, response: { 200: purchaseSettingsSchema } } }, () => purchaseSettingsOf(app.db));
  app.put(API.lpos.settings, { config: { access: 'system.config' }, schema: { tags, body: purchaseSettingsUpdateSchema, response: { 200: purchaseSettingsSchema } } }, (req) =>
    writePurchaseSettings(app.db, currentUser(req), req.body),
  );
}
