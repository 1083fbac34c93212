import { PERMISSION_DENIED } from '../../domain/permissions';
/** The error bodies of DESIGN.md: 400 {field: [messages]}, others {detail}. */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const badRequest = (fields: FieldErrors) => new HttpError(400, fields);
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
/** A 400 with every problem of the groups, when there is any. */
export function throwIfAny(...groups: FieldErrors[]): void {
  const all = Object.assign({}, ...groups) as FieldErrors;
  if (Object.keys(all).length) throw badRequest(all);
}
/** DRF's answer for a reference to a row that does not exist (or is deleted). */
export const invalidPk = (id: number | string) => `Invalid pk "${id}" - object does not exist.`;
export const invalidPkError = (field: string, id: number | string) => fieldError(field, invalidPk(id));
export const unauthorized = (detail: string, code?: string) =>
  new HttpError(401, code ? { detail, code } : { detail }, { 'WWW-Authenticate': 'JWT realm="api"' });
export const forbidden = (detail = PERMISSION_DENIED) => new HttpError(403, { detail });
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const conflict = (detail: string, extra: Record<string, unknown> = {}) => new HttpError(409, { detail, ...extra });
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, { detail }, { 'Retry-After': String(retryAfterSeconds) });
