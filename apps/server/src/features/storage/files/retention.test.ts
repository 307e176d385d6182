import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import { createObjectStore } from '../../../platform/storage/create-object-store';
import { createFilesRepo } from './files.repo';
import { EXPIRE_UPLOADS_JOB, ORPHAN_GRACE_MS, SWEEP_ORPHANS_JOB, sweepOrphans } from './files.jobs';
import { getToken, putObject, someBytes, visitor } from '../storage.test-kit';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-test-'));
  // 0.00001 days ≈ 0.9 s, so the test need not wait a week.
  ctx = await createTestContext({ DATA_DIR: dataDir, STORAGE_ANON_RETENTION_DAYS: '0.00001' });
  await ctx.features.storage.startJobs(ctx.queue, ctx.app.log);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const objectPath = (key: string) => path.join(dataDir, 'storage', 'ai-covers', key);

it(
  'the scheduled job deletes expired anonymous uploads with their bytes, and keeps account files',
  async () => {
    const guest = visitor();
    const user = await signInTestUser(ctx);
    const guestToken = await getToken(ctx.app, guest);
    const userToken = await getToken(ctx.app, user.auth);
    expect((await putObject(ctx.app, guestToken.params, someBytes())).statusCode).toBe(200);
    expect((await putObject(ctx.app, userToken.params, someBytes())).statusCode).toBe(200);
    expect(fs.existsSync(objectPath(guestToken.params.object_key))).toBe(true);

    const schedules = await ctx.queue.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain(EXPIRE_UPLOADS_JOB);

    await new Promise((r) => setTimeout(r, 1000));
    await ctx.queue.send(EXPIRE_UPLOADS_JOB, {});
    const deadline = Date.now() + 15_000;
    while (fs.existsSync(objectPath(guestToken.params.object_key)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(fs.existsSync(objectPath(guestToken.params.object_key))).toBe(false);
    const guestFiles = await ctx.app.inject({ method: 'GET', url: '/v1/library/files', headers: guest });
    expect(guestFiles.json().data.total).toBe(0);
    const userFiles = await ctx.app.inject({ method: 'GET', url: '/v1/library/files', headers: user.auth });
    expect(userFiles.json().data.total).toBe(1);
    expect(fs.existsSync(objectPath(userToken.params.object_key))).toBe(true);
  },
  within(30_000),
);

it('the orphan sweep removes old bytes without a file row and stale temp parts, and keeps recorded files', async () => {
  const user = await signInTestUser(ctx);
  const token = await getToken(ctx.app, user.auth);
  expect((await putObject(ctx.app, token.params, someBytes())).statusCode).toBe(200);
  const recorded = objectPath(token.params.object_key);
  // A crash between the write and the row leaves bytes nobody points to; a crash mid-write, a part.
  const orphan = objectPath('ai-covers/out/dead/orphan.mp3');
  const fresh = objectPath('ai-covers/out/live/just-written.mp3');
  const part = path.join(dataDir, 'storage', '.tmp', 'abandoned.part');
  for (const file of [orphan, fresh, part]) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'x');
  }
  const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
  for (const file of [orphan, part, recorded]) fs.utimesSync(file, old, old);

  const store = createObjectStore(ctx.settings);
  const swept = await sweepOrphans({ repo: createFilesRepo(ctx.database.db), store });
  expect(swept).toEqual({ objects: 1, parts: 1 });
  expect(fs.existsSync(orphan)).toBe(false);
  expect(fs.existsSync(part)).toBe(false);
  // Recorded files stay however old; a fresh object may still be waiting for its row.
  expect(fs.existsSync(recorded)).toBe(true);
  expect(fs.existsSync(fresh)).toBe(true);
  const schedules = await ctx.queue.boss.getSchedules();
  expect(schedules.map((s) => s.name)).toContain(SWEEP_ORPHANS_JOB);
});
