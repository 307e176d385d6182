import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SNAPSHOT_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../.tmp/pglite-snapshot.tar',
);
