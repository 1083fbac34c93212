import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleDetailSchema, moduleMapSchema, moduleToggleSchema } from '../../../domain/modules';
import { systemConfigSchema } from '../../../domain/system';
import { userSchema } from '../../../domain/user';
import { currentUser } from '../../plugins/auth';
import { idParams } from '../../lib/schemas';
import { blockUser, unblockUser } from '../users/service';
import { moduleDetails, moduleMap, readConfig, setModuleEnabled, writeConfig } from './service';

/** Module switches (everyone reads, superusers change) and the superuser's system calls. */
export default async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Public, so it names nothing an attacker could use (no database engine, no version).
  app.get('/health/', { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } }, () => ({ status: 'ok' as const }));

  app.get('/system/modules/', { config: { access: 'modules.read' }, schema: { tags: ['modules'], response: { 200: moduleMapSchema } } }, () => moduleMap(app.db));
  app.get('/system/modules/detailed/', { config: { access: 'modules.read' }, schema: { tags: ['modules'], response: { 200: z.array(moduleDetailSchema) } } }, () =>
    moduleDetails(app.db),
  );
  app.put(
    '/system/modules/:name/',
    { config: { access: 'modules.manage' }, schema: { tags: ['modules'], params: z.object({ name: z.string().max(100) }), body: moduleToggleSchema, response: { 200: moduleDetailSchema } } },
    (req) => setModuleEnabled(app.db, currentUser(req), req.params.name, req.body.is_enabled),
  );

  const tags = ['admin'];
  app.get('/admin/system/config/', { config: { access: 'system.config' }, schema: { tags, response: { 200: systemConfigSchema } } }, () => readConfig(app.db));
  app.put('/admin/system/config/', { config: { access: 'system.config' }, schema: { tags, body: systemConfigSchema, response: { 200: systemConfigSchema } } }, (req) =>
    writeConfig(app.db, currentUser(req), req.body),
  );
  app.post(
    '/admin/users/:id/block/',
    { config: { access: 'system.admin' }, schema: { tags, params: idParams, body: z.object({ reason: z.string().trim().min(1, 'This field may not be blank.').max(500) }), response: { 200: userSchema } } },
    (req) => blockUser(app.db, currentUser(req), req.params.id, req.body.reason),
  );
  app.post('/admin/users/:id/unblock/', { config: { access: 'system.admin' }, schema: { tags, params: idParams, response: { 200: userSchema } } }, (req) =>
    unblockUser(app.db, currentUser(req), req.params.id),
  );
}
