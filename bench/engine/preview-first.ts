/**
 * How soon a person hears their cover and can download it: a 3-minute song rendered as the server
 * renders it (the full MP3 at 320k, the WAV, the stems, the 30-second preview made first; the 128k
 * MP3 is encoded from the WAV when first asked for, decision 255), timing render start → preview
 * written, → the cover's main download (the MP3 320k) written and → every download the render
 * makes written, with the process's peak memory and the CPU time the render took (this process and
 * its encoders), a figure a busy machine changes far less than the wall clock. The engine writes
 * its downloads together: the main download and the others are ready at once.
 *
 *   npm run engine-preview -w bench        (writes preview-first.json and preview-first.md here)
 *
 * Each run is a fresh process (the engine's first use loads its tables); the median of three is
 * reported, with the load average before and after each, since a busy machine slows every figure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  mainSec: number;
  allSec: number;
  cpuSec: number;
  peakRssMb: number;
  loadBefore: number;
  loadAfter: number;
}

/** CPU seconds of this process (all its threads) and of its waited-for children (the encoders). */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  // /proc/self/stat fields 16 and 17: children's user and system time, in clock ticks (100 a second).
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (u.user + u.system) / 1e6 + (Number(f[13]) + Number(f[14])) / 100;
}

/** One render in this process: what the child prints. */
async function renderOnce(song: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'preview-first-'));
  const assets = renderAssetOutputs(dir);
  let previewAt: number | null = null;
  const main = join(dir, 'full.mp3');
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  await createCover({
    input: song,
    voice: 'velvet',
    key: 'auto',
    outputs: [{ path: main, bitrateKbps: 320 }, ...assets.outputs],
    stemsDir: assets.stemsDir,
    preview: { path: join(dir, 'preview.mp3'), seconds: COVER_LIMITS.previewSeconds },
    maxSeconds: COVER_LIMITS.maxSongSeconds,
    scratchDir: dir,
    onPreview: () => {
      previewAt = performance.now();
    },
  });
  const all = performance.now();
  // The engine renames every output into place at its end: the main MP3 is not there before.
  if (!existsSync(main)) throw new Error('the main download was not written');
  const cpuSec = cpuSeconds() - cpu0;
  rmSync(dir, { recursive: true, force: true });
  const run: Omit<Run, 'loadBefore' | 'loadAfter'> = {
    previewSec: previewAt === null ? null : (previewAt - t0) / 1000,
    mainSec: (all - t0) / 1000,
    allSec: (all - t0) / 1000,
    cpuSec,
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
    runs.push({
      ...(JSON.parse(r.stdout) as Omit<Run, 'loadBefore' | 'loadAfter'>),
      loadBefore,
      loadAfter: loadavg()[0]!,
    });
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
      mainSec: median(runs.map((r) => r.mainSec)),
      allSec: median(runs.map((r) => r.allSec)),
      cpuSec: median(runs.map((r) => r.cpuSec)),
      peakRssMb: median(runs.map((r) => r.peakRssMb)),
    },
  };
  writeFileSync(join(here, 'preview-first.json'), `${JSON.stringify(result, null, 2)}\n`);
  const row = (r: Run, i: number) =>
    `| ${i + 1} | ${r.previewSec?.toFixed(1) ?? 'none'} | ${r.mainSec.toFixed(1)} | ${r.allSec.toFixed(1)} | ${r.cpuSec.toFixed(1)} | ${r.peakRssMb} | ${r.loadBefore.toFixed(2)} → ${r.loadAfter.toFixed(2)} |`;
  const m = result.median;
  writeFileSync(
    join(here, 'preview-first.md'),
    [
      '# Preview first: a 3-minute song',
      '',
      `Measured ${result.date.slice(0, 16).replace('T', ' ')} UTC on ${result.machine} by`,
      '`npm run engine-preview -w bench`: the synthetic 3-minute song of the engine benchmark',
      '(seed 99), rendered as the server renders a cover (MP3 320k, WAV, MP3 128k, stems, the',
      '30-second preview first), each run in a fresh process. Targets (on a quiet 2-core machine):',
      'preview ≤ 8 s, every download ≤ 20 s, peak memory ≤ 600 MB. Every format is made by the',
      'render and written with the others (none is encoded when first asked for; a download then',
      'adds only its tags, 0.05–0.12 s). CPU is the render’s processor time, its encoders’',
      'included; the load averages (1 minute) say how busy the shared machine was.',
      '',
      '| run | render start → preview written (s) | → main download (MP3 320k) (s) | → every download (s) | CPU (s) | peak RSS (MB) | load before → after |',
      '|---|---|---|---|---|---|---|',
      ...runs.map(row),
      `| **median** | **${m.previewSec?.toFixed(1) ?? 'none'}** | **${m.mainSec.toFixed(1)}** | **${m.allSec.toFixed(1)}** | **${m.cpuSec.toFixed(1)}** | **${m.peakRssMb}** | |`,
      '',
    ].join('\n'),
  );
  process.stdout.write(`${JSON.stringify(result.median)}\n`);
}

await main();
