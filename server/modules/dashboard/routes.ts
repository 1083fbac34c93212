import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { landingFiguresSchema } from '../../../domain/dashboard';
import { landingFigures } from './service';

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/dashboard/landing/', { config: { access: 'dashboard.landing' }, schema: { tags: ['dashboard'], response: { 200: landingFiguresSchema } } }, () =>
    landingFigures(app.db),
  );
  app.get(
    '/health/',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) } } },
    async () => ({ status: 'ok' as const, database: app.dbKind }),
  );
}
