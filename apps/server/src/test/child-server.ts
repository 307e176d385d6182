// Child-process test helpers: the real entry points started as the operator starts them, and a
// minimal HTTP client (upload, create, poll) talking to them over the network.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { StorageTokenParams } from '@ai-covers/contracts';
import { signedPutHeaders, visitor, type Headers } from '../features/storage/storage.test-kit';
import { DATA_DIR_TEMPLATE } from './paths';
import { within } from './time-limits';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_ENTRY = path.join(SRC, 'main.ts');
export const WORKER_ENTRY = path.join(SRC, 'worker-main.ts');

export interface Child {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr(): string;
  stdout(): string;
}

/**
 * Starts an entry point (default the API) with a quiet, test-friendly environment plus `env`. A new
 * `DATA_DIR` on the embedded database starts from the migrated template of this run, as a server
 * that started there once would find it (`main.test.ts` keeps the real first start).
 */
export function startChild(env: Record<string, string>, entry = API_ENTRY): Child {
  const dbDir = env.DATA_DIR && !env.DATABASE_URL ? path.join(env.DATA_DIR, 'db') : null;
  if (dbDir && !fs.existsSync(dbDir) && fs.existsSync(DATA_DIR_TEMPLATE))
    fs.cpSync(DATA_DIR_TEMPLATE, dbDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      HOST: '127.0.0.1',
      TEST_DATABASE_URL: '',
      DATABASE_URL: '',
      // The product's shutdown grace (10 s), with the room every limit of a loaded pass gets: a
      // server asked to stop while another pass shares the cores still exits cleanly (decision 006).
      SHUTDOWN_TIMEOUT_MS: String(within(10_000)),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

/** Waits (up to two minutes: a loaded machine compiles and migrates slowly) for /v1/health. */
export async function waitForHealth(port: number, child?: Child): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child && child.child.exitCode !== null)
      throw new Error(`server exited (${child.child.exitCode}): ${child.stderr()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not come up');
}

/** A JSON call; answers the envelope. */
export async function call(port: number, who: Headers, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it expects
  return { status: res.status, json: (await res.json()) as { code: number; data: any; msg: string } };
}

/** An upload credential of `who` for one file of the covers kind. */
export async function tokenFor(port: number, who: Headers, ext = 'wav'): Promise<StorageTokenParams> {
  const { json } = await call(port, who, `/v1/storage/token?kind=ai-covers&ext=${ext}`);
  if (json.code !== 0) throw new Error(`token failed: ${json.msg}`);
  return json.data.params as StorageTokenParams;
}

/** Uploads a song the way the web app does (signed PUT); returns its storage key. */
export async function uploadSong(port: number, who: Headers, name: string, body: Buffer): Promise<string> {
  const params = await tokenFor(port, who);
  const headers = signedPutHeaders(params, params.object_key, {
    contentType: 'audio/wav',
    vars: { 'x:file_name': name },
  });
  const res = await fetch(`http://127.0.0.1:${port}/storage/${params.bucket_name}/${params.object_key}`, {
    method: 'PUT',
    headers,
    body,
  });
  const json = (await res.json()) as { code: number; data: { storage_key: string }; msg: string };
  if (json.code !== 0) throw new Error(`upload failed: ${json.msg}`);
  return json.data.storage_key;
}

/** What the child-process tests read of a task. */
export interface TaskState {
  status: number;
  progress: number;
  error: string | null;
  preview_url?: string | null;
}

/** Polls a task until `done` says so or `timeoutMs` passes; returns the last state seen. */
export async function pollTask(
  port: number,
  who: Headers,
  taskId: string,
  done: (task: TaskState) => boolean,
  timeoutMs: number,
): Promise<TaskState | null> {
  const deadline = Date.now() + timeoutMs;
  let task: TaskState | null = null;
  while (Date.now() < deadline) {
    const { json } = await call(port, who, `/v1/vsas/result/${taskId}`).catch(() => ({ json: null }));
    if (json?.code === 0) {
      task = json.data;
      if (done(task!)) return task!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return task;
}

/**
 * A cover made by split processes on one Postgres (`env` names it): an API with RUN_WORKER=false
 * only queues, so the cover still waits after 4 s; then a separate `npm run worker` process renders
 * it and its preview is served; both processes exit 0 on SIGTERM. Started processes go into
 * `children` so the caller's cleanup can kill them after a failure.
 */
export async function coverThroughSplitProcesses(opts: {
  port: number;
  env: Record<string, string>;
  voiceId: string;
  song: Buffer;
  children: Child[];
}): Promise<void> {
  const { port, env, children } = opts;
  const api = startChild({ ...env, PORT: String(port), RUN_WORKER: 'false' });
  children.push(api);
  await waitForHealth(port, api);

  const guest = visitor();
  const key = await uploadSong(port, guest, 'split.wav', opts.song);
  const created = await call(port, guest, '/v1/vsas/create', { voice_id: opts.voiceId, file_key: key });
  expect(created.json.code).toBe(0);
  const taskId = created.json.data.task_id as string;
  await new Promise((r) => setTimeout(r, 4000));
  expect((await call(port, guest, `/v1/vsas/result/${taskId}`)).json.data).toMatchObject({ status: 1 });

  const worker = startChild(env, WORKER_ENTRY);
  children.push(worker);
  const task = await pollTask(port, guest, taskId, (t) => t.status >= 3, 180_000);
  expect(task, worker.stderr()).toMatchObject({ status: 3, progress: 1, error: null });
  const preview = await fetch(`http://127.0.0.1:${port}${task!.preview_url!}`);
  expect(preview.status).toBe(200);
  expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(1000);

  worker.child.kill('SIGTERM');
  api.child.kill('SIGTERM');
  // A shutdown that fails or runs past its limit exits 1: its own log says which.
  const said = (c: Child) => `${c.stderr()}${c.stdout().slice(-3000)}`;
  expect(await worker.exited, said(worker)).toBe(0);
  expect(await api.exited, said(api)).toBe(0);
}
