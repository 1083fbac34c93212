import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { expectedVersionFields } from '../../../domain/entity';
import {
  jobOrderActiveRequisitionsSchema,
  jobOrderAdvanceSchema,
  jobOrderBucketChangeSchema,
  jobOrderCancelSchema,
  jobOrderCloseSchema,
  jobOrderCreateSchema,
  jobOrderExistsQuerySchema,
  jobOrderExistsSchema,
  jobOrderFilterQuerySchema,
  jobOrderInvoiceDetailsSchema,
  jobOrderItemCreateSchema,
  jobOrderItemUpdateSchema,
  jobOrderListRowSchema,
  jobOrderProfitabilityReportSchema,
  jobOrderProfitabilityRowSchema,
  jobOrderSchema,
  jobOrderStatusChangeSchema,
  jobOrderStatusWiseAgeingRowSchema,
  jobOrderStatusWiseDetailedRowSchema,
  jobOrderUpdateSchema,
  jobOrderValidationQuerySchema,
  jobOrderValidationSchema,
  jobOrderValuationRowSchema,
  jobOrderViewSchema,
} from '../../../domain/job-order';
import { jobOrderConsumptionSchema } from '../../../domain/material-report';
import { currentUser } from '../../plugins/auth';
import { listRoute, type ListRequest } from '../../lib/list';
import { jobOrders } from '../../db/schema';
import { pageQuerySchema, loadPage } from '../../lib/pagination';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { jobOrderConsumption } from '../material-reports/reports';
import { jobOrderProfitability, profitabilityReport, statusWiseAgeing, statusWiseDetailed, valuationBySalesExecutive } from './reports';
import { describeJobOrders, JOB_ORDER_LIST_SCOPES, jobOrderList, jobOrderView, purchaseOrderExists, validateForCustomer } from './service';
import { assertReadableJobOrder, jobOrderScope } from './scope';
import { activeRequisitionsVerdict, addProduct, cancelJobOrder, changeBucket, changeStatus, closeJobOrder, createJobOrder, deleteProduct, setAdvanceAmount, updateInvoiceDetails, updateJobOrder, updateProduct } from './writes';

const versionBody = z.object(expectedVersionFields);

/**
 * Job orders (business-areas.md §7 "Job orders"). API.jobOrders.list is the mirror's list
 * (updated_since, every row); list/, filter/, closed/ and list/cancelled/ are the screens' lists.
 * Header writes answer the job order row, product writes the job order with its products.
 */
