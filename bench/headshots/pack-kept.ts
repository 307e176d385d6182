/**
 * What a pack saves when it takes a photo's matte from the portrait kept for its previews
 * (decision 230): one photo (the tests' astronaut, 768×768), a one-result pack with and without the
 * kept portrait, alternated, each with its wall time, its CPU (this process, its threads and the
 * matting process it waited for) and the load average beside it (`npm run headshots-pack-kept -w bench`).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createHeadshots } from '../../packages/headshots/src/index';
import { oneFace } from '../../apps/server/src/features/headshots/headshots.test-photos';

const load = () => loadavg()[0]!.toFixed(2);
/** CPU seconds of this process (all threads) and of its children already ended (the matting process). */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  // Fields 16 and 17 of /proc/self/stat: children's user and system time, in clock ticks.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return (own.user + own.system) / 1e6 + children;
}

const dir = await mkdtemp(path.join(tmpdir(), 'pack-kept-'));
const photo = path.join(dir, 'me.jpg');
await writeFile(photo, await oneFace(0));
// Kept alive between packs: idle workers would otherwise let the run end before its last pack.
const hs = createHeadshots({ threads: 2, unrefIdle: false });
const kept = await hs.packPortrait(await hs.preparePortrait(photo, { background: true }));
const rounds = Number(process.env['ROUNDS'] ?? '2');

async function pack(label: string, withKept: boolean, n: number) {
  const before = load();
  const cpu = cpuSeconds();
  const t = performance.now();
  const made = await hs.makePack({
    photos: [photo],
    styles: ['navy-studio'],
    count: 1,
    outDir: path.join(dir, `out-${label}-${n}`),
    ...(withKept ? { kept: async () => kept } : {}),
  });
  const wall = (performance.now() - t) / 1000;
  const used = cpuSeconds() - cpu;
  console.log(
    `${label.padEnd(12)} wall ${wall.toFixed(1).padStart(6)} s  cpu ${used.toFixed(1).padStart(5)} s  kept mattes ${made.keptMattes}  load ${before} → ${load()}`,
  );
}

// A first pack loads the models on the pool's threads: not counted.
await pack('warm-up', false, 0);
for (let n = 1; n <= rounds; n++) {
  await pack('matted', false, n);
  await pack('kept matte', true, n);
}
await hs.close();
await rm(dir, { recursive: true, force: true });
