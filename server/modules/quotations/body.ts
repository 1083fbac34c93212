import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_MESSAGES } from '../../../domain/file';
import { QUOTATION_DATA_PART, QUOTATION_MESSAGES } from '../../../domain/quotation';
import { fieldError, HttpError, type FieldErrors, throwIfAny } from '../../lib/http-error';
import { checkBodyText } from '../../plugins/input';
import type { Upload } from '../files/service';

/**
 * The body of a quotation write, as JSON or as multipart/form-data: in a multipart request the
 * fields travel as JSON in the part `data` and each item's image as a file part, named where the
 * image goes (`items.0.image` in a quotation, `image` in an item).
 */
const DATA_PART = QUOTATION_DATA_PART;
const MULTIPART_MESSAGES = {
  data: `Send the fields as JSON in the part "${DATA_PART}".`,
  json: (message: string) => `JSON parse error - ${message}`,
} as const;

export interface WriteBody {
  data: unknown;
  /** Uploaded images by the field they were sent in. */
  images: ReadonlyMap<string, Upload>;
}

const tooLarge = (limitBytes: number) => new HttpError(413, { detail: FILE_MESSAGES.tooLarge(limitBytes) });

/** Reads a JSON or multipart body; a malformed or oversized part is the client's error, never a 500. */
export async function readWriteBody(req: FastifyRequest, limitBytes: number): Promise<WriteBody> {
  if (!req.isMultipart()) return { data: req.body === undefined ? {} : req.body, images: new Map() };
  const images = new Map<string, Upload>();
  let data: unknown = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(limitBytes);
        images.set(part.fieldname, { name: part.filename, bytes });
      } else if (part.fieldname === DATA_PART) {
        try {
          data = JSON.parse(String(part.value));
        } catch (error) {
          throw fieldError(DATA_PART, MULTIPART_MESSAGES.json((error as Error).message));
        }
      } else {
        throw fieldError(part.fieldname, MULTIPART_MESSAGES.data);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limitBytes);
    throw fieldError(DATA_PART, `The upload could not be read: ${(error as Error).message}.`);
  }
  checkBodyText(data);
  return { data, images };
}

/** Item images must be pictures the PDF can show: PNG or JPEG, by their bytes. */
export async function checkImages(images: ReadonlyMap<string, Upload>): Promise<void> {
  const problems: FieldErrors = {};
  for (const [field, upload] of images) {
    const sniffed = upload.bytes.length ? await fileTypeFromBuffer(upload.bytes) : undefined;
    if (!sniffed || (sniffed.mime !== 'image/png' && sniffed.mime !== 'image/jpeg')) problems[field] = [QUOTATION_MESSAGES.imageType];
  }
  throwIfAny(problems);
}

/** The images of a quotation's lines by line index (`items.{n}.image`); any other file field is a 400. */
export function lineImages(images: ReadonlyMap<string, Upload>, lines: number): Map<number, Upload> {
  const byLine = new Map<number, Upload>();
  for (const [field, upload] of images) {
    const match = /^items\.(\d{1,3})\.image$/.exec(field);
    if (!match || Number(match[1]) >= lines) throw fieldError(field, QUOTATION_MESSAGES.imageLine(field));
    byLine.set(Number(match[1]), upload);
  }
  return byLine;
}

/** The one image of an item write (`image`); any other file field is a 400. */
export function itemImage(images: ReadonlyMap<string, Upload>): Upload | undefined {
  for (const field of images.keys()) if (field !== 'image') throw fieldError(field, QUOTATION_MESSAGES.imageLine(field));
  return images.get('image');
}
