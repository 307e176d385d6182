/**
 * API speed benchmark: the product started the way `npm start` starts it (the built web, the
 * embedded database unless DATABASE_URL, the worker in the same process, default log level, only
 * the rate limit raised out of the way) against a bare Fastify 5 process answering the same
 * envelope, in the same run, with autocannon at 50 connections. Routes: `/v1/health`, the
 * categories, a signed-in task-status read of a running and of a finished cover, the covers list,
 * user info, My voices, a finished headshot pack's page and My headshots; on PGlite and on Postgres (when
 * reachable), idle and while a cover renders. Each figure is printed as a share of the bare route
 * measured just before and after it. Writes the measured part of bench/api/results.md.
 *
 * Run: `npm run bench:api` from the repository root. Settings (environment):
 *   BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_PORT (8360; the bare route takes the next),
 *   BENCH_DATABASES (pglite,postgres), BENCH_PHASES (idle,render),
 *   BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test; a database of its own is made,
 *   named BENCH_POSTGRES_DB, default ai_covers_bench_api: give another name when two benches share a server),
 *   BENCH_PROFILE=1 (CPU profiles of the server into .tmp/bench-api/profiles),
 *   BENCH_ROUTES (e.g. `health,user/info`: only the routes whose name contains one of these),
 *   BENCH_WRITE=0 (print only),
 *   BENCH_SERVER_ROOT and BENCH_SERVER_COMMAND (another checkout and its start command, to compare
 *   a change against the code before it in the same conditions).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { createUsersRepo } from '../../apps/server/src/features/users/users.repo';
import { createTokenSigner } from '../../apps/server/src/platform/auth/tokens';
import { coverAssets, coverTasks } from '../../apps/server/src/features/covers/covers.schema';
import { files } from '../../apps/server/src/features/storage/files/files.schema';
import { userVoices } from '../../apps/server/src/features/voices/voices.schema';
import {
  headshotPackTasks,
  headshotResults,
} from '../../apps/server/src/features/headshots/headshots.schema';
import { signedPutHeaders } from '../../apps/server/src/features/storage/storage.test-kit';
import { songWav } from '../../apps/server/src/test/song-wav';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;
const work = path.join(root, '.tmp/bench-api');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 8360);
const BARE_PORT = PORT + 1;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const PHASES = (process.env.BENCH_PHASES ?? 'idle,render').split(',');
/** Only the routes whose name contains one of these words (a profile of one route at a time). */
const ROUTES = process.env.BENCH_ROUTES?.split(',');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROFILE = process.env.BENCH_PROFILE === '1';
const AUTH_SECRET = 'bench-api-secret-0123456789-abcdefghijklmnop';
const TASK_ID = 'bench-api-task-0001';
/** A finished cover of the same user: what the task page, My covers and the share flow read. */
const DONE_TASK_ID = 'bench-api-task-done';
/** Finished covers of the user besides DONE_TASK_ID (the covers list shows a page of them). */
const LIST_DONE = 9;
const SONG_SECONDS = 150;
/** A finished headshot pack of the user (its page and My headshots read it), with PACK_RESULTS results. */
const PACK_ID = 'bench-api-pack-done';
const PACK_RESULTS = 8;

