import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { jobFiltersSchema, jobSchema } from '../../../domain/jobs';
import { currentUser } from '../../plugins/auth';
import { loadPage, pageQuerySchema, pageSchema } from '../../lib/pagination';
import { listJobs, retryJob } from './service';

const PAGE_SIZE = 50;
const listQuery = pageQuerySchema(PAGE_SIZE).extend(jobFiltersSchema.shape).strict();
/** A job's id is a UUID; anything else names no job (404, as every detail route answers). */
const jobParams = z.object({ id: z.string().uuid() });

/** The job store for superusers: what waits, what ran, and the dead letters, which they may retry. */
export default async function jobsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const config = { access: 'system.admin' } as const;

  app.get(API.jobs.list, { config, schema: { tags, querystring: listQuery, response: { 200: pageSchema(jobSchema) } } }, (req) =>
    loadPage(req, req.query, PAGE_SIZE, (paging) => listJobs(app.db, req.query, paging)),
  );
  app.post(API.jobs.retry.pattern, { config, schema: { tags, params: jobParams, response: { 200: jobSchema } } }, (req) =>
    retryJob(app.db, app.jobs.boss, currentUser(req), req.params.id),
  );
}
