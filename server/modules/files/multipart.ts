import type { FastifyRequest } from 'fastify';
import { FILE_FIELD, FILE_MESSAGES } from '../../../domain/file';
import { fieldError, HttpError } from '../../lib/http-error';
import { checkBodyText } from '../../plugins/input';
import type { Upload } from './service';

/**
 * What a write with files reads from a multipart/form-data body (messages, estimations,
 * quotations, invoice attachments, a row's file): its fields and its files, each part judged as
 * it arrives, so that a malformed, oversized or unexpected part is the client's 400 or 413, never
 * a 500, and nothing is saved of a body that is refused.
 */
export interface MultipartRules<Extra extends object> {
  /** The largest file the route takes (the multipart plugin's `fileSize`). */
  readonly limitBytes: number;
  /** A JSON body is taken as it is (the outbox sends JSON); otherwise only multipart is. */
  readonly acceptsJson?: boolean;
  /** The part that carries the fields as JSON, when the body may send them so. */
  readonly dataPart?: string;
  /** The field an unreadable body is reported under. */
  readonly errorField: string;
  /**
   * Before a file part is read: what to keep beside its name and bytes, null to pass it by; a
   * field error refuses it. `kept` are the files taken so far.
   */
  filePart(fieldname: string, kept: readonly (Upload & Extra)[]): Extra | null;
  /** A form field's text as its value (undefined leaves it out; a field error refuses it). By default, the text. */
  formField?(fieldname: string, text: string): unknown;
  /** What to answer when the multipart plugin's limit on files is hit. */
  readonly tooManyFiles?: HttpError;
}

export interface MultipartBody<Extra extends object> {
  /** The fields: the form fields, with the JSON data part's fields over them. */
  data: unknown;
  uploads: (Upload & Extra)[];
}

export const fileTooLarge = (limitBytes: number) => new HttpError(413, { detail: FILE_MESSAGES.tooLarge(limitBytes) });

export async function readMultipart<Extra extends object>(req: FastifyRequest, rules: MultipartRules<Extra>): Promise<MultipartBody<Extra>> {
  if (!req.isMultipart()) {
    if (!rules.acceptsJson) throw fieldError(FILE_FIELD, FILE_MESSAGES.notMultipart);
    return { data: req.body === undefined ? {} : req.body, uploads: [] };
  }
  const uploads: (Upload & Extra)[] = [];
  const fields: Record<string, unknown> = {};
  let data: unknown;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const extra = rules.filePart(part.fieldname, uploads);
        const bytes = await part.toBuffer();
        // Over a socket the file can end cut at the limit without toBuffer noticing: busboy marks it truncated.
        if (part.file.truncated) throw fileTooLarge(rules.limitBytes);
        if (extra) uploads.push({ ...extra, name: part.filename, bytes });
      } else if (part.fieldname === rules.dataPart) {
        try {
          data = JSON.parse(String(part.value));
        } catch (error) {
          throw fieldError(part.fieldname, `JSON parse error - ${(error as Error).message}`);
        }
      } else {
        const text = String(part.value);
        const value = rules.formField ? rules.formField(part.fieldname, text) : text;
        if (value !== undefined) fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(rules.limitBytes);
    if (code === 'FST_FILES_LIMIT' && rules.tooManyFiles) throw rules.tooManyFiles;
    throw fieldError(rules.errorField, `The upload could not be read: ${(error as Error).message}.`);
  }
  const body = data === undefined ? fields : data && typeof data === 'object' && !Array.isArray(data) ? { ...fields, ...data } : data;
  checkBodyText(body);
  return { data: body, uploads };
}
