export const UNEXPECTED_ERROR = 'An unexpected error occurred';

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(firstMessage).find((m) => m !== undefined);
  if (value && typeof value === 'object') return Object.values(value).map(firstMessage).find((m) => m !== undefined);
  return undefined;
}

/**
 * The generic API error helper (product-frame.md §8): the first message of the name field,
 * else the first message of the first field, else 'An unexpected error occurred'.
 */
export function apiErrorMessage(body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return typeof body === 'string' && body ? body : UNEXPECTED_ERROR;
  const record = body as Record<string, unknown>;
  const name = firstMessage(record.name);
  if (name) return name;
  const [firstKey] = Object.keys(record);
  return (firstKey && firstMessage(record[firstKey])) || UNEXPECTED_ERROR;
}

/** The nested-error formatter: one `path: message` line per message. */
export function formatNestedErrors(body: unknown, prefix = ''): string[] {
  if (typeof body === 'string') return [prefix ? `${prefix}: ${body}` : body];
  if (Array.isArray(body)) return body.flatMap((item, i) => formatNestedErrors(item, typeof item === 'object' && item ? `${prefix}[${i}]` : prefix));
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([key, value]) => formatNestedErrors(value, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}
