/**
 * Does running compiled JavaScript instead of TypeScript through tsx change anything? Starts the
 * server three ways — the tsx CLI (`tsx main.ts`, a parent process relaying signals to the server),
 * `node --import tsx main.ts` (one process, transpiled on load) and one esbuild bundle of the
 * server's own code run by plain node — and measures the time from spawn to the first healthy
 * `/v1/health` (warm: a second start on the same data directory) and `/v1/health` requests per
 * second at 50 connections. The bundle is written beside platform/db so the paths the server
 * resolves from its own location (migrations, the web build) hold; it is deleted afterwards.
 * Run: `npx tsx bench/api/startup.ts` (BENCH_PORT, default 8364).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const PORT = Number(process.env.BENCH_PORT ?? 8364);
const bundle = path.join(root, 'apps/server/src/platform/db/startup-bench.mjs');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg()[0]!.toFixed(2);

async function startOnce(command: string[], dataDir: string) {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/v1/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(50);
  }
  const startupMs = performance.now() - started;
  return {
    startupMs,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: bundle,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-external',
      // Our workspace packages are TypeScript: bundled. Everything from npm stays a plain import.
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@ai-covers/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

const ways: [string, string[]][] = [
  ['tsx CLI: tsx apps/server/src/main.ts', ['tsx', 'apps/server/src/main.ts']],
  ['node --import tsx apps/server/src/main.ts', ['node', '--import', 'tsx', 'apps/server/src/main.ts']],
  ['compiled: node (esbuild bundle)', ['node', bundle]],
];
const lines = [
  '| how | first start s (fresh data dir) | warm start s | /v1/health req/s | p99 ms | load (1 min) |',
  '|---|---:|---:|---:|---:|---:|',
];
try {
  for (const [name, command] of ways) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-startup-'));
    const first = await startOnce(command, dataDir);
    await first.stop();
    const warm = await startOnce(command, dataDir);
    await autocannon({ url: `http://127.0.0.1:${PORT}/v1/health`, connections: 50, duration: 2 });
    const r = await autocannon({ url: `http://127.0.0.1:${PORT}/v1/health`, connections: 50, duration: 10 });
    await warm.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    lines.push(
      `| ${name} | ${(first.startupMs / 1000).toFixed(1)} | ${(warm.startupMs / 1000).toFixed(1)} | ${r.requests.average.toFixed(0)} | ${r.latency.p99} | ${load()} |`,
    );
    process.stderr.write(`${lines.at(-1)}\n`);
  }
} finally {
  fs.rmSync(bundle, { force: true });
}
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);
