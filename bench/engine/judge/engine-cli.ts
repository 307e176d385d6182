/**
 * The engine as the judge's scripts drive it: its CLI in a child process (so a check runs the
 * engine exactly as a user's render does), recordings brought to the song rate, and the judge's
 * likeness verdict on a signal.
 */
import { spawnSync } from 'node:child_process';
import type { Panel } from './panel';
import { judgeWindows, likeness, melCepstra } from './speaker-model';
import { JUDGE_SR, resample, toJudgeRate } from './tools';

/** BENCH_ENGINE_ROOT runs another checkout's engine (a before/after comparison). */
const ROOT = process.env['BENCH_ENGINE_ROOT'] ?? new URL('../../../', import.meta.url).pathname;
/** The rate songs and recordings are given to the engine at. */
export const SONG_SR = 44100;

/** Runs the engine's CLI with `args`; its JSON answer. */
export function engineCli(args: string[]): Record<string, unknown> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'packages/engine/src/cli/main.ts', ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`engine ${args[0]} failed: ${r.stdout}\n${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** A cover by a voice at a key, written to `out` with its stems in `stemsDir`; the CLI's answer. */
export function coverCli(
  input: string,
  voice: string,
  key: number,
  out: string,
  stemsDir: string,
): Record<string, unknown> {
  return engineCli([
    'cover',
    input,
    '--voice',
    voice,
    '--key',
    String(key),
    '--out',
    out,
    '--stems-dir',
    stemsDir,
  ]);
}

/** 16 kHz → 44.1 kHz through ffmpeg, as an uploaded recording would arrive. */
export const upsample = (x: Float32Array): Float32Array => resample(x, JUDGE_SR, SONG_SR);

/** The mean of some channels. */
export const mono = (chs: Float32Array[]): Float32Array =>
  chs[0]!.map((v, i) => chs.reduce((s, c) => s + c[i]!, 0) / chs.length || v * 0);

/** The judge's verdict for `who` on a signal at `rate`. */
export function judgeShare(
  panel: Panel,
  x: Float32Array,
  rate: number,
  who: string,
): ReturnType<typeof likeness> {
  const f = melCepstra(toJudgeRate(x, rate));
  return likeness(panel.models, judgeWindows(panel.models, f), who);
}
