/**
 * Synthetic songs with known stems for the engine benchmark (and short test clips):
 * a source-filter vocal (glottal pulses through formant resonators, vibrato, glides, rests,
 * breath) over pad, bass and drums with timing jitter. Written independently of the engine's
 * own analysis code, sharing only the published Peterson & Barney vowel formant averages.
 */
import { REF_BW, REF_VOWELS } from '../../src/voice/envelope';
import { placeVocal, variedBacking, type Instrument, type VocalImage } from './synth-variety';

/** Seeded PRNG (mulberry32) so every run generates the same songs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Adult male vowel formants and bandwidths (Peterson & Barney 1952 averages), the published table
// the engine's formant reference also uses.
const VOWELS = REF_VOWELS;
const BANDWIDTHS = REF_BW;

/** Options for one synthetic song. */
export interface SongOptions {
  durationSec: number;
  sampleRate?: number;
  /** Vocal-to-accompaniment power ratio in dB. */
  vocalToAccDb?: number;
  seed?: number;
  /** Multiplies every formant frequency (1 = adult male table). */
  formantScale?: number;
  /** Semitones added to the melody. */
  keyOffset?: number;
  /** MIDI note the melody centres on before keyOffset. */
  baseMidi?: number;
  vibratoCents?: number;
  /** Generate only the vocal (training recordings). */
  vocalOnly?: boolean;
  stereo?: boolean;
  /** A varied backing (instrument, tempo, bars that never repeat exactly); default: the pad loop at 100 bpm. */
  backing?: { tempoBpm: number; instrument: Instrument };
  /** The vocal's stereo image (pan, width, reverb); default: identical in both channels, dry. */
  vocalImage?: VocalImage;
}

/** Options with their defaults filled in. */
type Resolved = Required<Omit<SongOptions, 'backing' | 'vocalImage'>> &
  Pick<SongOptions, 'backing' | 'vocalImage'>;

/** A synthetic song with its ground truth. */
export interface Song {
  sampleRate: number;
  mix: Float32Array[];
  vocal: Float32Array[];
  accompaniment: Float32Array[];
  /** True vocal f0 per `f0Hop` samples (0 during rests). */
  f0: Float32Array;
  f0Hop: number;
}

interface Note {
  start: number;
  dur: number;
  midi: number;
  vowel: number;
}

const SCALE = [0, 2, 4, 5, 7, 9, 11];

function melody(r: () => number, duration: number, base: number): Note[] {
  const notes: Note[] = [];
  let t = 0.4;
  let degree = 2;
  while (t < duration - 0.5) {
    const phraseLen = 3 + Math.floor(r() * 5);
    for (let i = 0; i < phraseLen && t < duration - 0.5; i++) {
      degree = Math.max(-3, Math.min(9, degree + Math.round((r() - 0.5) * 4)));
      const oct = Math.floor(degree / 7);
      const midi = base + 12 * oct + SCALE[((degree % 7) + 7) % 7]!;
      const dur = Math.min(duration - 0.3 - t, 0.25 + r() * 0.9);
      notes.push({ start: t, dur, midi, vowel: Math.floor(r() * VOWELS.length) });
      t += dur;
    }
    t += 0.3 + r() * 1.2; // rest between phrases
  }
  return notes;
}

