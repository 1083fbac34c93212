import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import {
  agingInvoiceRowSchema,
  agingInvoicesQuerySchema,
  customerBillingRowSchema,
  invoicePeriodQuerySchema,
  paymentReceiptRowSchema,
  paymentReceiptsQuerySchema,
  paymentsRowSchema,
  revenueInvoiceRowSchema,
  revenueInvoicesQuerySchema,
  revenueQuerySchema,
  revenueRowSchema,
  taxQuerySchema,
  taxRowSchema,
} from '../../../domain/invoice-report';
import { reportAnswerSchema } from '../../../domain/report';
import { currentUser } from '../../plugins/auth';
import { agingInvoicesReport, customerBillingReport } from './report-billing';
import { paymentReceiptsReport, paymentsReport, revenueInvoicesReport, revenueReport } from './report-revenue';
import { taxReport } from './report-tax';

/** The invoice reports of the reports area (issue 22 §1), for invoice readers; a sales executive's figures are their own (decision 372). */
export function invoiceReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'invoices.read' } as const;
  const tags = ['Invoice reports'];
  const paths = API.invoices.reports;
  app.get(paths.revenue, { config, schema: { tags, querystring: revenueQuerySchema, response: { 200: reportAnswerSchema(revenueRowSchema) } } }, (req) => revenueReport(app.db, currentUser(req), req.query));
  app.get(paths.payments, { config, schema: { tags, querystring: invoicePeriodQuerySchema, response: { 200: reportAnswerSchema(paymentsRowSchema) } } }, (req) => paymentsReport(app.db, currentUser(req), req.query));
  app.get(paths.tax, { config, schema: { tags, querystring: taxQuerySchema, response: { 200: reportAnswerSchema(taxRowSchema) } } }, (req) => taxReport(app.db, currentUser(req), req.query));
  app.get(paths.customerBilling, { config, schema: { tags, querystring: invoicePeriodQuerySchema, response: { 200: reportAnswerSchema(customerBillingRowSchema) } } }, (req) =>
    customerBillingReport(app.db, currentUser(req), req.query),
  );
  app.get(paths.agingInvoices, { config, schema: { tags, querystring: agingInvoicesQuerySchema, response: { 200: reportAnswerSchema(agingInvoiceRowSchema) } } }, (req) =>
    agingInvoicesReport(app.db, currentUser(req), req.query),
  );
  app.get(paths.revenueInvoices, { config, schema: { tags, querystring: revenueInvoicesQuerySchema, response: { 200: reportAnswerSchema(revenueInvoiceRowSchema) } } }, (req) =>
    revenueInvoicesReport(app.db, currentUser(req), req.query),
  );
  app.get(paths.paymentReceipts, { config, schema: { tags, querystring: paymentReceiptsQuerySchema, response: { 200: reportAnswerSchema(paymentReceiptRowSchema) } } }, (req) =>
    paymentReceiptsReport(app.db, currentUser(req), req.query),
  );
}
