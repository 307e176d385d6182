import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../test/time-limits';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { OPENAPI_FILE } from './openapi-file';

/**
 * Every operation of the committed OpenAPI document gets generated hostile requests: deep nesting,
 * NUL, huge strings, wrong types, arrays for objects, broken encodings. None may answer a 5xx the
 * operation does not document, and every answer of a JSON operation must be the envelope.
 */

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

/** Random requests per operation, on top of the targeted ones: together a second or so each. */
const RUNS = 12;
const SEED = 20_261_122;

const deepArrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObjects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Strings that break naive code: NUL, huge, empty, traversal, lone surrogate, numbers as text. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'x'.repeat(200_000),
    '',
    '   ',
    '../../../../etc/passwd',
    '..\\..\\windows',
    '\uD800',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(40),
    'null',
    '[]',
    '{}',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    'https://evil.example/x',
    '%00',
    '\u202Eevil',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A JSON value of a type the field does not expect, nested or not. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.constant(Array.from({ length: 10_000 }, () => 0)),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
  fc.constant(JSON.parse(deepArrays(30)) as unknown),
);

/** A whole body: a record of hostile fields (the operation's own names and others) or not an object. */
function hostileBody(fields: string[]): fc.Arbitrary<{ raw: string }> {
  const keys = fc.constantFrom(...fields, '__proto__', 'constructor', 'extra', '\u0000');
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.dictionary(keys, hostileValue, { maxKeys: 6 }).map((o) => ({ raw: JSON.stringify(o) })),
    },
    fc.constantFrom(
      { raw: deepArrays(5000) },
      { raw: deepObjects(5000) },
      { raw: `{"a":${deepArrays(5000)}}` },
      { raw: '[]' },
      { raw: '[{}]' },
      { raw: '"text"' },
      { raw: '42' },
      { raw: 'null' },
      { raw: '{"a":' },
      { raw: '{"__proto__":{"admin":true}}' },
      { raw: '{"constructor":{"prototype":{"admin":true}}}' },
      { raw: `{"a":"${'x'.repeat(900_000)}"}` },
      { raw: '' },
    ),
  );
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  minItems?: number;
  minLength?: number;
}

/** A value the schema probably accepts, so that one hostile field is what the route meets. */
function plausible(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        plausible(schema.items, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 8));
  }
}

/** Values every field of a body meets once: a NUL, a huge string, a type it does not expect. */
const FIELD_CASES: unknown[] = [
  'a\u0000b',
  'x'.repeat(200_000),
  { nested: { deeper: ['x'] } },
  [1, 2],
  -1,
  null,
];
/** Values every query and path parameter meets once. */
const PARAM_CASES = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(20_000),
  '%E0%A4%A',
  '\uD800',
  '-1',
  '1e309',
  '../../etc/passwd',
];
/** Whole bodies every operation that takes one meets once. */
const BODY_CASES = [
  deepArrays(5000),
  deepArrays(100_000),
  deepObjects(5000),
  `{"a":${deepArrays(5000)}}`,
  '[]',
  '[{}]',
  '"text"',
  '42',
  'null',
  '{"a":',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `{"a":"${'x'.repeat(900_000)}"}`,
  '',
];

/** Percent-encodes what encodeURIComponent can, and passes broken escapes through as they are. */
function encode(value: string): string {
  if (value === '%00' || value.startsWith('%E')) return value;
  return value
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '%ED%A0%80')
    .split('%ED%A0%80')
    .map(encodeURIComponent)
    .join('%ED%A0%80');
}

interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Sent as the signed-in user (targeted cases), else by turns as user, visitor and nobody. */
  asUser: boolean;
  what: string;
}

interface Shape {
  method: string;
  path: string;
  pathParams: string[];
  query: Parameter[];
  headerParams: string[];
  form: boolean;
  bodySchema: JsonSchema | undefined;
}

function shapeOf(op: (typeof operations)[number]): Shape {
  const params = op.op.parameters ?? [];
  const content = op.op.requestBody?.content ?? {};
  const form = 'application/x-www-form-urlencoded' in content;
  return {
    method: op.method,
    path: op.path,
    pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
    query: params.filter((p) => p.in === 'query'),
    headerParams: params.filter((p) => p.in === 'header').map((p) => p.name),
    form,
    bodySchema: (content['application/json'] ?? content['application/x-www-form-urlencoded'])?.schema,
  };
}

/** One request: path values by name, query pairs, a JSON body (raw text) or form fields. */
function build(
  shape: Shape,
  parts: {
    path?: Record<string, string>;
    query?: [string, string][];
    headers?: Record<string, string>;
    raw?: string;
    form?: [string, string][];
  },
  asUser: boolean,
): FuzzRequest {
  let path = shape.path;
  for (const name of shape.pathParams)
    path = path.replace(`{${name}}`, encode(parts.path?.[name] ?? 'xxxxxxxx'));
  const query =
    parts.query ??
    shape.query.map((p): [string, string] => [
      p.name,
      String(plausible((p as { schema?: JsonSchema }).schema)),
    ]);
  const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`).join('&');
  const headers: Record<string, string> = {};
  for (const name of shape.headerParams) headers[name] = parts.headers?.[name] ?? 'x';
  let payload: string | undefined;
  if (parts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = parts.form.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`).join('&');
  } else if (parts.raw !== undefined) {
    headers['content-type'] = 'application/json';
    payload = parts.raw;
  }
  const url = qs ? `${path}?${qs}` : path;
  return {
    url,
    headers,
    asUser,
    ...(payload !== undefined ? { payload } : {}),
    what: `${shape.method} ${url.slice(0, 160)} ${payload?.slice(0, 160) ?? ''}`,
  };
}

