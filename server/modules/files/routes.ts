import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { API } from '../../../domain/api-paths';
import { FILE_FIELD, FILE_MESSAGES, INLINE_FILE_TYPES, fileOwnerParamsSchema, fileSchema } from '../../../domain/file';
import { currentUser } from '../../plugins/auth';
import { fieldError } from '../../lib/http-error';
import { idParams } from '../../lib/schemas';
import { addFile, deleteFile, listFiles, readFile, type Upload } from './service';
import { readMultipart } from './multipart';

/** Reads the one file of a multipart upload; a missing, malformed or oversized one is the client's error, never a 500. */
async function uploadOf(req: FastifyRequest, limitBytes: number): Promise<Upload> {
  const { uploads } = await readMultipart(req, {
    limitBytes,
    errorField: FILE_FIELD,
    filePart: (fieldname) => (fieldname === FILE_FIELD ? {} : null),
    formField: () => undefined,
  });
  if (!uploads[0]) throw fieldError(FILE_FIELD, FILE_MESSAGES.missing);
  return uploads[0];
}

/** `inline` for what a browser shows safely (images, PDFs), else a download; the name in both ASCII and UTF-8 forms (RFC 6266). */
function disposition(name: string, contentType: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${INLINE_FILE_TYPES.includes(contentType) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Files of rows (domain/file.ts): upload, list, download, delete, each under the owning row's permission. */
export default async function filesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limitBytes = app.config.FILE_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: limitBytes, files: 1, fields: 10, parts: 11 } });
  const tags = ['files'];
  // The row's own permission decides (service.ts): the route only needs a signed-in user.
  const config = { access: 'signed-in' } as const;
  const ownerPath = API.files.ofOwner.pattern;

  app.get(ownerPath, { config, schema: { tags, params: fileOwnerParamsSchema, response: { 200: z.array(fileSchema) } } }, (req) =>
    listFiles(app.db, currentUser(req), { type: req.params.owner_type, id: req.params.owner_id }),
  );
  app.post(ownerPath, { config, schema: { tags, params: fileOwnerParamsSchema, consumes: ['multipart/form-data'], response: { 201: fileSchema } } }, async (req, reply) => {
    const upload = await uploadOf(req, limitBytes);
    const file = await addFile(app.db, currentUser(req), { type: req.params.owner_type, id: req.params.owner_id }, upload);
    return reply.code(201).send(file);
  });
  app.get(API.files.content.pattern, { config, schema: { tags, params: idParams } }, async (req, reply) => {
    const file = await readFile(app.db, currentUser(req), req.params.id);
    return reply
      .type(file.content_type)
      .header('content-disposition', disposition(file.name, file.content_type))
      .header('etag', `"${file.sha256}"`)
      .send(file.content);
  });
  app.delete(API.files.detail.pattern, { config, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteFile(app.db, currentUser(req), req.params.id);
    return reply.code(204).send();
  });
}
