import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { useTestServer } from '../support/server';

/** Every pattern of domain/api-paths.ts, whatever its nesting: strings and the `pattern` of path functions. */
function patternsOf(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node === 'function') return [(node as unknown as { pattern: string }).pattern];
  if (node && typeof node === 'object') return Object.values(node).flatMap(patternsOf);
  return [];
}

const server = useTestServer();

describe('the API paths are defined once (domain/api-paths.ts)', () => {
  it('every route the server registers is a path of domain/api-paths.ts', async () => {
    await server.app().ready();
    const doc = server.app().swagger() as { paths: Record<string, unknown> };
    const known = new Set(patternsOf(API));
    // OpenAPI writes `{id}` where Fastify and the path definitions write `:id`.
    const registered = Object.keys(doc.paths).map((path) => path.replace(/^\/api\/v1/, '').replace(/\{([^}]+)\}/g, ':$1'));
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((path) => !known.has(path))).toEqual([]);
  });
});
