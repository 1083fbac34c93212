import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { QUOTATION_DATA_PART, QUOTATION_MESSAGES } from '../../../domain/quotation';
import { fieldError, type FieldErrors, throwIfAny } from '../../lib/http-error';
import { readMultipart } from '../files/multipart';
import type { Upload } from '../files/service';

/**
 * The body of a quotation write, as JSON or as multipart/form-data: in a multipart request the
 * fields travel as JSON in the part `data` and each item's image as a file part, named where the
 * image goes (`items.0.image` in a quotation, `image` in an item).
 */
export interface WriteBody {
  data: unknown;
  /** Uploaded images by the field they were sent in. */
  images: ReadonlyMap<string, Upload>;
}

/** Reads a JSON or multipart body; a malformed or oversized part is the client's error, never a 500. */
export async function readWriteBody(req: FastifyRequest, limitBytes: number): Promise<WriteBody> {
  const { data, uploads } = await readMultipart(req, {
    limitBytes,
    acceptsJson: true,
    dataPart: QUOTATION_DATA_PART,
    errorField: QUOTATION_DATA_PART,
    filePart: (fieldname) => ({ field: fieldname }),
    formField: (fieldname) => {
      throw fieldError(fieldname, `Send the fields as JSON in the part "${QUOTATION_DATA_PART}".`);
    },
  });
  return { data, images: new Map(uploads.map(({ field, ...upload }) => [field, upload])) };
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