/** Every parameter and field meets every hostile case once, the whole body each broken body once. */
function targetedRequests(shape: Shape): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const base = () =>
    shape.query.map((p): [string, string] => [
      p.name,
      String(plausible((p as { schema?: JsonSchema }).schema)),
    ]);
  const baseBody = plausible(shape.bodySchema) as Record<string, unknown>;
  const bodyOf = (o: unknown) =>
    shape.form
      ? {
          form: Object.entries(o as Record<string, unknown>).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : JSON.stringify(v),
          ]),
        }
      : { raw: JSON.stringify(o) };
  const withBody = shape.method !== 'GET' && shape.bodySchema ? bodyOf(baseBody) : {};
  for (const name of shape.pathParams)
    for (const value of PARAM_CASES) out.push(build(shape, { path: { [name]: value }, ...withBody }, true));
  for (const param of shape.query) {
    for (const value of PARAM_CASES) {
      const query = base().map(([k, v]): [string, string] => [k, k === param.name ? value : v]);
      out.push(build(shape, { query, ...withBody }, true));
    }
    // Repeated: an array where one value is expected.
    out.push(build(shape, { query: [...base(), [param.name, 'a'], [param.name, 'b']], ...withBody }, true));
  }
  if (shape.method !== 'GET') {
    for (const raw of BODY_CASES) out.push(build(shape, { raw }, true));
    if (shape.bodySchema)
      for (const field of Object.keys(baseBody ?? {}))
        for (const value of FIELD_CASES)
          out.push(build(shape, bodyOf({ ...baseBody, [field]: value }), true));
  }
  return out;
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const HEADER_UNSAFE = /[\u0000-\u001f\u007f-\uffff]/g;

/** Random hostile combinations on top: several parameters and fields broken at once. */
function randomRequests(shape: Shape): FuzzRequest[] {
  const fields = Object.keys(shape.bodySchema?.properties ?? {});
  const pathValue = fc.oneof(
    { weight: 4, arbitrary: hostileString.map((v) => (v === '' ? 'x' : v)) },
    fc.constantFrom('%E0%A4%A', '%ED%A0%80', '..%2F..%2Fetc', 'a'.repeat(5000)),
  );
  const arb = fc.record({
    path: fc.tuple(...shape.pathParams.map(() => pathValue)),
    query: fc.array(
      fc.tuple(fc.constantFrom(...shape.query.map((p) => p.name), '_t', 'unknown'), hostileString),
      { maxLength: 5 },
    ),
    headers: fc.tuple(...shape.headerParams.map(() => fc.string({ maxLength: 300 }))),
    body: shape.method !== 'GET' ? hostileBody(fields.length ? fields : ['x']) : fc.constant(undefined),
  });
  return fc.sample(arb, { seed: SEED, numRuns: RUNS }).map((sample, i) => {
    const path = Object.fromEntries(shape.pathParams.map((name, k) => [name, sample.path[k] ?? 'x']));
    // Headers cannot carry control or non-Latin characters on the wire; the rest is fair game.
    const headers = Object.fromEntries(
      shape.headerParams.map((name, k) => [name, (sample.headers[k] ?? '').replace(HEADER_UNSAFE, '')]),
    );
    return build(
      shape,
      { path, query: sample.query, headers, ...(sample.body ? { raw: sample.body.raw } : {}) },
      i % 3 === 0,
    );
  });
}

let ctx: TestContext;
beforeAll(async () => {
  // A budget no fuzz run reaches: the answers under test are the routes', not the rate limiter's.
  ctx = await createTestContext({
    RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: `.tmp/openapi-fuzz-${process.pid}`,
  });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(ctx.settings.dataDir, { recursive: true, force: true });
});

let address = 0;
/** A new client address per request, so per-route limits (sign-in, upload tokens) never decide. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

describe('hostile requests to every OpenAPI operation', () => {
  it('the document lists the operations this test walks', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s never answers a 5xx or a non-envelope',
    async (_name, op) => {
      const jsonOperation = Boolean(op.op.responses?.['200']?.content?.['application/json']);
      const documented5xx = Object.keys(op.op.responses ?? {}).filter((s) => s.startsWith('5'));
      // Signed in (fresh each time: a fuzzed logout ends its session), as a visitor, and as nobody.
      const user = await signInTestUser(ctx);
      const identities = [user.auth, { 'x-visitor-id': `fuzz-${Date.now().toString(36)}` }, {}];
      const failures: string[] = [];
      const shape = shapeOf(op);
      const requests = [...targetedRequests(shape), ...randomRequests(shape)];
      for (const [i, req] of requests.entries()) {
        const res = await ctx.app.inject({
          method: op.method as 'GET',
          url: req.url,
          headers: { ...(req.asUser ? user.auth : identities[i % identities.length]), ...req.headers },
          remoteAddress: nextAddress(),
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        const type = String(res.headers['content-type'] ?? '');
        let envelope = false;
        if (type.includes('application/json')) {
          try {
            const body = res.json() as Record<string, unknown>;
            envelope = typeof body.code === 'number' && typeof body.msg === 'string' && 'data' in body;
          } catch {
            envelope = false;
          }
        }
        const serverError = res.statusCode >= 500 && !documented5xx.includes(String(res.statusCode));
        const notEnvelope =
          (jsonOperation || res.statusCode >= 400 || type.includes('application/json')) &&
          !envelope &&
          !(res.statusCode >= 300 && res.statusCode < 400) &&
          !(!jsonOperation && type.startsWith('text/html'));
        if (serverError || notEnvelope)
          failures.push(`${res.statusCode} ${res.body.slice(0, 200)} <- ${req.what}`);
      }
      expect(failures).toEqual([]);
    },
    within(60_000),
  );
});