/** Renders the vocal line; returns mono signal and per-hop f0. */
function renderVocal(o: Resolved, r: () => number, hop: number): { x: Float32Array; f0: Float32Array } {
  const sr = o.sampleRate;
  const n = Math.round(o.durationSec * sr);
  const x = new Float32Array(n);
  const f0 = new Float32Array(Math.floor(n / hop) + 1);
  const notes = melody(r, o.durationSec, o.baseMidi + o.keyOffset);
  const state = new Float64Array(8);
  let phase = 0;
  for (let ni = 0; ni < notes.length; ni++) {
    const note = notes[ni]!;
    const prev = notes[ni - 1];
    const legato = prev !== undefined && Math.abs(prev.start + prev.dur - note.start) < 1e-6;
    const glide = legato ? (r() < 0.3 ? 0.18 : 0.05) : 0;
    const s0 = Math.round(note.start * sr);
    const s1 = Math.min(n, Math.round((note.start + note.dur) * sr));
    const vf = VOWELS[note.vowel]!;
    const pf = prev ? VOWELS[prev.vowel]! : vf;
    const vibRate = 5 + r() * 1.5;
    for (let i = s0; i < s1; i++) {
      const tn = (i - s0) / sr;
      let midi = note.midi;
      if (legato && tn < glide)
        midi = prev!.midi + (note.midi - prev!.midi) * (0.5 - 0.5 * Math.cos((Math.PI * tn) / glide));
      const vibAmt = Math.min(1, Math.max(0, (tn - 0.25) / 0.3));
      midi += (o.vibratoCents / 100) * vibAmt * Math.sin(2 * Math.PI * vibRate * tn);
      const hz = 440 * 2 ** ((midi - 69) / 12);
      if (i % hop === 0) f0[i / hop] = hz;
      phase += hz / sr;
      if (phase >= 1) phase -= 1;
      // Rosenberg glottal pulse: open phase 40 %, closing 16 %.
      const p = phase;
      const g =
        p < 0.4
          ? 0.5 * (1 - Math.cos((Math.PI * p) / 0.4))
          : p < 0.56
            ? Math.cos((Math.PI * (p - 0.4)) / 0.32)
            : 0;
      const env = Math.min(1, tn / 0.03, (note.dur - tn) / (legato ? 0.02 : 0.06));
      const src = (g - 0.3) * env + (r() - 0.5) * 0.04 * env;
      const blend = Math.min(1, tn / 0.08);
      let y = src;
      for (let k = 0; k < 4; k++) {
        const fk = (pf[k]! + (vf[k]! - pf[k]!) * blend) * o.formantScale;
        const bw = BANDWIDTHS[k]! * Math.sqrt(o.formantScale);
        const rr = Math.exp((-Math.PI * bw) / sr);
        const a1 = 2 * rr * Math.cos((2 * Math.PI * Math.min(fk, sr * 0.45)) / sr);
        const a2 = -rr * rr;
        const out = (1 - rr) * y + a1 * state[2 * k]! + a2 * state[2 * k + 1]!;
        state[2 * k + 1] = state[2 * k]!;
        state[2 * k] = out;
        y = out;
      }
      x[i] = y;
    }
  }
  // The resonator chain loses high end; a first difference restores a voice-like tilt.
  let last = 0;
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    x[i] = v - 0.7 * last;
    last = v;
  }
  return { x, f0 };
}

function renderBacking(o: Resolved, r: () => number): Float32Array[] {
  const sr = o.sampleRate;
  const n = Math.round(o.durationSec * sr);
  const L = new Float32Array(n);
  const R = new Float32Array(n);
  const beat = 60 / 100;
  const bar = 4 * beat;
  const root = o.baseMidi + o.keyOffset - 12;
  const chords = [
    [0, 4, 7],
    [7, 11, 14],
    [9, 12, 16],
    [5, 9, 12],
  ];
  // Pad: detuned saws, one detune per channel so the pad is wide.
  const lp = [0, 0];
  const phases = new Float64Array(12);
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const chord = chords[Math.floor(t / bar) % 4]!;
    let l = 0;
    let rr = 0;
    for (let c = 0; c < 3; c++) {
      const hz = 440 * 2 ** ((root + chord[c]! - 69) / 12);
      for (let side = 0; side < 2; side++) {
        const det = side === 0 ? 1.004 : 0.996;
        const idx = c * 2 + side;
        phases[idx] = (phases[idx]! + (hz * det) / sr) % 1;
        const v = 2 * phases[idx]! - 1;
        if (side === 0) l += v;
        else rr += v;
      }
    }
    lp[0] = lp[0]! + 0.08 * (l - lp[0]!);
    lp[1] = lp[1]! + 0.08 * (rr - lp[1]!);
    L[i] = 0.12 * lp[0]!;
    R[i] = 0.12 * lp[1]!;
  }
  const addHit = (at: number, len: number, panL: number, fn: (k: number) => number): void => {
    const s0 = Math.round(at * sr);
    for (let k = 0; k < len && s0 + k < n; k++) {
      if (s0 + k < 0) continue;
      const v = fn(k);
      L[s0 + k] = L[s0 + k]! + v * panL;
      R[s0 + k] = R[s0 + k]! + v * (1 - panL);
    }
  };
  for (let b = 0; b * beat < o.durationSec; b++) {
    const jit = (): number => (r() - 0.5) * 0.016;
    const t = b * beat;
    const chord = chords[Math.floor(t / bar) % 4]!;
    // Kick on 1 and 3, snare on 2 and 4, hats on eighths, bass on eighths.
    if (b % 2 === 0)
      addHit(t + jit(), Math.round(0.25 * sr), 0.5, (k) => {
        const tt = k / sr;
        return (
          0.7 * Math.exp(-tt * 18) * Math.sin(2 * Math.PI * (45 * tt + (75 / 25) * (1 - Math.exp(-tt * 25))))
        );
      });
    else
      addHit(t + jit(), Math.round(0.2 * sr), 0.45, (k) => {
        const tt = k / sr;
        return Math.exp(-tt * 22) * (0.25 * (r() - 0.5) + 0.2 * Math.sin(2 * Math.PI * 185 * tt));
      });
    for (let h = 0; h < 2; h++) {
      let prevN = 0;
      addHit(t + h * beat * 0.5 + jit(), Math.round(0.05 * sr), 0.25, (k) => {
        const nz = r() - 0.5;
        const v = nz - prevN;
        prevN = nz;
        return 0.12 * Math.exp((-k / sr) * 70) * v;
      });
      const bhz = 440 * 2 ** ((root - 12 + chord[0]! - 69) / 12);
      addHit(t + h * beat * 0.5, Math.round(beat * 0.45 * sr), 0.5, (k) => {
        const tt = k / sr;
        const e = Math.min(1, tt / 0.005) * Math.exp(-tt * 3);
        return 0.5 * e * (Math.sin(2 * Math.PI * bhz * tt) + 0.3 * Math.sin(4 * Math.PI * bhz * tt));
      });
    }
  }
  return [L, R];
}

