import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../platform/db/client';
import { SNAPSHOT_PATH } from './paths';

/**
 * Migrates one PGlite database and saves its data directory as a tarball: every test file then
 * starts from a copy in a fraction of the time migrations take.
 */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  fs.mkdirSync(path.dirname(SNAPSHOT_PATH), { recursive: true });
  const database = await openDatabase({});
  const client = database.pglite;
  if (!client) throw new Error('PGlite handle missing');
  const blob = await client.dumpDataDir('none');
  fs.writeFileSync(SNAPSHOT_PATH, Buffer.from(await blob.arrayBuffer()));
  await database.close();
}
