/**
 * Long-term spectral envelopes on a fixed log-frequency grid, and formant-scale estimation by
 * aligning a measured envelope with a reference one along log frequency.
 */

/** Grid the profiles store envelopes on: 64 points, 100 Hz – 8 kHz, log spaced. */
export const ENV_GRID_HZ: number[] = Array.from({ length: 64 }, (_, i) => 100 * 80 ** (i / 63));

// Published adult-male vowel formant averages (Peterson & Barney 1952) and typical bandwidths.
export const REF_VOWELS: Array<[number, number, number, number]> = [
  [730, 1090, 2440, 3400],
  [530, 1840, 2480, 3400],
  [270, 2290, 3010, 3500],
  [570, 840, 2410, 3300],
  [300, 870, 2240, 3300],
  [660, 1720, 2410, 3400],
];
export const REF_BW = [80, 100, 130, 170];

/** Gain (linear) of one vowel's four resonances at f, formants scaled by `scale`. */
function resonanceGain(v: readonly number[], f: number, scale: number): number {
  let g = 1;
  for (let k = 0; k < 4; k++) {
    const fk = v[k]! * scale;
    const bw = REF_BW[k]! * Math.sqrt(scale);
    // Magnitude of a two-pole resonance, normalised to 1 at DC.
    const num = fk * fk + (bw / 2) ** 2;
    const den = Math.sqrt(((f - fk) ** 2 + (bw / 2) ** 2) * ((f + fk) ** 2 + (bw / 2) ** 2));
    g *= num / den;
  }
  return g;
}

/** One reference vowel's envelope in dB at f. */
export function resonanceDb(v: readonly number[], f: number, scale: number): number {
  return 20 * Math.log10(resonanceGain(v, f, scale));
}

/** Reference envelope in dB at frequency f: power-averaged vowel resonances, scaled by `scale`. */
export function referenceEnvelopeDb(f: number, scale = 1): number {
  let p = 0;
  for (const v of REF_VOWELS) p += resonanceGain(v, f, scale) ** 2;
  return 10 * Math.log10(p / REF_VOWELS.length);
}

/** Smooth log envelope (dB) on ENV_GRID_HZ from a long-term average power spectrum. */
export function ltasToEnvelope(ltas: ArrayLike<number>, sampleRate: number, fftSize: number): number[] {
  const binHz = sampleRate / fftSize;
  // Average power within a third of an octave around each grid point (a cheap, robust smoother).
  return ENV_GRID_HZ.map((f) => {
    const lo = Math.max(1, Math.floor((f * 2 ** (-1 / 6)) / binHz));
    const hi = Math.min(ltas.length - 1, Math.ceil((f * 2 ** (1 / 6)) / binHz));
    let s = 0;
    let n = 0;
    for (let k = lo; k <= hi; k++) {
      s += ltas[k]!;
      n++;
    }
    return 10 * Math.log10((n ? s / n : 0) + 1e-20);
  });
}

/** Envelope value at arbitrary frequency by linear interpolation in log frequency. */
export function envelopeAt(env: ArrayLike<number>, f: number): number {
  const x = (Math.log(Math.max(f, 1) / 100) / Math.log(80)) * 63;
  if (x <= 0) return env[0]!;
  if (x >= 63) return env[63]!;
  const i = Math.floor(x);
  const fr = x - i;
  return env[i]! * (1 - fr) + env[i + 1]! * fr;
}

/** Removes the least-squares line in log frequency (source tilt, microphone EQ). */
function detrend(y: number[], x: number[]): number[] {
  const n = y.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return y.map((v, i) => v - my - b * (x[i]! - mx));
}

/**
 * Formant scale of an envelope relative to the reference: the α whose scaled reference best
 * correlates (after removing tilt) with the measured envelope over 250 Hz – 4.5 kHz.
 */
/** Lowest frequency of the fit; below it the source spectrum, not the formants, dominates. */
const FIT_LOW_HZ = 250;

export function estimateFormantScale(envDb: ArrayLike<number>): number {
  const freqs: number[] = [];
  for (let f = FIT_LOW_HZ; f <= 4500; f *= 2 ** (1 / 24)) freqs.push(f);
  const lx = freqs.map((f) => Math.log(f));
  const meas = detrend(
    freqs.map((f) => envelopeAt(envDb, f)),
    lx,
  );
  const score = (a: number): number => {
    const ref = detrend(
      freqs.map((f) => referenceEnvelopeDb(f, a)),
      lx,
    );
    let sab = 0;
    let saa = 0;
    let sbb = 0;
    for (let i = 0; i < ref.length; i++) {
      sab += ref[i]! * meas[i]!;
      saa += ref[i]! ** 2;
      sbb += meas[i]! ** 2;
    }
    return sab / Math.sqrt(saa * sbb + 1e-12);
  };
  let best = 1;
  let bestS = -Infinity;
  const steps: number[] = [];
  for (let a = 0.7; a <= 1.6; a *= 1.005) steps.push(a);
  const scores = steps.map(score);
  scores.forEach((s, i) => {
    if (s > bestS) {
      bestS = s;
      best = i;
    }
  });
  const a = scores[best - 1];
  const c = scores[best + 1];
  let d = 0;
  if (a !== undefined && c !== undefined) {
    const den = a - 2 * bestS + c;
    if (den < 0) d = Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den));
  }
  return steps[best]! * 1.005 ** d;
}

/** Reference envelope scaled by `scale` with a spectral tilt (dB per octave above 500 Hz), on the grid. */
export function syntheticEnvelope(scale: number, tiltDbPerOct: number): number[] {
  return ENV_GRID_HZ.map((f) => referenceEnvelopeDb(f, scale) + tiltDbPerOct * Math.log2(f / 500));
}
