import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  deliveryNoteVersionSchema,
  deliveryNoteViewSchema,
  filterDeliveryNotesQuerySchema,
} from '../../../domain/delivery-note';
import { currentUser } from '../../plugins/auth';
import { notFound } from '../../lib/http-error';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { pageQuerySchema, pageSchema, toPage, type Paging, type Slice } from '../../lib/pagination';
import { etagOf, expectedVersion } from '../../lib/rows';
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

/** A page of views: DRF page-number links over what `load` found; a page past the end is 404 as on every list. */
async function paged<R>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<Slice<R>>) {
  const paging = { page: query.page, pageSize: query.page_size ?? DELIVERY_NOTE_PAGE_SIZE };
  const slice = await load(paging);
  if (!slice.results.length && paging.page > 1) throw notFound('Invalid page.');
  return toPage(request, slice.results, slice.count, paging.page, paging.pageSize);
}

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
  const one = '/deliverynotes/delivery_notes';
  const two = '/deliverychallans/delivery_challans';
  const details = '/deliverychallans/delivery_challan_details';

  const listRoute = (url: string) =>
    app.get(url, { config: read, schema: { tags, querystring: listQuerySchema(deliveryNoteList), response: { 200: listPageSchema(deliveryNoteSchema) } } }, (req) =>
      listPage(app.db, req, deliveryNoteList, req.query as ListQuery),
    );
  const detailRoute = (url: string) =>
    app.get(url, { config: read, schema: { tags, params: idParams, response: { 200: deliveryNoteViewSchema } } }, async (req, reply) => {
      const view = await deliveryNoteView(app.db, req.params.id);
      return reply.header('etag', etagOf(view)).send(view);
    });
  const createRoute = (url: string) =>
    app.post(url, { config: write, schema: { tags, body: deliveryNoteCreateSchema, response: { 201: deliveryNoteActionSchema } } }, async (req, reply) => {
      const view = await createNote(app.db, currentUser(req), req.body);
      return reply.code(201).header('etag', etagOf(view)).send(view);
    });
  const updateRoute = (method: 'patch' | 'put', url: string) =>
    app[method](url, { config: write, schema: { tags, params: idParams, body: deliveryNoteUpdateSchema, response: { 200: deliveryNoteActionSchema } } }, async (req, reply) => {
      const { expected_version, ...changes } = req.body;
      const view = await updateNote(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
      return reply.header('etag', etagOf(view)).send(view);
    });

  // Set 1
  app.post(`${one}/validate-delivery-note-constraints/`, { config: read, schema: { tags, body: deliveryNoteConstraintsSchema, response: { 200: deliveryNoteConstraintVerdictSchema } } }, (req) =>
    checkQuantities(app.db, req.body.job_order, req.body.items, req.body.delivery_note),
  );
  createRoute(`${one}/create/`);
  listRoute(`${one}/list/`);
  for (const status of DELIVERY_NOTE_JOB_STATUS_LISTS) {
    app.get(`${one}/list/${status}/`, { config: read, schema: { tags, querystring: pageQuery, response: { 200: viewsPage } } }, (req) =>
      paged(req, req.query, (paging) => notesByJobStatus(app.db, status, paging)),
    );
  }
  app.get(`${one}/job_order_items/`, { config: read, schema: { tags, querystring: listQuerySchema(jobOrderItemList), response: { 200: listPageSchema(jobOrderItemSchema) } } }, (req) =>
    listPage(app.db, req, jobOrderItemList, req.query as ListQuery),
  );
  detailRoute(`${one}/:id/`);
  updateRoute('patch', `${one}/update/:id/`);
  app.patch(`${one}/:id/approval/`, { config: { access: 'delivery-notes.approve' }, schema: { tags, params: idParams, body: optionalVersion, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    approveNote(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body)),
  );
  app.patch(`${one}/:id/ready-to-dispatch/`, { config: { access: 'delivery-notes.ready' }, schema: { tags, params: idParams, body: optionalVersion, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    readyNote(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body)),
  );
  app.put(`${one}/:id/delete/item/`, { config: write, schema: { tags, params: idParams, body: deliveryNoteItemDeleteSchema, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    deleteNoteItem(app.db, currentUser(req), req.params.id, req.body.item, expectedVersion(req, req.body)),
  );
  app.put(`${one}/delete/:id/`, { config: write, schema: { tags, params: idParams, body: optionalVersion, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    deleteNote(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body)),
  );
  app.put(`${one}/item/qty/update/:itemId/`, { config: write, schema: { tags, params: itemParams, body: deliveryNoteItemQuantityUpdateSchema, response: { 200: deliveryNoteItemActionSchema } } }, (req) =>
    updateItemQuantity(app.db, currentUser(req), req.params.itemId, req.body.quantity, expectedVersion(req, req.body)),
  );

  // Set 2
  listRoute(`${two}/`);
  createRoute(`${two}/`);
  app.get(`${two}/cancelled_dnotes/`, { config: read, schema: { tags, querystring: pageQuery, response: { 200: viewsPage } } }, (req) => paged(req, req.query, (paging) => cancelledNotes(app.db, paging)));
  app.get(`${two}/filter_dnotes/`, { config: read, schema: { tags, querystring: filterDeliveryNotesQuerySchema, response: { 200: viewsPage } } }, (req) =>
    paged(req, req.query, (paging) => filterNotes(app.db, req.query, paging)),
  );
  detailRoute(`${two}/:id/`);
  updateRoute('patch', `${two}/:id/`);
  updateRoute('put', `${two}/:id/`);
  // A DELETE has no body: the version comes as If-Match.
  app.delete(`${two}/:id/`, { config: write, schema: { tags, params: idParams, response: { 200: deliveryNoteActionSchema } } }, (req) =>
    deleteNote(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
  app.get(`${details}/`, { config: read, schema: { tags, querystring: listQuerySchema(deliveryNoteItemList), response: { 200: listPageSchema(deliveryNoteItemSchema) } } }, (req) =>
    listPage(app.db, req, deliveryNoteItemList, req.query as ListQuery),
  );
  app.get(`${details}/:id/`, { config: read, schema: { tags, params: idParams, response: { 200: deliveryNoteItemSchema } } }, async (req, reply) => {
    const item = await findItem(app.db, req.params.id);
    return reply.header('etag', etagOf(item)).send(item);
  });
  app.patch(`${details}/:id/`, { config: write, schema: { tags, params: idParams, body: deliveryNoteItemQuantityUpdateSchema, response: { 200: deliveryNoteItemActionSchema } } }, (req) =>
    updateItemQuantity(app.db, currentUser(req), req.params.id, req.body.quantity, expectedVersion(req, req.body)),
  );
  app.delete(`${details}/:id/`, { config: write, schema: { tags, params: idParams, response: { 200: deliveryNoteItemActionSchema } } }, (req) =>
    deleteItem(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
}
