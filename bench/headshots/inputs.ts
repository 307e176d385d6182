import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

// Benchmark inputs. The pipeline's thresholds were set on the astronaut portrait that the tests
// ship; the pack here is made from a photograph the code was not tuned on: the official U.S. Navy
// portrait of Grace Hopper that matplotlib ships as sample data (Debian package
// python-matplotlib-data). It is fetched with `apt-get download` into .cache/ (not committed).

const CACHE = new URL('./.cache/', import.meta.url).pathname;

function fromDebian(pkg: string, file: string): string {
  const dest = path.join(CACHE, path.basename(file));
  if (existsSync(dest)) return dest;
  mkdirSync(CACHE, { recursive: true });
  const dl = spawnSync('apt-get', ['download', pkg], { cwd: CACHE, encoding: 'utf8' });
  const deb = readdirSync(CACHE).find((f) => f.startsWith(pkg) && f.endsWith('.deb'));
  if (dl.status !== 0 || !deb) throw new Error(`apt-get download ${pkg} failed: ${dl.stderr}`);
  const x = spawnSync('dpkg-deb', ['-x', deb, 'x'], { cwd: CACHE, encoding: 'utf8' });
  if (x.status !== 0) throw new Error(`dpkg-deb failed: ${x.stderr}`);
  spawnSync('cp', [path.join(CACHE, 'x', file), dest]);
  if (!existsSync(dest)) throw new Error(`${file} not found in ${pkg}`);
  return dest;
}

/** Grace Hopper, 512×600 JPEG (U.S. Navy photograph, public domain as a work of the U.S. government). */
export const graceHopper = () =>
  fromDebian('python-matplotlib-data', 'usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg');

/** The astronaut portrait the tests ship (the photo the thresholds were set on). */
export const astronaut = () =>
  new URL('../../packages/headshots/test/fixtures/astronaut.jpg', import.meta.url).pathname;

/**
 * Eight "photos" of one person made from one photograph by the changes a different shot would bring:
 * size (512 px to about 3000 px), mirror, tilt, exposure, white balance, crop, noise and JPEG quality.
 * Honest caveat: they share one pose and expression, so likeness between them is higher than
 * between eight independent photos of a person.
 */
export async function eightPhotos(dir: string): Promise<string[]> {
  const src = graceHopper();
  mkdirSync(dir, { recursive: true });
  const base = () => sharp(src);
  const variants: [string, () => sharp.Sharp][] = [
    ['01-original-512.jpg', () => base().jpeg({ quality: 92 })],
    ['02-mirrored-1200.jpg', () => base().flop().resize(1200).jpeg({ quality: 85 })],
    [
      '03-tilted-1600.jpg',
      () => base().rotate(6, { background: '#7f8ea0' }).resize(1600).jpeg({ quality: 88 }),
    ],
    [
      '04-darker-warm-1400.jpg',
      () => base().resize(1400).linear([0.8, 0.74, 0.66], [0, 0, 0]).jpeg({ quality: 90 }),
    ],
    [
      '05-brighter-cool-2000.jpg',
      () => base().resize(2000).linear([1.05, 1.12, 1.22], [6, 6, 6]).jpeg({ quality: 90 }),
    ],
    [
      '06-wider-2400.jpg',
      () =>
        base()
          .extend({ left: 160, right: 160, bottom: 120, extendWith: 'mirror' })
          .resize(2400)
          .jpeg({ quality: 90 }),
    ],
    ['07-noisy-q70-3000.jpg', () => base().resize(3000).jpeg({ quality: 70 })],
    ['08-png-900.png', () => base().resize(900).png()],
  ];
  const out: string[] = [];
  for (const [name, make] of variants) {
    const file = path.join(dir, name);
    let img = make();
    if (name.startsWith('07')) {
      // Sensor-like noise before the low-quality JPEG.
      const { data, info } = await base().resize(3000).raw().toBuffer({ resolveWithObject: true });
      let seed = 7;
      for (let i = 0; i < data.length; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        data[i] = Math.max(0, Math.min(255, data[i]! + ((seed >>> 16) % 17) - 8));
      }
      img = sharp(data, { raw: info }).jpeg({ quality: 70 });
    }
    await img.toFile(file);
    out.push(file);
  }
  return out;
}
