/** judge-results.md from a judge run (bench/engine/judge-run.ts). */
import type { CalibrationRow } from './judge/panel';
import type { PitchScore } from './judge/pitch-consensus';
import type { OwnVoiceRow } from './judge/cover-judged';

export interface Step {
  name: string;
  seconds: number;
  loadBefore: number;
  loadAfter: number;
}

export interface JudgeResults {
  started: string;
  machine: Record<string, string | number>;
  packages: string[];
  missingSpeakers: string[];
  calibration: CalibrationRow[];
  ownVoice: unknown;
  traits: unknown;
  trainingInput: unknown;
  builtin: unknown;
  steps: Step[];
  /** The own-voice check of the engine before this change (judge-before.json), if present. */
  before?: {
    engine: string;
    measured: string;
    rows: OwnVoiceRow[];
    profiles: Array<Record<string, unknown>>;
  };
}

/** The issue's targets for covers, as the judge measures them. */
export const JUDGE_TARGETS = {
  coverShare: 0.6,
  stemShare: 0.5,
  ownGrossPct: 5,
  ownMedianCents: 15,
  builtinCorrelation: 0.98,
  builtinOctavePct: 1,
  builtinGrossPct: 3,
  builtinMedianCents: 10,
};

/** A likeness figure counts only when the unconverted song scores under this for the owner. */
const MAX_SOURCE_SHARE = 0.2;

const n = (x: unknown, d = 2): string => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const pct = (x: number): string => `${Math.round(100 * x)} %`;
const mark = (ok: boolean): string => (ok ? 'met' : '**missed**');

