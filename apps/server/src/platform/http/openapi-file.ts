import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The committed OpenAPI document: what `GET /v1/openapi.json` serves, kept in the repository. */
export const OPENAPI_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../openapi.json',
);

/** The document as it is committed: two-space JSON with a final newline. */
export function serializeOpenApi(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
