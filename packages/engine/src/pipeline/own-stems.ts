import { statSync } from 'node:fs';
import { EngineError } from '../errors';
import { probe } from '../io/probe';
import { run } from '../io/process';
import type { ScratchDir } from '../io/temp';
import { analyseLead } from './lead-analysis';
import type { PreparedInput } from './input';
import type { RawRef } from './jobs';
import type { SeparatedFiles } from './separate-file';
import { decodeInputArgs } from '../io/input-formats';

/** Own stems may differ in length by this much (export padding, a fade); more means different songs. */
export const STEM_LENGTH_TOLERANCE = { seconds: 1, ratio: 0.02 };

/** Whether two stem lengths are close enough to be parts of one song. */
export function stemLengthsMatch(vocalSec: number, instrumentalSec: number): boolean {
  const longest = Math.max(vocalSec, instrumentalSec);
  const allowed = Math.max(STEM_LENGTH_TOLERANCE.seconds, STEM_LENGTH_TOLERANCE.ratio * longest);
  return Math.abs(vocalSec - instrumentalSec) <= allowed;
}

/** Decodes to stereo float32 at `sampleRate`, so both stems line up sample for sample. */
async function decodeStereoAt(
  input: string,
  out: string,
  sampleRate: number,
  maxSeconds: number,
  signal?: AbortSignal,
): Promise<number> {
  const args = decodeInputArgs(input);
  args.push('-t', String(maxSeconds + 1), '-ac', '2', '-ar', String(sampleRate));
  args.push('-f', 'f32le', '-acodec', 'pcm_f32le', '-y', out);
  const res = await run('ffmpeg', args, signal);
  if (res.code !== 0)
    throw new EngineError('CORRUPT', `The audio could not be decoded: ${res.stderr.trim().slice(0, 200)}`);
  const frames = Math.floor(statSync(out).size / 8);
  if (frames === 0) throw new EngineError('EMPTY', 'The file contains no audio samples.');
  if (frames / sampleRate > maxSeconds + 0.5)
    throw new EngineError('TOO_LONG', `The audio is longer than ${maxSeconds} seconds.`);
  return frames;
}

/**
 * A cover from stems the user gave (a vocal and an instrumental): separation is skipped, the
 * vocal is the lead and the instrumental the accompaniment. Both are decoded at the
 * instrumental's rate and cut to the shorter, once their lengths are shown to be close.
 */
export async function prepareOwnStems(
  stems: { vocals: string; instrumental: string },
  scratch: ScratchDir,
  limits: { maxSeconds: number; signal?: AbortSignal },
): Promise<{ input: PreparedInput; sep: SeparatedFiles }> {
  const ip = await probe(stems.instrumental, limits.signal);
  const sr = ip.sampleRate;
  const vocalFrames = await decodeStereoAt(
    stems.vocals,
    scratch.file('own-vocal.f32'),
    sr,
    limits.maxSeconds,
    limits.signal,
  );
  const instFrames = await decodeStereoAt(
    stems.instrumental,
    scratch.file('own-inst.f32'),
    sr,
    limits.maxSeconds,
    limits.signal,
  );
  const vocalSec = vocalFrames / sr;
  const instSec = instFrames / sr;
  if (!stemLengthsMatch(vocalSec, instSec))
    throw new EngineError(
      'STEMS_MISMATCH',
      `The vocal (${vocalSec.toFixed(1)} s) and the instrumental (${instSec.toFixed(1)} s) are not the same length: give both stems of one song.`,
    );
  const frames = Math.min(vocalFrames, instFrames);
  if (frames / sr < 1) throw new EngineError('TOO_SHORT', 'The stems are shorter than one second.');
  const lead: RawRef = { path: scratch.file('own-vocal.f32'), sampleRate: sr, channels: 2 };
  const accompaniment: RawRef = { path: scratch.file('own-inst.f32'), sampleRate: sr, channels: 2 };
  const analysis = analyseLead(lead, frames);
  const input: PreparedInput = {
    path: accompaniment.path,
    sampleRate: sr,
    channels: 2,
    frames,
    durationSec: frames / sr,
    probe: { ...ip, channels: 2, durationSec: frames / sr },
    loudnessLufs: Number.NaN,
    samplePeakDb: Number.NaN,
  };
  return { input, sep: { lead, accompaniment, ...analysis, frames } };
}
