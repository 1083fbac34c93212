import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expectedVersionFields } from '../../../domain/entity';
import {
  checkDuplicateMaterialQuerySchema,
  checkRepeatRequestQuerySchema,
  closedJobOrderRequisitionsQuerySchema,
  filterRequisitionsQuerySchema,
  inTransitTransactionSchema,
  nonStandardRequisitionsQuerySchema,
  redundantReservationRowSchema,
  requisitionCreateSchema,
  requisitionDetailCreateSchema,
  requisitionDetailUpdateSchema,
  requisitionLineReportRowSchema,
  requisitionLineSchema,
  requisitionListRowSchema,
  requisitionPageQuerySchema,
  requisitionPeriodQuerySchema,
  requisitionReasonSchema,
  requisitionRequestVerdictSchema,
  requisitionUpdateSchema,
  requisitionViewSchema,
  reworkValueQuerySchema,
  reworkValueReportSchema,
} from '../../../domain/requisition';
import { currentUser } from '../../plugins/auth';
import { notFound } from '../../lib/http-error';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { pageSchema, toPage, type Paging, type Slice } from '../../lib/pagination';
import { etagOf, expectedVersion } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import {
  addLine,
  approveRequisition,
  cancelledRequisitions,
  cancelRequisition,
  closedJobOrderRequisitions,
  closedRequisitions,
  closeRequisition,
  consumablesNotByForemanLines,
  createRequisition,
  describeLines,
  describeRequisitions,
  filterRequisitions,
  findLine,
  foremanNonConsumableLines,
  inTransitTransactions,
  nonStandardRequisitions,
  notActionedRequisitions,
  notApprovedRequisitions,
  pendingRequests,
  redundantReservations,
  removeLine,
  REQUISITION_PAGE_SIZE,
  requisitionDetailList,
  requisitionList,
  requisitionView,
  reservedMaterialLines,
  reworkValue,
  storesRequisitions,
  updateLine,
  updateRequisition,
} from './service';

/** A report page: DRF page-number links over what `load` found; a page past the end is 404 as on every list. */
async function paged<R>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<Slice<R>>) {
  const paging = { page: query.page, pageSize: query.page_size ?? REQUISITION_PAGE_SIZE };
  const slice = await load(paging);
  if (!slice.results.length && paging.page > 1) throw notFound('Invalid page.');
  return toPage(request, slice.results, slice.count, paging.page, paging.pageSize);
}

const cancelBody = requisitionReasonSchema.extend(expectedVersionFields);
const versionBody = z.object(expectedVersionFields).optional();
const rowsPage = pageSchema(requisitionListRowSchema);
const linesPage = pageSchema(requisitionLineReportRowSchema);