interface Row {
  database: string;
  phase: string;
  route: string;
  result: Result;
  bare: number;
  load: string;
  /** During a render: whether the render was still running when the measurement ended. */
  rendering?: boolean;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function log(line: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
}

/** The command `npm start` runs once the web is built (package.json `start:server`). */
function serverCommand(): string {
  if (process.env.BENCH_SERVER_COMMAND) return process.env.BENCH_SERVER_COMMAND;
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = pkg.scripts['start:server'];
  if (!command) throw new Error('package.json has no start:server script');
  return command;
}

function startProcess(
  command: string,
  env: Record<string, string>,
  logFile: string,
  cwd = root,
): ChildProcess {
  const out = fs.openSync(logFile, 'w');
  // Without a shell in between: the signal reaches the server itself and its exit is awaited
  // (a CPU profile is written as it exits). The commands are plain words, no quoting.
  const [program, ...args] = command.trim().split(/\s+/);
  return spawn(program!, args, {
    cwd,
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      ...env,
    },
    stdio: ['ignore', out, out],
    detached: true,
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  // The whole group: the runner (tsx, npm) and the node process it starts, if any.
  process.kill(-child.pid!, 'SIGTERM');
  // A CPU profile is written on exit, which takes a while for a long run on a busy machine.
  await Promise.race([exited, sleep(90_000)]);
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/v1/health`);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`no answer from ${base}/v1/health`);
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh database of the bench's own on the Postgres server; returns its URL. */
async function freshPostgres(): Promise<string> {
  const name = process.env.BENCH_POSTGRES_DB ?? 'ai_covers_bench_api';
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error('BENCH_POSTGRES_DB: lower-case letters, digits and _');
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Writes what the bench reads before the server starts (one process owns a PGlite directory):
 * a signed-in user with a live session and a cover task of theirs in the running state, the one a
 * status page polls. Returns the user's bearer token, signed with the secret the server gets.
 */
async function seed(options: { url?: string; dataDir: string }): Promise<string> {
  const database = await openDatabase({
    url: options.url,
    dataDir: options.url ? undefined : path.join(options.dataDir, 'db'),
  });
  try {
    const users = createUsersRepo(database.db);
    const { user } = await users.upsertByIdentity({
      issuer: 'bench',
      subject: 'api',
      email: 'bench@example.com',
    });
    const sessionId = await users.createSession(user.id, new Date(Date.now() + 86_400_000));
    const { token } = await createTokenSigner(new TextEncoder().encode(AUTH_SECRET)).sign({
      userId: user.id,
      sessionId,
    });
    await database.db.insert(coverTasks).values({
      id: TASK_ID,
      userId: user.id,
      sourceKey: 'ai-covers/bench/seeded.wav',
      songName: 'Seeded.wav',
      voiceId: 'velvet',
      backing: 'keep',
      status: 2,
      progress: 0.4,
      duration: 180,
    });
    await seedFinished(database.db, user.id);
    await seedVoiceAndPack(database.db, user.id);
    return token;
  } finally {
    await database.close();
  }
}

/**
 * Finished covers as a render leaves them: stored source, result and preview files, the kept WAV
 * and low-bitrate MP3, so their view reads every part (files, formats, payment, mix).
 */
async function seedFinished(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  userId: number,
): Promise<void> {
  const ids = [DONE_TASK_ID, ...Array.from({ length: LIST_DONE }, (_, i) => `bench-api-done-${i}`)];
  for (const [n, id] of ids.entries()) {
    const file = async (role: string) => {
      const storageKey = `ai-covers/bench/${id}/${role}`;
      const [row] = await db
        .insert(files)
        .values({
          userId,
          kind: 'ai-covers',
          bucket: 'bench',
          storageKey,
          name: `${role}.mp3`,
          fileType: 'audio',
          mimeType: 'audio/mpeg',
          fileSize: 1000,
          etag: `${id}-${role}`,
          internal: role !== 'source',
        })
        .returning({ id: files.id });
      return { id: row!.id, storageKey };
    };
    const [source, result, preview, wav, low] = [
      await file('source'),
      await file('result'),
      await file('preview'),
      await file('wav'),
      await file('mp3_low'),
    ];
    const at = new Date(Date.now() - (n + 1) * 60_000);
    await db.insert(coverTasks).values({
      id,
      userId,
      sourceFileId: source.id,
      sourceKey: source.storageKey,
      songName: `Finished ${n}.wav`,
      voiceId: 'velvet',
      backing: 'keep',
      status: 3,
      progress: 1,
      duration: 150,
      keyApplied: 0,
      resultFileId: result.id,
      resultKey: result.storageKey,
      previewFileId: preview.id,
      previewKey: preview.storageKey,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
      updatedAt: at,
    });
    await db.insert(coverAssets).values([
      { taskId: id, role: 'wav', fileId: wav.id, storageKey: wav.storageKey },
      { taskId: id, role: 'mp3_low', fileId: low.id, storageKey: low.storageKey },
    ]);
  }
}

/** A ready voice of the user's own (with its recording) and a finished headshot pack. */
async function seedVoiceAndPack(db: Awaited<ReturnType<typeof openDatabase>>['db'], userId: number) {
  const storageKey = 'ai-covers/bench/voice-sample.wav';
  const [sample] = await db
    .insert(files)
    .values({
      userId,
      kind: 'ai-covers',
      bucket: 'bench',
      storageKey,
      name: 'sample.wav',
      fileType: 'audio',
      mimeType: 'audio/wav',
      fileSize: 1000,
      etag: 'bench-voice-sample',
    })
    .returning({ id: files.id });
  await db.insert(userVoices).values({
    id: 'my-0123456789ab',
    userId,
    name: 'Bench voice',
    consentVersion: '1',
    consentAt: new Date(),
    status: 3,
    progress: 1,
    sampleFileId: sample!.id,
    sampleKey: storageKey,
    range: 'A2–E4',
  });
  await db.insert(headshotPackTasks).values({
    id: PACK_ID,
    userId,
    plan: 'basic',
    styles: ['studio'],
    gender: 'unspecified',
    photoIds: ['a', 'b', 'c'],
    count: PACK_RESULTS,
    status: 'success',
    taskStatus: 3,
    progress: 1,
    delivered: PACK_RESULTS,
  });
  await db.insert(headshotResults).values(
    Array.from({ length: PACK_RESULTS }, (_, index) => ({
      id: `${PACK_ID}-${index}`,
      packId: PACK_ID,
      userId,
      index,
      storageKey: `headshots/bench/${index}.jpg`,
      thumbKey: `headshots/bench/${index}-thumb.jpg`,
      name: `headshot-${index}.jpg`,
      size: 1000,
      style: 'studio',
      backdrop: 'grey',
      framing: 'head',
      grade: 'neutral',
      likeness: 0.9,
    })),
  );
}

async function measure(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
}

/** Uploads a song as the user through the storage API and starts its cover; returns the task id. */
async function startRender(base: string, headers: Record<string, string>, song: Buffer): Promise<string> {
  const tokenRes = await fetch(`${base}/v1/storage/token?kind=ai-covers&ext=wav`, { headers });
  const { data: tokenData } = (await tokenRes.json()) as {
    data: { params: Parameters<typeof signedPutHeaders>[0] };
  };
  const params = tokenData.params;
  const put = await fetch(`${base}/storage/${params.bucket_name}/${params.object_key}`, {
    method: 'PUT',
    headers: signedPutHeaders(params, params.object_key, {
      contentType: 'audio/wav',
      vars: { 'x:file_name': 'bench-song.wav' },
    }),
    body: song,
  });
  const uploaded = (await put.json()) as { data?: { storage_key: string }; msg: string };
  if (!uploaded.data) throw new Error(`upload failed: ${uploaded.msg}`);
  const create = await fetch(`${base}/v1/vsas/create`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ voice_id: 'velvet', file_key: uploaded.data.storage_key }),
  });
  const created = (await create.json()) as { data?: { task_id: string }; msg: string };
  if (!created.data) throw new Error(`create failed: ${created.msg}`);
  return created.data.task_id;
}

async function taskStatus(base: string, headers: Record<string, string>, id: string): Promise<number> {
  const res = await fetch(`${base}/v1/vsas/result/${id}`, { headers });
  const body = (await res.json()) as { data?: { status: number } };
  return body.data?.status ?? 0;
}

/** Makes sure a render is running (starting another when the last one ended); waits for it. */
async function ensureRendering(
  base: string,
  headers: Record<string, string>,
  song: Buffer,
  current: { id: string | null },
): Promise<void> {
  if (current.id && (await taskStatus(base, headers, current.id)) === 2) return;
  current.id = await startRender(base, headers, song);
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    const status = await taskStatus(base, headers, current.id);
    if (status === 2) return;
    if (status > 2) throw new Error(`render ended with status ${status} before it could be measured`);
    await sleep(200);
  }
  throw new Error('render did not start');
}

async function runDatabase(database: string, bare: () => Promise<number>, rows: Row[]): Promise<string[]> {
  const notes: string[] = [];
  const dataDir = path.join(work, database);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const url = database === 'postgres' ? await freshPostgres() : undefined;
  const token = await seed({ url, dataDir });
  const profileDir = path.join(work, 'profiles', database);
  fs.rmSync(profileDir, { recursive: true, force: true });
  const env: Record<string, string> = {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_SECRET,
    // Out of the way: 50 connections from one address would hit the default 600 a minute at once.
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...(url ? { DATABASE_URL: url } : {}),
  };
  const base = `http://127.0.0.1:${PORT}`;
  // Node refuses --cpu-prof in NODE_OPTIONS: it goes right after the runner (tsx or node).
  const command = PROFILE
    ? serverCommand().replace(/^(\S+)/, `$1 --cpu-prof --cpu-prof-dir=${profileDir}`)
    : serverCommand();
  const server = startProcess(command, env, path.join(work, `${database}-server.log`), serverRoot);
  try {
    const startupMs = await waitForHealth(base, server);
    notes.push(
      `${database}: server answered /v1/health ${(startupMs / 1000).toFixed(1)} s after spawn (load ${load()})`,
    );
    log(notes.at(-1)!);
    const user = { authorization: `Bearer ${token}` };
    const allRoutes: { name: string; path: string; headers: Record<string, string> }[] = [
      { name: 'GET /v1/health', path: '/v1/health', headers: {} },
      {
        name: 'GET /v1/common/category?module=ai-covers',
        path: '/v1/common/category?module=ai-covers',
        headers: {},
      },
      { name: 'GET /v1/vsas/result/{id} (signed in)', path: `/v1/vsas/result/${TASK_ID}`, headers: user },
      {
        name: 'GET /v1/vsas/result/{id} finished (signed in)',
        path: `/v1/vsas/result/${DONE_TASK_ID}`,
        headers: user,
      },
      { name: 'GET /v1/vsas/list (signed in, 11 covers)', path: '/v1/vsas/list', headers: user },
      { name: 'GET /v1/user/info (signed in)', path: '/v1/user/info', headers: user },
      { name: 'GET /v1/my-voices (signed in, 1 voice)', path: '/v1/my-voices', headers: user },
      {
        name: `GET /v1/headshots/packs/{id} finished (signed in, ${PACK_RESULTS} results)`,
        path: `/v1/headshots/packs/${PACK_ID}`,
        headers: user,
      },
      { name: 'GET /v1/headshots/packs (signed in, 1 pack)', path: '/v1/headshots/packs', headers: user },
    ];
    const routes = allRoutes.filter((r) => !ROUTES || ROUTES.some((word) => r.name.includes(word)));
    for (const route of routes) {
      const res = await fetch(`${base}${route.path}`, { headers: route.headers });
      if (res.status !== 200) throw new Error(`${route.name} answered ${res.status}: ${await res.text()}`);
    }
    const song = songWav(SONG_SECONDS);
    const rendering = { id: null as string | null };
    for (const phase of PHASES) {
      for (const route of routes) {
        if (phase === 'render') await ensureRendering(base, user, song, rendering);
        // A short warm-up first: the JIT and any cache fill are not what is measured.
        await measure(`${base}${route.path}`, route.headers, 2);
        const before = await bare();
        if (phase === 'render') await ensureRendering(base, user, song, rendering);
        const result = await measure(`${base}${route.path}`, route.headers);
        const stillRendering =
          phase === 'render' && rendering.id ? (await taskStatus(base, user, rendering.id)) === 2 : undefined;
        const after = await bare();
        const row: Row = {
          database,
          phase,
          route: route.name,
          result,
          bare: (before + after) / 2,
          load: load(),
          ...(stillRendering === undefined ? {} : { rendering: stillRendering }),
        };
        rows.push(row);
        log(
          `${database} ${phase} ${route.name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} p99 ${result.latency.p99} ms, ${share(row)} of bare (${row.bare.toFixed(0)}), non-2xx ${result.non2xx}, load ${row.load}`,
        );
      }
    }
  } finally {
    await stopProcess(server);
  }
  return notes;
}

const share = (row: Row) => `${((100 * row.result.requests.average) / row.bare).toFixed(1)} %`;

async function main(): Promise<void> {
  fs.mkdirSync(work, { recursive: true });
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    log('building the web app (npm run build -w apps/web), as npm start does');
    const build = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    const code = await new Promise((r) => build.once('exit', r));
    if (code !== 0) throw new Error('web build failed');
  }
  const bareServer = startProcess(`tsx bench/api/bare.ts ${BARE_PORT}`, {}, path.join(work, 'bare.log'));
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    await waitForHealth(`http://127.0.0.1:${BARE_PORT}`, bareServer);
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/v1/health`;
    await measure(bareUrl, {}, 2);
    const bare = async () => (await measure(bareUrl, {})).requests.average;
    for (const database of DATABASES) {
      if (database === 'postgres' && !(await postgresReachable())) {
        notes.push(`postgres: not reachable at ${POSTGRES_URL}, skipped`);
        log(notes.at(-1)!);
        continue;
      }
      notes.push(...(await runDatabase(database, bare, rows)));
    }
  } finally {
    await stopProcess(bareServer);
  }
  const md = report(rows, notes);
  process.stdout.write(md);
  if (process.env.BENCH_WRITE !== '0') writeResults(md);
}

function report(rows: Row[], notes: string[]): string {
  const lines = [
    `Run ${new Date().toISOString()} · ${CONNECTIONS} connections · ${SECONDS} s per figure · ${os.cpus().length} cores · Node ${process.version} · server command \`${serverCommand()}\``,
    '',
    '| database | phase | route | req/s | p50 ms | p99 ms | share of bare | bare req/s | non-2xx | load avg (1/5/15 min) |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.phase}${r.rendering === false ? ' (render ended before the figure did)' : ''} | ${r.route} | ${r.result.requests.average.toFixed(0)} | ${r.result.latency.p50} | ${r.result.latency.p99} | ${share(r)} | ${r.bare.toFixed(0)} | ${r.result.non2xx + r.result.errors} | ${r.load} |`,
    ),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ];
  return lines.join('\n');
}

const START = '<!-- measured:start -->';
const END = '<!-- measured:end -->';

/** Replaces the measured block of results.md, keeping the written parts around it. */
function writeResults(md: string): void {
  const file = path.join(here, 'results.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# API speed\n\n${START}\n${END}\n`;
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from + START.length)}\n${md}${current.slice(to)}`
      : `${current}\n${START}\n${md}${END}\n`;
  fs.writeFileSync(file, next);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
