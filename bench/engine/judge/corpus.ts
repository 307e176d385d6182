/**
 * Real recordings of real speakers from Debian packages (installed by the bench's documented
 * step; none is copied into the repository), each split by a fixed shuffle into disjoint parts:
 *   - `train`: the owner's recording the engine trains a voice from (95 s);
 *   - `enroll`: what the judge's speaker model is trained on (150 s);
 *   - `heldout`: clips for the judge's calibration (60 s);
 *   - `phrase`: a phrase to be converted into another voice (20 s).
 * Tuning and reporting speakers are separate sets: the engine's constants may be tuned on the
 * tuning speakers' results only; the results report the reporting speakers.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JUDGE_SR, decodeForJudge } from './tools';

export type Role = 'tuning' | 'reporting' | 'cohort';

export interface Speaker {
  id: string;
  sex: 'female' | 'male';
  /** Where the recordings come from: Debian package and folder. */
  pkg: string;
  dir: string;
  ext: string;
  role: Role;
  language: string;
  /** Seconds per part when they differ from PART_SECONDS (short collections). */
  seconds?: Record<Part, number>;
}

const AST = '/usr/share/asterisk/sounds';
const KT = '/usr/share/ktuberling/sounds';

export const PART_SECONDS = { train: 95, enroll: 150, heldout: 60, phrase: 20 } as const;
export type Part = keyof typeof PART_SECONDS;

/** ktuberling holds 2–4 minutes per language: no training recording, a shorter enrolment. */
const SHORT: Record<Part, number> = { train: 0, enroll: 85, heldout: 30, phrase: 20 };

/**
 * Sex as the packages name it (the Asterisk folders carry `_f_`/`_m_`); ktuberling's speakers are
 * unnamed, so theirs is inferred from the median f0 (143 Hz: male; 237 Hz: female), which is weaker.
 */
export const SPEAKERS: Speaker[] = [
  {
    id: 'allison',
    sex: 'female',
    pkg: 'asterisk-core-sounds-en-g722',
    dir: `${AST}/en_US_f_Allison`,
    ext: '.g722',
    role: 'tuning',
    language: 'en',
  },
  {
    id: 'ivr-ru',
    sex: 'female',
    pkg: 'asterisk-core-sounds-ru-g722',
    dir: `${AST}/ru_RU_f_IvrvoiceRU`,
    ext: '.g722',
    role: 'tuning',
    language: 'ru',
  },
  {
    id: 'kt-ru',
    seconds: SHORT,
    sex: 'male',
    pkg: 'ktuberling-data',
    dir: `${KT}/ru`,
    ext: '.ogg',
    role: 'tuning',
    language: 'ru',
  },
  {
    id: 'carlo',
    sex: 'male',
    pkg: 'asterisk-core-sounds-it-g722',
    dir: `${AST}/it_IT_m_Carlo`,
    ext: '.g722',
    role: 'reporting',
    language: 'it',
  },
  {
    id: 'june',
    sex: 'female',
    pkg: 'asterisk-core-sounds-fr-g722',
    dir: `${AST}/fr_CA_f_June`,
    ext: '.g722',
    role: 'reporting',
    language: 'fr',
  },
  {
    id: 'kt-uk',
    seconds: SHORT,
    sex: 'female',
    pkg: 'ktuberling-data',
    dir: `${KT}/uk`,
    ext: '.ogg',
    role: 'cohort',
    language: 'uk',
  },
  {
    id: 'kt-lt',
    seconds: SHORT,
    sex: 'female',
    pkg: 'ktuberling-data',
    dir: `${KT}/lt`,
    ext: '.ogg',
    role: 'cohort',
    language: 'lt',
  },
];

/** Allison's Spanish prompts: the same speaker in another language, a calibration check only. */
export const CROSS_LANGUAGE = {
  speaker: 'allison',
  dir: `${AST}/es_MX_f_Allison`,
  ext: '.g722',
  pkg: 'asterisk-core-sounds-es-g722',
};

/** Debian packages the bench needs (its README's install step). */
export const CORPUS_PACKAGES = [...new Set([...SPEAKERS.map((s) => s.pkg), CROSS_LANGUAGE.pkg])];

const PART_ORDER: Part[] = ['phrase', 'heldout', 'train', 'enroll'];

