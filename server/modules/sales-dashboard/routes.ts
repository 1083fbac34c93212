import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { missedOpportunityPageSchema, missedOpportunityQuerySchema, salesAnalysisQuerySchema, salesAnalysisSchema, salesDashboardSchema } from '../../../domain/sales-dashboard';
import { loadPage } from '../../lib/pagination';
import { currentUser } from '../../plugins/auth';
import { salesAnalysis } from './analysis';
import { missedOpportunities } from './missed';
import { salesDashboard } from './service';

/** Rows of a missed SRP opportunities page unless `page_size` says otherwise (the spec's list size). */
const MISSED_PAGE_SIZE = 15;

/** sales-dash, missed SRP opportunities and the sales analysis (issue 18 §5; docs/decisions.md SD). */
export default async function salesDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    API.dashboard.sales,
    { config: { access: 'dashboard.sales' }, schema: { tags: ['dashboard'], querystring: z.object({}).strict(), response: { 200: salesDashboardSchema } } },
    (req) => salesDashboard(app.db, currentUser(req)),
  );
  app.get(
    API.salesReports.missedSrpOpportunities,
    { config: { access: 'sales.reports' }, schema: { tags: ['sales reports'], querystring: missedOpportunityQuerySchema, response: { 200: missedOpportunityPageSchema } } },
    (req) => loadPage(req, req.query, MISSED_PAGE_SIZE, (paging) => missedOpportunities(app.db, currentUser(req), req.query, paging)),
  );
  app.get(
    API.salesReports.analysis,
    { config: { access: 'sales.analysis' }, schema: { tags: ['sales reports'], querystring: salesAnalysisQuerySchema, response: { 200: salesAnalysisSchema } } },
    (req) => salesAnalysis(app.db, currentUser(req), req.query),
  );
}
