import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { writeWav } from '../../packages/engine/src/io/wav';
import { generateSong } from '../../packages/engine/test/support/synth-song';

/** Wall time and memory of one full cover through the CLI. */
export interface PerfRow {
  seconds: number;
  wallSec: number;
  xRealTime: number;
  peakRssMb: number;
  /** CPU seconds of all threads of the cover process (user + system). */
  cpuSec: number;
  mallocTuned: boolean;
  workers: number;
  stagesMs: Record<string, number>;
  loudness: { integratedLufs: number; truePeakDbtp: number };
}

const ROOT = new URL('../../', import.meta.url).pathname;

/** Generates a stereo 44.1 kHz song of `seconds`, then times `cover` on it in a fresh process. */
export function benchPerf(dir: string, seconds: number, mallocTuned: boolean): PerfRow {
  const song = generateSong({ durationSec: seconds, seed: 99 });
  const input = join(dir, `perf-${seconds}.wav`);
  writeWav(input, song.sampleRate, song.mix);
  const out = join(dir, `perf-${seconds}-cover.mp3`);
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'packages/engine/src/cli/main.ts'),
      'cover',
      input,
      '--voice',
      'lumen',
      '--out',
      out,
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
      // Fixed mmap threshold: big freed buffers go back to the OS instead of staying in glibc arenas.
      env: mallocTuned ? { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' } : process.env,
    },
  );
  const wallSec = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`cover failed: ${r.stdout}\n${r.stderr.slice(-2000)}`);
  const res = JSON.parse(r.stdout) as {
    peakRssMb: number;
    cpuSec: number;
    workers: number;
    timingsMs: Record<string, number>;
    loudness: PerfRow['loudness'];
  };
  return {
    seconds,
    wallSec,
    xRealTime: wallSec / seconds,
    peakRssMb: res.peakRssMb,
    cpuSec: res.cpuSec,
    mallocTuned,
    workers: res.workers,
    stagesMs: res.timingsMs,
    loudness: res.loudness,
  };
}