/** Files of a folder (recursively) with the extension, sorted. */
function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(ext)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** A fixed shuffle (mulberry32 seeded by the id), so the split never changes between runs. */
function shuffled<T>(xs: T[], seedText: string): T[] {
  let seed = 0;
  for (const c of seedText) seed = (Math.imul(seed, 31) + c.charCodeAt(0)) | 0;
  const rnd = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const a = xs.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Whether the speaker's recordings are installed. */
export function speakerInstalled(s: Pick<Speaker, 'dir' | 'ext'>): boolean {
  return listFiles(s.dir, s.ext).length > 0;
}

/** One part of a speaker: the files it holds and their audio joined at 16 kHz. */
export interface SpeakerPart {
  files: string[];
  audio: Float32Array;
  seconds: number;
}

/** Trims leading/trailing near-silence of a prompt so joined prompts are not mostly pauses. */
function trimSilence(x: Float32Array): Float32Array {
  const hop = 160;
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  const floor = peak * 0.02;
  let a = 0;
  let b = x.length;
  const loud = (i: number): boolean => {
    let m = 0;
    for (let k = i; k < Math.min(x.length, i + hop); k++) m = Math.max(m, Math.abs(x[k]!));
    return m > floor;
  };
  while (a < b && !loud(a)) a += hop;
  while (b > a && !loud(Math.max(0, b - hop))) b -= hop;
  return x.subarray(Math.max(0, a - 1600), Math.min(x.length, b + 1600));
}

/** Decoded parts are kept here between runs (gitignored); delete it after changing a split. */
const CACHE = new URL('../.cache/judge/', import.meta.url).pathname;

/** Splits a speaker's recordings into the four parts, decoded once and then read from the cache. */
export function speakerParts(s: Pick<Speaker, 'id' | 'dir' | 'ext' | 'seconds'>): Record<Part, SpeakerPart> {
  const index = join(CACHE, `${s.id}.json`);
  if (existsSync(index)) {
    const meta = JSON.parse(readFileSync(index, 'utf8')) as Record<
      Part,
      { files: string[]; seconds: number }
    >;
    const parts = {} as Record<Part, SpeakerPart>;
    for (const part of PART_ORDER) {
      const buf = readFileSync(join(CACHE, `${s.id}-${part}.f32`));
      const audio = new Float32Array(buf.buffer, buf.byteOffset, buf.length >> 2).slice();
      parts[part] = { ...meta[part], audio };
    }
    return parts;
  }
  const parts = decodeParts(s);
  mkdirSync(CACHE, { recursive: true });
  for (const part of PART_ORDER) {
    const a = parts[part].audio;
    writeFileSync(join(CACHE, `${s.id}-${part}.f32`), Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  }
  const meta = Object.fromEntries(
    PART_ORDER.map((p) => [p, { files: parts[p].files, seconds: parts[p].seconds }]),
  );
  writeFileSync(index, JSON.stringify(meta));
  return parts;
}

function decodeParts(s: Pick<Speaker, 'id' | 'dir' | 'ext' | 'seconds'>): Record<Part, SpeakerPart> {
  const files = shuffled(listFiles(s.dir, s.ext), s.id);
  const parts = {} as Record<Part, SpeakerPart>;
  let fi = 0;
  for (const part of PART_ORDER) {
    const chunks: Float32Array[] = [];
    const used: string[] = [];
    let len = 0;
    while (len < (s.seconds ?? PART_SECONDS)[part] * JUDGE_SR && fi < files.length) {
      const f = files[fi++]!;
      const x = trimSilence(decodeForJudge(f));
      if (x.length < JUDGE_SR * 0.3) continue;
      chunks.push(x);
      used.push(f);
      len += x.length;
    }
    const audio = new Float32Array(len);
    let o = 0;
    for (const c of chunks) {
      audio.set(c, o);
      o += c.length;
    }
    parts[part] = { files: used, audio, seconds: len / JUDGE_SR };
  }
  return parts;
}

/** The cross-language clips (Allison in Spanish), up to `seconds`. */
export function crossLanguageClips(seconds: number): SpeakerPart {
  return clipsFrom(CROSS_LANGUAGE.dir, CROSS_LANGUAGE.ext, seconds);
}

function clipsFrom(dir: string, ext: string, seconds: number): SpeakerPart {
  const files = shuffled(listFiles(dir, ext), dir);
  const chunks: Float32Array[] = [];
  const used: string[] = [];
  let len = 0;
  for (const f of files) {
    if (len >= seconds * JUDGE_SR) break;
    const x = trimSilence(decodeForJudge(f));
    if (x.length < JUDGE_SR * 0.3) continue;
    chunks.push(x);
    used.push(f);
    len += x.length;
  }
  const audio = new Float32Array(len);
  let o = 0;
  for (const c of chunks) {
    audio.set(c, o);
    o += c.length;
  }
  return { files: used, audio, seconds: len / JUDGE_SR };
}
