// The first life of the crash test's server (headshots.crash.test.ts), and the API beside separate
// workers in the Postgres chaos test (headshots.worker-kill.test.ts): the same boot as the entry
// points, on a data folder of its own, then a signed-in account buys a Basic pack, uploads five
// photos, submits and prints the pack's state as JSON lines until it is killed. Runs only when
// HEADSHOTS_CRASH_DRIVER=1; the test imports the path alone.
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { boot } from '../../boot';
import { settingsOrExit } from '../../lifecycle';
import type { Child } from '../../test/child-server';
import { getToken, putObject, type Headers } from '../storage/storage.test-kit';
import { oneFace } from './headshots.test-photos';

export const CRASH_DRIVER = fileURLToPath(import.meta.url);

const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One state line the driver prints while its pack runs. */
export interface DriverLine {
  token: string;
  packId: string;
  status: string;
  progress: number;
  delivered: number;
}

/** The driver's last state line that satisfies `done`, waiting up to `ms`. */
export async function lineWhere(
  child: Child,
  done: (l: DriverLine) => boolean,
  ms: number,
): Promise<DriverLine> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.child.exitCode !== null) throw new Error(`driver exited: ${child.stderr()}`);
    const lines = child
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{"token"'))
      .map((l) => JSON.parse(l) as DriverLine);
    const hit = lines.findLast(done);
    if (hit) return hit;
    await pause(100);
  }
  throw new Error(`no such state in time; last output: ${child.stdout().slice(-400)} ${child.stderr()}`);
}

async function api(app: FastifyInstance, who: Headers, method: 'GET' | 'POST', url: string, body?: object) {
  const res = await app.inject({ method, url, headers: who, ...(body ? { payload: body } : {}) });
  const json = res.json();
  if (json.code !== 0) throw new Error(`${method} ${url}: ${res.body}`);
  return json.data;
}

async function main(): Promise<void> {
  const booted = await boot(settingsOrExit(), 'api');
  const { app, features } = booted;
  // Migrated and listening to the queue: a separate worker may start now (the Postgres chaos test).
  print({ booted: true });
  const email = `crash-${process.pid}@example.test`;
  const { user } = await features.users.users.upsertByIdentity({ issuer: 'test', subject: email, email });
  const { token } = await features.users.sessions.issueToken(user.id);
  const who = { authorization: `Bearer ${token}` };

  // A Basic pack through the sandbox checkout, as a browser buys it.
  const checkout = await api(app, who, 'POST', '/v1/billing/checkout', { sku: 'headshots-basic' });
  const pay = new URL(checkout.url as string, 'http://local');
  await app.inject({
    method: 'POST',
    url: `${pay.pathname}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `t=${pay.searchParams.get('t')}`,
  });

  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    // Five different photos: copies of one would be declined at upload.
    const bytes = await oneFace(i);
    const { params } = await getToken(app, who, 'kind=headshots&ext=jpg');
    const put = await putObject(app, params, bytes, {
      contentType: 'image/jpeg',
      vars: { 'x:file_name': `me-${i}.jpg` },
    });
    const added = await api(app, who, 'POST', '/v1/headshots/photos', { file_id: put.json().data.id });
    ids.push(added.photo.id as string);
  }
  while ((await api(app, who, 'GET', '/v1/headshots/photos', undefined)).checking > 0) await pause(250);

  const { pack } = await api(app, who, 'POST', '/v1/headshots/packs', {
    photo_ids: ids,
    styles: ['corporate-grey'],
    gender: 'unspecified',
    plan: 'basic',
    agree: true,
  });
  for (;;) {
    const now = (await api(app, who, 'GET', `/v1/headshots/packs/${pack.id}`, undefined)).pack;
    print({
      token,
      packId: pack.id,
      status: now.status,
      progress: now.progress,
      stage: now.stage,
      delivered: now.delivered,
    });
    await pause(250);
  }
}

if (process.env.HEADSHOTS_CRASH_DRIVER === '1')
  main().catch((error: unknown) => {
    process.stderr.write(`crash driver: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
