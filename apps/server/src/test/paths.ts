import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SNAPSHOT_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../.tmp/pglite-snapshot.tar',
);

/**
 * The same migrated database as a data directory: copied into a child server's fresh `DATA_DIR/db`,
 * it spares each start the embedded database's creation and migrations (seconds, a minute under load).
 */
export const DATA_DIR_TEMPLATE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../.tmp/pglite-data-template',
);
