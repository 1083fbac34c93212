import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import {
  agingReportSchema,
  dashboardSummaryQuerySchema,
  dashboardSummarySchema,
  INVOICE_PAGE_SIZE,
  invoicePageQuerySchema,
  invoiceableOrderSchema,
  invoiceCreateSchema,
  invoiceFromJobOrderSchema,
  invoiceFromSalesOrderSchema,
  invoiceItemAddSchema,
  invoiceItemSchema,
  invoiceItemUpdateSchema,
  invoiceListRowSchema,
  invoiceReasonStepSchema,
  invoiceSendStepSchema,
  invoiceReplaceSchema,
  invoiceStatusHistoryQuerySchema,
  invoiceStatusHistoryRowSchema,
  invoiceStatusStepSchema,
  invoiceStepSchema,
  invoiceUpdateSchema,
  invoiceViewSchema,
} from '../../../domain/invoice';
import { can } from '../../../domain/permissions';
import { invoiceItems } from '../../db/schema';
import { byId, listRoute, type ListSpec } from '../../lib/list';
import { loadPage, pageSchema } from '../../lib/pagination';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import { describeInvoices, invoiceList, invoiceStatusHistoryOf, invoiceView, overdueInvoices } from './queries';
import { invoiceBulkRoutes } from './bulk-routes';
import { invoiceReportRoutes } from './report-routes';
import { agingReport, dashboardSummary } from './reports';
import { invoiceScheduleRoutes } from './schedule-routes';
import { sendInvoice, sendInvoiceReminder } from './sending';
import { invoiceableJobOrders, invoiceableSalesOrders, invoiceFromJobOrder, invoiceFromSalesOrder } from './sources';
import { addInvoiceItem, approveInvoice, cancelInvoice, createInvoice, deleteInvoice, deleteInvoiceItem, updateInvoice, updateInvoiceItem, updateInvoiceStatus, voidInvoice } from './writes';

/** invoices/items/: the lines of invoices, of one invoice with `?invoice=`. */
const invoiceItemList: ListSpec<typeof invoiceItems> = {
  table: invoiceItems,
  pageSize: 100,
  orderings: { id: invoiceItems.id, invoice: invoiceItems.invoice, updated_at: invoiceItems.updated_at },
  defaultOrdering: 'id',
  filters: { invoice: byId(invoiceItems.invoice) },
};

