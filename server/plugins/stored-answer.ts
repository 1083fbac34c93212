/**
 * How a keyed write's answer is kept in `idempotency_keys` for its replay (decision 339): the
 * answer's bytes in base64 with the headers that describe them, as one JSON envelope in
 * `response_body`, marked by `response_type`. A binary answer (bulk_generate_pdf/'s PDF) replays
 * byte for byte with its file name, as a JSON one does.
 */

export const STORED_ANSWER_TYPE = 'application/vnd.fabops.stored-answer+json';

/** The headers a handler sets about its answer; the rest (request id, security) every answer gets anew. */
const ANSWER_HEADERS = ['content-type', 'content-disposition', 'etag', 'location'] as const;

export interface StoredAnswer {
  headers: Record<string, string>;
  body: Buffer;
}

/** The serialized payload onSend sees, as bytes: a string is sent as UTF-8; a stream is not kept. */
export function payloadBytes(payload: unknown): Buffer {
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (Buffer.isBuffer(payload)) return payload;
  return Buffer.alloc(0);
}

export function answerHeaders(read: (name: string) => unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ANSWER_HEADERS) {
    const value = read(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

export function encodeStoredAnswer(answer: StoredAnswer): { response_body: string; response_type: string } {
  return { response_body: JSON.stringify({ headers: answer.headers, body: answer.body.toString('base64') }), response_type: STORED_ANSWER_TYPE };
}

/**
 * The answer a row keeps. Rows stored before the envelope hold the body as text and its content
 * type; they replay as they were stored until the purge drops them.
 */
export function decodeStoredAnswer(row: { response_body: string | null; response_type: string | null }): StoredAnswer {
  if (row.response_type !== STORED_ANSWER_TYPE) return { headers: row.response_type ? { 'content-type': row.response_type } : {}, body: Buffer.from(row.response_body ?? '', 'utf8') };
  const stored = JSON.parse(row.response_body ?? '{}') as { headers: Record<string, string>; body: string };
  return { headers: stored.headers, body: Buffer.from(stored.body, 'base64') };
}