export default async function jobOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['job orders'];
  const read = { access: 'job-orders.read' } as const;
  const write = { access: 'job-orders.write' } as const;
  const close = { access: 'job-orders.close' } as const;
  const reports = { access: 'job-orders.reports' } as const;
  // Every list, the mirror's too, answers the rows with their customer's and executive's names.
  const screen = { ...read, tags, spec: jobOrderList, item: jobOrderListRowSchema, describe: describeJobOrders, scope: (req: ListRequest) => jobOrderScope(currentUser(req)) };
  listRoute(app, API.jobOrders.list, screen);
  listRoute(app, [API.jobOrders.live, API.jobOrders.filter], { ...screen, scope: (req) => and(JOB_ORDER_LIST_SCOPES.live, screen.scope(req)) });
  listRoute(app, API.jobOrders.cancelled, { ...screen, scope: (req) => and(JOB_ORDER_LIST_SCOPES.cancelled, screen.scope(req)) });
  listRoute(app, API.jobOrders.closed, { ...screen, scope: (req) => and(JOB_ORDER_LIST_SCOPES.closed, screen.scope(req)) });
  listRoute(app, API.jobOrders.ofCustomer.pattern, { ...screen, byParent: true, scope: (req) => and(JOB_ORDER_LIST_SCOPES.live, eq(jobOrders.customer, req.params.id), screen.scope(req)) });

  app.get(API.jobOrders.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: jobOrderViewSchema } } }, async (req, reply) => {
    await assertReadableJobOrder(app.db, currentUser(req), req.params.id);
    return sendRow(reply, await jobOrderView(app.db, req.params.id));
  });

  // Checks
  app.get(API.jobOrders.exists, { config: read, schema: { tags, querystring: jobOrderExistsQuerySchema, response: { 200: jobOrderExistsSchema } } }, (req) =>
    purchaseOrderExists(app.db, req.query.customer, req.query.purchase_order),
  );
  app.get(API.jobOrders.validate.pattern, { config: read, schema: { tags, params: idParams, querystring: jobOrderValidationQuerySchema, response: { 200: jobOrderValidationSchema } } }, (req) =>
    validateForCustomer(app.db, req.params.id, req.query.customer),
  );
  app.get(API.jobOrders.hasActiveRequisitions.pattern, { config: read, schema: { tags, params: idParams, response: { 200: jobOrderActiveRequisitionsSchema } } }, (req) =>
    activeRequisitionsVerdict(app.db, req.params.id),
  );
  app.get(API.jobOrders.materialConsumption.pattern, { config: read, schema: { tags, params: idParams, response: { 200: jobOrderConsumptionSchema } } }, (req) =>
    jobOrderConsumption(app.db, currentUser(req), req.params.id),
  );

  // Writes on the job order
  app.post(API.jobOrders.create, { config: write, schema: { tags, body: jobOrderCreateSchema, response: { 201: jobOrderViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createJobOrder(app.db, currentUser(req), req.body), 201),
  );
  app.patch(API.jobOrders.updateMain.pattern, { config: write, schema: { tags, params: idParams, body: jobOrderUpdateSchema, response: { 200: jobOrderSchema } } }, (req) => {
    const [changes, expected] = versionedBody(req, req.body);
    return updateJobOrder(app.db, currentUser(req), req.params.id, changes, expected);
  });
  app.post(API.jobOrders.updateStatus.pattern, { config: { access: 'job-orders.status' }, schema: { tags, params: idParams, body: jobOrderStatusChangeSchema, response: { 200: jobOrderSchema } } }, (req) =>
    changeStatus(app.db, currentUser(req), req.params.id, req.body.new_status, expectedVersion(req, req.body)),
  );
  app.post(API.jobOrders.updateBucket.pattern, { config: { access: 'job-orders.bucket' }, schema: { tags, params: idParams, body: jobOrderBucketChangeSchema, response: { 200: jobOrderSchema } } }, (req) =>
    changeBucket(app.db, currentUser(req), req.params.id, req.body.new_bucket, req.body.reject_remark, expectedVersion(req, req.body)),
  );
  app.put(API.jobOrders.cancel.pattern, { config: { access: 'job-orders.cancel' }, schema: { tags, params: idParams, body: jobOrderCancelSchema, response: { 200: jobOrderSchema } } }, (req) =>
    cancelJobOrder(app.db, currentUser(req), req.params.id, req.body.closure_remarks, expectedVersion(req, req.body)),
  );
  app.put(API.jobOrders.close.pattern, { config: close, schema: { tags, params: idParams, body: jobOrderCloseSchema, response: { 200: jobOrderSchema } } }, (req) => {
    const [input, expected] = versionedBody(req, req.body);
    return closeJobOrder(app.db, currentUser(req), req.params.id, input, expected);
  });
  app.patch(
    API.jobOrders.invoiceDetails.pattern,
    { config: close, schema: { tags, params: idParams, body: jobOrderInvoiceDetailsSchema.extend(expectedVersionFields), response: { 200: jobOrderSchema } } },
    (req) => {
      const [input, expected] = versionedBody(req, req.body);
      return updateInvoiceDetails(app.db, currentUser(req), req.params.id, input, expected);
    },
  );
  app.patch(API.jobOrders.advanceAmount.pattern, { config: close, schema: { tags, params: idParams, body: jobOrderAdvanceSchema.extend(expectedVersionFields), response: { 200: jobOrderSchema } } }, (req) => {
    const [input, expected] = versionedBody(req, req.body);
    return setAdvanceAmount(app.db, currentUser(req), req.params.id, input, expected);
  });

  // Products (the id of update/ and delete/ is the product's)
  app.post(API.jobOrders.addProduct.pattern, { config: write, schema: { tags, params: idParams, body: jobOrderItemCreateSchema, response: { 201: jobOrderViewSchema } } }, async (req, reply) =>
    reply.code(201).send(await addProduct(app.db, currentUser(req), req.params.id, req.body)),
  );
  app.put(API.jobOrders.updateProduct.pattern, { config: write, schema: { tags, params: idParams, body: jobOrderItemUpdateSchema, response: { 200: jobOrderViewSchema } } }, (req) => {
    const [changes, expected] = versionedBody(req, req.body);
    return updateProduct(app.db, currentUser(req), req.params.id, changes, expected);
  });
  app.put(API.jobOrders.deleteProduct.pattern, { config: write, schema: { tags, params: idParams, body: versionBody.optional(), response: { 200: jobOrderViewSchema } } }, (req) =>
    deleteProduct(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body ?? undefined)),
  );

  // Reports
  const reportQuery = jobOrderFilterQuerySchema.strict();
  app.get(API.jobOrders.valuationBySalesExecutive, { config: reports, schema: { tags, querystring: reportQuery, response: { 200: z.array(jobOrderValuationRowSchema) } } }, (req) =>
    valuationBySalesExecutive(app.db, req.query),
  );
  app.get(API.jobOrders.statusWiseDetailed, { config: reports, schema: { tags, querystring: reportQuery, response: { 200: z.array(jobOrderStatusWiseDetailedRowSchema) } } }, (req) =>
    statusWiseDetailed(app.db, req.query),
  );
  app.get(API.jobOrders.statusWiseAgeing, { config: reports, schema: { tags, querystring: reportQuery, response: { 200: z.array(jobOrderStatusWiseAgeingRowSchema) } } }, (req) =>
    statusWiseAgeing(app.db, req.query),
  );
  const profitabilityQuery = jobOrderFilterQuerySchema.extend(pageQuerySchema(15).shape).strict();
  app.get(API.jobOrders.profitability, { config: reports, schema: { tags, querystring: profitabilityQuery, response: { 200: jobOrderProfitabilityReportSchema } } }, async (req) => {
    const { page, page_size, ...filters } = req.query;
    return loadPage(req, { page, page_size }, page_size, (paging) => profitabilityReport(app.db, filters, paging));
  });
  app.get(API.jobOrders.profitabilityOf.pattern, { config: reports, schema: { tags, params: idParams, response: { 200: jobOrderProfitabilityRowSchema } } }, (req) =>
    jobOrderProfitability(app.db, req.params.id),
  );
}
