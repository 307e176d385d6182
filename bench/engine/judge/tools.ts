/**
 * The judge's outside tools: SPTK 3.9 (Debian `sptk`: RAPT, SWIPE', mel-cepstra, GMMs) and aubio
 * (Debian `aubio-tools`: yinfft). None of them is used by the engine, so the engine never grades
 * its own output. Every signal is handed over at 16 kHz mono.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWav } from '../../../packages/engine/src/io/wav';

/** The judge's sample rate: every signal is resampled to it before analysis. */
export const JUDGE_SR = 16000;
/** Debian installs SPTK's commands outside PATH. */
const SPTK_DIRS = ['/usr/libexec/sptk/bin', '/usr/lib/SPTK/bin', '/usr/bin'];

/** The SPTK command's path, or undefined when SPTK is not installed. */
export function sptkBin(name: string): string | undefined {
  for (const d of SPTK_DIRS) if (existsSync(join(d, name))) return join(d, name);
  return undefined;
}

/** Why the judge cannot run (the Debian packages to install), or undefined when it can. */
export function judgeToolsMissing(): string | undefined {
  const missing: string[] = [];
  if (!sptkBin('pitch') || !sptkBin('mcep') || !sptkBin('gmm')) missing.push('sptk');
  if (spawnSync('aubiopitch', ['--help']).error) missing.push('aubio-tools');
  if (spawnSync('ffmpeg', ['-version']).error) missing.push('ffmpeg');
  return missing.length ? `apt-get install -y ${missing.join(' ')}` : undefined;
}

/** Runs an SPTK command with float32 samples on stdin; its float32 output. */
export function sptk(name: string, args: string[], input: Float32Array): Float32Array {
  const bin = sptkBin(name);
  if (!bin) throw new Error(`SPTK's ${name} is missing: apt-get install sptk`);
  const out = execFileSync(bin, args, {
    input: Buffer.from(input.buffer, input.byteOffset, input.byteLength),
    maxBuffer: 1 << 30,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  return new Float32Array(out.buffer, out.byteOffset, out.length >> 2).slice();
}

/** Decodes any audio file to mono float at the judge's rate (ffmpeg's resampler). */
export function decodeForJudge(path: string, rate = JUDGE_SR): Float32Array {
  const buf = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'],
    { maxBuffer: 1 << 30 },
  );
  return new Float32Array(buf.buffer, buf.byteOffset, buf.length >> 2).slice();
}

/** A mono signal read at `from` Hz and written at `to` Hz, through ffmpeg (no engine code involved). */
export function resample(x: Float32Array, from: number, to: number): Float32Array {
  const out = execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'f32le',
      '-ar',
      String(from),
      '-ac',
      '1',
      '-i',
      '-',
      '-ar',
      String(to),
      '-f',
      'f32le',
      '-',
    ],
    { input: Buffer.from(x.buffer, x.byteOffset, x.byteLength), maxBuffer: 1 << 30 },
  );
  return new Float32Array(out.buffer, out.byteOffset, out.length >> 2).slice();
}

/** Resamples a mono signal to the judge's rate. */
export function toJudgeRate(x: Float32Array, sampleRate: number): Float32Array {
  return sampleRate === JUDGE_SR ? x : resample(x, sampleRate, JUDGE_SR);
}

/**
 * aubiopitch stamps each estimate 30 ms after the middle of what it analysed (1024-sample window):
 * measured on a gliding tone against RAPT and SWIPE' (judge test), and removed here.
 */
const AUBIO_DELAY_SAMPLES = 480;

/** aubiopitch's yinfft track at `hop` samples (16 kHz): f0 per frame, 0 where it hears no pitch. */
export function aubioYinFft(x: Float32Array, hop: number, minHz: number, maxHz: number): Float32Array {
  const dir = mkdtempSync(join(tmpdir(), 'judge-aubio-'));
  try {
    const wav = join(dir, 'x.wav');
    writeWav(wav, JUDGE_SR, [x]);
    const r = spawnSync(
      'aubiopitch',
      ['-i', wav, '-p', 'yinfft', '-B', '1024', '-H', String(hop), '-u', 'Hz', '-s', '-50', '-l', '0.3'],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    if (r.status !== 0) throw new Error(`aubiopitch failed: ${r.stderr}`);
    const f0 = new Float32Array(Math.ceil(x.length / hop));
    for (const row of r.stdout.split('\n')) {
      const [t, hz] = row.trim().split(/\s+/).map(Number);
      if (t === undefined || hz === undefined || !Number.isFinite(t) || !Number.isFinite(hz)) continue;
      const i = Math.round((t * JUDGE_SR - AUBIO_DELAY_SAMPLES) / hop);
      if (i >= 0 && i < f0.length) f0[i] = hz >= minHz && hz <= maxHz ? hz : 0;
    }
    return f0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
