/**
 * One own-voice cover judged from outside: a source vocal over real loops is covered by the engine's
 * CLI in a trained voice, and the judge gives the likeness of the source, the cover and the converted
 * stem to the owner, and the stem's pitch against the dry source's moved by the key.
 */
import { join } from 'node:path';
import { readWav, writeWav } from '../../../packages/engine/src/io/wav';
import { mixOverLoops } from '../scratch-sounds';
import type { Speaker } from './corpus';
import { SONG_SR as SR, engineCli as cli, judgeShare, mono } from './engine-cli';
import { SONG_VA_DB, type Panel } from './panel';
import { consensusPitch, scorePitch, type PitchScore } from './pitch-consensus';
import { toJudgeRate } from './tools';

export interface OwnVoiceRow {
  owner: string;
  ownerSex: string;
  source: string;
  sourceKind: 'speech' | 'sung';
  key: number;
  /** Likeness share for the owner: the unconverted source, the cover, the converted stem alone. */
  sourceShare: number;
  coverShare: number;
  stemShare: number;
  /** Share of the stem's windows still given to the source speaker (speech sources only). */
  stemSourceShare: number | null;
  stemMedianLlr: number;
  pitch: PitchScore;
}

/** Covers `source` in the owner's voice (`extraArgs` go to the CLI's cover) and judges it. */
export function coverOne(
  panel: Panel,
  dir: string,
  owner: Speaker,
  profilePath: string,
  source: { id: string; kind: 'speech' | 'sung'; dry: Float32Array },
  extraArgs: string[] = [],
): OwnVoiceRow {
  const { vocal, mix } = mixOverLoops(source.dry, SR, SONG_VA_DB);
  const tag = `${owner.id}-${source.id}`;
  const song = join(dir, `song-${tag}.wav`);
  writeWav(song, SR, mix);
  const out = join(dir, `cover-${tag}.wav`);
  const stems = join(dir, `stems-${tag}`);
  const res = cli([
    'cover',
    song,
    '--voice',
    profilePath,
    '--out',
    out,
    '--stems-dir',
    stems,
    ...extraArgs,
  ]) as {
    key: { semitones: number };
  };
  const cover = mono(readWav(out).channels);
  const stem = readWav(join(stems, 'vocals.wav')).channels[0]!;
  const stemJudged = judgeShare(panel, stem, SR, owner.id);
  const inPanel = panel.models.some((m) => m.id === source.id);
  const pitch = scorePitch(
    consensusPitch(toJudgeRate(vocal, SR)),
    consensusPitch(toJudgeRate(stem, SR)),
    res.key.semitones,
  );
  return {
    owner: owner.id,
    ownerSex: owner.sex,
    source: source.id,
    sourceKind: source.kind,
    key: res.key.semitones,
    sourceShare: round(judgeShare(panel, mono(mix), SR, owner.id).share),
    coverShare: round(judgeShare(panel, cover, SR, owner.id).share),
    stemShare: round(stemJudged.share),
    stemSourceShare: inPanel ? round(judgeShare(panel, stem, SR, source.id).share) : null,
    stemMedianLlr: round(stemJudged.medianLlr),
    pitch,
  };
}

export const round = (x: number): number => Number(x.toFixed(3));
