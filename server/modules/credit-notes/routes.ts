import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { creditNoteCreateSchema, creditNoteViewSchema } from '../../../domain/credit-note';
import { einvoiceSchema } from '../../../domain/einvoice';
import { invoiceStepSchema } from '../../../domain/invoice';
import { listRoute } from '../../lib/list';
import { expectedVersion, sendRow } from '../../lib/rows';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import { creditNoteEinvoice, invoiceEinvoice } from '../invoices/einvoice';
import { approveCreditNote, createCreditNote, creditNoteList, creditNoteView, deleteCreditNote, describeCreditNotes } from './service';

/** Credit notes against issued invoices (decision 330) and the e-invoice payloads (decision 331): paths under /api/v1/invoices/. */
export default async function creditNotesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Invoices'];
  const read = { access: 'invoices.read' } as const;
  const write = { access: 'invoices.write' } as const;
  const one = { tags, params: idParams, response: { 200: creditNoteViewSchema } };

  listRoute(app, API.invoices.creditNotes.list, { ...read, tags, spec: creditNoteList, item: creditNoteViewSchema, describe: describeCreditNotes });
  app.post(API.invoices.creditNotes.list, { config: write, schema: { tags, body: creditNoteCreateSchema, response: { 201: creditNoteViewSchema } } }, async (req, reply) =>
    sendRow(reply, await createCreditNote(app.db, currentUser(req), req.body), 201),
  );
  app.get(API.invoices.creditNotes.detail.pattern, { config: read, schema: one }, async (req, reply) => sendRow(reply, await creditNoteView(app.db, req.params.id)));
  app.delete(API.invoices.creditNotes.detail.pattern, { config: write, schema: one }, async (req, reply) => sendRow(reply, await deleteCreditNote(app.db, currentUser(req), req.params.id, expectedVersion(req))));
  app.post(API.invoices.creditNotes.approve.pattern, { config: { access: 'invoices.approve' }, schema: { ...one, body: invoiceStepSchema } }, async (req, reply) =>
    sendRow(reply, await approveCreditNote(app.db, currentUser(req), req.params.id, expectedVersion(req, req.body))),
  );
  const einvoice = { config: read, schema: { tags, params: idParams, response: { 200: einvoiceSchema } } };
  app.get(API.invoices.einvoice.pattern, einvoice, (req) => invoiceEinvoice(app.db, req.params.id));
  app.get(API.invoices.creditNotes.einvoice.pattern, einvoice, (req) => creditNoteEinvoice(app.db, req.params.id));
}
