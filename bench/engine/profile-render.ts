/**
 * Where a whole render's time goes (decision 195): a song (3 minutes unless `--seconds N`)
 * rendered once in this process as the server renders a cover, each stage's wall time and
 * processor time (the engine's threads, and its encoders and decoder as child processes) taken
 * at the engine's progress steps, then each download's encode timed alone from the finished mix
 * (MP3 320k, WAV, MP3 128k, the stems) and the tags a download adds.
 *
 *   npm run engine-profile -w bench [-- --seconds 60]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCover } from '../../packages/engine/src';
import { openSink } from '../../packages/engine/src/io/encode';
import { readWav, writeWav } from '../../packages/engine/src/io/wav';
import { generateSong } from '../../packages/engine/test/support/synth-song';
import { COVER_LIMITS } from '../../packages/contracts/src';
import { renderAssetOutputs } from '../../apps/server/src/features/covers/render/render.assets';
import { writeTaggedMp3, writeTaggedWav } from '../../apps/server/src/features/covers/studio/audio-tags';

const at = process.argv.indexOf('--seconds');
const seconds = at > 0 ? Number(process.argv[at + 1]) : 180;
const dir = mkdtempSync(join(tmpdir(), 'profile-render-'));
const song = generateSong({ durationSec: seconds, seed: 99 });
const input = join(dir, 'song.wav');
writeWav(input, song.sampleRate, song.mix);

/** Wall clock, this process's CPU and its waited-for children's CPU (/proc/self/stat 16, 17). */
const snap = () => {
  const u = process.cpuUsage();
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return {
    wall: performance.now() / 1000,
    cpu: (u.user + u.system) / 1e6,
    children: (Number(f[13]) + Number(f[14])) / 100,
  };
};
const steps: Array<[string, ReturnType<typeof snap>]> = [['start', snap()]];
let step = 'start';
const loadBefore = loadavg()[0]!;
const assets = renderAssetOutputs(dir);
await createCover({
  input,
  voice: 'velvet',
  key: 'auto',
  outputs: [{ path: join(dir, 'full.mp3'), bitrateKbps: 320 }, ...assets.outputs],
  stemsDir: assets.stemsDir,
  preview: { path: join(dir, 'preview.mp3'), seconds: COVER_LIMITS.previewSeconds },
  maxSeconds: COVER_LIMITS.maxSongSeconds,
  scratchDir: dir,
  // A stage's end is the next one's first report; the preview's window reports none of its own.
  onPreview: () => {
    steps.push(['decode + preview window', snap()]);
    step = 'preview done';
  },
  onProgress: (_p, stage) => {
    if (!stage || stage === step) return;
    if (step !== 'preview done') steps.push([step, snap()]);
    step = stage;
  },
});
steps.push([step, snap()]);
const loadAfter = loadavg()[0]!;
console.log(
  `stages of one render (${seconds} s song), load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`,
);
console.log(
  "| step (until the next step's first report) | wall (s) | CPU, engine (s) | CPU, child processes (s) |",
);
for (let i = 1; i < steps.length; i++) {
  const [name, s] = steps[i]!;
  const p = steps[i - 1]![1];
  const f = (x: number) => x.toFixed(2);
  console.log(`| ${name} | ${f(s.wall - p.wall)} | ${f(s.cpu - p.cpu)} | ${f(s.children - p.children)} |`);
}

const mix = readWav(join(dir, 'full.wav'));
const n = mix.channels[0]!.length;
const encode =
  (path: string, format: Parameters<typeof openSink>[3], chans = mix.channels) =>
  async () => {
    const sink = openSink(path, mix.sampleRate, chans.length, format);
    const chunk = 10 * mix.sampleRate;
    for (let s = 0; s < n; s += chunk)
      await sink.write(chans.map((c) => c.subarray(s, Math.min(n, s + chunk))));
    await sink.finish();
  };
const timed = async (name: string, fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  console.log(`| ${name} | ${((performance.now() - t) / 1000).toFixed(2)} |`);
};
console.log(`\neach download alone from the finished mix, load ${loadavg()[0]!.toFixed(2)}`);
console.log('| encode | wall (s) |');
await timed('MP3 320k', encode(join(dir, 'e320.mp3'), { kind: 'mp3', bitrateKbps: 320 }));
await timed('WAV', encode(join(dir, 'e.wav'), { kind: 'wav' }));
await timed('MP3 128k', encode(join(dir, 'e128.mp3'), { kind: 'mp3', bitrateKbps: 128 }));
await timed('stems (a mono and two stereo WAVs)', async () => {
  await encode(join(dir, 's1.wav'), { kind: 'wav' }, [mix.channels[0]!])();
  await encode(join(dir, 's2.wav'), { kind: 'wav' })();
  await encode(join(dir, 's3.wav'), { kind: 'wav' })();
});
// A cover picture of a typical size: the tags a download writes into its copy.
const tags = { title: 'A song', artist: 'Velvet', picture: Buffer.alloc(150_000, 7) };
await timed('tags, MP3', () => writeTaggedMp3(join(dir, 'e320.mp3'), join(dir, 't.mp3'), tags));
await timed('tags, WAV', () => writeTaggedWav(join(dir, 'e.wav'), join(dir, 't.wav'), tags));
console.log(`load after ${loadavg()[0]!.toFixed(2)}`);
rmSync(dir, { recursive: true, force: true });