/** Invoices (business-areas.md §7 "Invoices", issue 20 §1): paths under /api/v1/invoices/. */
export default async function invoicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Invoices'];
  const read = { access: 'invoices.read' } as const;
  const write = { access: 'invoices.write' } as const;
  const one = { tags, params: idParams, response: { 200: invoiceViewSchema } };
  invoiceBulkRoutes(fastify);
  invoiceReportRoutes(fastify);

  listRoute(app, API.invoices.list, { ...read, tags, spec: invoiceList, item: invoiceListRowSchema, describe: (_db, rows) => describeInvoices(rows) });
  app.post(API.invoices.list, { config: write, schema: { tags, body: invoiceCreateSchema, response: { 201: invoiceViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createInvoice(app.db, currentUser(req), req.body), 201),
  );
  app.get(API.invoices.invoiceableJobOrders, { config: read, schema: { tags, response: { 200: z.array(invoiceableOrderSchema) } } }, () => invoiceableJobOrders(app.db));
  app.get(API.invoices.invoiceableSalesOrders, { config: read, schema: { tags, response: { 200: z.array(invoiceableOrderSchema) } } }, () => invoiceableSalesOrders(app.db));
  app.post(API.invoices.createFromJobOrder, { config: write, schema: { tags, body: invoiceFromJobOrderSchema, response: { 201: invoiceViewSchema } } }, async (req, reply) =>
    sendRow(reply, await invoiceFromJobOrder(app.db, currentUser(req), req.body), 201),
  );
  app.post(API.invoices.createFromSalesOrder, { config: write, schema: { tags, body: invoiceFromSalesOrderSchema, response: { 201: invoiceViewSchema } } }, async (req, reply) =>
    sendRow(reply, await invoiceFromSalesOrder(app.db, currentUser(req), req.body), 201),
  );
  app.get(API.invoices.agingReport, { config: read, schema: { tags, response: { 200: agingReportSchema } } }, (req) => agingReport(app.db, currentUser(req)));
  app.get(API.invoices.dashboardSummary, { config: read, schema: { tags, querystring: dashboardSummaryQuerySchema, response: { 200: dashboardSummarySchema } } }, (req) => dashboardSummary(app.db, currentUser(req), req.query));
  app.get(API.invoices.overdue, { config: read, schema: { tags, querystring: invoicePageQuerySchema, response: { 200: pageSchema(invoiceListRowSchema) } } }, (req) =>
    loadPage(req, req.query, INVOICE_PAGE_SIZE, (paging) => overdueInvoices(app.db, paging)),
  );
  app.get(API.invoices.statusHistory, { config: read, schema: { tags, querystring: invoiceStatusHistoryQuerySchema, response: { 200: z.array(invoiceStatusHistoryRowSchema) } } }, async (req) => {
    await invoiceView(app.db, req.query.invoice);
    return invoiceStatusHistoryOf(app.db, req.query.invoice);
  });

  listRoute(app, API.invoices.items.list, { ...read, tags, spec: invoiceItemList, item: invoiceItemSchema });
  app.post(API.invoices.items.list, { config: write, schema: { tags, body: invoiceItemAddSchema, response: { 201: invoiceItemSchema } } }, async (req, reply) =>
    sendRow(reply, await addInvoiceItem(app.db, currentUser(req), req.body), 201),
  );
  app.patch(API.invoices.items.detail.pattern, { config: write, schema: { tags, params: idParams, body: invoiceItemUpdateSchema, response: { 200: invoiceItemSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateInvoiceItem(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(API.invoices.items.detail.pattern, { config: write, schema: { tags, params: idParams, response: { 200: invoiceItemSchema } } }, async (req, reply) =>
    sendRow(reply, await deleteInvoiceItem(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );

  app.get(API.invoices.detail.pattern, { config: read, schema: one }, async (req, reply) => sendRow(reply, await invoiceView(app.db, req.params.id)));
  app.put(API.invoices.detail.pattern, { config: write, schema: { ...one, body: invoiceReplaceSchema } }, async (req, reply) => {
    const [input, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateInvoice(app.db, currentUser(req), req.params.id, input, expected));
  });
  app.patch(API.invoices.detail.pattern, { config: write, schema: { ...one, body: invoiceUpdateSchema } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateInvoice(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(API.invoices.detail.pattern, { config: write, schema: one }, async (req, reply) => sendRow(reply, await deleteInvoice(app.db, currentUser(req), req.params.id, expectedVersion(req))));

  app.post(API.invoices.approve.pattern, { config: { access: 'invoices.approve' }, schema: { ...one, body: invoiceStepSchema } }, async (req, reply) =>
    sendRow(reply, await approveInvoice(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body))),
  );
  app.post(API.invoices.cancel.pattern, { config: write, schema: { ...one, body: invoiceReasonStepSchema } }, async (req, reply) => {
    const [why, expected] = versionedBody(req, req.body);
    return sendRow(reply, await cancelInvoice(app.db, currentUser(req), req.params.id, why, expected));
  });
  app.post(API.invoices.void.pattern, { config: write, schema: { ...one, body: invoiceReasonStepSchema } }, async (req, reply) => {
    const [why, expected] = versionedBody(req, req.body);
    return sendRow(reply, await voidInvoice(app.db, currentUser(req), req.params.id, why, expected));
  });
  for (const path of [API.invoices.send.pattern, API.invoices.sendEmail.pattern]) {
    app.post(path, { config: write, schema: { ...one, body: invoiceSendStepSchema } }, async (req, reply) => {
      const [input, expected] = versionedBody(req, req.body);
      return sendRow(reply, await sendInvoice(app.db, currentUser(req), req.params.id, input, expected));
    });
  }
  app.post(API.invoices.sendReminder.pattern, { config: write, schema: { ...one, body: invoiceSendStepSchema } }, async (req, reply) => {
    const [input, expected] = versionedBody(req, req.body);
    return sendRow(reply, await sendInvoiceReminder(app.db, currentUser(req), req.params.id, input, expected));
  });
  app.post(API.invoices.updateStatus.pattern, { config: write, schema: { ...one, body: invoiceStatusStepSchema } }, async (req, reply) => {
    const [input, expected] = versionedBody(req, req.body);
    const actor = currentUser(req);
    return sendRow(reply, await updateInvoiceStatus(app.db, actor, req.params.id, input, expected, can(actor, 'invoices.approve')));
  });
  invoiceScheduleRoutes(app);
}
