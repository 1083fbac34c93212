import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flagParam } from '../../../domain/query-params';
import { API } from '../../../domain/api-paths';
import { activationSchema, departmentSchema, resetPasswordSchema, userCreateSchema, userListItemSchema, userSchema } from '../../../domain/user';
import { can } from '../../../domain/permissions';
import { currentUser } from '../../plugins/auth';
import { forbidden } from '../../lib/http-error';
import { pageQuerySchema, pageSchema, toPage } from '../../lib/pagination';
import { idParams } from '../../lib/schemas';
import { activate, asSeenBy, createUser, deactivate, getUser, listUsers, resetPassword, setMaterialCreation } from './service';
import { salesExecutiveOptions, salesExecutiveOptionSchema } from '../../../domain/lead';
import { salesExecutives } from './sales-executives';

const listQuery = pageQuerySchema(100).extend({
  department: departmentSchema.optional(),
  is_active: flagParam.optional(),
  search: z.string().max(100).optional(),
});

const materialPermissionSchema = z.object({ user_id: z.number().int(), can_create_materials: z.boolean() });
const materialPermission = (user: { id: number; can_create_materials: boolean }) => ({ user_id: user.id, can_create_materials: user.can_create_materials });

/** The users calls of product-frame.md §7. */
export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get(API.users.list, { config: { access: 'users.list' }, schema: { tags, querystring: listQuery, response: { 200: pageSchema(userListItemSchema) } } }, async (req) => {
    const { rows, count } = await listUsers(app.db, req.query);
    const reader = currentUser(req);
    return toPage(req, rows.map((user) => asSeenBy(reader, user)), count, req.query.page, req.query.page_size);
  });
  app.post(API.users.list, { config: { access: 'users.admin' }, schema: { tags, body: userCreateSchema, response: { 201: userSchema } } }, async (req, reply) =>
    reply.code(201).send(await createUser(app.db, currentUser(req), req.body)),
  );
  // The sales executive dropdown (product-frame.md §3, §6): 'Select' first, then active sales users and the extra one.
  app.get(API.users.salesExecutives, { config: { access: 'users.list' }, schema: { tags, response: { 200: z.array(salesExecutiveOptionSchema) } } }, async () =>
    salesExecutiveOptions(await salesExecutives(app.db)),
  );
  app.get(API.users.detail.pattern, { config: { access: 'users.list' }, schema: { tags, params: idParams, response: { 200: userListItemSchema } } }, async (req) =>
    asSeenBy(currentUser(req), await getUser(app.db, req.params.id)),
  );
  app.post(API.users.resetPassword.pattern, { config: { access: 'users.admin' }, schema: { tags, params: idParams, body: resetPasswordSchema } }, async (req, reply) => {
    await resetPassword(app.db, currentUser(req), req.params.id, req.body.new_password);
    return reply.code(204).send();
  });
  app.post(API.users.deactivate.pattern, { config: { access: 'users.admin' }, schema: { tags, params: idParams, response: { 200: userSchema } } }, (req) =>
    deactivate(app.db, currentUser(req), req.params.id),
  );
  app.post(API.users.activate.pattern, { config: { access: 'users.admin' }, schema: { tags, params: idParams, body: activationSchema.optional(), response: { 200: userSchema } } }, (req) =>
    activate(app.db, currentUser(req), req.params.id, req.body ?? {}),
  );

  const permissionPath = API.users.materialCreation.pattern;
  // A user may read their own permission (the materials screen asks); only admins read others'.
  app.get(permissionPath, { config: { access: 'signed-in' }, schema: { tags, params: idParams, response: { 200: materialPermissionSchema } } }, async (req) => {
    const actor = currentUser(req);
    if (actor.id !== req.params.id && !can(actor, 'users.admin')) throw forbidden();
    return materialPermission(await getUser(app.db, req.params.id));
  });
  app.post(permissionPath, { config: { access: 'users.admin' }, schema: { tags, params: idParams, response: { 200: materialPermissionSchema } } }, async (req) =>
    materialPermission(await setMaterialCreation(app.db, currentUser(req), req.params.id, true)),
  );
  app.delete(permissionPath, { config: { access: 'users.admin' }, schema: { tags, params: idParams, response: { 200: materialPermissionSchema } } }, async (req) =>
    materialPermission(await setMaterialCreation(app.db, currentUser(req), req.params.id, false)),
  );
}
