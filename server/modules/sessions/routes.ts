import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { activeSessionSchema } from '../../../domain/session';
import { currentUser } from '../../plugins/auth';
import { readConfig } from '../system/service';
import { activeSessions, terminateSession } from './service';

const sessionsQuery = z.object({ user: z.coerce.number().int().positive().optional() });

/** The superuser's view of who is signed in where, and the power to end a session (issue 23). */
export default async function sessionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  app.get(API.admin.activeSessions, { config: { access: 'system.admin' }, schema: { tags, querystring: sessionsQuery, response: { 200: z.array(activeSessionSchema) } } }, async (req) =>
    activeSessions(app.db, await readConfig(app.db), req.query),
  );
  app.post(
    API.admin.terminateSession.pattern,
    { config: { access: 'system.admin' }, schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: z.object({ terminated: z.string() }) } } },
    async (req) => {
      await terminateSession(app.db, currentUser(req), req.params.id);
      return { terminated: req.params.id };
    },
  );
}
