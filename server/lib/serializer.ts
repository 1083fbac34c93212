import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];
type JsonSchema = Record<string, unknown>;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes `.nullable()` as `anyOf: [<schema>, {type: "null"}]`, and fast-json-stringify picks
 * an anyOf branch by validating the value against each one, date-time format and pattern
 * included: on a list page that was a twentieth of the call. A nullable primitive is written as a
 * type list instead (`type: ["string", "null"]`), which it serializes with a null check.
 */
function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (!isSchema(schema)) return schema;
  const branches = schema.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(schema).length === 1) {
    const nullAt = branches.findIndex((b) => isSchema(b) && b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullAt];
    if (nullAt !== -1 && isSchema(other) && typeof other.type === 'string' && PRIMITIVE_TYPES.has(other.type)) return { ...other, type: [other.type, 'null'] };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withNullableTypes(value)]));
}

/**
 * Responses are written by fast-json-stringify from the JSON Schema of their zod schema: it
 * writes only the declared properties (so internal columns such as `txid` never leave) and is
 * several times faster than validating every row with zod before JSON.stringify, which matters
 * on list pages and delta syncs. A schema JSON Schema cannot express falls back to zod.
 */
export const responseSerializerCompiler = (route: SerializerCompiler) => {
  try {
    const jsonSchema = z.toJSONSchema(route.schema as z.ZodType, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(withNullableTypes(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route);
  }
};
