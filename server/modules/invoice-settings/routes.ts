import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import {
  calculateTaxSchema,
  currentRatesQuerySchema,
  currentRatesSchema,
  invoiceSettingsCreateSchema,
  invoiceSettingsSchema,
  invoiceSettingsUpdateSchema,
  invoiceTemplateCreateSchema,
  invoiceTemplateSchema,
  invoiceTemplateUpdateSchema,
  invoiceTotalsSchema,
  taxConfigurationCreateSchema,
  taxConfigurationSchema,
  taxConfigurationUpdateSchema,
} from '../../../domain/invoice';
import { invoiceTemplates, taxConfigurations } from '../../db/schema';
import { listRoute } from '../../lib/list';
import { expectedVersion, findRow, sendRow, versionedBody } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import {
  calculateTax,
  createTaxConfiguration,
  createTemplate,
  currentRates,
  deleteTaxConfiguration,
  deleteTemplate,
  invoiceTemplateList,
  readInvoiceSettings,
  taxConfigurationList,
  updateTaxConfiguration,
  updateTemplate,
  writeInvoiceSettings,
} from './service';

/**
 * The configuration of invoicing (business-areas.md §7 "Invoices"): tax-configurations/,
 * templates/, settings/, current_rates/ and calculate_tax/ under /api/v1/invoices/. Everyone who
 * reads invoices reads these; accounts managers and management change them (invoices.configure).
 */
export default async function invoiceSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  const read = { access: 'invoices.read' } as const;
  const configure = { access: 'invoices.configure' } as const;

  const taxPaths = API.invoices.taxConfigurations;
  const oneTax = { tags, params: idParams, response: { 200: taxConfigurationSchema } };
  listRoute(app, taxPaths.list, { ...read, tags, spec: taxConfigurationList, item: taxConfigurationSchema });
  app.post(taxPaths.list, { config: configure, schema: { tags, body: taxConfigurationCreateSchema, response: { 201: taxConfigurationSchema } } }, async (req, reply) =>
    sendRow(reply, await createTaxConfiguration(app.db, currentUser(req), req.body), 201),
  );
  app.get(taxPaths.detail.pattern, { config: read, schema: oneTax }, async (req, reply) => sendRow(reply, await findRow(app.db, taxConfigurations, req.params.id)));
  app.patch(taxPaths.detail.pattern, { config: configure, schema: { ...oneTax, body: taxConfigurationUpdateSchema } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateTaxConfiguration(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(taxPaths.detail.pattern, { config: configure, schema: oneTax }, async (req, reply) =>
    sendRow(reply, await deleteTaxConfiguration(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );

  const templatePaths = API.invoices.templates;
  const oneTemplate = { tags, params: idParams, response: { 200: invoiceTemplateSchema } };
  listRoute(app, templatePaths.list, { ...read, tags, spec: invoiceTemplateList, item: invoiceTemplateSchema });
  app.post(templatePaths.list, { config: configure, schema: { tags, body: invoiceTemplateCreateSchema, response: { 201: invoiceTemplateSchema } } }, async (req, reply) =>
    sendRow(reply, await createTemplate(app.db, currentUser(req), req.body), 201),
  );
  app.get(templatePaths.detail.pattern, { config: read, schema: oneTemplate }, async (req, reply) => sendRow(reply, await findRow(app.db, invoiceTemplates, req.params.id)));
  app.patch(templatePaths.detail.pattern, { config: configure, schema: { ...oneTemplate, body: invoiceTemplateUpdateSchema } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await updateTemplate(app.db, currentUser(req), req.params.id, changes, expected));
  });
  app.delete(templatePaths.detail.pattern, { config: configure, schema: oneTemplate }, async (req, reply) =>
    sendRow(reply, await deleteTemplate(app.db, currentUser(req), req.params.id, expectedVersion(req))),
  );

  const settings = API.invoices.settings;
  app.get(settings, { config: read, schema: { tags, response: { 200: invoiceSettingsSchema } } }, async (_req, reply) => sendRow(reply, await readInvoiceSettings(app.db)));
  app.put(settings, { config: configure, schema: { tags, body: invoiceSettingsCreateSchema, response: { 200: invoiceSettingsSchema } } }, async (req, reply) =>
    sendRow(reply, await writeInvoiceSettings(app.db, currentUser(req), req.body, expectedVersion(req))),
  );
  app.patch(settings, { config: configure, schema: { tags, body: invoiceSettingsUpdateSchema, response: { 200: invoiceSettingsSchema } } }, async (req, reply) => {
    const [changes, expected] = versionedBody(req, req.body);
    return sendRow(reply, await writeInvoiceSettings(app.db, currentUser(req), changes, expected));
  });

  app.get(API.invoices.currentRates, { config: read, schema: { tags, querystring: currentRatesQuerySchema, response: { 200: currentRatesSchema } } }, (req) => currentRates(app.db, req.query));
  // A question, not a write: whoever reads invoices may ask what a form's lines would come to.
  app.post(API.invoices.calculateTax, { config: read, schema: { tags, body: calculateTaxSchema, response: { 200: invoiceTotalsSchema } } }, (req) => calculateTax(app.db, req.body));
}
