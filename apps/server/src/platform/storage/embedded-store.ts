import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeObjectKey } from '@ai-covers/contracts';
import { diskIo } from '../disk/io';
import { UploadRejected, type ByteRange, type ObjectInfo, type ObjectStore } from './object-store';

/** Counts and hashes bytes on their way to disk; fails as soon as the limit is passed. */
export class MeteredStream extends Transform {
  readonly md5 = createHash('md5');
  bytes = 0;
  constructor(
    private readonly maxBytes: number,
    private readonly expectedBytes?: number,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new UploadRejected(`File is larger than the limit of ${this.maxBytes} bytes`, 413));
      return;
    }
    this.md5.update(chunk);
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (this.expectedBytes !== undefined && this.bytes !== this.expectedBytes) {
      done(new UploadRejected('Content-Length does not match the body', 400));
      return;
    }
    done();
  }
}

/** Resolves a key inside root; throws on anything that could leave it (defence in depth). */
export function resolveInside(root: string, bucket: string, key: string): string {
  if (!isSafeObjectKey(key)) throw new UploadRejected('Invalid object key', 400);
  const full = path.resolve(root, bucket, key);
  if (!full.startsWith(path.resolve(root, bucket) + path.sep))
    throw new UploadRejected('Invalid object key', 400);
  return full;
}

/**
 * Files on disk under `root/<bucket>/<key>`. Writes go to a temp file in `root/.tmp`, are fsynced,
 * then renamed over the target: concurrent writers never tear an object, a failed write leaves nothing.
 * The MD5 etag is computed while writing and recorded by the upload callback.
 */
export function createEmbeddedStore(options: { root: string; bucket: string }): ObjectStore {
  const { root, bucket } = options;
  const tmpDir = path.join(root, '.tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  fs.mkdirSync(path.join(root, bucket), { recursive: true });

  return {
    driver: 'embedded',
    bucket,
    localPath: (key) => resolveInside(root, bucket, key),

    async write(key, body, { maxBytes, expectedBytes, expectedMd5, overwrite }) {
      const target = resolveInside(root, bucket, key);
      const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
      const meter = new MeteredStream(maxBytes, expectedBytes);
      let etag: string;
      try {
        // flush: the file is fsynced before close, so a crash after the rename cannot leave a hole.
        await pipeline(body, meter, diskIo.createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true }));
        const md5 = meter.md5.digest();
        if (expectedMd5 && md5.toString('base64') !== expectedMd5)
          throw new UploadRejected('Content-MD5 does not match the body', 400);
        etag = `"${md5.toString('hex').toUpperCase()}"`;
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        if (overwrite) {
          await fs.promises.rename(tmp, target);
        } else {
          // link() creates the name only if it is free, atomically: the first writer wins the key
          // and a second upload to it can never replace the bytes the first one recorded.
          await fs.promises.link(tmp, target).catch((error: NodeJS.ErrnoException) => {
            throw error.code === 'EEXIST'
              ? new UploadRejected('An object with this key already exists', 409)
              : error;
          });
        }
      } finally {
        await fs.promises.rm(tmp, { force: true });
      }
      return { size: meter.bytes, etag };
    },

    async stat(key): Promise<ObjectInfo | null> {
      const file = resolveInside(root, bucket, key);
      const st = await fs.promises.stat(file).catch(() => null);
      if (!st?.isFile()) return null;
      // The etag of a stored object is recorded at upload; a stat only needs to be cheap.
      return { size: st.size, etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"` };
    },

    async read(key, range?: ByteRange): Promise<Readable> {
      const file = resolveInside(root, bucket, key);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    async remove(key) {
      await fs.promises.rm(resolveInside(root, bucket, key), { force: true });
    },

    async *list() {
      const base = path.join(root, bucket);
      for await (const file of walk(base)) {
        const st = await fs.promises.stat(file).catch(() => null);
        if (st?.isFile())
          yield { key: path.relative(base, file).split(path.sep).join('/'), modified: st.mtime };
      }
    },

    async removeStaleParts(before) {
      let removed = 0;
      for (const name of await fs.promises.readdir(tmpDir)) {
        const file = path.join(tmpDir, name);
        const st = await fs.promises.stat(file).catch(() => null);
        if (st?.isFile() && st.mtime < before) {
          await fs.promises.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

/** Every file under `dir`, depth first. */
async function* walk(dir: string): AsyncIterable<string> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
