import type { FastifyRequest } from 'fastify';
import { FILE_FIELD, FILE_MESSAGES } from '../../../domain/file';
import { MESSAGE_ATTACHMENT_MESSAGES, MESSAGE_DATA_PART, MESSAGE_MAX_ATTACHMENTS } from '../../../domain/message';
import { fieldError, HttpError } from '../../lib/http-error';
import { checkBodyText } from '../../plugins/input';
import type { Upload } from '../files/service';

/**
 * The body of a new message: JSON (the outbox's), or multipart/form-data when files go with it —
 * the fields as JSON in the part `data` (or each as a form field), each file in a part `file`.
 */
export interface MessageBody {
  data: unknown;
  uploads: Upload[];
}

const tooLarge = (limitBytes: number) => new HttpError(413, { detail: FILE_MESSAGES.tooLarge(limitBytes) });

/** Reads the body; a malformed, oversized or surplus part is the client's error, never a 500. */
export async function readMessageBody(req: FastifyRequest, limitBytes: number): Promise<MessageBody> {
  if (!req.isMultipart()) return { data: req.body === undefined ? {} : req.body, uploads: [] };
  const uploads: Upload[] = [];
  const fields: Record<string, unknown> = {};
  let data: unknown;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) throw fieldError(part.fieldname, MESSAGE_ATTACHMENT_MESSAGES.part(part.fieldname));
        if (uploads.length === MESSAGE_MAX_ATTACHMENTS) throw fieldError(FILE_FIELD, MESSAGE_ATTACHMENT_MESSAGES.tooMany);
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(limitBytes);
        uploads.push({ name: part.filename, bytes });
      } else if (part.fieldname === MESSAGE_DATA_PART) {
        try {
          data = JSON.parse(String(part.value));
        } catch (error) {
          throw fieldError(MESSAGE_DATA_PART, `JSON parse error - ${(error as Error).message}`);
        }
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limitBytes);
    if (code === 'FST_FILES_LIMIT') throw fieldError(FILE_FIELD, MESSAGE_ATTACHMENT_MESSAGES.tooMany);
    throw fieldError(MESSAGE_DATA_PART, `The upload could not be read: ${(error as Error).message}.`);
  }
  const body = data === undefined ? fields : data && typeof data === 'object' && !Array.isArray(data) ? { ...fields, ...data } : data;
  checkBodyText(body);
  return { data: body, uploads };
}
