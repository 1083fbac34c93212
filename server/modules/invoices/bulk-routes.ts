import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import {
  BULK_PDF_FILE_NAME,
  bulkCancelSchema,
  bulkInvoiceResultSchema,
  bulkInvoicesSchema,
  bulkOperationSchema,
  bulkPdfSchema,
  invoiceCheckSchema,
  invoicePreviewSchema,
  invoiceSearchPageSchema,
  invoiceSearchQuerySchema,
  invoiceValidationSchema,
} from '../../../domain/invoice-bulk';
import { listQuerySchema, type ListQuery } from '../../lib/list';
import { currentUser } from '../../plugins/auth';
import { bulkInvoices } from './bulk';
import { previewInvoice, searchInvoices, validateInvoice } from './checks';
import { bulkInvoicePdf, invoiceExportList, invoicesExport } from './export';

/**
 * The invoice calls over many invoices and the checks without saving (business-areas.md §7
 * "Invoices"): bulk_operation/, bulk_approve/, bulk_send/, bulk_cancel/, export/,
 * bulk_generate_pdf/, search/, validate/, preview/. Registered by the invoices' routes.
 */
export function invoiceBulkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Invoices'];
  const read = { access: 'invoices.read' } as const;
  const write = { access: 'invoices.write' } as const;
  const bulk = { 200: bulkInvoiceResultSchema };
  const file = (contentType: string, fileName: string) => ({ 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-store' });

  app.post(API.invoices.bulkOperation, { config: write, schema: { tags, body: bulkOperationSchema, response: bulk } }, (req) => bulkInvoices(app.db, currentUser(req), req.body.operation, req.body));
  app.post(API.invoices.bulkApprove, { config: { access: 'invoices.approve' }, schema: { tags, body: bulkInvoicesSchema, response: bulk } }, (req) => bulkInvoices(app.db, currentUser(req), 'approve', req.body));
  app.post(API.invoices.bulkSend, { config: write, schema: { tags, body: bulkInvoicesSchema, response: bulk } }, (req) => bulkInvoices(app.db, currentUser(req), 'send', req.body));
  app.post(API.invoices.bulkCancel, { config: write, schema: { tags, body: bulkCancelSchema, response: bulk } }, (req) => bulkInvoices(app.db, currentUser(req), 'cancel', req.body));

  app.get(API.invoices.export, { config: read, schema: { tags, querystring: listQuerySchema(invoiceExportList), produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } }, async (req, reply) => {
    const { updated_since: _, after_id: __, cursor: ___, page_size: ____, ...query } = req.query as ListQuery;
    const made = await invoicesExport(app.db, req, query);
    return reply.headers(file(made.contentType, made.fileName)).send(made.body);
  });
  app.post(API.invoices.bulkPdf, { config: read, schema: { tags, body: bulkPdfSchema, produces: ['application/pdf'] } }, async (req, reply) =>
    reply.headers(file('application/pdf', BULK_PDF_FILE_NAME)).send(await bulkInvoicePdf(app.db, req.body)),
  );

  app.get(API.invoices.search, { config: read, schema: { tags, querystring: invoiceSearchQuerySchema, response: { 200: invoiceSearchPageSchema } } }, (req) => searchInvoices(app.db, req, req.query));
  app.post(API.invoices.validate, { config: write, schema: { tags, body: invoiceCheckSchema, response: { 200: invoiceValidationSchema } } }, (req) => validateInvoice(app.db, req.body));
  app.post(API.invoices.preview, { config: read, schema: { tags, body: invoiceCheckSchema, response: { 200: invoicePreviewSchema } } }, (req) => previewInvoice(app.db, req.body));
}
