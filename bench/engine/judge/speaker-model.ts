/**
 * A classic speaker judge (Reynolds-style GMM speaker models): mel-frequency cepstra c1…c20 (SPTK
 * `mfcc`: 24 mel bands, 25 ms Hamming frames every 10 ms at 16 kHz, energy-selected speech frames), one
 * 32-component diagonal GMM per speaker (SPTK `gmm`, EM), frame log-likelihoods (SPTK `gmmp`),
 * and decisions over 1.5 s windows: a window goes to the speaker whose model gives its speech
 * frames the highest mean log-likelihood, against every other model (the cohort).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JUDGE_SR, sptk, sptkBin } from './tools';
import { execFileSync } from 'node:child_process';

export const CEP_ORDER = 20;
const DIM = CEP_ORDER; // c0 (level) is dropped
const FRAME = 400;
const HOP = 160;
const FFT = 512;
export const MIXTURES = 64;
/** Speech frames: within this many dB of the recording's loud frames. */
const SPEECH_RANGE_DB = 30;
/** 1.5 s windows; a window with less speech than this is not scored. */
export const WINDOW_SEC = 1.5;
const WINDOW_FRAMES = Math.round((WINDOW_SEC * JUDGE_SR) / HOP);
const MIN_SPEECH_FRAMES = 40;

/** Mel-cepstra of the speech frames of a 16 kHz signal, with each frame's index. */
export interface Features {
  /** frames × DIM, row-major. */
  data: Float32Array;
  /** Frame index (10 ms) of each row. */
  frameIndex: Int32Array;
  frames: number;
}

/** Mel-cepstral features of the speech frames of a 16 kHz mono signal. */
export function melCepstra(x: Float32Array): Features {
  const total = Math.max(0, Math.floor((x.length - FRAME) / HOP) + 1);
  const energy = new Float64Array(total);
  for (let t = 0; t < total; t++) {
    let e = 0;
    for (let i = 0; i < FRAME; i++) e += x[t * HOP + i]! ** 2;
    energy[t] = 10 * Math.log10(e / FRAME + 1e-12);
  }
  const sorted = Float64Array.from(energy).sort();
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? -120;
  const keep: number[] = [];
  for (let t = 0; t < total; t++) if (energy[t]! > loud - SPEECH_RANGE_DB && energy[t]! > -70) keep.push(t);
  const frames = new Float32Array(keep.length * FRAME);
  keep.forEach((t, r) => {
    for (let i = 0; i < FRAME; i++) frames[r * FRAME + i] = x[t * HOP + i]! * 32768;
  });
  const frameIndex = Int32Array.from(keep);
  if (!keep.length) return { data: new Float32Array(0), frameIndex, frames: 0 };
  // mfcc windows each frame itself (Hamming) and pre-emphasises it.
  const data = sptk(
    'mfcc',
    ['-s', '16', '-l', String(FRAME), '-L', String(FFT), '-m', String(CEP_ORDER), '-n', '24'],
    frames,
  );
  return { data, frameIndex, frames: keep.length };
}

/** A trained speaker model: SPTK's GMM parameter file. */
export interface SpeakerModel {
  id: string;
  params: Float32Array;
}

/** Trains one speaker's GMM on its features (EM from SPTK's LBG start, fixed seed). */
export function trainSpeaker(id: string, f: Features): SpeakerModel {
  const params = sptk(
    'gmm',
    ['-l', String(DIM), '-m', String(MIXTURES), '-b', '30', '-v', '0.01', '-s', '1'],
    f.data,
  );
  return { id, params };
}

/** Log-likelihood of every feature frame under each model (SPTK gmmp). */
export function frameLogLikelihoods(models: SpeakerModel[], f: Features): Float32Array[] {
  const dir = mkdtempSync(join(tmpdir(), 'judge-gmm-'));
  try {
    const bin = sptkBin('gmmp');
    if (!bin) throw new Error("SPTK's gmmp is missing: apt-get install sptk");
    return models.map((m, i) => {
      const path = join(dir, `m${i}.gmm`);
      writeFileSync(path, Buffer.from(m.params.buffer, m.params.byteOffset, m.params.byteLength));
      const out = execFileSync(bin, ['-l', String(DIM), '-m', String(MIXTURES), path], {
        input: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength),
        maxBuffer: 1 << 28,
      });
      return new Float32Array(out.buffer, out.byteOffset, out.length >> 2).slice();
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One 1.5 s window's verdict. */
export interface WindowVerdict {
  startSec: number;
  /** Mean log-likelihood per model, in the models' order. */
  scores: number[];
  winner: string;
}

/** Splits the signal's timeline into 1.5 s windows and judges each with enough speech. */
export function judgeWindows(models: SpeakerModel[], f: Features): WindowVerdict[] {
  const ll = frameLogLikelihoods(models, f);
  const byWindow = new Map<number, number[]>();
  for (let r = 0; r < f.frames; r++) {
    const w = Math.floor(f.frameIndex[r]! / WINDOW_FRAMES);
    let rows = byWindow.get(w);
    if (!rows) byWindow.set(w, (rows = []));
    rows.push(r);
  }
  const out: WindowVerdict[] = [];
  for (const [w, rows] of [...byWindow].sort((a, b) => a[0] - b[0])) {
    if (rows.length < MIN_SPEECH_FRAMES) continue;
    const scores = ll.map((l) => rows.reduce((s, r) => s + l[r]!, 0) / rows.length);
    let best = 0;
    for (let m = 1; m < scores.length; m++) if (scores[m]! > scores[best]!) best = m;
    out.push({ startSec: w * WINDOW_SEC, scores, winner: models[best]!.id });
  }
  return out;
}

/** Share of windows given to `target` over every other model, and the median log-likelihood ratio. */
export function likeness(
  models: SpeakerModel[],
  verdicts: WindowVerdict[],
  target: string,
): { windows: number; share: number; medianLlr: number } {
  const ti = models.findIndex((m) => m.id === target);
  if (ti < 0) throw new Error(`no model for ${target}`);
  const llr = verdicts
    .map((v) => v.scores[ti]! - Math.max(...v.scores.filter((_, i) => i !== ti)))
    .sort((a, b) => a - b);
  const won = verdicts.filter((v) => v.winner === target).length;
  return {
    windows: verdicts.length,
    share: verdicts.length ? won / verdicts.length : NaN,
    medianLlr: llr[llr.length >> 1] ?? NaN,
  };
}
