/**
 * Vibrato of a voice, measured on sustained sung notes only. Speech glides from syllable to
 * syllable: the old measure (pitch minus a moving average on any long voiced run) read that
 * intonation as ~100 cents of "vibrato" and every cover in a speech-trained voice wobbled by it.
 * Here a note counts only where the pitch, averaged over one vibrato cycle, holds within a
 * semitone band for at least 0.4 s; its vibrato counts only when the wobble around that average is
 * periodic at 4–8 Hz. A recording without such notes yields no vibrato at all.
 */
import { forEachVoicedRun } from '../pitch/voiced-runs';

/** A held note lasts at least this long… */
const MIN_NOTE_SEC = 0.4;
/** …while its cycle-averaged pitch stays within ± this many cents of the note's median. */
const NOTE_BAND_CENTS = 50;
/** Averaging window of the note's centre line: one cycle of a 4 Hz vibrato. */
const CENTRE_SEC = 0.25;
/** Vibrato rates sung voices use. */
const MIN_RATE_HZ = 4;
const MAX_RATE_HZ = 8;
/** The wobble's normalised autocorrelation at its period must reach this to be vibrato. */
const MIN_PERIODICITY = 0.4;
/** A wobble under this RMS is a straight note. */
const MIN_WOBBLE_CENTS = 3;
/** Without this much held-note time the profile gets no vibrato. */
const MIN_SUSTAINED_SEC = 2;

/** Running sums of held notes over a recording (it is analysed in chunks). */
export interface VibratoAccumulator {
  /** Seconds of held notes. */
  sustainedSec: number;
  /** Σ depth × duration and Σ rate × duration over held notes with periodic vibrato. */
  depthWeighted: number;
  rateWeighted: number;
  vibratoSec: number;
}

export function newVibratoAccumulator(): VibratoAccumulator {
  return { sustainedSec: 0, depthWeighted: 0, rateWeighted: 0, vibratoSec: 0 };
}

function movingAverage(x: number[], w: number): number[] {
  const out = new Array<number>(x.length);
  for (let i = 0; i < x.length; i++) {
    let s = 0;
    let n = 0;
    for (let k = Math.max(0, i - w); k <= Math.min(x.length - 1, i + w); k++) {
      s += x[k]!;
      n++;
    }
    out[i] = s / n;
  }
  return out;
}

/** Adds the held notes of one pitch track (f0 per frame of `dt` seconds, 0 = unvoiced). */
export function accumulateVibrato(f0: ArrayLike<number>, dt: number, acc: VibratoAccumulator): void {
  const minFrames = Math.ceil(MIN_NOTE_SEC / dt);
  const w = Math.max(1, Math.round(CENTRE_SEC / 2 / dt));
  forEachVoicedRun(f0, (i, j) => {
    if (j - i < minFrames) return;
    const cents: number[] = [];
    for (let k = i; k < j; k++) cents.push(1200 * Math.log2(f0[k]!));
    const centre = movingAverage(cents, w);
    // Split the run into notes: stretches whose centre line stays inside one band.
    let a = 0;
    while (a < cents.length) {
      let b = a + 1;
      let lo = centre[a]!;
      let hi = centre[a]!;
      while (b < cents.length) {
        const c = centre[b]!;
        if (Math.max(hi, c) - Math.min(lo, c) > 2 * NOTE_BAND_CENTS) break;
        lo = Math.min(lo, c);
        hi = Math.max(hi, c);
        b++;
      }
      if (b - a >= minFrames) addNote(cents.slice(a, b), dt, acc);
      a = b;
    }
  });
}

function addNote(cents: number[], dt: number, acc: VibratoAccumulator): void {
  const dur = cents.length * dt;
  acc.sustainedSec += dur;
  // The wobble around the note's straight line (a moving average would leave part of a cycle in).
  const resid = detrend(cents);
  const energy = resid.reduce((s, v) => s + v * v, 0);
  if (Math.sqrt(energy / resid.length) < MIN_WOBBLE_CENTS) return;
  let bestLag = 0;
  let best = 0;
  for (let lag = Math.round(1 / MAX_RATE_HZ / dt); lag <= Math.round(1 / MIN_RATE_HZ / dt); lag++) {
    if (lag >= resid.length - 2) break;
    let s = 0;
    for (let k = 0; k + lag < resid.length; k++) s += resid[k]! * resid[k + lag]!;
    const r = (s / energy) * (resid.length / (resid.length - lag));
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  if (best < MIN_PERIODICITY || !bestLag) return;
  const depth = Math.SQRT2 * Math.sqrt(energy / resid.length);
  acc.depthWeighted += depth * dur;
  acc.rateWeighted += (1 / (bestLag * dt)) * dur;
  acc.vibratoSec += dur;
}

function detrend(y: number[]): number[] {
  const n = y.length;
  const mx = (n - 1) / 2;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - mx) * (y[i]! - my);
    sxx += (i - mx) ** 2;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return y.map((v, i) => v - my - b * (i - mx));
}

/**
 * The profile's vibrato: depth averaged over all held notes (a straight note counts as none),
 * rate over the notes that have vibrato; no vibrato without enough held notes.
 */
export function vibratoOf(acc: VibratoAccumulator): {
  rateHz: number;
  depthCents: number;
  sustainedSec: number;
} {
  const sustainedSec = acc.sustainedSec;
  if (sustainedSec < MIN_SUSTAINED_SEC || acc.vibratoSec <= 0)
    return { rateHz: 5.5, depthCents: 0, sustainedSec };
  return {
    rateHz: acc.rateWeighted / acc.vibratoSec,
    depthCents: acc.depthWeighted / sustainedSec,
    sustainedSec,
  };
}

/** A straight note holds within ± this many cents… */
const STRAIGHT_BAND_CENTS = 30;
/** …over this much time around each frame. */
const STRAIGHT_SPAN_SEC = 0.3;

/**
 * Frames where a voice's vibrato may be added: inside notes the singer holds straight. A singer's
 * own vibrato, glides and speech keep the pitch they were sung with (adding a second vibrato on top
 * of a first one is what listeners and pitch judges hear as a wrong note).
 */
export function straightNoteFrames(f0: ArrayLike<number>, dt: number): Uint8Array {
  const out = new Uint8Array(f0.length);
  const w = Math.max(1, Math.round(STRAIGHT_SPAN_SEC / 2 / dt));
  const band = 2 ** (STRAIGHT_BAND_CENTS / 1200);
  forEachVoicedRun(f0, (i, j) => {
    for (let t = i + w; t < j - w; t++) {
      const c = f0[t]!;
      let ok = true;
      for (let k = t - w; k <= t + w && ok; k++) ok = f0[k]! <= c * band && f0[k]! >= c / band;
      if (ok) for (let k = t - w; k <= t + w; k++) out[k] = 1;
    }
  });
  return out;
}
