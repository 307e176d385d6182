/**
 * Makes the example pictures of the style cards and backdrop tiles (apps/web/src/features/headshots/
 * examples/<style>.webp): the public-domain astronaut portrait the pipeline's tests ship, through
 * the real pipeline, one pack of one result per style, then a small WebP. Run it again when the
 * styles or the pipeline change: `npx tsx bench/headshots/examples.ts`.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createHeadshots, listStyles } from '../../packages/headshots/src/index';
import { astronaut } from './inputs';

const OUT = path.resolve(import.meta.dirname, '../../apps/web/src/features/headshots/examples');
/** Tile width: the cards show them at most about 160 CSS px wide, so this is sharp at 1.5×. */
const WIDTH = 240;

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'hs-examples-'));
  // The sample is 512 px square; the check wants a larger face, so it is scaled to 1024 first
  // (the tiles are 240 px wide, far below what that costs in sharpness).
  const input = path.join(work, 'astronaut-1024.jpg');
  writeFileSync(
    input,
    await sharp(astronaut()).resize(1024, 1024, { kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer(),
  );
  const pipeline = createHeadshots({ threads: 2 });
  try {
    for (const style of listStyles()) {
      const started = Date.now();
      const made = await pipeline.makePack({
        photos: [input],
        styles: [style.id],
        count: 1,
        outDir: path.join(work, style.id),
      });
      const first = made.files[0];
      if (!first) throw new Error(`${style.id}: no result (${JSON.stringify(made.declined)})`);
      const file = path.join(OUT, `${style.id}.webp`);
      await sharp(first.path).resize({ width: WIDTH }).webp({ quality: 72 }).toFile(file);
      process.stdout.write(
        `${style.id}: ${statSync(file).size} bytes, ${Date.now() - started} ms (likeness ${first.likeness.toFixed(2)})\n`,
      );
    }
  } finally {
    await pipeline.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
