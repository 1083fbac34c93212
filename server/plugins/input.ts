import type { FastifyInstance } from 'fastify';
import { badRequest, type FieldErrors } from '../lib/http-error';

/** DRF's words for the characters no text column (nor jsonb) can hold. */
const INPUT_MESSAGES = {
  nul: 'Null characters are not allowed.',
  surrogate: (codePoint: number) => `Surrogate characters are not allowed: U+${codePoint.toString(16).toUpperCase()}.`,
} as const;

/** In a /u pattern a surrogate pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return INPUT_MESSAGES.nul;
  const lone = LONE_SURROGATE.exec(text);
  return lone ? INPUT_MESSAGES.surrogate(lone[0].charCodeAt(0)) : undefined;
}

/** Where a value sits in a parsed request: its key or index, under its parent's place. */
interface Place {
  key: string;
  parent: Place | null;
}

function pathOf(place: Place | null): string[] {
  const path: string[] = [];
  for (let at = place; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Each bad string of a parsed value, object keys included, with its path of keys and indexes.
 * The walk keeps its own stack and builds a path only for a bad string: a 1 MiB body can nest
 * deeper than the call stack, and copying every path would cost the square of its depth.
 */
function* badStrings(root: unknown): Generator<[path: string[], message: string]> {
  const stack: [unknown, Place | null][] = [[root, null]];
  while (stack.length) {
    const [value, place] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) yield [pathOf(place), problem];
    } else if (value !== null && typeof value === 'object') {
      const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
      for (const [key, item] of entries.reverse()) {
        const child = { key, parent: place };
        const problem = textProblem(key);
        if (problem) yield [pathOf(child), problem];
        stack.push([item, child]);
      }
    }
  }
}

/**
 * Issue 14 §2: a NUL or a lone surrogate anywhere in a request is a 400 naming the field (a body
 * field by its path, `lines.0.remarks`; a query or path parameter by its name), checked once for
 * every route before any handler or query sees it. It runs after the sign-in guard, so a
 * signed-out caller still gets 401.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => {
      const messages = (errors[field || 'non_field_errors'] ??= []);
      if (!messages.includes(message)) messages.push(message);
    };
    for (const [path, message] of badStrings(request.body)) add(path.join('.'), message);
    for (const parameters of [request.params, request.query]) {
      for (const [path, message] of badStrings(parameters)) add(path[0] ?? '', message);
    }
    if (Object.keys(errors).length) throw badRequest(errors);
  });
}

/** The same check for a body read outside the hook (the JSON part of a multipart request): 400 naming each bad field. */
export function checkBodyText(body: unknown): void {
  const errors: FieldErrors = {};
  for (const [path, message] of badStrings(body)) {
    const messages = (errors[path.join('.') || 'non_field_errors'] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}
