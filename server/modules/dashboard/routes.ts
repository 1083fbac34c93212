import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { landingFiguresSchema, productionDashboardQuerySchema, purchasesDashboardSchema, workshopDashboardSchema, type Workshop } from '../../../domain/dashboard';
import type { Permission } from '../../../domain/permissions';
import { currentUser } from '../../plugins/auth';
import { landingFigures, purchasesDashboard, workshopDashboard } from './service';

/** The workshop dashboards and who may open each (docs/decisions.md 118-122). */
const WORKSHOP_ACCESS: Readonly<Record<Workshop, Permission>> = {
  production: 'dashboard.production',
  foreman: 'dashboard.foreman',
  metal: 'dashboard.metal',
  acrylic: 'dashboard.acrylic',
};

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(API.dashboard.landing, { config: { access: 'dashboard.landing' }, schema: { tags: ['dashboard'], response: { 200: landingFiguresSchema } } }, () =>
    landingFigures(app.db),
  );
  app.get(
    API.dashboard.production,
    { config: { access: WORKSHOP_ACCESS.production }, schema: { tags: ['dashboard'], querystring: productionDashboardQuerySchema, response: { 200: workshopDashboardSchema } } },
    (req) => workshopDashboard(app.db, currentUser(req), 'production', req.query.production_department),
  );
  for (const workshop of ['foreman', 'metal', 'acrylic'] as const) {
    app.get(
      `/dashboard/${workshop}/`,
      { config: { access: WORKSHOP_ACCESS[workshop] }, schema: { tags: ['dashboard'], querystring: z.object({}).strict(), response: { 200: workshopDashboardSchema } } },
      (req) => workshopDashboard(app.db, currentUser(req), workshop),
    );
  }
  app.get(
    API.dashboard.purchases,
    { config: { access: 'dashboard.purchases' }, schema: { tags: ['dashboard'], querystring: z.object({}).strict(), response: { 200: purchasesDashboardSchema } } },
    (req) => purchasesDashboard(app.db, currentUser(req)),
  );
}
