/**
 * Vocal-tract scale from formant frequencies measured by linear prediction, the classic way
 * (formants as peaks of the all-pole envelope): per voiced frame, the power spectrum up to 7 kHz
 * becomes an autocorrelation, Levinson–Durbin gives a 14-pole model, and the envelope's peaks are
 * F1…F4. Over many frames, the medians of F2, F3 and F4 (F1 follows the vowel and the jaw more than
 * the tract length) against an adult male's give the scale. Unlike fitting a vowel template to the
 * long-term spectrum, this does not read a bright recording as a short tract.
 */

/** The analysis band (a 14 kHz signal's worth of spectrum) and order: 2 poles per kHz, the usual rule. */
const LPC_BAND_HZ = 7000;
const LPC_ORDER = 14;
/** Pre-emphasis (+6 dB/octave above a few hundred Hz), as before any LPC formant analysis. */
const PRE = 0.95;
/** Envelope grid for peak picking. */
const GRID = 512;
/**
 * Median formant frequencies of adult male running speech and singing (uniform-tube values of a
 * 17 cm tract, close to the Peterson & Barney male averages for F2–F4 over many vowels).
 */
export const MALE_FORMANTS_HZ = [500, 1500, 2500, 3500] as const;
/** Which formants decide the scale, and their weights. */
const SCALE_WEIGHTS = [0, 1, 1, 1];

/** F1…F4 (Hz, 0 where not found) of one frame's power spectrum (bins 0 … n/2 at binHz). */
export function frameFormants(power: ArrayLike<number>, binHz: number, f0: number): number[] {
  const top = Math.min(power.length - 1, Math.floor(LPC_BAND_HZ / binHz));
  // A high voice's harmonics are sparse; smooth the spectrum over one harmonic spacing so the
  // all-pole model follows the envelope, not single harmonics.
  const half = Math.max(1, Math.round((0.5 * f0) / binHz));
  const smooth = new Float64Array(top + 1);
  for (let k = 0; k <= top; k++) {
    let s = 0;
    let n = 0;
    for (let j = Math.max(0, k - half); j <= Math.min(top, k + half); j++) {
      s += power[j]!;
      n++;
    }
    const w = (Math.PI * k) / top;
    smooth[k] = (s / n) * (1 + PRE * PRE - 2 * PRE * Math.cos(w));
  }

  const r = new Float64Array(LPC_ORDER + 1);
  for (let lag = 0; lag <= LPC_ORDER; lag++) {
    let s = 0;
    for (let k = 0; k <= top; k++)
      s += smooth[k]! * Math.cos((Math.PI * k * lag) / top) * (k === 0 || k === top ? 0.5 : 1);
    r[lag] = s;
  }
  const a = levinson(r);
  if (!a) return [0, 0, 0, 0];
  const env = new Float64Array(GRID);
  for (let i = 0; i < GRID; i++) {
    const w = (Math.PI * i) / GRID;
    let re = 1;
    let im = 0;
    for (let k = 1; k <= LPC_ORDER; k++) {
      re += a[k]! * Math.cos(w * k);
      im -= a[k]! * Math.sin(w * k);
    }
    env[i] = -Math.log(re * re + im * im + 1e-30);
  }
  const out: number[] = [];
  for (let i = 1; i < GRID - 1 && out.length < 4; i++) {
    const hz = (i / GRID) * LPC_BAND_HZ;
    if (hz < 200) continue;
    if (env[i]! > env[i - 1]! && env[i]! >= env[i + 1]!) out.push(hz);
  }
  while (out.length < 4) out.push(0);
  return out;
}

/** Levinson–Durbin: prediction polynomial a[0..p] (a[0] = 1), or undefined when ill-conditioned. */
function levinson(r: Float64Array): Float64Array | undefined {
  const p = r.length - 1;
  if (!(r[0]! > 0)) return undefined;
  const a = new Float64Array(p + 1);
  a[0] = 1;
  let err = r[0]!;
  for (let i = 1; i <= p; i++) {
    let acc = r[i]!;
    for (let j = 1; j < i; j++) acc += a[j]! * r[i - j]!;
    const k = -acc / err;
    const prev = a.slice();
    for (let j = 1; j < i; j++) a[j] = prev[j]! + k * prev[i - j]!;
    a[i] = k;
    err *= 1 - k * k;
    if (!(err > 0)) return undefined;
  }
  return a;
}

/** Collects formants over frames and turns their medians into a scale. */
export class FormantStats {
  private readonly tracks: number[][] = [[], [], [], []];

  /** Adds one voiced frame's power spectrum. */
  add(power: ArrayLike<number>, binHz: number, f0: number): void {
    const f = frameFormants(power, binHz, f0);
    // Only frames with four resonances in order: fewer means merged or missing peaks.
    if (f[3]! <= 0) return;
    for (let i = 0; i < 4; i++) this.tracks[i]!.push(f[i]!);
  }

  get frames(): number {
    return this.tracks[0]!.length;
  }

  /** Median F1…F4 (Hz). */
  medians(): number[] {
    return this.tracks.map((t) => {
      const s = t.slice().sort((x, y) => x - y);
      return s[s.length >> 1] ?? 0;
    });
  }

  /** Formant scale against the adult male reference (1 = reference), or undefined without data. */
  scale(): number | undefined {
    if (this.frames < 20) return undefined;
    const m = this.medians();
    let s = 0;
    let w = 0;
    for (let i = 0; i < 4; i++) {
      s += SCALE_WEIGHTS[i]! * Math.log(m[i]! / MALE_FORMANTS_HZ[i]!);
      w += SCALE_WEIGHTS[i]!;
    }
    return Math.exp(s / w);
  }
}
