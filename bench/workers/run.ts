/**
 * Render workers benchmark: `GET /v1/health` requests per second on the API process while no cover
 * renders, while a cover renders inside the API process (RUN_WORKER=true), and while it renders in a
 * separate worker process (`RUN_WORKER=false` API + `npm run worker`). Every run starts the real
 * entry points as child processes on a fresh Postgres database (the split needs one) and records
 * the machine's load (`uptime`) next to its figures: the machine is shared. Writes
 * bench/workers/results.md.
 * Run: `npx tsx bench/workers/run.ts` from the repository root (Postgres at
 * postgres://postgres@127.0.0.1:5432/test, or BENCH_DATABASE_URL).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import {
  call,
  pollTask,
  startChild,
  uploadSong,
  waitForHealth,
  WORKER_ENTRY,
  type Child,
} from '../../apps/server/src/test/child-server';
import { songWav } from '../../apps/server/src/features/covers/covers.test-kit';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 8324;
const CONNECTIONS = 10;
const SECONDS = 10;
const SONG_SECONDS = 180;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

interface Row {
  scenario: string;
  result: Result;
  loadBefore: string;
  progress: string;
}

type Mode = 'idle' | 'idle-split' | 'in-process' | 'worker';

async function measure(scenario: string, mode: Mode): Promise<Row> {
  const dbName = `bench_workers_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-workers-'));
  await admin(`CREATE DATABASE "${dbName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), RATE_LIMIT_PER_MINUTE: '1000000' };
  const children: Child[] = [];
  try {
    const split = mode === 'worker' || mode === 'idle-split';
    const api = startChild({ ...env, PORT: String(PORT), RUN_WORKER: split ? 'false' : 'true' });
    children.push(api);
    await waitForHealth(PORT, api);
    if (mode === 'worker') children.push(startChild(env, WORKER_ENTRY));
    const guest = { 'x-visitor-id': `v-bench-${randomBytes(6).toString('hex')}` };
    let taskId: string | null = null;
    if (mode === 'in-process' || mode === 'worker') {
      const key = await uploadSong(PORT, guest, 'bench.wav', songWav(SONG_SECONDS));
      const created = await call(PORT, guest, '/v1/vsas/create', { voice_id: 'velvet', file_key: key });
      taskId = created.json.data.task_id as string;
      const running = await pollTask(
        PORT,
        guest,
        taskId,
        (t) => t.status === 2 && t.progress > 0.02,
        180_000,
      );
      if (running?.status !== 2) throw new Error(`the render did not start: ${JSON.stringify(running)}`);
    } else {
      // Same settling time as the others get while their render starts.
      await new Promise((r) => setTimeout(r, 5000));
    }
    const loadBefore = uptime();
    const before = taskId ? (await call(PORT, guest, `/v1/vsas/result/${taskId}`)).json.data : null;
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}/v1/health`,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    const after = taskId ? (await call(PORT, guest, `/v1/vsas/result/${taskId}`)).json.data : null;
    // The render must have run for the whole measurement, or the figure is not "during a render".
    if (after && after.status !== 2)
      throw new Error(`the render ended during the measurement (status ${after.status})`);
    const progress =
      before && after ? `${Math.round(before.progress * 100)} → ${Math.round(after.progress * 100)} %` : '—';
    return { scenario, result, loadBefore, progress };
  } finally {
    for (const c of children) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const SCENARIOS: Array<[string, Mode]> = [
  ['no render, API with RUN_WORKER=true', 'idle'],
  ['no render, API with RUN_WORKER=false', 'idle-split'],
  ['render in the API process (RUN_WORKER=true)', 'in-process'],
  ['render in a worker process (RUN_WORKER=false + npm run worker)', 'worker'],
];
/** Two rounds, interleaved: on a shared machine one run alone says little. */
const ROUNDS = 2;
const rows: Row[] = [];
for (let round = 1; round <= ROUNDS; round++)
  for (const [scenario, mode] of SCENARIOS) rows.push(await measure(`${scenario} · round ${round}`, mode));

const line = (r: Row) =>
  `| ${r.scenario} | ${Math.round(r.result.requests.average)} | ${r.result.latency.p50} | ${r.result.latency.p99} | ${r.result['2xx']} | ${r.result.non2xx} | ${r.result.errors} | ${r.progress} | ${r.loadBefore.replace(/^.*load average: /, '')} |`;
const md = `# Render workers: the API under a running render

Date: ${new Date().toISOString()} · \`GET /v1/health\` · ${CONNECTIONS} connections · ${SECONDS} s per run · a ${SONG_SECONDS}-s song rendering with the DSP engine · Postgres · ${os.cpus().length} cores shared with other work.

| scenario | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors | render progress during the run | load average (1, 5, 15 min) before the run |
|---|---:|---:|---:|---:|---:|---:|---|---|
${rows.map(line).join('\n')}

"No render" with RUN_WORKER=true still runs queue maintenance, schedules and sweeps in the API
process; with RUN_WORKER=false it only serves HTTP. The render's own speed shows in its progress
column: in the API process it competes with the requests on one event loop and its threads.

Machine at the end: \`${uptime()}\`

Rerun: \`npx tsx bench/workers/run.ts\` from the repository root (Postgres at postgres://postgres@127.0.0.1:5432/test, or set BENCH_DATABASE_URL).
`;
fs.writeFileSync(path.join(here, 'results.md'), md);
process.stdout.write(md);
process.exit(0);
