/**
 * What makes a synthetic song harder than the default one: backings played by different
 * instruments at different tempos that never repeat exactly (progressions, velocities, fills), and
 * a vocal that is not identical in both channels (panned, slightly delayed and coloured on one
 * side, with a stereo reverb). The benchmark's varied song set is built from these.
 */

/** Instruments the varied backing can use for its harmony. */
export type Instrument = 'pad' | 'piano' | 'pluck' | 'organ';

/** Settings of a varied backing. */
export interface BackingStyle {
  tempoBpm: number;
  instrument: Instrument;
  /** MIDI root of the key. */
  root: number;
}

const PROGRESSIONS = [
  [0, 7, 9, 5],
  [0, 5, 7, 5],
  [9, 5, 0, 7],
  [0, 9, 5, 7],
  [0, 4, 5, 7],
];
/** Triad (major or minor by scale degree) on a root given in semitones above the key. */
function triad(step: number): number[] {
  const minor = step === 2 || step === 4 || step === 9;
  return [step, step + (minor ? 3 : 4), step + 7];
}

const hz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);

/**
 * A stereo backing of `n` samples: harmony on `instrument`, bass, drums. Every bar draws its chord
 * (with substitutions), velocities and hat pattern anew, and every fourth bar has a fill, so no two
 * bars are sample-identical.
 */
export function variedBacking(n: number, sr: number, style: BackingStyle, r: () => number): Float32Array[] {
  const L = new Float32Array(n);
  const R = new Float32Array(n);
  const beat = 60 / style.tempoBpm;
  const bar = 4 * beat;
  const progression = PROGRESSIONS[Math.floor(r() * PROGRESSIONS.length)]!;
  const bars = Math.ceil(n / sr / bar);
  const add = (at: number, len: number, pan: number, fn: (k: number) => number): void => {
    const s0 = Math.round(at * sr);
    for (let k = 0; k < len && s0 + k < n; k++) {
      if (s0 + k < 0) continue;
      const v = fn(k);
      L[s0 + k] = L[s0 + k]! + v * (1 - pan);
      R[s0 + k] = R[s0 + k]! + v * pan;
    }
  };
  for (let b = 0; b < bars; b++) {
    const t0 = b * bar;
    const step = r() < 0.2 ? [2, 4, 9][Math.floor(r() * 3)]! : progression[b % progression.length]!;
    const chord = triad(step).map((s) => style.root + s);
    harmony(add, sr, t0, bar, beat, chord, style.instrument, r);
    // Bass: root on every beat, octave jumps now and then.
    for (let q = 0; q < 4; q++) {
      const f = hz(style.root - 12 + step + (r() < 0.15 ? 12 : 0));
      const vel = 0.7 + 0.3 * r();
      add(t0 + q * beat, Math.round(beat * 0.9 * sr), 0.5, (k) => {
        const t = k / sr;
        const e = Math.min(1, t / 0.004) * Math.exp(-t * 4);
        return 0.45 * vel * e * (Math.sin(2 * Math.PI * f * t) + 0.25 * Math.sin(4 * Math.PI * f * t));
      });
    }
    drums(add, sr, t0, beat, b % 4 === 3, r);
  }
  return [L, R];
}

type Add = (at: number, len: number, pan: number, fn: (k: number) => number) => void;

/** One bar of the chord on the chosen instrument. */
function harmony(
  add: Add,
  sr: number,
  t0: number,
  bar: number,
  beat: number,
  chord: number[],
  instrument: Instrument,
  r: () => number,
): void {
  chord.forEach((m, i) => {
    const f = hz(m);
    const pan = 0.25 + 0.5 * (i / (chord.length - 1));
    const vel = 0.7 + 0.3 * r();
    if (instrument === 'pad' || instrument === 'organ') {
      const partials = instrument === 'organ' ? [1, 0.5, 0.33, 0.25] : [1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14];
      const det = 1 + (r() - 0.5) * 0.006;
      add(t0, Math.round(bar * sr), pan, (k) => {
        const t = k / sr;
        const e = Math.min(1, t / 0.08, (bar - t) / 0.05);
        let v = 0;
        for (let h = 0; h < partials.length; h++)
          v += partials[h]! * Math.sin(2 * Math.PI * f * det * (h + 1) * t);
        return 0.05 * vel * e * v;
      });
    } else {
      // Struck (piano) or plucked: decaying partials, on the beat or arpeggiated in eighths.
      const hits = instrument === 'piano' ? [0, 2] : [0, 1, 2, 3, 4, 5, 6, 7];
      for (const h of hits) {
        if (instrument === 'pluck' && h % chord.length !== i) continue;
        const at = t0 + (instrument === 'piano' ? h * beat : (h * beat) / 2) + (r() - 0.5) * 0.01;
        const decay = instrument === 'piano' ? 2.5 : 6;
        add(at, Math.round((instrument === 'piano' ? 2 * beat : beat) * sr), pan, (k) => {
          const t = k / sr;
          const e = Math.min(1, t / 0.003) * Math.exp(-t * decay);
          let v = 0;
          for (let p = 1; p <= 6; p++)
            v += (Math.exp(-t * decay * p * 0.5) / p) * Math.sin(2 * Math.PI * f * p * t);
          return 0.12 * vel * e * v;
        });
      }
    }
  });
}

