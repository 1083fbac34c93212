import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { as, signIn, startTestServer, type TestServer } from '../../support/server';

/**
 * Issue 14 §2: input that breaks the server. A NUL or a lone surrogate anywhere in a request is a
 * 400 naming the field; and a walk over the OpenAPI document sends every class of bad input to
 * every route and method: no answer is a 5xx, none shows internals.
 */

let server: TestServer;
let access: string;
beforeAll(async () => {
  server = await startTestServer({}, { seed: 'demo' });
  ({ access } = await signIn(server.app, 'admin'));
});
afterAll(() => server.close());

const NUL = 'Null characters are not allowed.';
const surrogate = (code: string) => `Surrogate characters are not allowed: U+${code}.`;

describe('input that broke the server is a 400 naming the field', () => {
  const admin = () => as(server.app, access);

  it('a NUL in the sign-in username is a 400 on username', async () => {
    const res = await as(server.app, null).post('/auth/jwt/create/', { username: 'ad\u0000min', password: 'fabops-demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: [NUL] });
  });

  it('a NUL in a body string is a 400 on that field (a signed-out caller still gets 401)', async () => {
    const res = await admin().post('/materials/material-categories/', { name: 'Sheets\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [NUL] });
    expect((await as(server.app, null).post('/materials/material-categories/', { name: 'Sheets\u0000' })).statusCode).toBe(401);
  });

  it('a NUL in a nested body string is a 400 on its dotted path', async () => {
    const res = await admin().post('/joborders/joborders/create/', {
      customer: 1,
      sales_executive: 2,
      job_order_items: [
        { product: 'Acrylic stand', quantity: '1', unit_price: '100' },
        { product: 'Metal tray', description: 'bad\u0000', quantity: '1', unit_price: '100' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'job_order_items.1.description': [NUL] });
  });

  it('a NUL in a search parameter is a 400 on the parameter', async () => {
    const res = await admin().get('/materials/materials/?search=steel%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ search: [NUL] });
  });

  it('a NUL in a path parameter is a 400 on the parameter', async () => {
    const res = await admin().post('/customers/exists/Acme%00Displays/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [NUL] });
  });

  it('a lone high surrogate in a text field is a 400 naming its code point; a whole pair (an emoji) is text', async () => {
    const res = await admin().post('/materials/material-categories/', { name: 'Sheets \ud800' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [surrogate('D800')] });
    const emoji = await admin().post('/materials/material-categories/', { name: 'Signage 🪧' });
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json()).toMatchObject({ name: 'Signage 🪧' });
  });

  it('a lone low surrogate in the sign-in password is a 400 naming its code point', async () => {
    const res = await as(server.app, null).post('/auth/jwt/create/', { username: 'admin', password: '\udfffx' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: [surrogate('DFFF')] });
  });

  it('a date in year 0 is a 400 on the parameter, not a 500', async () => {
    const res = await admin().get('/requisitions/cancelled_requisitions/?start_date=0000-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ start_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] });
  });
});

// --- The OpenAPI walk -----------------------------------------------------------------------

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  params: Parameter[];
  body?: JsonSchema;
}

/** A value the walk writes into a JSON body that must leave it as the raw number 1e309 (Infinity once parsed). */
const INFINITY = '__infinity__';
const MINUS_INFINITY = '__minus_infinity__';

const INJECTIONS = ["' OR '1'='1'; DROP TABLE users; --", '%_\\', '../../../../etc/passwd'] as const;

/** Strings a body field gets, one class a request. */
const BODY_STRINGS: readonly [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['huge string', 'x'.repeat(20_000)],
  ...INJECTIONS.map((s): [string, string] => ['injection', s]),
];

/** Numbers a body field gets (numeric fields, and the decimal fields that take strings). */
const BODY_NUMBERS: readonly [string, unknown][] = [
  ['negative', -1],
  ['negative fraction', -0.5],
  ['NaN', 'NaN'],
  ['1e309', INFINITY],
  ['-1e309', MINUS_INFINITY],
  ['"1e309"', '1e309'],
  ['"Infinity"', 'Infinity'],
  ['huge', 1e308],
  ['unknown id', 2_147_483_647],
  ['past int4', 2_147_483_648],
  ['decimal overflow', '99999999999999999999999.99'],
  ['400 digits', '9'.repeat(400)],
  ['hex', '0x1F'],
];

/** Dates a body's date and date-time fields get: [label, date, date-time]. */
const BAD_DATES: readonly [string, string, string][] = [
  ['year 0', '0000-01-01', '0000-01-01T00:00:00Z'],
  ['impossible date', '2025-02-30', '2025-02-30T10:00:00Z'],
  ['far year', '9999-12-31', '9999-12-31T23:59:59Z'],
  ['display format', '15-01-2025', '15-01-2025 10:00'],
];

/** Query parameter values, each sent alone; a string sent twice is an array. */
const QUERY_VALUES: readonly [string, string | string[]][] = [
  ['NUL', 'a\u0000b'],
  ['encoded surrogate', '\ud800'],
  ['huge string', 'x'.repeat(5_000)],
  ['negative', '-1'],
  ['NaN', 'NaN'],
  ['1e309', '1e309'],
  ['past int8', '99999999999999999999'],
  ['empty', ''],
  ['repeated', ['1', '2']],
  ...INJECTIONS.map((s): [string, string] => ['injection', s]),
];

/** More values for a date parameter. */
const QUERY_DATES: readonly [string, string][] = [
  ['impossible date', '2025-02-30'],
  ['year 0', '0000-01-01'],
  ['far year', '275760-09-14'],
];

/** Path parameter values, written as they go on the wire. */
const PATH_VALUES = ['0', '-1', '2147483647', '2147483648', '99999999999999999999', '1e309', 'NaN', 'abc', "1'%20OR%20'1'='1", '%00', '%ED%A0%80', '%C0%80', 'x'.repeat(90), '..%2F..%2Fetc'];

/** What an answer must never show: stack frames, SQL, the database engine, driver error codes. */
const INTERNALS = [
  /\bat [\w$.<>]+ \(/,
  /\.(?:ts|js|mjs):\d+/,
  /node_modules/,
  /postgres/i,
  /pglite/i,
  /drizzle/i,
  /sqlstate/i,
  // A SQLSTATE, not an amount that happens to share its digits ("54000.00").
  /\b(?:22P02|22P05|22001|22003|22007|22008|22021|23502|23503|23505|23514|42601|42703|42883|54000)\b(?!\.\d)/,
  /\bselect\b.*\bfrom\s+"/i,
  /\binsert into\b/i,
  /violates .* constraint/i,
  /duplicate key/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /invalid byte sequence/i,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError)\b/,
  /Cannot read propert/i,
  /"stack"/,
];

/** The only routes a signed-out caller may use; every other one answers 401. */
const PUBLIC_ROUTES = ['POST /api/v1/auth/jwt/create/', 'POST /api/v1/auth/jwt/refresh/', 'POST /api/v1/auth/jwt/verify/', 'POST /api/v1/auth/jwt/blacklist/', 'POST /api/v1/auth/users/', 'GET /api/v1/health/', 'GET /api/v1/auth/registration/'];

function operations(doc: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}

const variants = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf ?? schema.allOf;
const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);
const isNumeric = (schema: JsonSchema): boolean => ['number', 'integer'].includes(typeOf(schema) ?? '') || (variants(schema)?.some(isNumeric) ?? false);
/** Text fields whose rules a made-up word breaks, by name, and a value they take. */
const KNOWN_TEXT: readonly [RegExp, string][] = [
  [/gst/, '29ABCDE1234F1ZW'],
  [/email/, 'walk@example.com'],
  [/phone|_number$/, '9876543210'],
  [/password/, 'Walk-the-whole-API-2025'],
];
const isFreeText = (schema: JsonSchema, name: string) => typeOf(schema) === 'string' && !schema.enum && !schema.format && !KNOWN_TEXT.some(([re]) => re.test(name));

/** A value that satisfies the field's schema, so the one mutated field is what the route meets. */
function sampleLeaf(schema: JsonSchema, name: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (isNumeric(schema)) return Math.max(schema.minimum ?? 1, 1);
  if (typeOf(schema) === 'boolean') return false;
  if (typeOf(schema) !== 'string') return null;
  if (schema.format === 'date') return '2025-01-15';
  if (schema.format === 'date-time') return '2025-01-15T10:00:00Z';
  return KNOWN_TEXT.find(([re]) => re.test(name))?.[1] ?? 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

type Leaf = (schema: JsonSchema, name: string) => unknown;

/** The schema's object and array structure, with `leaf` choosing every scalar by its schema and field name. */
function build(schema: JsonSchema, leaf: Leaf, name = ''): unknown {
  const options = variants(schema);
  const shape = options && !isNumeric(schema) ? options.find((o) => typeOf(o) !== 'null') ?? schema : schema;
  if (shape.properties) return Object.fromEntries(Object.entries(shape.properties).map(([k, s]) => [k, build(s, leaf, k)]));
  if (typeOf(shape) === 'array') return Array.from({ length: Math.max(shape.minItems ?? 1, 1) }, () => build(shape.items ?? {}, leaf, name));
  return leaf(shape, name);
}

function wrongType(schema: JsonSchema): unknown {
  if (isNumeric(schema)) return { amount: 1 };
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'boolean':
      return 'yes';
    case 'array':
      return { first: 1 };
    default:
      return ['x'];
  }
}

const json = (value: unknown) => JSON.stringify(value).replaceAll(`"${INFINITY}"`, '1e309').replaceAll(`"${MINUS_INFINITY}"`, '-1e309');

/** Each class of bad body for a route: [label, raw JSON text]. */
function badBodies(schema: JsonSchema | undefined): [string, string][] {
  const bodies: [string, string][] = [
    ['malformed JSON', '{"name": '],
    ['array body', '[]'],
    ['string body', '"x"'],
    ['null body', 'null'],
    ['NUL key', json({ 'a\u0000': 'b' })],
  ];
  if (!schema) return bodies;
  const props = schema.properties ?? {};
  bodies.push(['missing fields', '{}']);
  bodies.push(['wrong types', json(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, wrongType(s)])))]);
  bodies.push(['nulls', json(Object.fromEntries(Object.keys(props).map((k) => [k, null])))]);
  bodies.push(['sample', json(build(schema, sampleLeaf))]);
  for (const [label, value] of BODY_STRINGS) {
    // Injections and huge strings go where free text is taken, so the body reaches the service.
    const textOnly = label === 'injection' || label === 'huge string';
    bodies.push([label, json(build(schema, (s, name) => ((textOnly ? isFreeText(s, name) : typeOf(s) === 'string' || isNumeric(s)) ? value : sampleLeaf(s, name))))]);
  }
  for (const [label, value] of BODY_NUMBERS) bodies.push([label, json(build(schema, (s, name) => (isNumeric(s) ? value : sampleLeaf(s, name))))]);
  for (const [label, date, dateTime] of BAD_DATES) {
    bodies.push([label, json(build(schema, (s, name) => (s.format === 'date' ? date : s.format === 'date-time' ? dateTime : sampleLeaf(s, name))))]);
  }
  bodies.push(['deeply nested', `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`]);
  return bodies;
}

const pathWith = (op: Operation, fill: (param: Parameter) => string) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => fill(op.params.find((p) => p.in === 'path' && p.name === name)!));

/** An id of a row the demo company has, so writes reach their services; never the admin's own. */
const realParam = (param: Parameter) => (typeOf(param.schema ?? {}) === 'integer' ? '2' : 'x');

function requestsFor(op: Operation): { label: string; options: InjectOptions; sent: string[] }[] {
  const out: { label: string; options: InjectOptions; sent: string[] }[] = [];
  const url = pathWith(op, realParam);
  const method = op.method as InjectOptions['method'];
  for (const param of op.params.filter((p) => p.in === 'path')) {
    for (const value of PATH_VALUES) {
      const path = pathWith(op, (p) => (p === param ? value : realParam(p)));
      out.push({ label: `path ${param.name}=${value.slice(0, 20)}`, options: { method, url: path }, sent: [value] });
    }
  }
  for (const param of op.params.filter((p) => p.in === 'query')) {
    const isDate = param.schema?.format === 'date' || /date/i.test(param.name);
    for (const [label, value] of [...QUERY_VALUES, ...(isDate ? QUERY_DATES : [])]) {
      const query = new URLSearchParams();
      for (const v of [value].flat()) query.append(param.name, v);
      // URLSearchParams would turn a lone surrogate into U+FFFD: write the bytes a client could send.
      const search = label === 'encoded surrogate' ? `${param.name}=%ED%A0%80` : query.toString();
      out.push({ label: `query ${param.name} ${label}`, options: { method, url: `${url}?${search}` }, sent: [value].flat() });
    }
  }
  if (['POST', 'PUT', 'PATCH'].includes(op.method)) {
    const strings = [...BODY_STRINGS.map(([, s]) => s), ...BODY_NUMBERS.map(([, n]) => String(n))];
    for (const [label, payload] of badBodies(op.body)) {
      out.push({ label: `body ${label}`, options: { method, url, payload, headers: { 'content-type': 'application/json' } }, sent: strings });
    }
  }
  if (!out.length) out.push({ label: 'plain call', options: { method, url }, sent: [] });
  return out;
}

function internalsIn(body: string, sent: string[]): RegExp | undefined {
  // An answer may quote what it was sent (e.g. "Unknown module: <name>"); only the rest must be clean.
  let text = body;
  for (const value of [...sent, ...INJECTIONS]) {
    if (!value) continue;
    text = text.split(value).join('').split(JSON.stringify(value).slice(1, -1)).join('');
  }
  return INTERNALS.find((re) => re.test(text));
}

/** Runs calls a few at a time: enough to keep the database busy, few enough to stay in order. */
async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

describe('the OpenAPI walk: every route and method, every class of bad input', () => {
  // The walk grows with every route: it runs in parts, each with its own time, so a busy machine
  // slows a part instead of timing out the whole.
  const PARTS = 4;
  it.each(Array.from({ length: PARTS }, (_, i) => i + 1))(`never answers with a 5xx or with internals, signed in as the superuser (routes, part %i of ${PARTS})`, async (part) => {
    await server.app.ready();
    const ops = operations(server.app.swagger() as Parameters<typeof operations>[0]);
    expect(ops.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let sent = 0;
    const calls = ops.filter((_, i) => i % PARTS === part - 1).flatMap((op) => requestsFor(op).map((call) => ({ op, ...call })));
    await inBatches(calls, 8, async ({ op, label, options, sent: values }) => {
      const res = await server.app.inject({ ...options, headers: { ...options.headers, authorization: `JWT ${access}` } });
      sent += 1;
      const leak = internalsIn(res.body, values);
      if (res.statusCode >= 500 || leak) failures.push(`${op.method} ${op.path} [${label}] -> ${res.statusCode} ${leak ?? ''} ${res.body.slice(0, 200)}`);
    });
    expect(sent).toBeGreaterThan(5_000 / PARTS);
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers every guarded route 401 to a signed-out caller sending bad input, and no public one with a 5xx', async () => {
    await server.app.ready();
    const ops = operations(server.app.swagger() as Parameters<typeof operations>[0]);
    const failures: string[] = [];
    await inBatches(ops, 8, async (op) => {
      const isPublic = PUBLIC_ROUTES.includes(`${op.method} ${op.path}`);
      const res = await server.app.inject({ method: op.method as InjectOptions['method'], url: `${pathWith(op, () => '%00')}?search=%00`, ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: json({ name: 'a\u0000' }), headers: { 'content-type': 'application/json' } } : {}) });
      const ok = isPublic ? res.statusCode < 500 : res.statusCode === 401;
      if (!ok || internalsIn(res.body, [])) failures.push(`${op.method} ${op.path} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    });
    expect(failures).toEqual([]);
  }, 60_000);
});
