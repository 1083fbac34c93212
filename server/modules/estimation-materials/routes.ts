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
import { estimationMaterialCategories, estimationMaterials } from '../../db/schema';
import { currentUser } from '../../plugins/auth';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { etagOf, expectedVersion, findRow } from '../../lib/rows';
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

  const categories = '/estimationmaterials/estimation_material_categories/';
  app.get(categories, { config: read, schema: { tags, querystring: listQuerySchema(categoryList), response: { 200: listPageSchema(estimationMaterialCategorySchema) } } }, (req) =>
    listPage(app.db, req, categoryList, req.query as ListQuery),
  );
  app.post(categories, { config: write, schema: { tags, body: estimationMaterialCategoryCreateSchema, response: { 201: estimationMaterialCategorySchema } } }, async (req, reply) =>
    reply.code(201).send(await createCategory(app.db, currentUser(req), req.body)),
  );
  app.get(`${categories}:id/`, { config: read, schema: { tags, params: idParams, response: { 200: estimationMaterialCategorySchema } } }, async (req, reply) => {
    const row = await findRow(app.db, estimationMaterialCategories, req.params.id);
    return reply.header('etag', etagOf(row)).send(row);
  });
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${categories}:id/`,
      config: write,
      schema: { tags, params: idParams, body: estimationMaterialCategoryUpdateSchema, response: { 200: estimationMaterialCategorySchema } },
      handler: async (req, reply) => {
        const { expected_version, ...changes } = req.body;
        const row = await updateCategory(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
        return reply.header('etag', etagOf(row)).send(row);
      },
    });
  }
  app.delete(`${categories}:id/`, { config: write, schema: { tags, params: idParams, response: { 200: estimationMaterialCategorySchema } } }, (req) =>
    deleteCategory(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );

  const materials = '/estimationmaterials/estimation_materials/';
  app.get(materials, { config: read, schema: { tags, querystring: listQuerySchema(materialList), response: { 200: listPageSchema(estimationMaterialSchema) } } }, (req) =>
    listPage(app.db, req, materialList, req.query as ListQuery),
  );
  app.post(materials, { config: write, schema: { tags, body: estimationMaterialCreateSchema, response: { 201: estimationMaterialSchema } } }, async (req, reply) =>
    reply.code(201).send(await createMaterial(app.db, currentUser(req), req.body)),
  );
  app.get(`${materials}:id/`, { config: read, schema: { tags, params: idParams, response: { 200: estimationMaterialSchema } } }, async (req, reply) => {
    const row = await findRow(app.db, estimationMaterials, req.params.id);
    return reply.header('etag', etagOf(row)).send(row);
  });
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${materials}:id/`,
      config: write,
      schema: { tags, params: idParams, body: estimationMaterialUpdateSchema, response: { 200: estimationMaterialSchema } },
      handler: async (req, reply) => {
        const { expected_version, ...changes } = req.body;
        const row = await updateMaterial(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
        return reply.header('etag', etagOf(row)).send(row);
      },
    });
  }
  app.delete(`${materials}:id/`, { config: write, schema: { tags, params: idParams, response: { 200: estimationMaterialSchema } } }, (req) =>
    deleteMaterial(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
}
