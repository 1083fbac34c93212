import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  estimationMaterialCategoryCreateSchema,
  estimationMaterialCategorySchema,
  estimationMaterialCategoryUpdateSchema,
  estimationMaterialCreateSchema,
  estimationMaterialSchema,
  estimationMaterialUpdateSchema,
} from '../../../domain/estimation-material';
import { API } from '../../../domain/api-paths';
import { estimationMaterialCategories, estimationMaterials } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { expectedVersion, findRow, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import {
  categoryList,
  createCategory,
  createMaterial,
  deleteCategory,
  deleteMaterial,
  materialList,
  updateCategory,
  updateMaterial,
} from './service';

/** The design department's costing materials and their categories (business-areas.md §7 "Estimations"). */
export default async function estimationMaterialsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['estimation materials'];
  const read = { access: 'estimation-materials.read' } as const;
  const write = { access: 'estimation-materials.write' } as const;

  const categories = API.estimationMaterialCategories.list;
  listRoute(app, categories, { ...read, tags, spec: categoryList, item: estimationMaterialCategorySchema });
  app.post(categories, { config: write, schema: { tags, body: estimationMaterialCategoryCreateSchema, response: { 201: estimationMaterialCategorySchema } } }, async (req, reply) =>
    reply.code(201).send(await createCategory(app.db, currentUser(req), req.body)),
  );
  app.get(API.estimationMaterialCategories.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: estimationMaterialCategorySchema } } }, async (req, reply) =>
    sendRow(reply, await findRow(app.db, estimationMaterialCategories, req.params.id)),
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: API.estimationMaterialCategories.detail.pattern,
      config: write,
      schema: { tags, params: idParams, body: estimationMaterialCategoryUpdateSchema, response: { 200: estimationMaterialCategorySchema } },
      handler: async (req, reply) => {
        const [changes, expected] = versionedBody(req, req.body);
        return sendRow(reply, await updateCategory(app.db, currentUser(req), req.params.id, changes, expected));
      },
    });
  }
  app.delete(API.estimationMaterialCategories.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: estimationMaterialCategorySchema } } }, (req) =>
    deleteCategory(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );

  const materials = API.estimationMaterials.list;
  listRoute(app, materials, { ...read, tags, spec: materialList, item: estimationMaterialSchema });
  app.post(materials, { config: write, schema: { tags, body: estimationMaterialCreateSchema, response: { 201: estimationMaterialSchema } } }, async (req, reply) =>
    reply.code(201).send(await createMaterial(app.db, currentUser(req), req.body)),
  );
  app.get(API.estimationMaterials.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: estimationMaterialSchema } } }, async (req, reply) =>
    sendRow(reply, await findRow(app.db, estimationMaterials, req.params.id)),
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: API.estimationMaterials.detail.pattern,
      config: write,
      schema: { tags, params: idParams, body: estimationMaterialUpdateSchema, response: { 200: estimationMaterialSchema } },
      handler: async (req, reply) => {
        const [changes, expected] = versionedBody(req, req.body);
        return sendRow(reply, await updateMaterial(app.db, currentUser(req), req.params.id, changes, expected));
      },
    });
  }
  app.delete(API.estimationMaterials.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: estimationMaterialSchema } } }, (req) =>
    deleteMaterial(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
}
