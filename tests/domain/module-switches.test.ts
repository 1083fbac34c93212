import { describe, expect, it } from 'vitest';
import { API } from '../../domain/api-paths';
import { API_SEGMENT_MODULES, MODULE_FREE_API_SEGMENTS, MODULE_NAMES, moduleOfApiPath } from '../../domain/modules';
import { ROUTES } from '../../domain/routes';

/** Every path of domain/api-paths.ts, as the server registers it. */
function allPaths(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node === 'function' && 'pattern' in node) return [String(node.pattern)];
  if (node && typeof node === 'object') return Object.values(node).flatMap(allPaths);
  return [];
}

describe('which module a call belongs to (issue 23: a switched-off module’s calls are refused)', () => {
  it('knows every API path: each belongs to a module or, by name, to none', () => {
    const segments = new Set(allPaths(API).map((path) => path.split('/')[1]!));
    const unknown = [...segments].filter((s) => !Object.hasOwn(API_SEGMENT_MODULES, s) && !(MODULE_FREE_API_SEGMENTS as readonly string[]).includes(s));
    expect(unknown).toEqual([]);
  });

  it('names only modules of the spec', () => {
    for (const module of Object.values(API_SEGMENT_MODULES)) expect(MODULE_NAMES).toContain(module);
  });

  it('gives each module whose screens can be switched off its calls too', () => {
    const withScreens = new Set(ROUTES.flatMap((r) => (r.module ? [r.module] : [])));
    const withCalls = new Set(Object.values(API_SEGMENT_MODULES));
    expect([...withScreens].filter((m) => !withCalls.has(m))).toEqual([]);
  });

  it('reads the module from the first segment of the path', () => {
    expect(moduleOfApiPath(API.salesOrders.list)).toBe('sales orders');
    expect(moduleOfApiPath(API.lpos.detail.pattern)).toBe('purchase orders');
    expect(moduleOfApiPath(API.deliveryNotes.list)).toBe('delivery notes');
    expect(moduleOfApiPath(API.auth.me)).toBeUndefined();
    expect(moduleOfApiPath('/constructor/')).toBeUndefined();
  });
});
