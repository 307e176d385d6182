import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FilesService } from '../storage/files/files.service';

/** Reads a stored object's bytes (the store's own file, or a copy removed again at once). */
export async function readStored(
  files: Pick<FilesService, 'localFile'>,
  storageKey: string,
  tmpRoot = os.tmpdir(),
): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(tmpRoot, 'art-read-'));
  try {
    return await fs.promises.readFile(await files.localFile({ storageKey }, dir));
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
