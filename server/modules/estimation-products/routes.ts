import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import {
  boqDraftCreateSchema,
  boqDraftQuerySchema,
  boqDraftSchema,
  boqDraftUpdateSchema,
  bulkUpdateCostsResultSchema,
  bulkUpdateCostsSchema,
  costBreakdownRowSchema,
  estimationCostingLineInputSchema,
  estimationCostingLineSchema,
  estimationCostingLinesSchema,
  estimationCostingSaveSchema,
  estimationProductCreateSchema,
  estimationProductDetailUpdateSchema,
  estimationProductTotalSchema,
  estimationProductUpdateSchema,
  estimationProductViewSchema,
  materialCountSchema,
} from '../../../domain/estimation';
import { currentUser } from '../../plugins/auth';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { parseBody } from '../../plugins/errors';
import { costBreakdown, costingLinesOf, costingLineView, liveProduct, materialCount, productTotal, productView } from './queries';
import { applyDraft, createDraft, deleteDraft, draftsOf, updateDraft } from './boq-drafts';
import { bulkUpdateCosts } from './repricing';
import { addLines, createProduct, deleteLine, deleteProduct, saveCosting, updateLine, updateProduct } from './writes';

/**
 * Estimation products and their costing lines (business-areas.md §7 "Estimations", issue 21 §1):
 * paths under /api/v1/estimations/estimation-products/ and estimation-product-details/. Writes
 * only while the estimation is live and in costing or rejected; re-pricing (bulk-update-costs)
 * is a costing-materials write. Bill-of-quantities drafts under /api/v1/estimations/boq-drafts/
 * (decision 363).
 */
export default async function estimationProductsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['estimations'];
  const read = { access: 'estimations.read' } as const;
  const write = { access: 'estimations.write' } as const;
  const products = API.estimationProducts;
  const lines = z.array(estimationCostingLineSchema);

  app.post(products.list, { config: write, schema: { tags, body: estimationProductCreateSchema, response: { 201: estimationProductViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createProduct(app.db, currentUser(req), req.body), 201),
  );
  app.get(products.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: estimationProductViewSchema } } }, async (req, reply) =>
    sendRow(reply, await productView(app.db, req.params.id)),
  );
  app.patch(products.detail.pattern, { config: write, schema: { tags, params: idParams, body: estimationProductUpdateSchema, response: { 200: estimationProductViewSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateProduct(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(products.detail.pattern, { config: write, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteProduct(app.db, currentUser(req), req.params.id, expectedVersion(req));
    return reply.code(204).send();
  });

  app.get(products.details.pattern, { config: read, schema: { tags, params: idParams, response: { 200: lines } } }, async (req) => {
    await liveProduct(app.db, req.params.id);
    return costingLinesOf(app.db, req.params.id);
  });
  // One line, or several as `{ details: [...] }`: which one the body is decides its schema.
  app.post(products.details.pattern, { config: write, schema: { tags, params: idParams, response: { 201: lines } } }, async (req, reply) => {
    const several = typeof req.body === 'object' && req.body !== null && 'details' in req.body;
    const input = several ? parseBody(estimationCostingLinesSchema, req.body).details : [parseBody(estimationCostingLineInputSchema, req.body)];
    return reply.code(201).send(await addLines(app.db, currentUser(req), req.params.id, input, several));
  });
  app.get(products.totalCost.pattern, { config: read, schema: { tags, params: idParams, response: { 200: estimationProductTotalSchema } } }, (req) => productTotal(app.db, req.params.id));
  app.get(products.costBreakdown.pattern, { config: read, schema: { tags, params: idParams, response: { 200: z.array(costBreakdownRowSchema) } } }, (req) => costBreakdown(app.db, req.params.id));
  app.get(products.materialCount.pattern, { config: read, schema: { tags, params: idParams, response: { 200: materialCountSchema } } }, (req) => materialCount(app.db, req.params.id));
  app.post(
    products.detailsWithCostUpdate.pattern,
    { config: write, schema: { tags, params: idParams, body: estimationCostingSaveSchema, response: { 200: estimationProductViewSchema } } },
    async (req, reply) => {
      const [input, expected] = versionedBody(req, req.body);
      return sendRow(reply, await saveCosting(app.db, currentUser(req), req.params.id, input, expected));
    },
  );
  app.patch(
    products.bulkUpdateCosts,
    { config: { access: 'estimation-materials.write' }, schema: { tags, body: bulkUpdateCostsSchema, response: { 200: bulkUpdateCostsResultSchema } } },
    (req) => bulkUpdateCosts(app.db, currentUser(req), req.body),
  );

  const details = API.estimationProductDetails;
  app.get(details.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: estimationCostingLineSchema } } }, async (req, reply) =>
    sendRow(reply, await costingLineView(app.db, req.params.id)),
  );
  app.patch(details.detail.pattern, { config: write, schema: { tags, params: idParams, body: estimationProductDetailUpdateSchema, response: { 200: estimationCostingLineSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateLine(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(details.detail.pattern, { config: write, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteLine(app.db, currentUser(req), req.params.id, expectedVersion(req));
    return reply.code(204).send();
  });

  const drafts = API.boqDrafts;
  app.get(drafts.list, { config: read, schema: { tags, querystring: boqDraftQuerySchema, response: { 200: z.array(boqDraftSchema) } } }, (req) => draftsOf(app.db, req.query));
  app.post(drafts.list, { config: write, schema: { tags, body: boqDraftCreateSchema, response: { 201: boqDraftSchema } } }, async (req, reply) =>
    sendRow(reply, await createDraft(app.db, currentUser(req), req.body), 201),
  );
  app.patch(drafts.detail.pattern, { config: write, schema: { tags, params: idParams, body: boqDraftUpdateSchema, response: { 200: boqDraftSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateDraft(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(drafts.detail.pattern, { config: write, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteDraft(app.db, currentUser(req), req.params.id, expectedVersion(req));
    return reply.code(204).send();
  });
  app.post(drafts.apply.pattern, { config: write, schema: { tags, params: idParams, response: { 200: estimationProductViewSchema } } }, async (req, reply) =>
    sendRow(reply, await applyDraft(app.db, currentUser(req), req.params.id)),
  );
}
