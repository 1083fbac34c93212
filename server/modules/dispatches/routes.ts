import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { deliveryNoteStepTo } from '../../../domain/delivery-note';
import { dispatchCreateSchema, dispatchSchema, dispatchViewSchema, packingDispatchDashboardSchema } from '../../../domain/dispatch';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { sendRow } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { createDispatch, dispatchList, dispatchView, packingDispatchDashboard } from './service';

/** Dispatches and the packing and dispatch dashboard (business-areas.md §2 "Dispatch"; the spec shows no calls, docs/decisions.md 113). */
export default async function dispatchesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['dispatches'];
  const read = { access: 'dispatches.read' } as const;

  listRoute(app, API.dispatches.list, { ...read, tags, spec: dispatchList, item: dispatchSchema });
  app.post(API.dispatches.list, { config: { access: deliveryNoteStepTo('dispatched').permission }, schema: { tags, body: dispatchCreateSchema, response: { 200: dispatchViewSchema, 201: dispatchViewSchema } } }, async (req, reply) => {
    const { view, created } = await createDispatch(app.db, currentUser(req), req.body);
    return sendRow(reply, view, created ? 201 : 200);
  });
  app.get(API.dispatches.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: dispatchViewSchema } } }, async (req, reply) =>
    sendRow(reply, await dispatchView(app.db, req.params.id)),
  );
  app.get(API.dispatches.dashboard, { config: read, schema: { tags, response: { 200: packingDispatchDashboardSchema } } }, () => packingDispatchDashboard(app.db));
}
