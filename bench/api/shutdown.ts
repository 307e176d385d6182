/**
 * Does the server shut down gracefully under load, started each way? Starts it with the tsx CLI
 * and with `node --import tsx`, loads it with 50 connections, sends SIGTERM, and reports how the
 * process ended and whether the server's own shutdown ran (it logs "shutting down" first). The tsx
 * CLI relays the signal to its child and kills it when the child does not acknowledge within a few
 * tens of milliseconds, which a busy event loop cannot promise.
 * Run: `npx tsx bench/api/shutdown.ts` (BENCH_PORT, default 8365).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.BENCH_PORT ?? 8365);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const command of [
  ['tsx', 'apps/server/src/main.ts'],
  ['node', '--import', 'tsx', 'apps/server/src/main.ts'],
]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-covers-shutdown-'));
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  for (;;) {
    if (
      await fetch(`http://127.0.0.1:${PORT}/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  const load = autocannon({
    url: `http://127.0.0.1:${PORT}/v1/common/category?module=ai-covers`,
    connections: 50,
    duration: 6,
  });
  await sleep(3000);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGTERM');
  const code = await exited;
  await load;
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(
    `| ${command.join(' ')} | ${code} | ${out.includes('shutting down') ? 'yes' : 'no'} | load ${os.loadavg()[0]!.toFixed(2)} |\n`,
  );
}
process.exit(0);
