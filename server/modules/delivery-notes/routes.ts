import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { jobOrderItemSchema } from '../../../domain/job-order';
import {
  DELIVERY_NOTE_JOB_STATUS_LISTS,
  deliveryNoteActionSchema,
  deliveryNoteConstraintsSchema,
  deliveryNoteConstraintVerdictSchema,
  deliveryNoteCreateSchema,
  deliveryNoteItemActionSchema,
  deliveryNoteItemDeleteSchema,
  deliveryNoteItemQuantityUpdateSchema,
  deliveryNoteItemSchema,
  deliveryNoteSchema,
  deliveryNoteUpdateSchema,
  deliveryNoteStepTo,
  deliveryNoteVersionSchema,
  deliveryNoteViewSchema,
  filterDeliveryNotesQuerySchema,
} from '../../../domain/delivery-note';
import { currentUser } from '../../plugins/auth';
import { jobOrderItems } from '../../db/schema';
import { jobOrderRowsScope } from '../job-orders/scope';
import { listRoute } from '../../lib/list';
import { pageQuerySchema, pageSchema, loadPage, type Paging, type Slice } from '../../lib/pagination';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import {
  approveNote,
  cancelledNotes,
  checkQuantities,
  createNote,
  deleteItem,
  deleteNote,
  deleteNoteItem,
  deliveryNoteItemList,
  deliveryNoteList,
  deliveryNoteView,
  DELIVERY_NOTE_PAGE_SIZE,
  filterNotes,
  findItem,
  jobOrderItemList,
  notesByJobStatus,
  readyNote,
  updateItemQuantity,
  updateNote,
} from './service';

/** A page of views, DELIVERY_NOTE_PAGE_SIZE rows unless the query asks otherwise. */
const paged = <R>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<Slice<R>>) => loadPage(request, query, DELIVERY_NOTE_PAGE_SIZE, load);

const viewsPage = pageSchema(deliveryNoteViewSchema);
const pageQuery = pageQuerySchema(DELIVERY_NOTE_PAGE_SIZE).strict();
const itemParams = z.object({ itemId: idParams.shape.id });
const optionalVersion = deliveryNoteVersionSchema.optional();

/**
 * Delivery notes (business-areas.md §7 "Delivery notes"). Set 1 (`/deliverynotes/delivery_notes/`)
 * is the API the screens call; set 2 (`/deliverychallans/`) answers from the same services
 * (docs/decisions.md 110), so a client of either reading gets the same rules and rows.
 */
