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
import { API } from '../../../domain/api-paths';
import { currentUser } from '../../plugins/auth';
import { listRoute } from '../../lib/list';
import { expectedVersion, findRow, sendRow, versionedBody } from '../../lib/rows';
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

  listRoute(app, API.materials.list, { access: 'materials.read', tags, spec: materialList, item: materialSchema, scope: (req) => materialScope(currentUser(req)) });
  app.get(API.materials.checkDuplicate, { config: { access: 'materials.read' }, schema: { tags, querystring: duplicateQuery, response: { 200: duplicateVerdict } } }, (req) =>
    findMaterialByName(app.db, currentUser(req), req.query.name),
  );
  app.post(API.materials.list, { config: { access: 'materials.create' }, schema: { tags, body: materialCreateSchema, response: { 201: materialSchema } } }, async (req, reply) =>
    reply.code(201).send(await createMaterial(app.db, currentUser(req), req.body)),
  );
  app.get(API.materials.detail.pattern, { config: { access: 'materials.read' }, schema: { tags, params: idParams, response: { 200: materialSchema } } }, async (req, reply) =>
    sendRow(reply, await findRow(app.db, materials, req.params.id, materialScope(currentUser(req)))),
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: API.materials.detail.pattern,
      config: { access: 'materials.write' },
      schema: { tags, params: idParams, body: materialUpdateSchema, response: { 200: materialSchema } },
      handler: async (req, reply) => {
        const [changes, expected] = versionedBody(req, req.body);
        return sendRow(reply, await updateMaterial(app.db, currentUser(req), req.params.id, changes, expected));
      },
    });
  }
  app.delete(API.materials.setDeleted.pattern, { config: { access: 'materials.delete' }, schema: { tags, params: idParams, response: { 200: materialSchema } } }, (req) =>
    deleteMaterial(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );

  listRoute(app, API.materialNames.list, { access: 'materials.read', tags, spec: materialNameList, item: materialNameSchema, describe: (_, rows) => rows.map(materialNameOf) });
  app.get(API.materialNames.detail.pattern, { config: { access: 'materials.read' }, schema: { tags, params: idParams, response: { 200: materialNameSchema } } }, async (req) =>
    materialNameOf(await findRow(app.db, materials, req.params.id)),
  );

  listRoute(app, API.materialCategories.list, { access: 'material-categories.read', tags, spec: categoryList, item: materialCategorySchema });
  app.post(API.materialCategories.list, { config: { access: 'material-categories.write' }, schema: { tags, body: materialCategoryCreateSchema, response: { 201: materialCategorySchema } } }, async (req, reply) =>
    reply.code(201).send(await createCategory(app.db, currentUser(req), req.body)),
  );
  app.get(API.materialCategories.detail.pattern, { config: { access: 'material-categories.read' }, schema: { tags, params: idParams, response: { 200: materialCategorySchema } } }, async (req, reply) =>
    sendRow(reply, await findRow(app.db, materialCategories, req.params.id)),
  );
  app.patch(API.materialCategories.detail.pattern, { config: { access: 'material-categories.write' }, schema: { tags, params: idParams, body: materialCategoryUpdateSchema, response: { 200: materialCategorySchema } } }, (req) => {
    const [changes, expected] = versionedBody(req, req.body);
    return updateCategory(app.db, currentUser(req), req.params.id, changes, expected);
  });
  app.delete(API.materialCategories.setDeleted.pattern, { config: { access: 'material-categories.write' }, schema: { tags, params: idParams, response: { 200: materialCategorySchema } } }, (req) =>
    deleteCategory(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );

  listRoute(app, API.materialSubcategories.list, { access: 'material-categories.read', tags, spec: subcategoryList, item: materialSubcategorySchema });
  app.post(API.materialSubcategories.list, { config: { access: 'material-categories.write' }, schema: { tags, body: materialSubcategoryCreateSchema, response: { 201: materialSubcategorySchema } } }, async (req, reply) =>
    reply.code(201).send(await createSubcategory(app.db, currentUser(req), req.body)),
  );
  app.get(API.materialSubcategories.detail.pattern, { config: { access: 'material-categories.read' }, schema: { tags, params: idParams, response: { 200: materialSubcategorySchema } } }, async (req, reply) =>
    sendRow(reply, await findRow(app.db, materialSubcategories, req.params.id)),
  );
  app.patch(API.materialSubcategories.detail.pattern, { config: { access: 'material-categories.write' }, schema: { tags, params: idParams, body: materialSubcategoryUpdateSchema, response: { 200: materialSubcategorySchema } } }, (req) => {
    const [changes, expected] = versionedBody(req, req.body);
    return updateSubcategory(app.db, currentUser(req), req.params.id, changes, expected);
  });
  app.delete(API.materialSubcategories.setDeleted.pattern, { config: { access: 'material-categories.write' }, schema: { tags, params: idParams, response: { 200: materialSubcategorySchema } } }, (req) =>
    deleteSubcategory(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );
}
