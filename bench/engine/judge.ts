/**
 * The benchmark's pitch judge: aubio's `aubiopitch` (Debian package aubio-tools), a pitch tracker
 * the engine does not use (its YIN-FFT method, written by another team in C), so the engine's own
 * tracker never grades the engine's own output.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWav } from '../../packages/engine/src/io/wav';

/** Hop of the judge's frames (samples at the signal's rate). */
export const JUDGE_HOP = 256;

/** Why the judge cannot run, or undefined when aubiopitch is installed. */
export function judgeMissing(): string | undefined {
  const r = spawnSync('aubiopitch', ['--help'], { encoding: 'utf8' });
  return r.error ? 'aubiopitch not found: apt-get install aubio-tools' : undefined;
}

/** f0 per JUDGE_HOP samples (0 = unvoiced), by aubiopitch's yinfft method. */
export function judgePitch(x: Float32Array, sampleRate: number): Float32Array {
  const dir = mkdtempSync(join(tmpdir(), 'judge-'));
  try {
    const wav = join(dir, 'x.wav');
    writeWav(wav, sampleRate, [x]);
    const r = spawnSync(
      'aubiopitch',
      [
        '-i',
        wav,
        '-p',
        'yinfft',
        '-B',
        '2048',
        '-H',
        String(JUDGE_HOP),
        '-u',
        'Hz',
        '-s',
        '-50',
        '-l',
        '0.3',
      ],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    if (r.status !== 0) throw new Error(`aubiopitch failed: ${r.stderr}`);
    const rows = r.stdout.trim().split('\n');
    const f0 = new Float32Array(Math.floor(x.length / JUDGE_HOP) + 1);
    for (const row of rows) {
      const [t, hz] = row.trim().split(/\s+/).map(Number);
      if (t === undefined || hz === undefined || !Number.isFinite(t) || !Number.isFinite(hz)) continue;
      const i = Math.round((t * sampleRate) / JUDGE_HOP);
      if (i >= 0 && i < f0.length) f0[i] = hz >= 50 && hz <= 1500 ? hz : 0;
    }
    return f0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
