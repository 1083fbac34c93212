/**
 * Placeholders for what is only known once an earlier entry has reached the server: the id of
 * a row created offline (`{{tempId:-3}}`) and the version an entry left its row at
 * (`{{version:12}}`). They sit in an entry's url, body and headers and are resolved at send time.
 */

const PLACEHOLDER = /\{\{((?:tempId|version):-?\d+)\}\}/g;
const WHOLE = /^\{\{((?:tempId|version):-?\d+)\}\}$/;

/** An id in a request: a server id as it is, a temp id (negative) as its placeholder. */
export function ref(id: number): number | string {
  return id < 0 ? `{{tempId:${id}}}` : id;
}

export const versionOf = (entryId: number) => `{{version:${entryId}}}`;

/** The keys (`tempId:-3`, `version:12`) of every placeholder in a request. */
export function placeholderKeys(value: unknown): string[] {
  return [...JSON.stringify(value ?? null).matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** The entry ids whose rows a request refers to by temp id (entry n created the row -n). */
export function tempIdEntries(value: unknown): number[] {
  return placeholderKeys(value)
    .filter((key) => key.startsWith('tempId:'))
    .map((key) => -Number(key.slice('tempId:'.length)));
}

export class UnresolvedPlaceholder extends Error {
  constructor(readonly key: string) {
    super(`Unresolved ${key}`);
  }
}

/**
 * The value with every placeholder replaced: a string that is only a placeholder becomes the
 * number (a body's `"customer": "{{tempId:-3}}"` → `55`), one inside a string is spliced in
 * (a url). Throws UnresolvedPlaceholder for a key the map lacks.
 */
export function resolvePlaceholders<T>(value: T, resolved: ReadonlyMap<string, number>): T {
  const lookup = (key: string) => {
    const found = resolved.get(key);
    if (found === undefined) throw new UnresolvedPlaceholder(key);
    return found;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = WHOLE.exec(v);
      if (whole) return lookup(whole[1]!);
      return v.replace(PLACEHOLDER, (_, key: string) => String(lookup(key)));
    }
    if (Array.isArray(v)) return v.map(walk);
    // A file a write carries (src/data/outbox/multipart.ts) goes as it is.
    if (v instanceof Blob) return v;
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)]));
    return v;
  };
  return walk(value) as T;
}
