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
import { API } from '../../../domain/api-paths';
import { businessToday } from '../../../domain/rules/dates';
import { currentUser } from '../../plugins/auth';
import { loadPage, type Paging, type Slice } from '../../lib/pagination';
import { idParams } from '../../lib/schemas';
import { ageingReport, consumptionReport, jobOrderConsumption, logReport, movementReport, priceVarianceReport } from './reports';
import { filterMaterials, issuedToday, issueReport, materialsWorkbook, reorderReport } from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A report page (its totals kept), MATERIAL_REPORT_PAGE_SIZE rows unless the query asks otherwise. */
const paged = <R extends Slice<unknown>>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<R>) =>
  loadPage(request, query, MATERIAL_REPORT_PAGE_SIZE, load);

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

  app.get(API.materialReports.filterMaterials, { config: materialsRead, schema: { tags, querystring: filterMaterialsQuerySchema, response: { 200: materialStockReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => filterMaterials(app.db, currentUser(req), req.query, paging)),
  );
  app.get(API.materialReports.exportToExcel, { config: materialsRead, schema: { tags, querystring: exportMaterialsQuerySchema } }, async (req, reply) => {
    const workbook = await materialsWorkbook(app.db, currentUser(req), req.query);
    const day = businessToday();
    return reply.type(XLSX).header('content-disposition', `attachment; filename="materials-${day}.xlsx"`).send(workbook);
  });
  app.get(API.materialReports.issueReport, { config: reports, schema: { tags, querystring: issueReportQuerySchema, response: { 200: issueReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => issueReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(API.materialReports.issuedToday, { config: stockRead, schema: { tags, querystring: issuedTodayQuerySchema, response: { 200: issueReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => issuedToday(app.db, currentUser(req), req.query, paging)),
  );
  app.get(API.materialReports.consumptionReport, { config: reports, schema: { tags, querystring: consumptionReportQuerySchema, response: { 200: consumptionReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => consumptionReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(API.materialReports.logReport, { config: stockRead, schema: { tags, querystring: logReportQuerySchema, response: { 200: logReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => logReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(API.materialReports.movementReport, { config: reports, schema: { tags, querystring: movementReportQuerySchema, response: { 200: movementReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => movementReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(API.materialReports.reorder, { config: reports, schema: { tags, querystring: materialReportQuerySchema, response: { 200: reorderReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => reorderReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(API.materialReports.ageing, { config: reports, schema: { tags, querystring: materialReportQuerySchema, response: { 200: ageingReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => ageingReport(app.db, currentUser(req), req.query, paging)),
  );
  app.get(API.materialReports.priceVariance.pattern, { config: reports, schema: { tags, params: idParams, querystring: priceVarianceQuerySchema, response: { 200: priceVarianceReportSchema } } }, (req) =>
    paged(req, req.query, (paging) => priceVarianceReport(app.db, currentUser(req), req.params.id, req.query, paging)),
  );
  app.get(API.materialReports.jobOrderConsumption.pattern, { config: stockRead, schema: { tags, params: idParams, response: { 200: jobOrderConsumptionSchema } } }, (req) =>
    jobOrderConsumption(app.db, currentUser(req), req.params.id),
  );
}
