import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { EXPIRE_UPLOADS_JOB, startStorageJobs } from './storage.jobs';
import { getToken, putObject, someBytes, visitor } from './storage.test-kit';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-test-'));
  // 0.00001 days ≈ 0.9 s, so the test need not wait a week.
  ctx = await createTestContext({ DATA_DIR: dataDir, STORAGE_ANON_RETENTION_DAYS: '0.00001' });
  await startStorageJobs({
    queue: ctx.queue,
    database: ctx.database,
    settings: ctx.settings,
    log: ctx.app.log,
  });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const objectPath = (key: string) => path.join(dataDir, 'storage', 'ai-covers', key);

it('the scheduled job deletes expired anonymous uploads with their bytes, and keeps account files', async () => {
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
}, 30_000);
