import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for these options (none of them depends on the request), and those it removes. */
function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const response = {
    setHeader: (name: string, value: string) => void set.set(name, value),
    removeHeader: (name: string) => void removed.add(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set: [...set], removed: [...removed] };
}

/**
 * Helmet's security headers on every answer, worked out once at start: @fastify/helmet builds
 * helmet's middleware again on every request, which cost a list call more than its page query's
 * SQL (issue 16's list-call budget). Set on the raw response before routing, as helmet does, so
 * a route that sets its own (the API docs' CSP) still wins.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
