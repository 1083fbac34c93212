import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { moduleDetailSchema, moduleMapSchema, moduleToggleSchema } from '../../../domain/modules';
import { systemConfigSchema } from '../../../domain/system';
import { offlineSettingsSchema } from '../../../domain/offline';
import { userSchema } from '../../../domain/user';
import { currentUser } from '../../plugins/auth';
import { idParams } from '../../lib/schemas';
import { blockUser, unblockUser } from '../users/service';
import { moduleDetails, moduleMap, readConfig, readOfflineSettings, setModuleEnabled, writeConfig, writeOfflineSettings } from './service';

/** Module switches (everyone reads, superusers change) and the superuser's system calls. */
export default async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Public, so it names nothing an attacker could use (no database engine, no version).
  app.get(API.health, { config: { access: 'public', openInMaintenance: true }, schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } }, () => ({ status: 'ok' as const }));

  app.get(API.system.modules, { config: { access: 'modules.read' }, schema: { tags: ['modules'], response: { 200: moduleMapSchema } } }, () => moduleMap(app.db));
  app.get(API.system.modulesDetailed, { config: { access: 'modules.read' }, schema: { tags: ['modules'], response: { 200: z.array(moduleDetailSchema) } } }, () =>
    moduleDetails(app.db),
  );
  app.put(
    API.system.module.pattern,
    { config: { access: 'modules.manage' }, schema: { tags: ['modules'], params: z.object({ name: z.string().max(100) }), body: moduleToggleSchema, response: { 200: moduleDetailSchema } } },
    (req) => setModuleEnabled(app.db, currentUser(req), req.params.name, req.body.is_enabled),
  );

  app.get(API.system.offline, { config: { access: 'modules.read' }, schema: { tags: ['system'], response: { 200: offlineSettingsSchema } } }, () => readOfflineSettings(app.db));

  const tags = ['admin'];
  app.put(API.system.adminOffline, { config: { access: 'system.config' }, schema: { tags, body: offlineSettingsSchema, response: { 200: offlineSettingsSchema } } }, (req) =>
    writeOfflineSettings(app.db, currentUser(req), req.body),
  );
  app.get(API.system.config, { config: { access: 'system.config' }, schema: { tags, response: { 200: systemConfigSchema } } }, () => readConfig(app.db));
  app.put(API.system.config, { config: { access: 'system.config' }, schema: { tags, body: systemConfigSchema, response: { 200: systemConfigSchema } } }, (req) =>
    writeConfig(app.db, currentUser(req), req.body),
  );
  app.post(
    API.system.blockUser.pattern,
    { config: { access: 'system.admin' }, schema: { tags, params: idParams, body: z.object({ reason: z.string().trim().min(1, 'This field may not be blank.').max(500) }), response: { 200: userSchema } } },
    (req) => blockUser(app.db, currentUser(req), req.params.id, req.body.reason),
  );
  app.post(API.system.unblockUser.pattern, { config: { access: 'system.admin' }, schema: { tags, params: idParams, response: { 200: userSchema } } }, (req) =>
    unblockUser(app.db, currentUser(req), req.params.id),
  );
}
