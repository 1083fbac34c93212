import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { invoiceViewSchema, paymentScheduleCreateSchema, paymentScheduleSchema, paymentScheduleUpdateSchema, recurringInvoiceSchema } from '../../../domain/invoice';
import { invoiceDuplicateSchema, invoiceFromTemplateSchema, invoiceQuickCreateSchema, recurringCreateSchema, recurringRowSchema, recurringUpdateSchema } from '../../../domain/invoice-schedule';
import { invoiceMarkPaidSchema } from '../../../domain/receipt';
import { listRoute } from '../../lib/list';
import { expectedVersion, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import { duplicateInvoice, invoiceFromTemplate, quickCreateInvoice } from './copies';
import { createRecurring, describeRecurring, recurringList, updateRecurring } from './recurring';
import { createPaymentSchedule, deletePaymentSchedule, markInstalmentPaid, paymentScheduleList, paymentScheduleView, updatePaymentSchedule } from './schedules';

/** Payment schedules, recurring invoices and copies (business-areas.md §7 "Invoices"), under /api/v1/invoices/. */
export function invoiceScheduleRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Invoices'];
  const read = { access: 'invoices.read' } as const;
  const write = { access: 'invoices.write' } as const;
  const instalment = { tags, params: idParams, response: { 200: paymentScheduleSchema } };
  const created = { 201: invoiceViewSchema };

  listRoute(app, API.invoices.paymentSchedules.list, { ...read, tags, spec: paymentScheduleList, item: paymentScheduleSchema });
  app.post(API.invoices.paymentSchedules.list, { config: write, schema: { tags, body: paymentScheduleCreateSchema, response: { 201: paymentScheduleSchema } } }, async (req, reply) =>
    sendRow(reply, await createPaymentSchedule(app.db, currentUser(req), req.body), 201),
  );
  app.get(API.invoices.paymentSchedules.detail.pattern, { config: read, schema: instalment }, async (req, reply) => sendRow(reply, await paymentScheduleView(app.db, req.params.id)));
  app.patch(API.invoices.paymentSchedules.detail.pattern, { config: write, schema: { ...instalment, body: paymentScheduleUpdateSchema } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updatePaymentSchedule(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(API.invoices.paymentSchedules.detail.pattern, { config: write, schema: instalment }, async (req, reply) =>
    sendRow(reply, await deletePaymentSchedule(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );
  app.post(API.invoices.paymentScheduleMarkPaid.pattern, { config: write, schema: { ...instalment, body: invoiceMarkPaidSchema } }, async (req, reply) =>
    sendRow(reply, await markInstalmentPaid(app.db, currentUser(req), req.params.id, req.body)),
  );

  listRoute(app, API.invoices.recurring, { ...read, tags, spec: recurringList, item: recurringRowSchema, describe: (db, rows) => describeRecurring(db, rows.map((row) => recurringInvoiceSchema.parse(row))) });
  app.patch(API.invoices.recurringDetail.pattern, { config: write, schema: { tags, params: idParams, body: recurringUpdateSchema, response: { 200: recurringRowSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateRecurring(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.post(API.invoices.createRecurring.pattern, { config: write, schema: { tags, params: idParams, body: recurringCreateSchema, response: { 201: recurringRowSchema } } }, async (req, reply) =>
    sendRow(reply, await createRecurring(app.db, currentUser(req), req.params.id, req.body), 201),
  );

  app.post(API.invoices.duplicate, { config: write, schema: { tags, body: invoiceDuplicateSchema, response: created } }, async (req, reply) => sendRow(reply, await duplicateInvoice(app.db, currentUser(req), req.body), 201));
  app.post(API.invoices.createFromTemplate, { config: write, schema: { tags, body: invoiceFromTemplateSchema, response: created } }, async (req, reply) =>
    sendRow(reply, await invoiceFromTemplate(app.db, currentUser(req), req.body), 201),
  );
  app.post(API.invoices.quickCreate, { config: write, schema: { tags, body: invoiceQuickCreateSchema, response: created } }, async (req, reply) => sendRow(reply, await quickCreateInvoice(app.db, currentUser(req), req.body), 201));
}
