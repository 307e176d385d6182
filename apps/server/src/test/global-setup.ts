import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../platform/db/client';
import { DATA_DIR_TEMPLATE, SNAPSHOT_PATH } from './paths';

/**
 * Migrates one PGlite database in a data directory and saves it as a tarball too: every test file
 * then starts from a copy of the tarball, and every child server from a copy of the directory, in a
 * fraction of the time migrations take.
 */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  fs.mkdirSync(path.dirname(SNAPSHOT_PATH), { recursive: true });
  fs.rmSync(DATA_DIR_TEMPLATE, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: DATA_DIR_TEMPLATE });
  const client = database.pglite;
  if (!client) throw new Error('PGlite handle missing');
  const blob = await client.dumpDataDir('none');
  fs.writeFileSync(SNAPSHOT_PATH, Buffer.from(await blob.arrayBuffer()));
  await database.close();
}
