/**
 * Scratch 1.4's sound library (© MIT Media Lab, CC BY-SA 3.0, Debian's `scratch` package): real sung
 * phrases and real recorded loops. Read from the system, or from the package unpacked into the
 * bench's cache with `apt-get download scratch` (Debian's mirror only; nothing else is downloaded).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = new URL('./.cache', import.meta.url).pathname;

/** The Scratch sound library folder. */
export function soundsDir(): string {
  const system = '/usr/share/scratch/Media/Sounds';
  if (existsSync(join(system, 'Vocals'))) return system;
  const cached = join(CACHE, 'scratch/usr/share/scratch/Media/Sounds');
  if (existsSync(join(cached, 'Vocals'))) return cached;
  mkdirSync(CACHE, { recursive: true });
  execFileSync('apt-get', ['download', 'scratch'], { cwd: CACHE, stdio: 'ignore' });
  const deb = readdirSync(CACHE).find((f) => f.startsWith('scratch_') && f.endsWith('.deb'));
  if (!deb) throw new Error('apt-get download scratch produced no package');
  execFileSync('dpkg', ['-x', join(CACHE, deb), join(CACHE, 'scratch')]);
  return cached;
}

/** Decodes any file to mono float at `rate`. */
export function decodeMono(path: string, rate: number): Float32Array {
  const buf = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'],
    {
      maxBuffer: 1 << 28,
    },
  );
  return new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4).slice();
}

/** Root-mean-square level. */
export function rms(x: Float32Array): number {
  let s = 0;
  for (const v of x) s += v * v;
  return Math.sqrt(s / Math.max(1, x.length));
}

function loopTo(x: Float32Array, n: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = x[i % x.length]!;
  return out;
}

/** The loops the checks' songs use; the judge's speaker models are trained over other loops. */
export const TEST_LOOPS: [string, string] = ['GuitarChords1.mp3', 'DrumSet1.mp3'];
export const ENROLL_LOOPS: Array<[string, string]> = [
  ['GuitarChords2.mp3', 'DrumSet2.mp3'],
  ['Medieval1.mp3', 'HipHop.mp3'],
];

/** A real harmony loop (mostly left) and a real drum loop (mostly right), looped to n samples. */
export function loopBacking(n: number, rate: number, loops = TEST_LOOPS): [Float32Array, Float32Array] {
  const sounds = soundsDir();
  const guitar = loopTo(decodeMono(join(sounds, 'Music Loops', loops[0]), rate), n);
  const drums = loopTo(decodeMono(join(sounds, 'Music Loops', loops[1]), rate), n);
  const gG = (0.1 * 10 ** (-4 / 20)) / rms(guitar);
  const gD = (0.1 * 10 ** (-6 / 20)) / rms(drums);
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const g = guitar[i]! * gG;
    const d = drums[i]! * gD;
    l[i] = 0.8 * g + 0.4 * d;
    r[i] = 0.3 * g + 0.8 * d;
  }
  return [l, r];
}

/**
 * A dry mono vocal over the loops at a vocal-to-accompaniment ratio of `vaDb`. Returns the vocal as
 * it sits in each channel and the stereo mix.
 */
export function mixOverLoops(
  dry: Float32Array,
  rate: number,
  vaDb: number,
  loops = TEST_LOOPS,
): { vocal: Float32Array; mix: Float32Array[] } {
  const n = dry.length;
  const [bl, br] = loopBacking(n, rate, loops);
  const accRms = Math.sqrt((rms(bl) ** 2 + rms(br) ** 2) / 2);
  const vg = (accRms * 10 ** (vaDb / 20)) / Math.max(1e-9, rms(dry));
  const vocal = new Float32Array(n);
  const L = new Float32Array(n);
  const R = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    vocal[i] = dry[i]! * vg * 0.5;
    L[i] = vocal[i]! + 0.5 * bl[i]!;
    R[i] = vocal[i]! + 0.5 * br[i]!;
  }
  return { vocal, mix: [L, R] };
}

/** The eight sung phrases the real-singing checks use, in order. */
export const SUNG_PHRASES = [
  'Oooo-badada.mp3',
  'Sing-me-a-song.mp3',
  'Got-inspiration.mp3',
  'Hey-yay-hey.mp3',
  'Come-and-play.mp3',
  'Doy-doy-doy.mp3',
  'Singer1.wav',
  'Singer2.wav',
];

/** The sung phrases joined into one a-cappella line (each levelled, 0.35 s apart). */
export function sungLine(rate: number): Float32Array {
  const sounds = soundsDir();
  const gap = Math.round(0.35 * rate);
  const parts = SUNG_PHRASES.map((p) => {
    const x = decodeMono(join(sounds, 'Vocals', p), rate);
    const g = 0.1 / Math.max(1e-6, rms(x)); // phrases were recorded at different levels
    return x.map((v) => v * g);
  });
  const out = new Float32Array(parts.reduce((s, p) => s + p.length + gap, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length + gap;
  }
  return out;
}