export function judgeReport(j: JudgeResults): string {
  const T = JUDGE_TARGETS;
  const L: string[] = [
    '# Engine: the outside judge',
    '',
    `Run of ${j.started} (\`npx tsx bench/engine/judge-run.ts\`). Machine: ${Object.entries(j.machine)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
    'Nothing here is measured by the engine: pitch is the consensus of RAPT and SWIPE′ (SPTK) and yinfft (aubio), a frame counting only where two of the three agree within 50 cents; speaker likeness is a classic GMM speaker judge (20 mel-frequency cepstra from SPTK `mfcc`, a 64-component GMM per speaker from SPTK `gmm`, frame log-likelihoods from `gmmp`), deciding each 1.5 s window for the speaker whose model scores it highest against every other model of the panel. Voices are real recordings from Debian packages, none in the repository: ' +
      j.packages.map((p) => `\`${p}\``).join(', ') +
      '. Tuning speakers (allison, ivr-ru, kt-ru) and reporting speakers (carlo, june) are separate; only reporting speakers are reported below.',
    '',
  ];
  if (j.missingSpeakers.length)
    L.push(`Speakers not installed on this run: ${j.missingSpeakers.join(', ')}.`, '');

  L.push(
    '## Calibration of the speaker judge',
    '',
    'Share of 1.5 s windows the panel gives to the right speaker, on clips it was not trained on.',
    '',
  );
  L.push(
    '| speaker | sex | role | clips | s | windows | right | median LLR | most often confused with |',
    '|---|---|---|---|---:|---:|---:|---:|---|',
  );
  for (const r of j.calibration) {
    L.push(
      `| ${r.speaker} | ${r.sex} | ${r.role} | ${r.clip} | ${n(r.seconds, 0)} | ${r.windows} | ${pct(r.share)} | ${n(r.medianLlr)} | ${r.confusedWith ?? '—'} |`,
    );
  }
  L.push(
    '',
    "The rows over the loops are the ceiling of a cover's score: the speaker's own unprocessed voice in the same mix.",
    '',
  );

  const own = j.ownVoice as {
    rows?: OwnVoiceRow[];
    profiles?: Array<Record<string, unknown>>;
    error?: string;
  };
  L.push('## Own voices (reporting speakers)', '');
  if (!own.rows) L.push(`Not measured: ${own.error ?? 'no result'}.`, '');
  else {
    L.push(
      "Each owner's voice is trained from a 95 s recording of the owner; the other reporting speaker's phrase (20 s) and the real sung line are covered in it, over real loops at +6 dB vocal-to-backing.",
      '',
    );
    L.push(
      `| owner | source | k | likeness: source / cover / stem (target ≥ ${T.coverShare} / ≥ ${T.stemShare}) | stem still the source | pitch corr. | median c (≤ ${T.ownMedianCents}) | gross % (≤ ${T.ownGrossPct}) | octave % |`,
      '|---|---|---:|---|---:|---:|---:|---:|---:|',
    );
    for (const r of own.rows) {
      const p = r.pitch;
      // When the unconverted song already scores as the owner, the judge leans to that model and a
      // high score says nothing about the conversion: such a row is not counted as met.
      const fair = r.sourceShare < MAX_SOURCE_SHARE;
      const likeMark = (ok: boolean): string =>
        fair ? mark(ok) : 'not judged: the source already scores as the owner';
      L.push(
        `| ${r.owner} (${r.ownerSex}) | ${r.source} (${r.sourceKind}) | ${r.key} | ${n(r.sourceShare)} / ${n(r.coverShare)} (${likeMark(r.coverShare >= T.coverShare)}) / ${n(r.stemShare)} (${likeMark(r.stemShare >= T.stemShare)}) | ${r.stemSourceShare === null ? '—' : n(r.stemSourceShare)} | ${n(p.correlation, 3)} | ${n(p.medianCents, 1)} (${mark(p.medianCents <= T.ownMedianCents)}) | ${n(p.grossPct, 1)} (${mark(p.grossPct <= T.ownGrossPct)}) | ${n(p.octavePct, 1)} |`,
      );
    }
    L.push('', '| owner | formant scale | vibrato (c @ Hz) | median pitch (MIDI) |', '|---|---:|---|---:|');
    for (const p of own.profiles ?? []) {
      const v = p['vibrato'] as { depthCents: number; rateHz: number };
      const pitch = p['pitch'] as { medianMidi: number };
      L.push(
        `| ${String(p['owner'])} (${String(p['sex'])}) | ${n(p['formantScale'], 3)} | ${n(v.depthCents, 0)} @ ${n(v.rateHz, 1)} | ${n(pitch.medianMidi, 1)} |`,
      );
    }
    L.push('');
  }

  if (j.before) {
    L.push(`Before (engine ${j.before.engine}, measured ${j.before.measured} by the same judge):`, '');
    L.push(
      '| owner | source | k | likeness: source / cover / stem | pitch corr. | median c | gross % | octave % | trained vibrato (c) | formant scale |',
      '|---|---|---:|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const r of j.before.rows) {
      const p = r.pitch;
      const prof = j.before.profiles.find((q) => q['owner'] === r.owner);
      const v = prof?.['vibrato'] as { depthCents: number } | undefined;
      L.push(
        `| ${r.owner} | ${r.source} | ${r.key} | ${n(r.sourceShare)} / ${n(r.coverShare)} / ${n(r.stemShare)} | ${n(p.correlation, 3)} | ${n(p.medianCents, 1)} | ${n(p.grossPct, 1)} | ${n(p.octavePct, 1)} | ${n(v?.depthCents, 0)} | ${n(prof?.['formantScale'], 3)} |`,
      );
    }
    L.push('');
  }

  const traits = j.traits as { speeds?: number[]; rows?: Array<Record<string, unknown>>; error?: string };
  L.push('## Training traits on real recordings', '');
  if (!traits.rows) L.push(`Not measured: ${traits.error ?? 'no result'}.`, '');
  else {
    L.push(
      `Formant scale of each speaker's recording as it is and played ${(traits.speeds ?? [])
        .slice(1)
        .map((s) => `${s}×`)
        .join(
          ' and ',
        )} faster (the same voice with a tract that much shorter, child-like at 1.3×); vibrato depth training gives it. Speech must get none.`,
      '',
    );
    L.push(
      `| speaker | sex | role | formant scale at ${(traits.speeds ?? []).map((s) => `${s}×`).join(' / ')} | ordered | vibrato (c) |`,
      '|---|---|---|---|---|---:|',
    );
    for (const r of traits.rows) {
      const sc = (r['scales'] as number[]) ?? [];
      const ordered =
        sc.length > 1 ? (sc.every((v, i) => i === 0 || v > sc[i - 1]!) ? 'yes' : '**no**') : '—';
      const refused = r['refused'] ? ` (refused: ${String(r['refused'])})` : '';
      L.push(
        `| ${String(r['id'])} | ${String(r['sex'])} | ${String(r['role'])} | ${sc.map((v) => n(v, 3)).join(' / ')}${refused} | ${ordered} | ${n(r['vibratoCents'], 0)}${r['vibratoRateHz'] ? ` @ ${n(r['vibratoRateHz'], 1)} Hz` : ''} |`,
      );
    }
    L.push('');
  }

  const tin = j.trainingInput as { rows?: Array<Record<string, unknown>>; error?: string };
  L.push('## Training refusals', '');
  if (!tin.rows) L.push(`Not measured: ${tin.error ?? 'no result'}.`, '');
  else {
    L.push('| recording | expected | got | |', '|---|---|---|---|');
    for (const r of tin.rows)
      L.push(
        `| ${String(r['name'])} | ${String(r['expect'])} | ${String(r['got'])} | ${r['ok'] ? 'ok' : '**wrong**'} |`,
      );
    L.push('');
  }

  const bi = j.builtin as {
    rows?: Array<{ voice: string; key: number; input: string } & PitchScore>;
    error?: string;
  };
  L.push('## Built-in voices at +3 and −12 (real sung line)', '');
  if (!bi.rows) L.push(`Not measured: ${bi.error ?? 'no result'}.`, '');
  else {
    L.push(
      `| voice | k | input | compared % | corr. (≥ ${T.builtinCorrelation}) | median c (≤ ${T.builtinMedianCents}) | gross % (≤ ${T.builtinGrossPct}) | octave % (≤ ${T.builtinOctavePct}) |`,
      '|---|---:|---|---:|---:|---:|---:|---:|',
    );
    for (const r of bi.rows) {
      L.push(
        `| ${r.voice} | ${r.key} | ${r.input} | ${n(r.comparedPct, 1)} | ${n(r.correlation, 3)} (${mark(r.correlation >= T.builtinCorrelation)}) | ${n(r.medianCents, 1)} (${mark(r.medianCents <= T.builtinMedianCents)}) | ${n(r.grossPct, 1)} (${mark(r.grossPct <= T.builtinGrossPct)}) | ${n(r.octavePct, 1)} (${mark(r.octavePct <= T.builtinOctavePct)}) |`,
      );
    }
    L.push('');
  }

  L.push(
    "## Time of each step, with the machine's load",
    '',
    '| step | wall (s) | load (1 min) before → after |',
    '|---|---:|---|',
  );
  for (const s of j.steps)
    L.push(`| ${s.name} | ${n(s.seconds, 1)} | ${n(s.loadBefore)} → ${n(s.loadAfter)} |`);
  L.push('');
  return `${L.join('\n')}\n`;
}
