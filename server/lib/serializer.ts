import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Responses are written by fast-json-stringify from the JSON Schema of their zod schema: it
 * writes only the declared properties (so internal columns such as `txid` never leave) and is
 * several times faster than validating every row with zod before JSON.stringify, which matters
 * on list pages and delta syncs. A schema JSON Schema cannot express falls back to zod.
 */
export const responseSerializerCompiler = (route: SerializerCompiler) => {
  try {
    const jsonSchema = z.toJSONSchema(route.schema as z.ZodType, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route);
  }
};
