import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { designDashboardSchema } from '../../../domain/design-dashboard';
import { designDashboard } from './service';

/** design-home's figures (issue 21 §2; docs/decisions.md 358). */
export default async function designDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    API.dashboard.design,
    { config: { access: 'dashboard.design' }, schema: { tags: ['dashboard'], querystring: z.object({}).strict(), response: { 200: designDashboardSchema } } },
    () => designDashboard(app.db),
  );
}
