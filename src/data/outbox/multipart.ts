import { z } from 'zod';

/**
 * A write that carries files (a quotation's item images): the fields go as JSON in one part and
 * each file in a part of its own, as the server's multipart writes take them. The entry keeps the
 * files as Blobs in IndexedDB, so a picture chosen offline waits with its write and survives the
 * app closing. A plain object (not a class): it must come back from IndexedDB as it went in.
 */
export interface MultipartBody {
  multipart: {
    /** The part the fields travel in, as JSON. */
    dataPart: string;
    data: unknown;
    files: readonly { part: string; name: string; file: Blob }[];
  };
}

export const multipartBody = (dataPart: string, data: unknown, files: MultipartBody['multipart']['files']): MultipartBody => ({ multipart: { dataPart, data, files } });

export function isMultipartBody(body: unknown): body is MultipartBody {
  return !!body && typeof body === 'object' && 'multipart' in body && !!(body as MultipartBody).multipart && typeof (body as MultipartBody).multipart.dataPart === 'string';
}

/** The request body: the fields first, then the files under the names they were chosen with. */
export function formDataOf({ multipart }: MultipartBody): FormData {
  const form = new FormData();
  form.append(multipart.dataPart, JSON.stringify(multipart.data));
  for (const { part, name, file } of multipart.files) form.append(part, file, name);
  return form;
}

/**
 * The files of a payload, as its schema declares them: each picture with the line it belongs to
 * and the name it was chosen under. Marked so the Sync screen's form keeps them as they are (a
 * Blob cannot be typed in).
 */
export const payloadFilesSchema = z
  .array(z.object({ line: z.number().int().min(0), name: z.string().max(255), file: z.instanceof(Blob) }))
  .max(50)
  .meta({ files: true });
export type PayloadFiles = z.output<typeof payloadFilesSchema>;

/** Does this (unwrapped) payload field hold files? */
export const isFilesField = (type: z.ZodType): boolean => (type.meta() as { files?: boolean } | undefined)?.files === true;
