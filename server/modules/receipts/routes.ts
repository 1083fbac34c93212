import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../domain/api-paths';
import { invoiceViewSchema } from '../../../domain/invoice';
import { invoiceMarkPaidSchema, receiptAllocateSchema, receiptCreateSchema, receiptDeleteSchema, receiptViewSchema } from '../../../domain/receipt';
import { listRoute } from '../../lib/list';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import { allocateReceipt, createReceipt, deleteReceipt, describeReceipts, markInvoicePaid, receiptList, receiptView } from './service';

/** Receipts (issue 20 §2): paths under /api/v1/receipts/, and an invoice's mark_paid/. */
export default async function receiptsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Receipts'];
  const read = { access: 'receipts.read' } as const;
  const write = { access: 'receipts.write' } as const;
  const one = { tags, params: idParams, response: { 200: receiptViewSchema } };

  listRoute(app, API.receipts.list, { ...read, tags, spec: receiptList, item: receiptViewSchema, describe: describeReceipts });
  app.post(API.receipts.list, { config: write, schema: { tags, body: receiptCreateSchema, response: { 201: receiptViewSchema } } }, async (req, reply) =>
    reply.code(201).send(await createReceipt(app.db, currentUser(req), req.body)),
  );
  app.get(API.receipts.detail.pattern, { config: read, schema: one }, (req) => receiptView(app.db, req.params.id));
  app.delete(API.receipts.detail.pattern, { config: write, schema: { ...one, body: receiptDeleteSchema } }, (req) => deleteReceipt(app.db, currentUser(req), req.params.id, req.body.reason));
  app.post(API.receipts.allocate.pattern, { config: write, schema: { ...one, body: receiptAllocateSchema } }, (req) => allocateReceipt(app.db, currentUser(req), req.params.id, req.body.allocations));
  app.post(API.invoices.markPaid.pattern, { config: write, schema: { tags, params: idParams, body: invoiceMarkPaidSchema, response: { 200: invoiceViewSchema } } }, (req) =>
    markInvoicePaid(app.db, currentUser(req), req.params.id, req.body),
  );
}
