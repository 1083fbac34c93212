import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { expectedVersionFields } from '../../../domain/entity';
import { jobOrderListRowSchema } from '../../../domain/job-order';
import { MAX_PAGE_SIZE } from '../../../domain/query-params';
import { receiptSchema } from '../../../domain/receipt';
import {
  salesOrderCreateSchema,
  salesOrderDashboardSchema,
  salesOrderFromQuotationSchema,
  salesOrderItemCreateSchema,
  salesOrderItemSchema,
  salesOrderItemUpdateSchema,
  salesOrderJobOrderDraftSchema,
  salesOrderListRowSchema,
  salesOrderStatusHistorySchema,
  salesOrderStatusUpdateSchema,
  salesOrderUpdateSchema,
  salesOrderViewSchema,
  type SalesOrderListRow,
} from '../../../domain/sales-order';
import { jobOrderItems, jobOrders, receipts, salesOrderItems, salesOrders } from '../../db/schema';
import { filter, listPage, listQuerySchema, listRoute, type ListQuery, type ListSpec } from '../../lib/list';
import { expectedVersion, findRow, publicRow, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import { describeJobOrders, jobOrderList } from '../job-orders/service';
import { dashboardStats, jobOrderDraft, salesOrdersCsv } from './reports';
import { ownOrders, salesOrderReportRoutes } from './report-routes';
import { describeHistory, describeSalesOrders, salesOrderHistoryList, salesOrderItemList, salesOrderList, salesOrderView } from './service';
import { addItem, cancelSalesOrder, changeSalesOrderStatus, createFromQuotation, createSalesOrder, deleteItem, updateItem, updateSalesOrder } from './writes';

/** export/: the list's filters, ordering and search, and the file's format (CSV, the only one). */
const exportList: ListSpec<typeof salesOrders> = {
  ...salesOrderList,
  filters: { ...salesOrderList.filters, format: filter(z.enum(['csv']), () => undefined) },
};

/** A sales order's receipts (accounts' receipts table). */
const receiptList: ListSpec<typeof receipts> = {
  table: receipts,
  pageSize: 100,
  orderings: { id: receipts.id, receipt_date: receipts.receipt_date, amount: receipts.amount },
  defaultOrdering: '-receipt_date',
};

/** Sales orders (business-areas.md §7 "Sales orders"), their items and status history. */
export default async function salesOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sales orders'];
  const read = { access: 'sales-orders.read' } as const;
  const write = { access: 'sales-orders.write' } as const;
  /** A path's sales order must exist (404) before its linked rows are listed. */
  const existingOrder = async (id: number) => findRow(app.db, salesOrders, id);

  salesOrderReportRoutes(fastify);
  listRoute(app, API.salesOrders.list, { ...read, tags, spec: salesOrderList, item: salesOrderListRowSchema, describe: describeSalesOrders });
  app.post(API.salesOrders.list, { config: write, schema: { tags, body: salesOrderCreateSchema, response: { 201: salesOrderViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createSalesOrder(app.db, currentUser(req), req.body), 201),
  );
  app.post(API.salesOrders.createFromQuotation, { config: write, schema: { tags, body: salesOrderFromQuotationSchema, response: { 201: salesOrderViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createFromQuotation(app.db, currentUser(req), req.body), 201),
  );
  app.get(API.salesOrders.dashboardStats, { config: read, schema: { tags, response: { 200: salesOrderDashboardSchema } } }, (req) => dashboardStats(app.db, ownOrders(currentUser(req))));
  app.get(API.salesOrders.export, { config: read, schema: { tags, querystring: listQuerySchema(exportList), produces: ['text/csv'] } }, async (req, reply) => {
    const { updated_since: _, after_id: __, cursor: ___, page_size: ____, ...query } = req.query as ListQuery;
    const rows: SalesOrderListRow[] = [];
    for (let page = 1; ; page++) {
      const slice = await listPage(app.db, req, exportList, { ...query, page, limit: MAX_PAGE_SIZE });
      rows.push(...(await describeSalesOrders(app.db, slice.results)));
      if (rows.length >= slice.count || !slice.results.length) break;
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="sales-orders.csv"')
      .header('cache-control', 'private, no-store')
      .send(salesOrdersCsv(rows));
  });

  app.get(API.salesOrders.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: salesOrderViewSchema } } }, async (req, reply) =>
    sendRow(reply, await salesOrderView(app.db, req.params.id)),
  );
  app.patch(API.salesOrders.detail.pattern, { config: write, schema: { tags, params: idParams, body: salesOrderUpdateSchema, response: { 200: salesOrderViewSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateSalesOrder(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(API.salesOrders.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: salesOrderViewSchema } } }, async (req, reply) =>
    sendRow(reply, await cancelSalesOrder(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );
  app.patch(
    API.salesOrders.updateStatus.pattern,
    { config: write, schema: { tags, params: idParams, body: salesOrderStatusUpdateSchema.extend(expectedVersionFields), response: { 200: salesOrderViewSchema } } },
    async (req, reply) => sendRow(reply, await changeSalesOrderStatus(app.db, currentUser(req), req.params.id, req.body.status, req.body.note, expectedVersion(req, req.body))),
  );
  app.get(API.salesOrders.jobOrderDraft.pattern, { config: read, schema: { tags, params: idParams, response: { 200: salesOrderJobOrderDraftSchema } } }, (req) => jobOrderDraft(app.db, req.params.id));
  listRoute(app, API.salesOrders.jobOrders.pattern, {
    ...read,
    tags,
    spec: jobOrderList,
    item: jobOrderListRowSchema,
    describe: describeJobOrders,
    byParent: true,
    scope: async (req) => (await existingOrder(req.params.id), eq(jobOrders.sales_order, req.params.id)),
  });
  listRoute(app, API.salesOrders.receipts.pattern, {
    ...read,
    tags,
    spec: receiptList,
    item: receiptSchema,
    byParent: true,
    scope: async (req) => (await existingOrder(req.params.id), eq(receipts.sales_order, req.params.id)),
  });

  // Items
  listRoute(app, API.salesOrderItems.list, { ...read, tags, spec: salesOrderItemList, item: salesOrderItemSchema, describe: (_db, rows) => rows.map(publicRow) });
  app.post(API.salesOrderItems.list, { config: write, schema: { tags, body: salesOrderItemCreateSchema, response: { 201: salesOrderItemSchema } } }, async (req, reply) =>
    sendRow(reply, await addItem(app.db, currentUser(req), req.body), 201),
  );
  app.get(API.salesOrderItems.detail.pattern, { config: read, schema: { tags, params: idParams, response: { 200: salesOrderItemSchema } } }, async (req, reply) =>
    sendRow(reply, publicRow(await findRow(app.db, salesOrderItems, req.params.id))),
  );
  app.patch(API.salesOrderItems.detail.pattern, { config: write, schema: { tags, params: idParams, body: salesOrderItemUpdateSchema, response: { 200: salesOrderItemSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateItem(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(API.salesOrderItems.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: salesOrderItemSchema } } }, async (req, reply) =>
    sendRow(reply, await deleteItem(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );
  listRoute(app, API.salesOrderItems.jobOrders.pattern, {
    ...read,
    tags,
    spec: jobOrderList,
    item: jobOrderListRowSchema,
    describe: describeJobOrders,
    byParent: true,
    scope: async (req) => {
      await findRow(app.db, salesOrderItems, req.params.id);
      return sql`EXISTS (SELECT 1 FROM ${jobOrderItems} WHERE ${and(eq(jobOrderItems.job_order, jobOrders.id), eq(jobOrderItems.sales_order_item, req.params.id))} AND ${jobOrderItems.deleted_at} IS NULL)`;
    },
  });

  listRoute(app, API.salesOrderStatusHistory.list, { ...read, tags, spec: salesOrderHistoryList, item: salesOrderStatusHistorySchema, describe: (_db, rows) => rows.map((row) => describeHistory(publicRow(row))) });
}
