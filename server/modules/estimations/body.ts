import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_MESSAGES } from '../../../domain/file';
import { ESTIMATION_DATA_PART, ESTIMATION_FILE_PARTS, ESTIMATION_FILE_TYPES, ESTIMATION_STEP_MESSAGES, type EstimationFile } from '../../../domain/estimation';
import { badRequest, fieldError, type FieldErrors } from '../../lib/http-error';
import { readMultipart, type MultipartBody } from '../files/multipart';
import type { Upload } from '../files/service';

/**
 * The body of an estimation's create or change, as JSON or as multipart/form-data: in a
 * multipart request the fields travel as JSON in the part `data`, or each as a form field of its
 * own (the references as ids, blank for none); drawings in parts named `drawings`, pictures in
 * parts named `images`, as many as sent.
 */

export interface EstimationUpload extends Upload {
  kind: EstimationFile['kind'];
}

const KIND_OF_PART = new Map<string, EstimationFile['kind']>(Object.entries(ESTIMATION_FILE_PARTS).map(([kind, part]) => [part, kind as EstimationFile['kind']]));

/** Form fields that carry an id (or nothing), read as numbers so the schema checks them as JSON would. */
const ID_FIELDS = new Set(['customer', 'lead', 'expected_version']);

/** A form field's text as its JSON value: ids as numbers (blank or "null" is none; no version is left out), the rest as text. */
function formValue(field: string, text: string): unknown {
  if (!ID_FIELDS.has(field)) return text;
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'null') return field === 'expected_version' ? undefined : null;
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : text;
}

/** Reads a JSON or multipart body; a malformed or oversized part is the client's error, never a 500. */
export function readEstimationBody(req: FastifyRequest, limitBytes: number): Promise<MultipartBody<{ kind: EstimationFile['kind'] }>> {
  return readMultipart(req, {
    limitBytes,
    acceptsJson: true,
    dataPart: ESTIMATION_DATA_PART,
    errorField: ESTIMATION_DATA_PART,
    filePart: (fieldname) => {
      const kind = KIND_OF_PART.get(fieldname);
      if (!kind) throw fieldError(fieldname, ESTIMATION_STEP_MESSAGES.filePart(fieldname));
      return { kind };
    },
    formField: formValue,
  });
}

/** Drawings must be PDFs or pictures, images pictures, by their bytes: 400 naming each bad part. */
export async function checkEstimationFiles(files: readonly EstimationUpload[]): Promise<void> {
  const problems: FieldErrors = {};
  for (const upload of files) {
    const sniffed = upload.bytes.length ? await fileTypeFromBuffer(upload.bytes) : undefined;
    if (sniffed && ESTIMATION_FILE_TYPES[upload.kind].includes(sniffed.mime)) continue;
    const part = ESTIMATION_FILE_PARTS[upload.kind];
    const message = upload.bytes.length === 0 ? FILE_MESSAGES.empty : upload.kind === 'drawing' ? ESTIMATION_STEP_MESSAGES.drawingType : ESTIMATION_STEP_MESSAGES.imageType;
    problems[part] = [...new Set([...(problems[part] ?? []), message])];
  }
  if (Object.keys(problems).length) throw badRequest(problems);
}
