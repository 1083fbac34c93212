/** Multipart bodies as a browser's FormData sends them, and the smallest files readers accept. */

/** A PDF as small as a reader accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A part of the body: a field's text, or a file (its name, bytes and declared type) under a field. */
export type FormPart = { name: string; value: string } | { name: string; file: string; bytes: Buffer; type?: string };

/** The body and its content type, for the test client's post or patch. */
export async function multipartBody(parts: readonly FormPart[]): Promise<{ body: Buffer; headers: { 'content-type': string } }> {
  const data = new FormData();
  for (const part of parts) {
    if ('value' in part) data.append(part.name, part.value);
    else data.append(part.name, new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }), part.file);
  }
  const encoded = new Response(data);
  return { body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

/** The fields as JSON in the part "data" (a string is sent as it is), as the screens send them. */
export const dataPart = (data: unknown): FormPart[] => (data === undefined ? [] : [{ name: 'data', value: typeof data === 'string' ? data : JSON.stringify(data) }]);
