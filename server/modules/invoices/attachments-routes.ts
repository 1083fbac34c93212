import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { API } from '../../../domain/api-paths';
import { FILE_FIELD, FILE_MESSAGES } from '../../../domain/file';
import { invoiceAttachmentCreateSchema, invoiceAttachmentSchema } from '../../../domain/invoice';
import { badRequest, HttpError, type FieldErrors } from '../../lib/http-error';
import { listRoute } from '../../lib/list';
import { idParams } from '../../lib/schemas';
import { currentUser } from '../../plugins/auth';
import { readMultipart } from '../files/multipart';
import type { Upload } from '../files/service';
import { parseBody } from '../../plugins/errors';
import { addInvoiceAttachment, deleteInvoiceAttachment, invoiceAttachmentList, invoiceAttachmentView, withFile } from './attachments';

/** The fields (invoice, description) and the one file of an attachment upload; a malformed or oversized part is the client's error. */
async function attachmentBody(req: FastifyRequest, limitBytes: number): Promise<{ fields: unknown; upload: Upload | null }> {
  const { data, uploads } = await readMultipart(req, {
    limitBytes,
    errorField: FILE_FIELD,
    filePart: (fieldname) => (fieldname === FILE_FIELD ? {} : null),
    // A form sends every field as text: the invoice is an id.
    formField: (fieldname, text) => (fieldname === 'invoice' && /^\d{1,10}$/.test(text) ? Number(text) : text),
  });
  return { fields: data, upload: uploads[0] ?? null };
}

/** invoices/attachments/ (business-areas.md §7 "Invoices": multipart invoice, file, description; decision 332). */
export default async function invoiceAttachmentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limitBytes = app.config.FILE_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: limitBytes, files: 1, fields: 5, parts: 6 } });
  const tags = ['Invoices'];
  const read = { access: 'invoices.read' } as const;
  const write = { access: 'invoices.write' } as const;
  const one = { tags, params: idParams, response: { 200: invoiceAttachmentSchema } };

  listRoute(app, API.invoices.attachments.list, { ...read, tags, spec: invoiceAttachmentList, item: invoiceAttachmentSchema, scope: withFile });
  app.post(API.invoices.attachments.list, { config: write, schema: { tags, consumes: ['multipart/form-data'], response: { 201: invoiceAttachmentSchema } } }, async (req, reply) => {
    const { fields, upload } = await attachmentBody(req, limitBytes);
    // Every field's problem at once: the form's fields and a missing file.
    const noFile: FieldErrors = upload ? {} : { [FILE_FIELD]: [FILE_MESSAGES.missing] };
    const input = (() => {
      try {
        return parseBody(invoiceAttachmentCreateSchema, fields);
      } catch (error) {
        throw error instanceof HttpError && error.statusCode === 400 ? new HttpError(400, { ...error.body, ...noFile }) : error;
      }
    })();
    if (!upload) throw badRequest(noFile);
    return reply.code(201).send(await addInvoiceAttachment(app.db, currentUser(req), input, upload));
  });
  app.get(API.invoices.attachments.detail.pattern, { config: read, schema: one }, (req) => invoiceAttachmentView(app.db, req.params.id));
  app.delete(API.invoices.attachments.detail.pattern, { config: write, schema: one }, (req) => deleteInvoiceAttachment(app.db, currentUser(req), req.params.id));
}
