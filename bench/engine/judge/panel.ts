/**
 * The judge's panel: one speaker model per installed speaker, trained on its `enroll` part, and
 * the calibration that shows the panel recognises held-out clips of the speakers it knows.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CROSS_LANGUAGE,
  SPEAKERS,
  crossLanguageClips,
  speakerInstalled,
  speakerParts,
  type Part,
  type Speaker,
  type SpeakerPart,
} from './corpus';
import { ENROLL_LOOPS, mixOverLoops } from '../scratch-sounds';
import {
  CEP_ORDER,
  MIXTURES,
  judgeWindows,
  likeness,
  melCepstra,
  trainSpeaker,
  type Features,
  type SpeakerModel,
} from './speaker-model';
import { JUDGE_SR } from './tools';

/**
 * Multi-condition enrolment: the speaker's enrolment audio clean and mixed over two pairs of real
 * loops (never the loops the checks' songs use) at 0 and +6 dB, so a model knows its speaker in a
 * song too. Trained on clean speech only, every model lost to whichever model was broadest as soon
 * as music played (calibration in results.md).
 */
const ENROLL_VA_DB = [0, 6];
/**
 * Vocal-to-backing ratio of the songs the own-voice check covers: a vocal-forward mix. Speaker
 * models on mel-cepstra lose much of their grip once music plays (the calibration in results.md
 * gives each speaker's own held-out clips over the same loops as the ceiling of a cover's score);
 * at −3 dB they were recognised in 7–90 % of windows, at +6 dB in 30–100 %.
 */
export const SONG_VA_DB = 6;

function enrolFeatures(x: Float32Array): Features {
  const sets = [melCepstra(x)];
  ENROLL_LOOPS.forEach((loops, i) => {
    const { mix } = mixOverLoops(x, JUDGE_SR, ENROLL_VA_DB[i]!, loops);
    sets.push(melCepstra(mix[0]!.map((v, k) => 0.5 * (v + mix[1]![k]!))));
  });
  const frames = sets.reduce((s, f) => s + f.frames, 0);
  const data = new Float32Array(sets.reduce((s, f) => s + f.data.length, 0));
  let o = 0;
  for (const f of sets) {
    data.set(f.data, o);
    o += f.data.length;
  }
  return { data, frameIndex: new Int32Array(frames), frames };
}

const CACHE = new URL('../.cache/judge/', import.meta.url).pathname;

/**
 * A speaker's model, trained once and then read from the bench's cache: training the panel's GMMs
 * is most of a judge run's time. The key holds everything the model depends on.
 */
function cachedModel(s: Speaker, enroll: SpeakerPart): SpeakerModel {
  const key = createHash('sha1')
    .update(
      JSON.stringify({ id: s.id, seconds: enroll.seconds, ENROLL_VA_DB, ENROLL_LOOPS, CEP_ORDER, MIXTURES }),
    )
    .update(Buffer.from(enroll.audio.buffer, enroll.audio.byteOffset, enroll.audio.byteLength))
    .digest('hex')
    .slice(0, 16);
  const path = join(CACHE, `model-${s.id}-${key}.gmm`);
  if (existsSync(path)) {
    const b = readFileSync(path);
    return { id: s.id, params: new Float32Array(b.buffer, b.byteOffset, b.length >> 2).slice() };
  }
  const m = trainSpeaker(s.id, enrolFeatures(enroll.audio));
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(path, Buffer.from(m.params.buffer, m.params.byteOffset, m.params.byteLength));
  return m;
}

export interface Panel {
  speakers: Speaker[];
  parts: Map<string, Record<Part, SpeakerPart>>;
  models: SpeakerModel[];
}

/** Builds the panel from every installed speaker (missing ones are listed, not fatal). */
export function buildPanel(log: (s: string) => void = () => {}): Panel & { missing: string[] } {
  const speakers = SPEAKERS.filter(speakerInstalled);
  const missing = SPEAKERS.filter((s) => !speakerInstalled(s)).map((s) => `${s.id} (${s.pkg})`);
  const parts = new Map<string, Record<Part, SpeakerPart>>();
  const models: SpeakerModel[] = [];
  for (const s of speakers) {
    log(`judge: speaker ${s.id}`);
    const p = speakerParts(s);
    parts.set(s.id, p);
    models.push(cachedModel(s, p.enroll));
  }
  return { speakers, parts, models, missing };
}

export interface CalibrationRow {
  speaker: string;
  sex: string;
  role: string;
  clip: string;
  seconds: number;
  windows: number;
  /** Share of 1.5 s windows the panel gives to the right speaker. */
  share: number;
  medianLlr: number;
  /** The model that took most of the wrong windows, if any. */
  confusedWith: string | undefined;
}

/** Judges every speaker's held-out part (and Allison's Spanish prompts) against the whole panel. */
export function calibrate(panel: Panel): CalibrationRow[] {
  const rows: CalibrationRow[] = [];
  const judge = (s: Speaker, clip: string, audio: Float32Array, seconds: number): void => {
    const v = judgeWindows(panel.models, melCepstra(audio));
    const l = likeness(panel.models, v, s.id);
    const wrong = new Map<string, number>();
    for (const w of v) if (w.winner !== s.id) wrong.set(w.winner, (wrong.get(w.winner) ?? 0) + 1);
    const confusedWith = [...wrong].sort((a, b) => b[1] - a[1])[0]?.[0];
    rows.push({
      speaker: s.id,
      sex: s.sex,
      role: s.role,
      clip,
      seconds: Number(seconds.toFixed(1)),
      windows: l.windows,
      share: Number(l.share.toFixed(3)),
      medianLlr: Number(l.medianLlr.toFixed(2)),
      confusedWith,
    });
  };
  for (const s of panel.speakers) {
    const p = panel.parts.get(s.id)!;
    judge(s, 'held-out clips', p.heldout.audio, p.heldout.seconds);
  }
  for (const s of panel.speakers) {
    const p = panel.parts.get(s.id)!;
    const { mix } = mixOverLoops(p.heldout.audio, JUDGE_SR, SONG_VA_DB);
    const m = mix[0]!.map((v, k) => 0.5 * (v + mix[1]![k]!));
    judge(
      s,
      `held-out clips over the songs' loops, ${SONG_VA_DB > 0 ? '+' : ''}${SONG_VA_DB} dB`,
      m,
      p.heldout.seconds,
    );
  }
  const allison = panel.speakers.find((s) => s.id === CROSS_LANGUAGE.speaker);
  if (allison) {
    const es = crossLanguageClips(60);
    if (es.seconds > 0) judge(allison, 'other language (Spanish prompts)', es.audio, es.seconds);
  }
  return rows;
}