/** Kick, snare, hats for one bar; hats skip at random; a fill closes the phrase. */
function drums(add: Add, sr: number, t0: number, beat: number, fill: boolean, r: () => number): void {
  for (let q = 0; q < 4; q++) {
    const t = t0 + q * beat + (r() - 0.5) * 0.012;
    const vel = 0.75 + 0.25 * r();
    if (q % 2 === 0)
      add(t, Math.round(0.25 * sr), 0.5, (k) => {
        const tt = k / sr;
        return (
          0.7 * vel * Math.exp(-tt * 18) * Math.sin(2 * Math.PI * (45 * tt + 3 * (1 - Math.exp(-tt * 25))))
        );
      });
    else
      add(t, Math.round(0.2 * sr), 0.55, (k) => {
        const tt = k / sr;
        return vel * Math.exp(-tt * 22) * (0.25 * (r() - 0.5) + 0.2 * Math.sin(2 * Math.PI * 185 * tt));
      });
    for (let e = 0; e < 2; e++) {
      if (r() < 0.15) continue;
      let prev = 0;
      add(t + (e * beat) / 2, Math.round(0.05 * sr), 0.7, (k) => {
        const nz = r() - 0.5;
        const v = nz - prev;
        prev = nz;
        return 0.12 * vel * Math.exp((-k / sr) * 70) * v;
      });
    }
    if (fill && q === 3)
      for (let s = 1; s < 4; s++)
        add(t + (s * beat) / 4, Math.round(0.12 * sr), 0.4, (k) => {
          const tt = k / sr;
          return (
            0.6 * Math.exp(-tt * 30) * (0.3 * (r() - 0.5) + 0.2 * Math.sin(2 * Math.PI * (160 + 40 * s) * tt))
          );
        });
  }
}

/** How the vocal sits in the stereo image. */
export interface VocalImage {
  /** −1 (left) … 1 (right). */
  pan: number;
  /** 0 … 1: how much one side is delayed (up to 0.7 ms) and darkened against the other. */
  width: number;
  /** 0 … 1 wet level of a stereo reverb (different on each side). */
  reverb: number;
}

/** Places a mono vocal in stereo: pan, a small delay and colour on one side, stereo reverb. */
export function placeVocal(x: Float32Array, sr: number, img: VocalImage): Float32Array[] {
  const n = x.length;
  const gl = Math.sqrt((1 - img.pan) / 2) * Math.SQRT2;
  const gr = Math.sqrt((1 + img.pan) / 2) * Math.SQRT2;
  const delay = Math.round(img.width * 0.0007 * sr);
  const L = new Float32Array(n);
  const R = new Float32Array(n);
  let lp = 0;
  const a = 1 - 0.5 * img.width;
  for (let i = 0; i < n; i++) {
    L[i] = gl * x[i]!;
    const d = i >= delay ? x[i - delay]! : 0;
    lp += a * (d - lp);
    R[i] = gr * lp;
  }
  if (img.reverb > 0) {
    const wl = reverbTail(x, sr, [1557, 1617, 1491, 1422], 0.8);
    const wr = reverbTail(x, sr, [1277, 1356, 1188, 1116], 0.8);
    for (let i = 0; i < n; i++) {
      L[i] = L[i]! + img.reverb * wl[i]!;
      R[i] = R[i]! + img.reverb * wr[i]!;
    }
  }
  return [L, R];
}

/** A plain Schroeder reverb tail: parallel feedback combs (delays at 44.1 kHz) into two all-passes. */
function reverbTail(x: Float32Array, sr: number, combs: number[], feedback: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
  for (const c of combs) {
    const d = Math.round((c * sr) / 44100);
    const buf = new Float32Array(n);
    for (let i = 0; i < n; i++) buf[i] = x[i]! + (i >= d ? feedback * buf[i - d]! : 0);
    for (let i = 0; i < n; i++) out[i] = out[i]! + buf[i]! / combs.length;
  }
  for (const d0 of [225, 556]) {
    const d = Math.round((d0 * sr) / 44100);
    const y = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const xd = i >= d ? out[i - d]! : 0;
      const yd = i >= d ? y[i - d]! : 0;
      y[i] = -0.5 * out[i]! + xd + 0.5 * yd;
    }
    out.set(y);
  }
  return out;
}
