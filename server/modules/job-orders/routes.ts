import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { notFound } from '../../lib/http-error';
import { listPage, listPageSchema, listQuerySchema, type ListQuery } from '../../lib/list';
import { pageQuerySchema, toPage } from '../../lib/pagination';
import { etagOf, expectedVersion } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { jobOrderConsumption } from '../material-reports/service';
import {
  activeRequisitionsVerdict,
  addProduct,
  cancelJobOrder,
  changeBucket,
  changeStatus,
  closeJobOrder,
  createJobOrder,
  deleteProduct,
  describeJobOrders,
  JOB_ORDER_LIST_SCOPES,
  jobOrderList,
  jobOrderProfitability,
  jobOrderView,
  profitabilityReport,
  purchaseOrderExists,
  setAdvanceAmount,
  statusWiseAgeing,
  statusWiseDetailed,
  updateInvoiceDetails,
  updateJobOrder,
  updateProduct,
  validateForCustomer,
  valuationBySalesExecutive,
} from './service';

const versionBody = z.object(expectedVersionFields);

/**
 * Job orders (business-areas.md §7 "Job orders"). `/joborders/joborders/` is the mirror's list
 * (updated_since, every row); list/, filter/, closed/ and list/cancelled/ are the screens' lists.
 * Header writes answer the job order row, product writes the job order with its products.
 */
