import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { mailDetailSchema, mailFiltersSchema, mailSchema } from '../../../domain/mail';
import { idParams } from '../../lib/schemas';
import { loadPage, pageQuerySchema, pageSchema } from '../../lib/pagination';
import { listMail, readMail } from './service';

const PAGE_SIZE = 50;
const listQuery = pageQuerySchema(PAGE_SIZE).extend(mailFiltersSchema.shape).strict();

/** Every mail the system wrote, sent or kept, for superusers. */
export default async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { access: 'system.admin' } as const;

  app.get(API.mail.list, { config, schema: { tags, querystring: listQuery, response: { 200: pageSchema(mailSchema) } } }, (req) =>
    loadPage(req, req.query, PAGE_SIZE, (paging) => listMail(app.db, req.query, paging)),
  );
  app.get(API.mail.detail.pattern, { config, schema: { tags, params: idParams, response: { 200: mailDetailSchema } } }, (req) => readMail(app.db, req.params.id));
}
