import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { OPENAPI_FILE, serializeOpenApi } from './openapi-file';

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
type Document = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
let served: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  served = (await ctx.app.inject({ url: '/v1/openapi.json' })).json() as Document;
});
afterAll(async () => ctx?.close());

/**
 * The calls of §7 with the parameter names the spec gives them (`in: name`, body fields as
 * `body: name`); `_t` is checked separately for every GET.
 */
const SPEC_CALLS: [method: string, path: string, params: string[]][] = [
  ['get', '/v1/storage/token', ['query: kind', 'query: algorithm']],
  ['get', '/v1/deduct', ['query: kind', 'query: task_id', 'query: val']],
  ['get', '/v1/common/category', ['query: module', 'query: version', 'query: count', 'query: algorithm']],
  ['get', '/vapi/v1/common/ab-test', ['query: test_code', 'query: user_id', 'query: quantity']],
  ['get', '/vapi/v1/buy/sku-info', []],
  ['get', '/v1/integral/product', ['query: kind']],
  ['get', '/v1/integral/wsid', []],
  ['post', '/v1/login', ['query: auth_code', 'query: pid', 'query: invited_code', 'query: module']],
  ['get', '/v1/user/info', ['query: kind']],
  ['post', '/vapi/v1/user', []],
  ['get', '/v1/logout', []],
  ['get', '/v1/verify', ['query: kind']],
  ['get', '/v1/cart', ['query: type', 'query: lang', 'query: abtest']],
  ['get', '/v1/verify/pay', []],
  ['get', '/api/v3/market/csrf-token', []],
  [
    'post',
    '/api/v3/market/present/exchange',
    ['header: x-plugin-id', 'header: x-activity-id', 'header: x-csrf-token'],
  ],
  ['post', '/v1/vsas/create', []],
  ['post', '/v1/vsas/resubmit', []],
  ['get', '/v1/vsas/uri/check', ['query: external_uri']],
  ['get', '/v1/vsas/result/{task_id}', ['path: task_id']],
  ['get', '/v1/vsas/subscribe/{task_id}', ['path: task_id']],
  ['get', '/v1/vsas/list', ['query: kind', 'query: task_ids', 'query: page', 'query: page_size']],
  ['get', '/v1/common/oss/sign', ['query: key', 'query: process']],
  ['get', '/v1/vsas/retry/{task_id}', ['path: task_id']],
  ['post', '/v1/task/delete', ['form: task_id']],
];

function namesOf(op: Operation): string[] {
  const params = (op.parameters ?? []).map((p) => `${p.in}: ${p.name}`);
  for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
    const where = type === 'application/x-www-form-urlencoded' ? 'form' : 'body';
    for (const field of Object.keys(content.schema?.properties ?? {})) params.push(`${where}: ${field}`);
  }
  return params;
}

describe('the OpenAPI document is the contract', () => {
  it('the served document equals the committed apps/server/openapi.json (regenerate: npm run openapi)', () => {
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    const current = serializeOpenApi(served);
    if (committed !== current) {
      const before = committed ? (JSON.parse(committed) as Document).paths : {};
      const changed = [...new Set([...Object.keys(before), ...Object.keys(served.paths)])].filter(
        (p) => JSON.stringify(before[p]) !== JSON.stringify(served.paths[p]),
      );
      expect.fail(
        `apps/server/openapi.json is not what GET /v1/openapi.json serves (paths differing: ${changed.join(', ') || 'document header'}): run npm run openapi and commit the result`,
      );
    }
  });

  it('is the same when the app also serves the web build, as npm start does', async () => {
    const withWeb = await createTestContext(
      {},
      { web: { dir: os.tmpdir(), indexHtml: '<!doctype html><html><head></head><body></body></html>' } },
    );
    try {
      const document = (await withWeb.app.inject({ url: '/v1/openapi.json' })).json() as Document;
      expect(Object.keys(document.paths).filter((p) => !served.paths[p])).toEqual([]);
      expect(serializeOpenApi(document)).toBe(serializeOpenApi(served));
    } finally {
      await withWeb.close();
    }
  });

  it.each(SPEC_CALLS)('%s %s is there with the §7 parameter names', (method, path, params) => {
    const op = served.paths[path]?.[method];
    expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
    expect(namesOf(op!)).toEqual(expect.arrayContaining(params));
  });

  it('every §7 GET takes the _t timestamp, except the storage signing (§7)', () => {
    const gets = SPEC_CALLS.filter(([m, p]) => m === 'get' && p !== '/v1/common/oss/sign');
    const missing = gets.filter(([, p]) => !namesOf(served.paths[p]!.get!).includes('query: _t'));
    expect(missing.map(([, p]) => p)).toEqual([]);
    expect(namesOf(served.paths['/v1/common/oss/sign']!.get!)).not.toContain('query: _t');
  });
});
