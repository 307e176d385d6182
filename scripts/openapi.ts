// Writes the OpenAPI document the server serves (GET /v1/openapi.json) to apps/server/openapi.json,
// the committed contract. A test fails while the two differ. Run: npm run openapi
import fs from 'node:fs';
import { createTestContext } from '../apps/server/src/test/context';
import { OPENAPI_FILE, serializeOpenApi } from '../apps/server/src/platform/http/openapi-file';

const ctx = await createTestContext();
try {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}`);
  const text = serializeOpenApi(res.json());
  const before = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
  fs.writeFileSync(OPENAPI_FILE, text);
  const paths = Object.keys((res.json() as { paths: object }).paths).length;
  console.log(`${before === text ? 'unchanged' : 'written'}: ${OPENAPI_FILE} (${paths} paths)`);
} finally {
  await ctx.close();
}
