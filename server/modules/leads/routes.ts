import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadSchema } from '../../../domain/lead';
import { currentUser } from '../../plugins/auth';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { idParams } from '../../lib/schemas';
import { findLead, leadList, leadScope } from './service';

/** The read side of leads (business-areas.md §7 "Leads"); the row rule applies to list, detail and delta. */
export default async function leadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  app.get('/leads/leads/', { config: { access: 'leads.read' }, schema: { tags, querystring: listQuerySchema(leadList), response: { 200: listPageSchema(leadSchema) } } }, (req) =>
    listPage(app.db, req, leadList, req.query as ListQuery, leadScope(currentUser(req))),
  );
  app.get('/leads/leads/:id/', { config: { access: 'leads.read' }, schema: { tags, params: idParams, response: { 200: leadSchema } } }, async (req, reply) => {
    const row = await findLead(app.db, currentUser(req), req.params.id);
    return reply.header('etag', `"${row.version}"`).send(row);
  });
}
