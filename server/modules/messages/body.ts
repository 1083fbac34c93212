import type { FastifyRequest } from 'fastify';
import { FILE_FIELD } from '../../../domain/file';
import { MESSAGE_ATTACHMENT_MESSAGES, MESSAGE_DATA_PART, MESSAGE_MAX_ATTACHMENTS } from '../../../domain/message';
import { fieldError } from '../../lib/http-error';
import { readMultipart, type MultipartBody } from '../files/multipart';

/**
 * The body of a new message: JSON (the outbox's), or multipart/form-data when files go with it —
 * the fields as JSON in the part `data` (or each as a form field), each file in a part `file`.
 */
export function readMessageBody(req: FastifyRequest, limitBytes: number): Promise<MultipartBody<object>> {
  return readMultipart(req, {
    limitBytes,
    acceptsJson: true,
    dataPart: MESSAGE_DATA_PART,
    errorField: MESSAGE_DATA_PART,
    filePart: (fieldname, kept) => {
      if (fieldname !== FILE_FIELD) throw fieldError(fieldname, MESSAGE_ATTACHMENT_MESSAGES.part(fieldname));
      if (kept.length === MESSAGE_MAX_ATTACHMENTS) throw fieldError(FILE_FIELD, MESSAGE_ATTACHMENT_MESSAGES.tooMany);
      return {};
    },
    tooManyFiles: fieldError(FILE_FIELD, MESSAGE_ATTACHMENT_MESSAGES.tooMany),
  });
}
