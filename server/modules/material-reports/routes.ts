import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ageingReportSchema,
  consumptionReportQuerySchema,
  consumptionReportSchema,
  exportMaterialsQuerySchema,
  filterMaterialsQuerySchema,
  issuedTodayQuerySchema,
  issueReportQuerySchema,
  issueReportSchema,
  jobOrderConsumptionSchema,
  logReportQuerySchema,
  logReportSchema,
  MATERIAL_REPORT_PAGE_SIZE,
  materialReportQuerySchema,
  materialStockReportSchema,
  movementReportQuerySchema,
  movementReportSchema,
  priceVarianceQuerySchema,
  priceVarianceReportSchema,
  reorderReportSchema,
} from '../../../domain/material-report';
import { currentUser } from '../../plugins/auth';
import { notFound } from '../../lib/http-error';
import { toPage, type Paging, type Slice } from '../../lib/pagination';
import { idParams } from '../../lib/schemas';
import {
  ageingReport,
  consumptionReport,
  filterMaterials,
  issuedToday,
  issueReport,
  jobOrderConsumption,
  logReport,
  materialsWorkbook,
  movementReport,
  priceVarianceReport,
  reorderReport,
} from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A report page: what `load` found for the asked page, with DRF links; a page past the end is 404 as on every list. */
async function paged<R extends Slice<unknown>>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<R>) {
  const paging = { page: query.page, pageSize: query.page_size ?? MATERIAL_REPORT_PAGE_SIZE };
  const report = await load(paging);
  if (!report.results.length && paging.page > 1) throw notFound('Invalid page.');
  return { ...report, ...toPage(request, report.results, report.count, paging.page, paging.pageSize) };
}

/**
 * The material and stock reports (business-areas.md §7 "Materials and stock"), at the spec's
 * materials paths. The materials list with stock and its spreadsheet are for whoever reads
 * materials; the stores' daily lists for whoever reads the ledger; the valued reports for those
 * who see stock value (stock.reports). Each shows only the materials its user may see (§6).
 */
export default async function materialReportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['material reports'];
  const materialsRead = { access: 'materials.read' } as const;
  const stockRead = { access: 'stock.read' } as const;
  const reports = { access: 'stock.reports' } as const;
  const base = '/materials/materials';

  app.get(`${base}/filter_materials/`, { config: materialsRead, schema: { tags, querystring: filterMaterialsQuerySchema, response: { 200: materialStockReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => filterMaterials(app.db, currentUser(req), req.query, paging)),
  );
  app.get(`${base}/export_to_excel/`, { config: materialsRead, schema: { tags, querystring: exportMaterialsQuerySchema } }, async (req, reply) => {
    const workbook = await materialsWorkbook(app.db, currentUser(req), req.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply.type(XLSX).header('content-disposition', `attachment; filename="materials-${day}.xlsx"`).send(workbook);
  });
  app.get(`${base}/issue_report/`, { config: reports, schema: { tags, querystring: issueReportQuerySchema, response: { 200: issueReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => issueReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(`${base}/issued_today/`, { config: stockRead, schema: { tags, querystring: issuedTodayQuerySchema, response: { 200: issueReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => issuedToday(app.db, currentUser(req), req.query, paging)),
  );
  app.get(`${base}/consumption_report/`, { config: reports, schema: { tags, querystring: consumptionReportQuerySchema, response: { 200: consumptionReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => consumptionReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(`${base}/log_report/`, { config: stockRead, schema: { tags, querystring: logReportQuerySchema, response: { 200: logReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => logReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(`${base}/movement_report/`, { config: reports, schema: { tags, querystring: movementReportQuerySchema, response: { 200: movementReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => movementReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(`${base}/reorder/`, { config: reports, schema: { tags, querystring: materialReportQuerySchema, response: { 200: reorderReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => reorderReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(`${base}/ageing/`, { config: reports, schema: { tags, querystring: materialReportQuerySchema, response: { 200: ageingReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => ageingReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(`${base}/:id/price-variance-report/`, { config: reports, schema: { tags, params: idParams, querystring: priceVarianceQuerySchema, response: { 200: priceVarianceReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => priceVarianceReport(app.db, currentUser(req), req.params.id, req.query, paging)),
  );
  app.get('/stores/joborder/:id/material-consumption/', { config: stockRead, schema: { tags, params: idParams, response: { 200: jobOrderConsumptionSchema } } }, (req) =>
    jobOrderConsumption(app.db, currentUser(req), req.params.id),
  );
}