export default async function deliveryNotesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['delivery notes'];
  const read = { access: 'delivery-notes.read' } as const;
  const write = { access: 'delivery-notes.write' } as const;
  const notes = { ...read, tags, spec: deliveryNoteList, item: deliveryNoteSchema };
  const detailRoute = (url: string) =>
    app.get(url, { config: read, schema: { tags, params: idParams, response: { 200: deliveryNoteViewSchema } } }, async (req, reply) =>
      sendRow(reply, await deliveryNoteView(app.db, req.params.id)),
    );
  const createRoute = (url: string) =>
    app.post(url, { config: write, schema: { tags, body: deliveryNoteCreateSchema, response: { 201: deliveryNoteActionSchema } } }, async (req, reply) =>
      sendRow(reply, await createNote(app.db, currentUser(req), req.body), 201),
    );
  const updateRoute = (method: 'patch' | 'put', url: string) =>
    app[method](url, { config: write, schema: { tags, params: idParams, body: deliveryNoteUpdateSchema, response: { 200: deliveryNoteActionSchema } } }, async (req, reply) => {
      const [changes, expected] = versionedBody(req, req.body);
      return sendRow(reply, await updateNote(app.db, currentUser(req), req.params.id, changes, expected));
    });

  // Set 1
  app.post(API.deliveryNotes.validate, { config: read, schema: { tags, body: deliveryNoteConstraintsSchema, response: { 200: deliveryNoteConstraintVerdictSchema } } }, (req) =>
    checkQuantities(app.db, req.body.job_order, req.body.items, req.body.delivery_note),
  );
  createRoute(API.deliveryNotes.create);
  listRoute(app, [API.deliveryNotes.list, API.deliveryChallans.list], notes);
  for (const status of DELIVERY_NOTE_JOB_STATUS_LISTS) {
    app.get(API.deliveryNotes.byJobStatus[status], { config: read, schema: { tags, querystring: pageQuery, response: { 200: viewsPage } } }, (req) =>
      paged(req, req.query, (paging) => notesByJobStatus(app.db, status, paging)),
    );
  }
  // A job order's products are the job order's (its detail carries them): whoever reads it, design those of the job orders that reached it.
  listRoute(app, API.deliveryNotes.jobOrderItems, {
    access: 'job-orders.read',
    tags,
    spec: jobOrderItemList,
    item: jobOrderItemSchema,
    scope: (req) => jobOrderRowsScope(currentUser(req), jobOrderItems.job_order, app.db),
  });
  detailRoute(API.deliveryNotes.detail.pattern);
  updateRoute('patch', API.deliveryNotes.update.pattern);
  app.patch(API.deliveryNotes.approval.pattern, { config: { access: deliveryNoteStepTo('approved').permission }, schema: { tags, params: idParams, body: optionalVersion, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    approveNote(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body)),
  );
  app.patch(API.deliveryNotes.readyToDispatch.pattern, { config: { access: deliveryNoteStepTo('ready-to-dispatch').permission }, schema: { tags, params: idParams, body: optionalVersion, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    readyNote(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body)),
  );
  app.put(API.deliveryNotes.deleteItem.pattern, { config: write, schema: { tags, params: idParams, body: deliveryNoteItemDeleteSchema, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    deleteNoteItem(app.db, currentUser(req), req.params.id, req.body.item, expectedVersion(req, req.body)),
  );
  app.put(API.deliveryNotes.delete.pattern, { config: write, schema: { tags, params: idParams, body: optionalVersion, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    deleteNote(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body)),
  );
  app.put(API.deliveryNotes.itemQuantity.pattern, { config: write, schema: { tags, params: itemParams, body: deliveryNoteItemQuantityUpdateSchema, response: { 200: deliveryNoteItemActionSchema } } }, (req) =>
    updateItemQuantity(app.db, currentUser(req), req.params.itemId, req.body.quantity, expectedVersion(req, req.body)),
  );

  // Set 2
  createRoute(API.deliveryChallans.list);
  app.get(API.deliveryChallans.cancelled, { config: read, schema: { tags, querystring: pageQuery, response: { 200: viewsPage } } }, (req) => paged(req, req.query, (paging) => cancelledNotes(app.db, paging)));
  app.get(API.deliveryChallans.filter, { config: read, schema: { tags, querystring: filterDeliveryNotesQuerySchema, response: { 200: viewsPage } } }, (req) =>
    paged(req, req.query, (paging) => filterNotes(app.db, req.query, paging)),
  );
  detailRoute(API.deliveryChallans.detail.pattern);
  updateRoute('patch', API.deliveryChallans.detail.pattern);
  updateRoute('put', API.deliveryChallans.detail.pattern);
  // A DELETE has no body: the version comes as If-Match.
  app.delete(API.deliveryChallans.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    deleteNote(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
  listRoute(app, API.deliveryChallanDetails.list, { ...read, tags, spec: deliveryNoteItemList, item: deliveryNoteItemSchema });
  app.get(API.deliveryChallanDetails.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: deliveryNoteItemSchema } } }, async (req, reply) =>
    sendRow(reply, await findItem(app.db, req.params.id)),
  );
  app.patch(API.deliveryChallanDetails.detail.pattern, { config: write, schema: { tags, params: idParams, body: deliveryNoteItemQuantityUpdateSchema, response: { 200: deliveryNoteItemActionSchema } } }, (req) =>
    updateItemQuantity(app.db, currentUser(req), req.params.id, req.body.quantity, expectedVersion(req, req.body)),
  );
  app.delete(API.deliveryChallanDetails.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: deliveryNoteItemActionSchema } } }, (req) =>
    deleteItem(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
}
