import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest, HttpError, type FieldErrors } from '../lib/http-error';

/** Turns schema issues into DRF's {field: [messages]}; a whole-object issue is non_field_errors. */
export function toFieldErrors(issues: readonly { instancePath: string; message?: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
    (fields[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

/** A body checked against its schema: 400 naming each bad field, as the route schemas answer. */
export function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw badRequest(toFieldErrors(parsed.error.issues.map((issue) => ({ instancePath: issue.path.length ? `/${issue.path.join('/')}` : '', message: issue.message }))));
}

const FASTIFY_CODES: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'Request body is too large (the limit is 1 MiB).' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'Unsupported media type: send application/json.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'JSON parse error - the body is empty.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'Request body size did not match Content-Length.' },
};

const ROUTER_CODES: Record<string, { status: number; detail: string }> = {
  FST_ERR_BAD_URL: { status: 400, detail: 'Malformed URL: a %-escape in the path is invalid.' },
  // A path parameter longer than any id or name names no row: 404, as for any other bad parameter.
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, detail: 'Not found.' },
};

/** Errors the router raises before any route or error handler runs (Fastify's frameworkErrors). */
export function routerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = error.code ? ROUTER_CODES[error.code] : undefined;
  if (known) {
    void reply.code(known.status).send({ detail: known.detail });
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.code(500).send({ detail: 'A server error occurred.' });
}

/**
 * One place for every error's shape (DESIGN.md "Errors"): bad input is never a 500, and a
 * 500 says nothing about internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path parameter of the wrong shape names no row: that is a 404, as in DRF.
      if (error.validationContext === 'params') return reply.code(404).send({ detail: 'Not found.' });
      return reply.code(400).send(toFieldErrors(error.validation));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.status).send({ detail: known.detail });
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(400).send({ detail: `JSON parse error - ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ detail: 'Not found.' }));
}
