// A task's view is one statement: the row, whether it was paid, its kept files and its mix.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@ai-covers/contracts';
import { createTestContext, signInTestUser, type TestContext } from '../../test/context';
import { createCoversRepo } from './covers.repo';
import { coverAssets, coverMixes, coverTasks } from './covers.schema';

let ctx: TestContext;
let dataDir: string;
let userId: number;
const owner = () => ({ userId, visitorId: null });

function task(id: string, status: number, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  return {
    id,
    userId,
    sourceKey: `ai-covers/test/${id}.wav`,
    songName: `${id}.wav`,
    voiceId: 'velvet',
    backing: 'keep',
    status,
    progress: status === TaskStatus.done ? 1 : 0.5,
    createdAt: at,
    updatedAt: at,
  };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'covers-repo-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
  userId = (await signInTestUser(ctx)).userId;
  const db = ctx.database.db;
  await db
    .insert(coverTasks)
    .values([task('done-a', TaskStatus.done, 3), task('done-b', TaskStatus.done, 2), task('running', 2, 1)]);
  // A stored file (written as SQL: the files table is the storage feature's).
  const stored = (await db.execute(sql`insert into files
      (user_id, kind, bucket, storage_key, name, file_type, mime_type, file_size, etag)
      values (${userId}, 'ai-covers', 'test', 'ai-covers/test/vocals', 'v.wav', 'audio', 'audio/wav', 1, 'e')
      returning id`)) as unknown as { rows: { id: number | string }[] };
  const fileId = Number(stored.rows[0]!.id);
  // Kept files: one whose file was deleted (file_id null) no longer counts.
  await db.insert(coverAssets).values([
    { taskId: 'done-a', role: 'vocals', fileId, storageKey: 'k1' },
    { taskId: 'done-a', role: 'instrumental', fileId: null, storageKey: 'k2' },
    { taskId: 'done-b', role: 'wav', fileId: null, storageKey: 'k3' },
  ]);
  await db.insert(coverMixes).values({ taskId: 'done-b', vocal: 0.5, instrumental: 1.2, reverb: 0.1 });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a task view from one statement', () => {
  it('is paid only when finished and the condition holds for its owner', async () => {
    const paidAll = createCoversRepo(ctx.database.db, { paid: () => sql`true` });
    expect((await paidAll.viewOwned(owner(), 'done-a'))?.paid).toBe(true);
    expect((await paidAll.viewOwned(owner(), 'running'))?.paid).toBe(false);
    const paidNone = createCoversRepo(ctx.database.db, { paid: () => sql`false` });
    expect((await paidNone.viewOwned(owner(), 'done-a'))?.paid).toBe(false);
    // Without the wallet's condition nothing shows as paid.
    expect((await createCoversRepo(ctx.database.db).viewOwned(owner(), 'done-a'))?.paid).toBe(false);
  });

  it('hands the paid condition the task owner and id', async () => {
    const repo = createCoversRepo(ctx.database.db, {
      paid: (user, id) => sql`${user} = ${userId} and ${id} = 'done-b'`,
    });
    const list = await repo.listOwnedViews(owner(), { limit: 10, offset: 0 });
    expect(Object.fromEntries(list.views.map((v) => [v.task.id, v.paid]))).toEqual({
      running: false,
      'done-b': true,
      'done-a': false,
    });
  });

  it('shows the kept files that still exist and the mix of a finished task', async () => {
    const repo = createCoversRepo(ctx.database.db);
    const a = await repo.viewOwned(owner(), 'done-a');
    expect([...a!.roles]).toEqual(['vocals']);
    expect(a!.mix).toBeNull();
    const b = await repo.viewOwned(owner(), 'done-b');
    expect([...b!.roles]).toEqual([]);
    expect(b!.mix).toEqual({ vocal: 0.5, instrumental: 1.2, reverb: 0.1 });
    expect(await repo.viewOwned({ userId: userId + 1, visitorId: null }, 'done-a')).toBeNull();
  });

  it('counts the total in the same statement, and past the last page on its own', async () => {
    const repo = createCoversRepo(ctx.database.db);
    const first = await repo.listOwnedViews(owner(), { limit: 2, offset: 0 });
    expect(first.views.map((v) => v.task.id)).toEqual(['running', 'done-b']);
    expect(first.total).toBe(3);
    expect((await repo.listOwnedViews(owner(), { limit: 2, offset: 2 })).total).toBe(3);
    const past = await repo.listOwnedViews(owner(), { limit: 2, offset: 10 });
    expect(past).toEqual({ views: [], total: 3 });
    const some = await repo.listOwnedViews(owner(), { ids: ['done-a', 'nope'], limit: 5, offset: 0 });
    expect([some.views.length, some.total]).toEqual([1, 1]);
  });
});