export default async function jobOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['job orders'];
  const base = '/joborders/joborders';
  const read = { access: 'job-orders.read' } as const;
  const write = { access: 'job-orders.write' } as const;
  const close = { access: 'job-orders.close' } as const;
  const reports = { access: 'job-orders.reports' } as const;
  const listQuery = listQuerySchema(jobOrderList);
  const rowsPage = listPageSchema(jobOrderListRowSchema);

  app.get(`${base}/`, { config: read, schema: { tags, querystring: listQuery, response: { 200: listPageSchema(jobOrderSchema) } } }, (req) =>
    listPage(app.db, req, jobOrderList, req.query as ListQuery),
  );
  const screenList = (path: string, scope: keyof typeof JOB_ORDER_LIST_SCOPES) =>
    app.get(path, { config: read, schema: { tags, querystring: listQuery, response: { 200: rowsPage } } }, async (req) => {
      const page = await listPage(app.db, req, jobOrderList, req.query as ListQuery, JOB_ORDER_LIST_SCOPES[scope]);
      return { ...page, results: await describeJobOrders(app.db, page.results) };
    });
  screenList(`${base}/list/`, 'live');
  screenList(`${base}/filter/`, 'live');
  screenList(`${base}/list/cancelled/`, 'cancelled');
  screenList(`${base}/closed/`, 'closed');
  app.get(`${base}/customer/:id/`, { config: read, schema: { tags, params: idParams, querystring: listQuery, response: { 200: rowsPage } } }, async (req) => {
    const query = { ...(req.query as ListQuery), customer: req.params.id };
    const page = await listPage(app.db, req, jobOrderList, query, JOB_ORDER_LIST_SCOPES.live);
    return { ...page, results: await describeJobOrders(app.db, page.results) };
  });

  app.get(`${base}/:id/`, { config: read, schema: { tags, params: idParams, response: { 200: jobOrderViewSchema } } }, async (req, reply) => {
    const view = await jobOrderView(app.db, req.params.id);
    return reply.header('etag', etagOf(view)).send(view);
  });

  // Checks
  app.get(`${base}/exists/`, { config: read, schema: { tags, querystring: jobOrderExistsQuerySchema, response: { 200: jobOrderExistsSchema } } }, (req) =>
    purchaseOrderExists(app.db, req.query.customer, req.query.purchase_order),
  );
  app.get(`${base}/validate_job_order/:id/`, { config: read, schema: { tags, params: idParams, querystring: jobOrderValidationQuerySchema, response: { 200: jobOrderValidationSchema } } }, (req) =>
    validateForCustomer(app.db, req.params.id, req.query.customer),
  );
  app.get(`${base}/has-active-requisitions/:id/`, { config: read, schema: { tags, params: idParams, response: { 200: jobOrderActiveRequisitionsSchema } } }, (req) =>
    activeRequisitionsVerdict(app.db, req.params.id),
  );
  app.get(`${base}/material-consumption/:id/`, { config: read, schema: { tags, params: idParams, response: { 200: jobOrderConsumptionSchema } } }, (req) =>
    jobOrderConsumption(app.db, currentUser(req), req.params.id),
  );

  // Writes on the job order
  app.post(`${base}/create/`, { config: write, schema: { tags, body: jobOrderCreateSchema, response: { 201: jobOrderViewSchema } } }, async (req, reply) => {
    const view = await createJobOrder(app.db, currentUser(req), req.body);
    return reply.code(201).header('etag', etagOf(view)).send(view);
  });
  app.patch(`${base}/update/main/:id/`, { config: write, schema: { tags, params: idParams, body: jobOrderUpdateSchema, response: { 200: jobOrderSchema } } }, (req) => {
    const { expected_version, ...changes } = req.body;
    return updateJobOrder(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
  });
  app.post(`${base}/update/status/:id/`, { config: { access: 'job-orders.status' }, schema: { tags, params: idParams, body: jobOrderStatusChangeSchema, response: { 200: jobOrderSchema } } }, (req) =>
    changeStatus(app.db, currentUser(req), req.params.id, req.body.new_status, expectedVersion(req, req.body)),
  );
  app.post(`${base}/update/bucket/:id/`, { config: { access: 'job-orders.bucket' }, schema: { tags, params: idParams, body: jobOrderBucketChangeSchema, response: { 200: jobOrderSchema } } }, (req) =>
    changeBucket(app.db, currentUser(req), req.params.id, req.body.new_bucket, req.body.reject_remark, expectedVersion(req, req.body)),
  );
  app.put(`${base}/cancel/:id/`, { config: { access: 'job-orders.cancel' }, schema: { tags, params: idParams, body: jobOrderCancelSchema, response: { 200: jobOrderSchema } } }, (req) =>
    cancelJobOrder(app.db, currentUser(req), req.params.id, req.body.closure_remarks, expectedVersion(req, req.body)),
  );
  app.put(`${base}/close/:id/`, { config: close, schema: { tags, params: idParams, body: jobOrderCloseSchema, response: { 200: jobOrderSchema } } }, (req) => {
    const { expected_version, ...input } = req.body;
    return closeJobOrder(app.db, currentUser(req), req.params.id, input, expectedVersion(req, { expected_version }));
  });
  app.patch(
    `${base}/update/main/invoice-details/:id/`,
    { config: close, schema: { tags, params: idParams, body: jobOrderInvoiceDetailsSchema.extend(expectedVersionFields), response: { 200: jobOrderSchema } } },
    (req) => {
      const { expected_version, ...input } = req.body;
      return updateInvoiceDetails(app.db, currentUser(req), req.params.id, input, expectedVersion(req, { expected_version }));
    },
  );
  app.patch(`${base}/advance-amount/:id/`, { config: close, schema: { tags, params: idParams, body: jobOrderAdvanceSchema.extend(expectedVersionFields), response: { 200: jobOrderSchema } } }, (req) => {
    const { expected_version, ...input } = req.body;
    return setAdvanceAmount(app.db, currentUser(req), req.params.id, input, expectedVersion(req, { expected_version }));
  });

  // Products (the id of update/ and delete/ is the product's)
  app.post(`${base}/add/product/:id/`, { config: write, schema: { tags, params: idParams, body: jobOrderItemCreateSchema, response: { 201: jobOrderViewSchema } } }, async (req, reply) =>
    reply.code(201).send(await addProduct(app.db, currentUser(req), req.params.id, req.body)),
  );
  app.put(`${base}/update/product/:id/`, { config: write, schema: { tags, params: idParams, body: jobOrderItemUpdateSchema, response: { 200: jobOrderViewSchema } } }, (req) => {
    const { expected_version, ...changes } = req.body;
    return updateProduct(app.db, currentUser(req), req.params.id, changes, expectedVersion(req, { expected_version }));
  });
  app.put(`${base}/job_order_items/delete/:id/`, { config: write, schema: { tags, params: idParams, body: versionBody.optional(), response: { 200: jobOrderViewSchema } } }, (req) =>
    deleteProduct(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body ?? undefined)),
  );

  // Reports
  const reportQuery = jobOrderFilterQuerySchema.strict();
  app.get(`${base}/valuation/sales_executive_wise/`, { config: reports, schema: { tags, querystring: reportQuery, response: { 200: z.array(jobOrderValuationRowSchema) } } }, (req) =>
    valuationBySalesExecutive(app.db, req.query),
  );
  app.get(`${base}/statuswise/detailed/`, { config: reports, schema: { tags, querystring: reportQuery, response: { 200: z.array(jobOrderStatusWiseDetailedRowSchema) } } }, (req) =>
    statusWiseDetailed(app.db, req.query),
  );
  app.get(`${base}/statuswise/ageing/`, { config: reports, schema: { tags, querystring: reportQuery, response: { 200: z.array(jobOrderStatusWiseAgeingRowSchema) } } }, (req) =>
    statusWiseAgeing(app.db, req.query),
  );
  const profitabilityQuery = jobOrderFilterQuerySchema.extend(pageQuerySchema(15).shape).strict();
  app.get(`${base}/profitability/`, { config: reports, schema: { tags, querystring: profitabilityQuery, response: { 200: jobOrderProfitabilityReportSchema } } }, async (req) => {
    const { page, page_size, ...filters } = req.query;
    const paging = { page, pageSize: page_size };
    const { count, results, totals } = await profitabilityReport(app.db, filters, paging);
    if (!results.length && page > 1) throw notFound('Invalid page.');
    return { ...toPage(req, results, count, page, page_size), totals };
  });
  app.get(`${base}/profitability/:id/`, { config: reports, schema: { tags, params: idParams, response: { 200: jobOrderProfitabilityRowSchema } } }, (req) =>
    jobOrderProfitability(app.db, req.params.id),
  );
}
