import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { API } from '../../../domain/api-paths';
import { expectedVersionFields } from '../../../domain/entity';
import {
  filterQuotationsQuerySchema,
  monarchEntitiesSchema,
  quotationCompareQuerySchema,
  quotationCreateSchema,
  quotationItemCreateSchema,
  quotationItemSchema,
  quotationItemUpdateSchema,
  quotationListRowSchema,
  quotationPageQuerySchema,
  quotationRevisionSchema,
  quotationSendSchema,
  quotationStatusUpdateSchema,
  quotationUpdateSchema,
  quotationViewSchema,
} from '../../../domain/quotation';
import { quotationDiffSchema } from '../../../domain/quotation-diff';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { loadPage, pageSchema } from '../../lib/pagination';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { checkImages, itemImage, lineImages, readWriteBody } from './body';
import { parseBody } from '../../plugins/errors';
import { compareRevisions, deletedQuotations, describeQuotations, filterQuotations, QUOTATION_PAGE_SIZE, quotationItemList, quotationItemView, quotationList, quotationRevision, quotationScope, quotationView } from './service';
import { readMonarchEntities, writeMonarchEntities } from './settings';
import { createItem, createQuotation, decideQuotation, deleteItem, deleteQuotation, sendQuotation, updateItem, updateQuotation } from './writes';

const revisionParams = idParams.extend({ revision: idParams.shape.id });
/** Writes that take JSON, or multipart/form-data with the fields as JSON in the part "data" and item images as files. */
const consumes = ['application/json', 'multipart/form-data'];

/** Quotations (business-areas.md §7 "Quotations", issue 18 §3): paths under /api/v1/quotations/quotations/. */
export default async function quotationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limitBytes = app.config.FILE_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: limitBytes, files: 50, fields: 5, parts: 55 } });
  const tags = ['quotations'];
  const read = { access: 'quotations.read' } as const;
  const write = { access: 'quotations.write' } as const;
  const viewsPage = pageSchema(quotationViewSchema);
  const body = (req: FastifyRequest) => readWriteBody(req, limitBytes);

  // A sales executive's lists hold their own quotations (row-rules.ts), the device's delta included.
  listRoute(app, API.quotations.list, { ...read, tags, spec: quotationList, item: quotationListRowSchema, describe: describeQuotations, scope: (req) => quotationScope(currentUser(req)) });
  app.post(API.quotations.list, { config: write, schema: { tags, consumes, response: { 201: quotationViewSchema } } }, async (req, reply) => {
    const { data, images } = await body(req);
    const input = parseBody(quotationCreateSchema, data);
    await checkImages(images);
    return sendRow(reply, await createQuotation(app.db, currentUser(req), input, lineImages(images, input.items.length)), 201);
  });
  app.get(API.quotations.filter, { config: read, schema: { tags, querystring: filterQuotationsQuerySchema, response: { 200: viewsPage } } }, (req) =>
    loadPage(req, req.query, QUOTATION_PAGE_SIZE, (paging) => filterQuotations(app.db, req.query, quotationScope(currentUser(req)), paging)),
  );
  app.get(API.quotations.deleted, { config: read, schema: { tags, querystring: quotationPageQuerySchema, response: { 200: viewsPage } } }, (req) =>
    loadPage(req, req.query, QUOTATION_PAGE_SIZE, (paging) => deletedQuotations(app.db, quotationScope(currentUser(req)), paging)),
  );
  app.get(API.quotations.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: quotationViewSchema } } }, async (req, reply) =>
    sendRow(reply, await quotationView(app.db, req.params.id)),
  );
  app.patch(API.quotations.detail.pattern, { config: write, schema: { tags, params: idParams, consumes, response: { 200: quotationViewSchema } } }, async (req, reply) => {
    const { data, images } = await body(req);
    const [changes, expected] = versionedBody(req, parseBody(quotationUpdateSchema, data));
    await checkImages(images);
    return sendRow(reply, await updateQuotation(app.db, currentUser(req), req.params.id, changes, expected, lineImages(images, changes.items?.length ?? 0)));
  });
  app.delete(API.quotations.detail.pattern, { config: write, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteQuotation(app.db, currentUser(req), req.params.id, expectedVersion(req));
    return reply.code(204).send();
  });
  app.get(API.quotations.version.pattern, { config: read, schema: { tags, params: revisionParams, response: { 200: quotationRevisionSchema } } }, (req) =>
    quotationRevision(app.db, req.params.id, req.params.revision),
  );
  app.get(API.quotations.compare.pattern, { config: read, schema: { tags, params: idParams, querystring: quotationCompareQuerySchema, response: { 200: quotationDiffSchema } } }, (req) =>
    compareRevisions(app.db, req.params.id, req.query.from, req.query.to),
  );
  app.post(API.quotations.send.pattern, { config: write, schema: { tags, params: idParams, body: quotationSendSchema, response: { 200: quotationViewSchema } } }, async (req, reply) =>
    sendRow(reply, await sendQuotation(app.db, currentUser(req), req.params.id, req.body)),
  );
  app.patch(
    API.quotations.status.pattern,
    { config: write, schema: { tags, params: idParams, body: quotationStatusUpdateSchema.extend(expectedVersionFields), response: { 200: quotationViewSchema } } },
    async (req, reply) => {
      const [{ status }, expected] = versionedBody(req, req.body);
      return sendRow(reply, await decideQuotation(app.db, currentUser(req), req.params.id, status, expected));
    },
  );

  listRoute(app, API.quotationItems.list, { ...read, tags, spec: quotationItemList, item: quotationItemSchema });
  app.post(API.quotationItems.list, { config: write, schema: { tags, consumes, response: { 201: quotationItemSchema } } }, async (req, reply) => {
    const { data, images } = await body(req);
    const input = parseBody(quotationItemCreateSchema, data);
    const image = itemImage(images);
    await checkImages(images);
    return sendRow(reply, await createItem(app.db, currentUser(req), input, image), 201);
  });
  app.get(API.quotationItems.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: quotationItemSchema } } }, async (req, reply) => {
    return sendRow(reply, await quotationItemView(app.db, req.params.id));
  });
  app.patch(API.quotationItems.detail.pattern, { config: write, schema: { tags, params: idParams, consumes, response: { 200: quotationItemSchema } } }, async (req, reply) => {
    const { data, images } = await body(req);
    const [changes, expected] = versionedBody(req, parseBody(quotationItemUpdateSchema, data));
    const image = itemImage(images);
    await checkImages(images);
    return sendRow(reply, await updateItem(app.db, currentUser(req), req.params.id, changes, expected, image));
  });
  app.delete(API.quotationItems.detail.pattern, { config: write, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteItem(app.db, currentUser(req), req.params.id, expectedVersion(req));
    return reply.code(204).send();
  });

  // The company's issuing entities: the quotation form offers them; superusers name them.
  app.get(API.quotations.monarchEntities, { config: read, schema: { tags, response: { 200: monarchEntitiesSchema } } }, async () => ({ monarch_entities: await readMonarchEntities(app.db) }));
  app.put(API.quotations.adminMonarchEntities, { config: { access: 'system.config' }, schema: { tags: ['admin'], body: monarchEntitiesSchema, response: { 200: monarchEntitiesSchema } } }, (req) =>
    writeMonarchEntities(app.db, currentUser(req), req.body),
  );
}