function power(chs: Float32Array[]): number {
  let s = 0;
  let n = 0;
  for (const c of chs)
    for (let i = 0; i < c.length; i++) {
      s += c[i]! * c[i]!;
      n++;
    }
  return s / Math.max(1, n);
}

/** Generates a song with stems scaled to the requested vocal-to-accompaniment ratio and -16 dBFS RMS mix. */
export function generateSong(opts: SongOptions): Song {
  const o: Resolved = {
    sampleRate: 44100,
    vocalToAccDb: -3,
    seed: 1,
    formantScale: 1,
    keyOffset: 0,
    baseMidi: 57,
    vibratoCents: 35,
    vocalOnly: false,
    stereo: true,
    ...opts,
  };
  const r = rng(o.seed);
  const hop = 256;
  const { x, f0 } = renderVocal(o, r, hop);
  const nch = o.stereo ? 2 : 1;
  const vocal =
    o.vocalImage && nch === 2
      ? placeVocal(x, o.sampleRate, o.vocalImage)
      : Array.from({ length: nch }, () => Float32Array.from(x));
  let acc = o.vocalOnly
    ? [new Float32Array(x.length), new Float32Array(x.length)]
    : o.backing
      ? variedBacking(
          x.length,
          o.sampleRate,
          { ...o.backing, root: o.baseMidi + o.keyOffset - 12 },
          // Its own generator, so the vocal of a seed is the same whatever the backing.
          rng(o.seed * 7919 + 17),
        )
      : renderBacking(o, r);
  if (!o.stereo) {
    const [l, rr] = acc as [Float32Array, Float32Array];
    acc = [Float32Array.from(l, (v, i) => 0.5 * (v + rr[i]!))];
  }
  const pv = power(vocal);
  const pa = power(acc);
  const accGain = pa > 0 ? Math.sqrt((pv / pa) * 10 ** (-o.vocalToAccDb / 10)) : 0;
  for (const a of acc) for (let i = 0; i < a.length; i++) a[i] = a[i]! * accGain;
  const mix = vocal.map((v, c) => Float32Array.from(v, (s, i) => s + acc[c]![i]!));
  const target = 10 ** (-16 / 20);
  const g = target / Math.sqrt(power(mix) || 1);
  for (const set of [mix, vocal, acc])
    for (const ch of set) for (let i = 0; i < ch.length; i++) ch[i] = ch[i]! * g;
  return { sampleRate: o.sampleRate, mix, vocal, accompaniment: acc, f0, f0Hop: hop };
}
