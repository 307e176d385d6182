/**
 * Own voices, judged from outside. For each owner of the chosen set (tuning or reporting speakers,
 * `bench/engine/judge/corpus.ts`), the engine trains a voice from the owner's 95 s recording, then
 * covers (a) another speaker's phrase over real loops and (b) real sung phrases over the same loops
 * in that voice. The judge (SPTK/aubio, never the engine) then measures:
 *   - likeness: the share of 1.5 s windows its speaker models give to the owner over every other
 *     speaker, on the cover and on the converted vocal stem alone (and on the source, unconverted);
 *   - pitch: the converted stem's consensus pitch against the dry source's, moved by the key.
 *
 * Run: npx tsx bench/engine/own-voice-check.ts [tuning|reporting]  (JSON on stdout)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWav, writeWav } from '../../packages/engine/src/io/wav';
import type { Speaker } from './judge/corpus';
import { SONG_VA_DB, buildPanel, type Panel } from './judge/panel';
import { consensusPitch, scorePitch, type PitchScore } from './judge/pitch-consensus';
import { judgeWindows, likeness, melCepstra } from './judge/speaker-model';
import { JUDGE_SR, judgeToolsMissing, toJudgeRate } from './judge/tools';
import { mixOverLoops, sungLine } from './scratch-sounds';

/** BENCH_ENGINE_ROOT runs another checkout's engine (a before/after comparison). */
const ROOT = process.env['BENCH_ENGINE_ROOT'] ?? new URL('../../', import.meta.url).pathname;
const SR = 44100;

function cli(args: string[]): Record<string, unknown> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'packages/engine/src/cli/main.ts', ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`engine ${args[0]} failed: ${r.stdout}\n${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** 16 kHz → 44.1 kHz through ffmpeg, as an uploaded recording would arrive. */
function upsample(x: Float32Array): Float32Array {
  const out = execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'f32le',
      '-ar',
      String(JUDGE_SR),
      '-ac',
      '1',
      '-i',
      '-',
      '-ar',
      String(SR),
      '-f',
      'f32le',
      '-',
    ],
    { input: Buffer.from(x.buffer, x.byteOffset, x.byteLength), maxBuffer: 1 << 30 },
  );
  return new Float32Array(out.buffer, out.byteOffset, out.length >> 2).slice();
}

const mono = (chs: Float32Array[]): Float32Array =>
  chs[0]!.map((v, i) => chs.reduce((s, c) => s + c[i]!, 0) / chs.length || v * 0);

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

function judgeShare(panel: Panel, x: Float32Array, rate: number, who: string): ReturnType<typeof likeness> {
  const f = melCepstra(toJudgeRate(x, rate));
  return likeness(panel.models, judgeWindows(panel.models, f), who);
}

function coverOne(
  panel: Panel,
  dir: string,
  owner: Speaker,
  profilePath: string,
  source: { id: string; kind: 'speech' | 'sung'; dry: Float32Array },
): OwnVoiceRow {
  const { vocal, mix } = mixOverLoops(source.dry, SR, SONG_VA_DB);
  const tag = `${owner.id}-${source.id}`;
  const song = join(dir, `song-${tag}.wav`);
  writeWav(song, SR, mix);
  const out = join(dir, `cover-${tag}.wav`);
  const stems = join(dir, `stems-${tag}`);
  const res = cli(['cover', song, '--voice', profilePath, '--out', out, '--stems-dir', stems]) as {
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

const round = (x: number): number => Number(x.toFixed(3));

function main(): void {
  const role = (process.argv[2] ?? 'reporting') as 'tuning' | 'reporting';
  const missing = judgeToolsMissing();
  if (missing) throw new Error(`the judge needs: ${missing}`);
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  const panel = buildPanel(log);
  const owners = panel.speakers.filter(
    (s) => s.role === role && (panel.parts.get(s.id)?.train.seconds ?? 0) > 30,
  );
  const speechSources = panel.speakers.filter((s) => s.role === role);
  const sung = sungLine(SR);
  const dir = mkdtempSync(join(tmpdir(), 'own-voice-'));
  const rows: OwnVoiceRow[] = [];
  const profiles: Record<string, unknown>[] = [];
  try {
    for (const owner of owners) {
      const rec = join(dir, `${owner.id}.wav`);
      writeWav(rec, SR, [upsample(panel.parts.get(owner.id)!.train.audio)]);
      const profilePath = join(dir, `${owner.id}.json`);
      log(`own voice: training ${owner.id}`);
      cli(['train-voice', rec, '--out', profilePath, '--name', owner.id]);
      const p = JSON.parse(readFileSync(profilePath, 'utf8')) as Record<string, unknown>;
      profiles.push({
        owner: owner.id,
        sex: owner.sex,
        formantScale: p['formantScale'],
        vibrato: p['vibrato'],
        pitch: p['pitch'],
        breathiness: p['breathiness'],
      });
      const sources = [
        ...speechSources
          .filter((s) => s.id !== owner.id)
          .map((s) => ({
            id: s.id,
            kind: 'speech' as const,
            dry: upsample(panel.parts.get(s.id)!.phrase.audio),
          })),
        { id: 'scratch-sung', kind: 'sung' as const, dry: sung },
      ];
      for (const src of sources) {
        log(`own voice: ${src.id} → ${owner.id}`);
        rows.push(coverOne(panel, dir, owner, profilePath, src));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    `${JSON.stringify({ role, missingSpeakers: panel.missing, profiles, rows }, null, 2)}\n`,
  );
}

main();
