import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import {
  estimationCreateSchema,
  estimationHandOverSchema,
  estimationListRowSchema,
  estimationPageQuerySchema,
  estimationQuotationStepSchema,
  estimationRejectStepSchema,
  estimationStepSchema,
  estimationUpdateSchema,
  estimationVersionSchema,
  estimationViewSchema,
  filterEstimationsQuerySchema,
} from '../../../domain/estimation';
import { listRoute } from '../../lib/list';
import { loadPage, pageSchema } from '../../lib/pagination';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import { parseBody } from '../../plugins/errors';
import { checkEstimationFiles, readEstimationBody } from './body';
import { cancelledEstimations, describeEstimations, ESTIMATION_PAGE_SIZE, estimationList, estimationVersionsOf, estimationView, filterEstimations } from './queries';
import { approveEstimation, cancelEstimation, createEstimation, quoteEstimation, rejectEstimation, submitEstimation, updateEstimation } from './writes';

/** Creates and changes take JSON, or multipart/form-data with drawings and images (domain/estimation.ts ESTIMATION_FILE_PARTS). */
const consumes = ['application/json', 'multipart/form-data'];

/** Estimations (business-areas.md §7 "Estimations", issue 21 §1): paths under /api/v1/estimations/estimations/. */
export default async function estimationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limitBytes = app.config.FILE_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: limitBytes, files: 20, fields: 20, parts: 40 } });
  const tags = ['estimations'];
  const read = { access: 'estimations.read' } as const;
  const write = { access: 'estimations.write' } as const;
  const one = { tags, params: idParams, response: { 200: estimationViewSchema } };
  const rowsPage = pageSchema(estimationListRowSchema);
  const body = async (req: FastifyRequest) => {
    const sent = await readEstimationBody(req, limitBytes);
    await checkEstimationFiles(sent.uploads);
    return sent;
  };

  // Every reader of estimations reads them all, the device's delta included (decision 347).
  listRoute(app, API.estimations.list, { ...read, tags, spec: estimationList, item: estimationListRowSchema, describe: (_db, rows) => describeEstimations(rows) });
  app.post(API.estimations.list, { config: { access: 'estimations.request' }, schema: { tags, consumes, response: { 201: estimationViewSchema } } }, async (req, reply) => {
    const { data, uploads: files } = await body(req);
    return sendRow(reply, await createEstimation(app.db, currentUser(req), parseBody(estimationCreateSchema, data), files), 201);
  });
  app.get(API.estimations.cancelled, { config: read, schema: { tags, querystring: estimationPageQuerySchema, response: { 200: rowsPage } } }, (req) =>
    loadPage(req, req.query, ESTIMATION_PAGE_SIZE, (paging) => cancelledEstimations(app.db, paging)),
  );
  app.get(API.estimations.filter, { config: read, schema: { tags, querystring: filterEstimationsQuerySchema, response: { 200: rowsPage } } }, (req) =>
    loadPage(req, req.query, ESTIMATION_PAGE_SIZE, (paging) => filterEstimations(app.db, req.query, paging)),
  );
  app.get(API.estimations.detail.pattern, { config: read, schema: one }, async (req, reply) => sendRow(reply, await estimationView(app.db, req.params.id)));
  app.patch(API.estimations.detail.pattern, { config: write, schema: { ...one, consumes } }, async (req, reply) => {
    const { data, uploads: files } = await body(req);
    const [changes, expected] = versionedBody(req, parseBody(estimationUpdateSchema, data));
    return sendRow(reply, await updateEstimation(app.db, currentUser(req), req.params.id, changes, expected, files));
  });
  app.delete(API.estimations.detail.pattern, { config: write, schema: { tags, params: idParams } }, async (req, reply) => {
    await cancelEstimation(app.db, currentUser(req), req.params.id, expectedVersion(req));
    return reply.code(204).send();
  });

  app.post(API.estimations.submit.pattern, { config: write, schema: { ...one, body: estimationStepSchema } }, async (req, reply) =>
    sendRow(reply, await submitEstimation(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body))),
  );
  app.post(API.estimations.approve.pattern, { config: { access: 'estimations.approve' }, schema: { ...one, body: estimationStepSchema } }, async (req, reply) =>
    sendRow(reply, await approveEstimation(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body))),
  );
  app.post(API.estimations.reject.pattern, { config: { access: 'estimations.approve' }, schema: { ...one, body: estimationRejectStepSchema } }, async (req, reply) => {
    const [{ reason }, expected] = versionedBody(req, req.body);
    return sendRow(reply, await rejectEstimation(app.db, currentUser(req), req.params.id, reason, expected));
  });
  // Handing over needs estimations.quote only: the costing manager holds it without quotations.write (decision 348).
  app.post(
    API.estimations.quotation.pattern,
    { config: { access: 'estimations.quote' }, schema: { tags, params: idParams, body: estimationQuotationStepSchema, response: { 201: estimationHandOverSchema } } },
    async (req, reply) => {
      const [input, expected] = versionedBody(req, req.body);
      return reply.code(201).send(await quoteEstimation(app.db, currentUser(req), req.params.id, input, expected));
    },
  );
  app.get(API.estimations.versions.pattern, { config: read, schema: { tags, params: idParams, response: { 200: z.array(estimationVersionSchema) } } }, (req) =>
    estimationVersionsOf(app.db, req.params.id),
  );
}
