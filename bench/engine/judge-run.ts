/**
 * The outside judge's run (`npm run bench:engine -- --judge`, or `npx tsx bench/engine/judge-run.ts`):
 * calibration of the speaker judge, own voices on the reporting speakers, training's traits and
 * refusals on real recordings, and the built-in voices' melody at +3 and −12. Writes
 * judge-results.json and judge-results.md beside this file, with the machine's load beside every
 * step's time. Needs Debian's sptk, aubio-tools, scratch and the speech packages listed in
 * judge-results.md (see the bench README).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { CORPUS_PACKAGES } from './judge/corpus';
import { buildPanel, calibrate } from './judge/panel';
import { judgeToolsMissing } from './judge/tools';
import { judgeReport, type JudgeResults, type Step } from './judge-report';

const BEFORE = new URL('./judge-before.json', import.meta.url).pathname;

function runCheck(script: string, args: string[] = []): unknown {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', new URL(script, import.meta.url).pathname, ...args],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (r.status !== 0) return { error: (r.stdout || '').trim().split('\n').at(-1) ?? 'failed' };
  return JSON.parse(r.stdout) as unknown;
}

function timed<T>(name: string, fn: () => T, steps: Step[]): T {
  const load = loadavg()[0]!;
  const t0 = performance.now();
  const out = fn();
  steps.push({ name, seconds: (performance.now() - t0) / 1000, loadBefore: load, loadAfter: loadavg()[0]! });
  return out;
}

/** `--render`: rewrites judge-results.md from judge-results.json (no measuring). */
function render(): void {
  const j = JSON.parse(
    readFileSync(new URL('./judge-results.json', import.meta.url), 'utf8'),
  ) as JudgeResults;
  if (existsSync(BEFORE)) j.before = JSON.parse(readFileSync(BEFORE, 'utf8')) as JudgeResults['before'];
  writeFileSync(new URL('./judge-results.md', import.meta.url), judgeReport(j));
}

function main(): void {
  if (process.argv.includes('--render')) return render();
  const missing = judgeToolsMissing();
  if (missing) throw new Error(`the judge needs: ${missing}`);
  const started = new Date().toISOString();
  const steps: Step[] = [];
  const panel = timed('speaker models', () => buildPanel((s) => void process.stderr.write(`${s}\n`)), steps);
  const calibration = timed('calibration', () => calibrate(panel), steps);
  const ownVoice = timed(
    'own voices (reporting speakers)',
    () => runCheck('./own-voice-check.ts', ['reporting']),
    steps,
  );
  const traits = timed('training traits', () => runCheck('./voice-traits-check.ts'), steps);
  const trainingInput = timed('training refusals', () => runCheck('./training-input-check.ts'), steps);
  const builtin = timed('built-in voices at +3 and −12', () => runCheck('./builtin-pitch-check.ts'), steps);
  const c = cpus();
  const results: JudgeResults = {
    started,
    machine: {
      cpu: c[0]?.model ?? 'unknown',
      cores: c.length,
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    packages: CORPUS_PACKAGES,
    missingSpeakers: panel.missing,
    calibration,
    ownVoice,
    traits,
    trainingInput,
    builtin,
    steps,
    ...(existsSync(BEFORE)
      ? { before: JSON.parse(readFileSync(BEFORE, 'utf8')) as JudgeResults['before'] }
      : {}),
  };
  writeFileSync(new URL('./judge-results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(new URL('./judge-results.md', import.meta.url), judgeReport(results));
  process.stdout.write(judgeReport(results));
}

main();
