import fs from 'node:fs';
import path from 'node:path';
import { diskIo } from './disk/io';
import { freeBytes, isOutOfSpace } from './disk/space';

/** A start-up failure whose message is the one line an operator reads (no stack). */
export class StartupError extends Error {}

const MB = 1024 * 1024;

/**
 * Checks that the data folder exists and takes a write before anything opens it: a read-only
 * mount or a full disk is named here instead of surfacing as the embedded database's "Aborted()".
 */
export async function checkDataDir(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    await fs.promises.mkdir(dataDir, { recursive: true });
    // A megabyte, not a byte: a disk with only a few blocks left cannot run the database either.
    await diskIo.writeFile(probe, Buffer.alloc(MB), { mode: 0o600 });
  } catch (error) {
    throw describeStartupFailure(error, { dataDir });
  } finally {
    await fs.promises.rm(probe, { force: true }).catch(() => undefined);
  }
}

/**
 * Holds the embedded database of `dir` for this process: a second server on the same DATA_DIR
 * would corrupt it. A lock left by a dead process is taken over. Returns its release.
 */
export function lockEmbeddedDatabase(dir: string): () => void {
  const lock = path.join(dir, 'server.lock');
  fs.mkdirSync(dir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw describeStartupFailure(error, { dataDir: dir });
      const holder = Number(fs.readFileSync(lock, 'utf8').trim());
      if (holder !== process.pid && alive(holder))
        throw new StartupError(
          `the database in ${dir} is held by another process (pid ${holder}): stop it, or give this one another DATA_DIR or a DATABASE_URL`,
        );
      fs.rmSync(lock, { force: true });
    }
  }
  throw new StartupError(`the database lock ${lock} could not be taken`);
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Turns what stopped start-up into one line naming the cause: disk full, data folder not
 * writable, port in use, database unreachable. Anything else keeps its first line.
 */
export function describeStartupFailure(
  error: unknown,
  where: { dataDir?: string; host?: string; port?: number },
): StartupError {
  if (error instanceof StartupError) return error;
  const e = error as NodeJS.ErrnoException;
  if (isOutOfSpace(error))
    return new StartupError(
      `the disk holding ${where.dataDir ?? 'the data folder'} is full: free some space`,
    );
  if (e.code === 'EACCES' || e.code === 'EROFS' || e.code === 'EPERM')
    return new StartupError(
      `the data folder ${where.dataDir ?? ''} is not writable (${e.code}): fix its owner or permissions, or set DATA_DIR`,
    );
  if (e.code === 'EADDRINUSE')
    return new StartupError(
      `port ${where.port ?? ''} on ${where.host ?? ''} is in use by another process: stop it or set PORT`,
    );
  if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND')
    return new StartupError(`the database at DATABASE_URL cannot be reached (${e.code})`);
  const first = (e?.message ?? String(error)).split('\n')[0] ?? 'unknown error';
  return new StartupError(first);
}

/**
 * The embedded database aborts ("Aborted()") when a write fails; on a nearly full disk that is the
 * reason, and saying so is the whole point of this check.
 */
export async function explainAbort(error: unknown, dataDir: string): Promise<StartupError> {
  const free = await freeBytes(dataDir);
  if (/Aborted\(\)/.test((error as Error)?.message ?? '') && free !== null && free < 64 * MB)
    return new StartupError(
      `the disk holding ${dataDir} is full (${Math.floor(free / MB)} MB free): free some space`,
    );
  return describeStartupFailure(error, { dataDir });
}