/** Requisitions (business-areas.md §7 "Requisitions"): paths relative to /api/v1/requisitions/. */
export default async function requisitionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['requisitions'];
  const read = { access: 'requisitions.read' } as const;
  const write = { access: 'requisitions.write' } as const;
  const base = '/requisitions';

  app.get(`${base}/requisitions/`, { config: read, schema: { tags, querystring: listQuerySchema(requisitionList), response: { 200: listPageSchema(requisitionListRowSchema) } } }, async (req) => {
    const page = await listPage(app.db, req, requisitionList, req.query as ListQuery);
    return { ...page, results: await describeRequisitions(app.db, page.results) };
  });
  app.post(`${base}/requisitions/`, { config: write, schema: { tags, body: requisitionCreateSchema, response: { 201: requisitionViewSchema } } }, async (req, reply) => {
    const row = await createRequisition(app.db, currentUser(req), req.body);
    return reply.code(201).header('etag', etagOf(row)).send(row);
  });
  app.get(`${base}/requisitions/:id/`, { config: read, schema: { tags, params: idParams, response: { 200: requisitionViewSchema } } }, async (req, reply) => {
    const row = await requisitionView(app.db, req.params.id);
    return reply.header('etag', etagOf(row)).send(row);
  });
  app.patch(`${base}/requisitions/:id/`, { config: write, schema: { tags, params: idParams, body: requisitionUpdateSchema, response: { 200: requisitionViewSchema } } }, async (req, reply) => {
    const { expected_version, ...changes } = req.body;
    const row = await updateRequisition(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
    return reply.header('etag', etagOf(row)).send(row);
  });
  // Deleting is cancelling, with a reason (business-areas.md §4).
  app.delete(`${base}/requisitions/:id/`, { config: write, schema: { tags, params: idParams, body: cancelBody, response: { 200: requisitionViewSchema } } }, (req) =>
    cancelRequisition(app.db, currentUser(req), req.params.id, req.body.reason, expectedVersion(req, req.body)),
  );
  app.get(`${base}/requisitions/:id/in_transit_transactions/`, { config: read, schema: { tags, params: idParams, response: { 200: z.array(inTransitTransactionSchema) } } }, (req) =>
    inTransitTransactions(app.db, req.params.id),
  );
  app.put(`${base}/:id/approve_requisition/`, { config: { access: 'requisitions.approve' }, schema: { tags, params: idParams, body: versionBody, response: { 200: requisitionViewSchema } } }, (req) =>
    approveRequisition(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body)),
  );
  app.patch(`${base}/:id/close/`, { config: { access: 'requisitions.close' }, schema: { tags, params: idParams, body: cancelBody, response: { 200: requisitionViewSchema } } }, (req) =>
    closeRequisition(app.db, currentUser(req), req.params.id, req.body.reason, expectedVersion(req, req.body)),
  );

  app.get(`${base}/requisition_details/`, { config: read, schema: { tags, querystring: listQuerySchema(requisitionDetailList), response: { 200: listPageSchema(requisitionLineSchema) } } }, async (req) => {
    const page = await listPage(app.db, req, requisitionDetailList, req.query as ListQuery);
    return { ...page, results: await describeLines(app.db, page.results) };
  });
  app.post(`${base}/requisition_details/`, { config: write, schema: { tags, body: requisitionDetailCreateSchema, response: { 201: requisitionLineSchema } } }, async (req, reply) =>
    reply.code(201).send(await addLine(app.db, currentUser(req), req.body)),
  );
  app.get(`${base}/requisition_details/check_duplicate_material/`, { config: read, schema: { tags, querystring: checkDuplicateMaterialQuerySchema, response: { 200: requisitionRequestVerdictSchema } } }, async (req) => {
    const found = await pendingRequests(app.db, { material: req.query.material, jobOrder: req.query.job_order });
    return { exists: found.length > 0, requisitions: found };
  });
  app.get(`${base}/requisition_details/:id/`, { config: read, schema: { tags, params: idParams, response: { 200: requisitionLineSchema } } }, async (req, reply) => {
    const line = await findLine(app.db, req.params.id);
    return reply.header('etag', etagOf(line)).send(line);
  });
  app.patch(`${base}/requisition_details/:id/`, { config: write, schema: { tags, params: idParams, body: requisitionDetailUpdateSchema, response: { 200: requisitionLineSchema } } }, async (req, reply) => {
    const { expected_version, ...changes } = req.body;
    const line = await updateLine(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
    return reply.header('etag', etagOf(line)).send(line);
  });
  app.delete(`${base}/requisition_details/:id/`, { config: write, schema: { tags, params: idParams, response: { 200: requisitionLineSchema } } }, (req) =>
    removeLine(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );

  app.get(`${base}/check_req_for_material_against_job_order_exists/`, { config: read, schema: { tags, querystring: checkRepeatRequestQuerySchema, response: { 200: requisitionRequestVerdictSchema } } }, async (req) => {
    const found = await pendingRequests(app.db, { material: req.query.material, jobOrder: req.query.job, type: req.query.requisition_type });
    return { exists: found.length > 0, requisitions: found };
  });
  app.get(`${base}/filter_requisitions/`, { config: read, schema: { tags, querystring: filterRequisitionsQuerySchema, response: { 200: rowsPage } } }, (req) =>
    paged(req, req.query, (paging) => filterRequisitions(app.db, req.query, paging)),
  );
  app.get(`${base}/non_standard_requisitions/`, { config: read, schema: { tags, querystring: nonStandardRequisitionsQuerySchema, response: { 200: pageSchema(requisitionViewSchema) } } }, (req) =>
    paged(req, req.query, (paging) => nonStandardRequisitions(app.db, req.query, paging)),
  );
  app.get(`${base}/requisitions_for_closed_job_orders/`, { config: read, schema: { tags, querystring: closedJobOrderRequisitionsQuerySchema, response: { 200: rowsPage } } }, (req) =>
    paged(req, req.query, (paging) => closedJobOrderRequisitions(app.db, req.query.only_pending_reqs ?? false, paging)),
  );
  app.get(`${base}/get_redundant_reserved_materials/`, { config: read, schema: { tags, querystring: requisitionPageQuerySchema, response: { 200: pageSchema(redundantReservationRowSchema) } } }, (req) =>
    paged(req, req.query, (paging) => redundantReservations(app.db, paging)),
  );
  // Re-work value is a cost figure: the stock reports' readers, not the whole shop floor.
  app.get(`${base}/rework_requisitions_value/`, { config: { access: 'stock.reports' }, schema: { tags, querystring: reworkValueQuerySchema, response: { 200: reworkValueReportSchema } } }, (req) =>
    reworkValue(app.db, req.query),
  );

  // The reports that take a period (start_date, end_date) and a page.
  const rowReports = {
    cancelled_requisitions: cancelledRequisitions,
    list_cancelled_requisitions: cancelledRequisitions,
    list_closed_requisitions: closedRequisitions,
    not_approved_rework_shortfall: notApprovedRequisitions,
    requisitions_without_issues_or_reservation: notActionedRequisitions,
    list_stores_requisitions: storesRequisitions,
  };
  for (const [name, load] of Object.entries(rowReports)) {
    app.get(`${base}/${name}/`, { config: read, schema: { tags, querystring: requisitionPeriodQuerySchema, response: { 200: rowsPage } } }, (req) =>
      paged(req, req.query, (paging) => load(app.db, req.query, paging)),
    );
  }
  const lineReports = {
    get_reserved_material_requisitions: reservedMaterialLines,
    foreman_requested_non_consumables: foremanNonConsumableLines,
    consumables_not_requested_by_foreman_designation: consumablesNotByForemanLines,
  };
  for (const [name, load] of Object.entries(lineReports)) {
    app.get(`${base}/${name}/`, { config: read, schema: { tags, querystring: requisitionPeriodQuerySchema, response: { 200: linesPage } } }, (req) =>
      paged(req, req.query, (paging) => load(app.db, req.query, paging)),
    );
  }
}
