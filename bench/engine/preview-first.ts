/**
 * How soon a person hears their cover: a 3-minute song rendered as the server renders it (the
 * full MP3 at 320k, the WAV, the 128k MP3, the stems, the 30-second preview made first), timing
 * render start → preview written and → every download written, with the process's peak memory.
 *
 *   npm run engine-preview -w bench        (writes preview-first.json and preview-first.md here)
 *
 * Each run is a fresh process (the engine's first use loads its tables); the median of three is
 * reported, with the load average before each, since a busy machine slows every figure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCover } from '../../packages/engine/src';
import { writeWav } from '../../packages/engine/src/io/wav';
import { generateSong } from '../../packages/engine/test/support/synth-song';
import { COVER_LIMITS } from '../../packages/contracts/src';
import { renderAssetOutputs } from '../../apps/server/src/features/covers/render/render.assets';

const SONG_SECONDS = 180;
const RUNS = 3;
const here = new URL('.', import.meta.url).pathname;

interface Run {
  previewSec: number | null;
  allSec: number;
  peakRssMb: number;
  loadBefore: number;
}

/** One render in this process: what the child prints. */
async function renderOnce(song: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'preview-first-'));
  const assets = renderAssetOutputs(dir);
  let previewAt: number | null = null;
  const t0 = performance.now();
  await createCover({
    input: song,
    voice: 'velvet',
    key: 'auto',
    outputs: [{ path: join(dir, 'full.mp3'), bitrateKbps: 320 }, ...assets.outputs],
    stemsDir: assets.stemsDir,
    preview: { path: join(dir, 'preview.mp3'), seconds: COVER_LIMITS.previewSeconds },
    maxSeconds: COVER_LIMITS.maxSongSeconds,
    scratchDir: dir,
    onPreview: () => {
      previewAt = performance.now();
    },
  });
  const all = performance.now();
  rmSync(dir, { recursive: true, force: true });
  const run: Omit<Run, 'loadBefore'> = {
    previewSec: previewAt === null ? null : (previewAt - t0) / 1000,
    allSec: (all - t0) / 1000,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.stdout.write(JSON.stringify(run));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  if (process.argv[2] === '--once') return renderOnce(process.argv[3]!);
  const dir = mkdtempSync(join(tmpdir(), 'preview-first-song-'));
  const song = generateSong({ durationSec: SONG_SECONDS, seed: 99 });
  const input = join(dir, 'song.wav');
  writeWav(input, song.sampleRate, song.mix);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const loadBefore = loadavg()[0]!;
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', new URL(import.meta.url).pathname, '--once', input],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      },
    );
    if (r.status !== 0) throw new Error(`render failed: ${r.stderr.slice(-2000)}`);
    runs.push({ ...(JSON.parse(r.stdout) as Omit<Run, 'loadBefore'>), loadBefore });
    process.stderr.write(`run ${i + 1}: ${r.stdout}\n`);
  }
  rmSync(dir, { recursive: true, force: true });
  const previews = runs.map((r) => r.previewSec).filter((s): s is number => s !== null);
  const result = {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    songSeconds: SONG_SECONDS,
    runs,
    median: {
      previewSec: previews.length === runs.length ? median(previews) : null,
      allSec: median(runs.map((r) => r.allSec)),
      peakRssMb: median(runs.map((r) => r.peakRssMb)),
    },
  };
  writeFileSync(join(here, 'preview-first.json'), `${JSON.stringify(result, null, 2)}\n`);
  const row = (r: Run, i: number) =>
    `| ${i + 1} | ${r.previewSec?.toFixed(1) ?? 'none'} | ${r.allSec.toFixed(1)} | ${r.peakRssMb} | ${r.loadBefore.toFixed(2)} |`;
  writeFileSync(
    join(here, 'preview-first.md'),
    [
      '# Preview first: a 3-minute song',
      '',
      `Measured ${result.date.slice(0, 16).replace('T', ' ')} UTC on ${result.machine} by`,
      '`npm run engine-preview -w bench`: the synthetic 3-minute song of the engine benchmark',
      '(seed 99), rendered as the server renders a cover (MP3 320k, WAV, MP3 128k, stems, the',
      '30-second preview first), each run in a fresh process. Targets: preview ≤ 8 s, every',
      'download ≤ 20 s, peak memory ≤ 600 MB.',
      '',
      '| run | render start → preview written (s) | → every download written (s) | peak RSS (MB) | load before |',
      '|---|---|---|---|---|',
      ...runs.map(row),
      `| **median** | **${result.median.previewSec?.toFixed(1) ?? 'none'}** | **${result.median.allSec.toFixed(1)}** | **${result.median.peakRssMb}** | |`,
      '',
    ].join('\n'),
  );
  process.stdout.write(`${JSON.stringify(result.median)}\n`);
}

await main();
