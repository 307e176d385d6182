/**
 * Engine benchmark: one command (`npm run bench:engine`) regenerates every figure in
 * bench/engine/results.md and results.json. Set BENCH_QUICK=1 for a short smoke run (not committed).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { SEPARATION_PARAMS } from '../../packages/engine/src/separate/separate-block';
import { benchPerf, type PerfRow } from './bench-perf';
import { benchSeparation } from './bench-separation';
import { benchPitch, benchTraining } from './bench-voice';
import { judgeMissing } from './judge';
import { report, type BenchResults } from './report';
import { HELD_OUT_SEEDS } from './song-set';

/** Runs a check script in its own process; its JSON, or the last line of its error. */
function runCheck(script: string, args: string[]): Record<string, unknown> | string {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', new URL(script, import.meta.url).pathname, ...args],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (r.status !== 0) return (r.stderr || r.stdout).trim().split('\n').at(-1) ?? 'failed';
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

const quick = process.env['BENCH_QUICK'] === '1';
const dir = mkdtempSync(join(tmpdir(), 'engine-bench-'));

async function main(): Promise<void> {
  const missing = judgeMissing();
  if (missing) throw new Error(missing);
  const started = new Date();
  const t0 = performance.now();
  const real = quick
    ? 'skipped in a quick run'
    : runCheck('./real-voice-check.ts', ['--listen', new URL('./listening', import.meta.url).pathname]);
  const seeds = quick ? HELD_OUT_SEEDS.slice(0, 3) : HELD_OUT_SEEDS;
  const sep = await benchSeparation(dir, seeds, quick ? [-3] : [-6, -3, 0, 3], quick ? 12 : 20);
  const pitch = benchPitch(quick ? 10 : 30);
  const train = await benchTraining(dir, quick ? 32 : 45);
  const perf: PerfRow[] = [];
  for (const [s, tuned] of quick
    ? ([[30, false]] as const)
    : ([
        [180, true],
        [600, true],
      ] as const)) {
    process.stderr.write(`perf ${s} s\n`);
    perf.push(benchPerf(dir, s, tuned));
  }
  const speech = [-5, -12].map((key) => {
    const r = runCheck('./speech-check.ts', [String(key)]);
    return typeof r === 'string' ? undefined : r;
  });
  const results: BenchResults = {
    started: started.toISOString(),
    quick,
    machine: machine(),
    separationParams: { ...SEPARATION_PARAMS },
    real,
    sep,
    pitch,
    train,
    perf,
    speech,
    totalSec: (performance.now() - t0) / 1000,
  };
  const name = quick ? 'results.quick' : 'results';
  writeFileSync(new URL(`./${name}.json`, import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(new URL(`./${name}.md`, import.meta.url), report(results));
  process.stdout.write(report(results));
}

function machine(): Record<string, string | number> {
  const c = cpus();
  return {
    cpu: c[0]?.model ?? 'unknown',
    cores: c.length,
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAvg1mAtEnd: Number(loadavg()[0]!.toFixed(2)),
  };
}

main()
  .catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
