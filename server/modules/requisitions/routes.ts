import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
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
import { listRoute } from '../../lib/list';
import { pageSchema, loadPage, type Paging, type Slice } from '../../lib/pagination';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { inTransitTransactions, pendingRequests, reworkValue } from './queries';
import { consumablesNotByForemanLines, foremanNonConsumableLines, redundantReservations, reservedMaterialLines } from './reports';
import { cancelledRequisitions, closedJobOrderRequisitions, closedRequisitions, describeLines, describeRequisitions, filterRequisitions, nonStandardRequisitions, notActionedRequisitions, notApprovedRequisitions, REQUISITION_PAGE_SIZE, requisitionDetailList, requisitionList, requisitionView, storesQueue } from './service';
import { addLine, approveRequisition, cancelRequisition, closeRequisition, createRequisition, findLine, removeLine, updateLine, updateRequisition } from './writes';

/** A report page, REQUISITION_PAGE_SIZE rows unless the query asks otherwise. */
const paged = <R>(request: FastifyRequest, query: { page: number; page_size?: number }, load: (paging: Paging) => Promise<Slice<R>>) => loadPage(request, query, REQUISITION_PAGE_SIZE, load);

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

  listRoute(app, API.requisitions.list, { ...read, tags, spec: requisitionList, item: requisitionListRowSchema, describe: describeRequisitions });
  app.post(API.requisitions.list, { config: write, schema: { tags, body: requisitionCreateSchema, response: { 201: requisitionViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createRequisition(app.db, currentUser(req), req.body), 201),
  );
  app.get(API.requisitions.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: requisitionViewSchema } } }, async (req, reply) =>
    sendRow(reply, await requisitionView(app.db, req.params.id)),
  );
  app.patch(API.requisitions.detail.pattern, { config: write, schema: { tags, params: idParams, body: requisitionUpdateSchema, response: { 200: requisitionViewSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateRequisition(app.db, currentUser(req), req.params.id, changes, expected));
  });
  // Deleting is cancelling, with a reason (business-areas.md §4).
  app.delete(API.requisitions.detail.pattern, { config: write, schema: { tags, params: idParams, body: cancelBody, response: { 200: requisitionViewSchema } } }, (req) =>
    cancelRequisition(app.db, currentUser(req), req.params.id, req.body.reason, expectedVersion(req, req.body)),
  );
  app.get(API.requisitions.inTransit.pattern, { config: read, schema: { tags, params: idParams, response: { 200: z.array(inTransitTransactionSchema) } } }, (req) =>
    inTransitTransactions(app.db, req.params.id),
  );
  app.put(API.requisitions.approve.pattern, { config: { access: 'requisitions.approve' }, schema: { tags, params: idParams, body: versionBody, response: { 200: requisitionViewSchema } } }, (req) =>
    approveRequisition(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body)),
  );
  app.patch(API.requisitions.close.pattern, { config: { access: 'requisitions.close' }, schema: { tags, params: idParams, body: cancelBody, response: { 200: requisitionViewSchema } } }, (req) =>
    closeRequisition(app.db, currentUser(req), req.params.id, req.body.reason, expectedVersion(req, req.body)),
  );

  listRoute(app, API.requisitionDetails.list, { ...read, tags, spec: requisitionDetailList, item: requisitionLineSchema, describe: describeLines });
  app.post(API.requisitionDetails.list, { config: write, schema: { tags, body: requisitionDetailCreateSchema, response: { 201: requisitionLineSchema } } }, async (req, reply) =>
    reply.code(201).send(await addLine(app.db, currentUser(req), req.body)),
  );
  app.get(API.requisitionDetails.checkDuplicateMaterial, { config: read, schema: { tags, querystring: checkDuplicateMaterialQuerySchema, response: { 200: requisitionRequestVerdictSchema } } }, async (req) => {
    const found = await pendingRequests(app.db, { material: req.query.material, jobOrder: req.query.job_order });
    return { exists: found.length > 0, requisitions: found };
  });
  app.get(API.requisitionDetails.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: requisitionLineSchema } } }, async (req, reply) =>
    sendRow(reply, await findLine(app.db, req.params.id)),
  );
  app.patch(API.requisitionDetails.detail.pattern, { config: write, schema: { tags, params: idParams, body: requisitionDetailUpdateSchema, response: { 200: requisitionLineSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateLine(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(API.requisitionDetails.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: requisitionLineSchema } } }, (req) =>
    removeLine(app.db, currentUser(req), req.params.id, expectedVersion(req)),
  );

  app.get(API.requisitions.checkRepeatRequest, { config: read, schema: { tags, querystring: checkRepeatRequestQuerySchema, response: { 200: requisitionRequestVerdictSchema } } }, async (req) => {
    const found = await pendingRequests(app.db, { material: req.query.material, jobOrder: req.query.job, type: req.query.requisition_type });
    return { exists: found.length > 0, requisitions: found };
  });
  app.get(API.requisitions.reports.filter_requisitions, { config: read, schema: { tags, querystring: filterRequisitionsQuerySchema, response: { 200: rowsPage } } }, (req) =>
    paged(req, req.query, (paging) => filterRequisitions(app.db, req.query, paging)),
  );
  app.get(API.requisitions.reports.non_standard_requisitions, { config: read, schema: { tags, querystring: nonStandardRequisitionsQuerySchema, response: { 200: pageSchema(requisitionViewSchema) } } }, (req) =>
    paged(req, req.query, (paging) => nonStandardRequisitions(app.db, req.query, paging)),
  );
  app.get(API.requisitions.reports.requisitions_for_closed_job_orders, { config: read, schema: { tags, querystring: closedJobOrderRequisitionsQuerySchema, response: { 200: rowsPage } } }, (req) =>
    paged(req, req.query, (paging) => closedJobOrderRequisitions(app.db, req.query.only_pending_reqs ?? false, paging)),
  );
  app.get(API.requisitions.reports.get_redundant_reserved_materials, { config: read, schema: { tags, querystring: requisitionPageQuerySchema, response: { 200: pageSchema(redundantReservationRowSchema) } } }, (req) =>
    paged(req, req.query, (paging) => redundantReservations(app.db, paging)),
  );
  // Re-work value is a cost figure: the stock reports' readers, not the whole shop floor.
  app.get(API.requisitions.reports.rework_requisitions_value, { config: { access: 'stock.reports' }, schema: { tags, querystring: reworkValueQuerySchema, response: { 200: reworkValueReportSchema } } }, (req) =>
    reworkValue(app.db, req.query),
  );

  // The reports that take a period (start_date, end_date) and a page.
  const rowReports = [
    ['cancelled_requisitions', cancelledRequisitions],
    ['list_cancelled_requisitions', cancelledRequisitions],
    ['list_closed_requisitions', closedRequisitions],
    ['not_approved_rework_shortfall', notApprovedRequisitions],
    ['requisitions_without_issues_or_reservation', notActionedRequisitions],
    ['list_stores_requisitions', storesQueue],
  ] as const;
  for (const [name, load] of rowReports) {
    app.get(API.requisitions.reports[name], { config: read, schema: { tags, querystring: requisitionPeriodQuerySchema, response: { 200: rowsPage } } }, (req) =>
      paged(req, req.query, (paging) => load(app.db, req.query, paging)),
    );
  }
  const lineReports = [
    ['get_reserved_material_requisitions', reservedMaterialLines],
    ['foreman_requested_non_consumables', foremanNonConsumableLines],
    ['consumables_not_requested_by_foreman_designation', consumablesNotByForemanLines],
  ] as const;
  for (const [name, load] of lineReports) {
    app.get(API.requisitions.reports[name], { config: read, schema: { tags, querystring: requisitionPeriodQuerySchema, response: { 200: linesPage } } }, (req) =>
      paged(req, req.query, (paging) => load(app.db, req.query, paging)),
    );
  }
}
