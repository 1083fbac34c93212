import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  materialCategoryCreateSchema,
  materialCategorySchema,
  materialCategoryUpdateSchema,
  materialCreateSchema,
  materialNameSchema,
  materialSchema,
  materialSubcategoryCreateSchema,
  materialSubcategorySchema,
  materialSubcategoryUpdateSchema,
  materialUpdateSchema,
} from '../../../domain/material';
import { currentUser } from '../../plugins/auth';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { etagOf, expectedVersion, findRow } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { materialCategories, materials, materialSubcategories } from '../../db/schema';
import {
  categoryList,
  createCategory,
  createMaterial,
  createSubcategory,
  deleteCategory,
  deleteMaterial,
  deleteSubcategory,
  findMaterialByName,
  materialList,
  materialNameList,
  materialNameOf,
  materialScope,
  subcategoryList,
  updateCategory,
  updateMaterial,
  updateSubcategory,
} from './service';

const duplicateQuery = z.object({ name: z.string().trim().min(1).max(200) }).strict();
const duplicateVerdict = z.object({ exists: z.boolean(), material: z.object({ id: z.number().int(), name: z.string() }).nullable() });

/** Materials, their categories and subcategories (business-areas.md §7 "Materials and stock"). */
export default async function materialsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['materials'];

  app.get('/materials/materials/', { config: { access: 'materials.read' }, schema: { tags, querystring: listQuerySchema(materialList), response: { 200: listPageSchema(materialSchema) } } }, (req) =>
    listPage(app.db, req, materialList, req.query as ListQuery, materialScope(currentUser(req))),
  );
  app.get('/materials/materials/check_duplicate/', { config: { access: 'materials.read' }, schema: { tags, querystring: duplicateQuery, response: { 200: duplicateVerdict } } }, (req) =>
    findMaterialByName(app.db, currentUser(req), req.query.name),
  );
  app.post('/materials/materials/', { config: { access: 'materials.create' }, schema: { tags, body: materialCreateSchema, response: { 201: materialSchema } } }, async (req, reply) =>
    reply.code(201).send(await createMaterial(app.db, currentUser(req), req.body)),
  );
  app.get('/materials/materials/:id/', { config: { access: 'materials.read' }, schema: { tags, params: idParams, response: { 200: materialSchema } } }, async (req, reply) => {
    const row = await findRow(app.db, materials, req.params.id, materialScope(currentUser(req)));
    return reply.header('etag', etagOf(row)).send(row);
  });
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/materials/materials/:id/',
      config: { access: 'materials.write' },
      schema: { tags, params: idParams, body: materialUpdateSchema, response: { 200: materialSchema } },
      handler: async (req, reply) => {
        const { expected_version, ...changes } = req.body;
        const row = await updateMaterial(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
        return reply.header('etag', etagOf(row)).send(row);
      },
    });
  }
  app.delete('/materials/materials/:id/set_deleted/', { config: { access: 'materials.delete' }, schema: { tags, params: idParams, response: { 200: materialSchema } } }, (req) =>
    deleteMaterial(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );

  app.get('/materials/material-names/', { config: { access: 'materials.read' }, schema: { tags, querystring: listQuerySchema(materialNameList), response: { 200: listPageSchema(materialNameSchema) } } }, async (req) => {
    const page = await listPage(app.db, req, materialNameList, req.query as ListQuery);
    return { ...page, results: page.results.map(materialNameOf) };
  });
  app.get('/materials/material-names/:id/', { config: { access: 'materials.read' }, schema: { tags, params: idParams, response: { 200: materialNameSchema } } }, async (req) =>
    materialNameOf(await findRow(app.db, materials, req.params.id)),
  );

  app.get('/materials/material-categories/', { config: { access: 'material-categories.read' }, schema: { tags, querystring: listQuerySchema(categoryList), response: { 200: listPageSchema(materialCategorySchema) } } }, (req) =>
    listPage(app.db, req, categoryList, req.query as ListQuery),
  );
  app.post('/materials/material-categories/', { config: { access: 'material-categories.write' }, schema: { tags, body: materialCategoryCreateSchema, response: { 201: materialCategorySchema } } }, async (req, reply) =>
    reply.code(201).send(await createCategory(app.db, currentUser(req), req.body)),
  );
  app.get('/materials/material-categories/:id/', { config: { access: 'material-categories.read' }, schema: { tags, params: idParams, response: { 200: materialCategorySchema } } }, async (req, reply) => {
    const row = await findRow(app.db, materialCategories, req.params.id);
    return reply.header('etag', etagOf(row)).send(row);
  });
  app.patch('/materials/material-categories/:id/', { config: { access: 'material-categories.write' }, schema: { tags, params: idParams, body: materialCategoryUpdateSchema, response: { 200: materialCategorySchema } } }, (req) => {
    const { expected_version, ...changes } = req.body;
    return updateCategory(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
  });
  app.delete('/materials/material-categories/:id/set_deleted/', { config: { access: 'material-categories.write' }, schema: { tags, params: idParams, response: { 200: materialCategorySchema } } }, (req) =>
    deleteCategory(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );

  app.get('/materials/material-subcategories/', { config: { access: 'material-categories.read' }, schema: { tags, querystring: listQuerySchema(subcategoryList), response: { 200: listPageSchema(materialSubcategorySchema) } } }, (req) =>
    listPage(app.db, req, subcategoryList, req.query as ListQuery),
  );
  app.post('/materials/material-subcategories/', { config: { access: 'material-categories.write' }, schema: { tags, body: materialSubcategoryCreateSchema, response: { 201: materialSubcategorySchema } } }, async (req, reply) =>
    reply.code(201).send(await createSubcategory(app.db, currentUser(req), req.body)),
  );
  app.get('/materials/material-subcategories/:id/', { config: { access: 'material-categories.read' }, schema: { tags, params: idParams, response: { 200: materialSubcategorySchema } } }, async (req, reply) => {
    const row = await findRow(app.db, materialSubcategories, req.params.id);
    return reply.header('etag', etagOf(row)).send(row);
  });
  app.patch('/materials/material-subcategories/:id/', { config: { access: 'material-categories.write' }, schema: { tags, params: idParams, body: materialSubcategoryUpdateSchema, response: { 200: materialSubcategorySchema } } }, (req) => {
    const { expected_version, ...changes } = req.body;
    return updateSubcategory(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
  });
  app.delete('/materials/material-subcategories/:id/set_deleted/', { config: { access: 'material-categories.write' }, schema: { tags, params: idParams, response: { 200: materialSubcategorySchema } } }, (req) =>
    deleteSubcategory(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
}
