import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser fetches; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // `.vite/` (the manifest) is read by tools, never served.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
      }),
  );
  return nested.flat();
}

/** Writes `file.br` and `file.gz` beside one file, each only when it is really smaller. */
async function compressFile(file: string): Promise<void> {
  const plain = await fs.readFile(file);
  if (plain.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that saves under a tenth is not worth a second representation.
  if (br.length < plain.length * 0.9) await fs.writeFile(`${file}.br`, br);
  if (gz.length < plain.length * 0.9) await fs.writeFile(`${file}.gz`, gz);
}

/** Compresses every text file of a finished build (dot folders left out). */
export async function precompressFolder(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(files.map(compressFile));
}

/**
 * The server sends text uncompressed unless a compressed copy lies beside the file (its static
 * files are served with `preCompressed`): on a phone link the first page's ~560–740 KiB were
 * ~3 s of transfer alone. This writes brotli (quality 11: it costs only build time) and gzip
 * copies of every text file of the finished build, index.html and the public files included.
 * Decision 191.
 */
export function precompress(): Plugin {
  return {
    name: 'ai-covers-precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options) {
      if (!options.dir) this.error('precompress: the build has no output folder');
      await precompressFolder(options.dir);
    },
  };
}
