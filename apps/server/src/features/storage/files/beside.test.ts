import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { within } from '../../../test/time-limits';
import { createTestContext, signInTestUser, type TestContext } from '../../../test/context';
import { getToken, putObject, someBytes } from '../storage.test-kit';
import { besideBase, besideKey } from './beside';
import { createFilesRepo } from './files.repo';
import { ORPHAN_GRACE_MS, sweepOrphans } from './files.jobs';

// What the server keeps beside a stored file lives as long as the file: read back within its
// limit, removed with the file's bytes, and taken by the orphan sweep once the file's row is gone.

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  // A store of its own: the sweep below would take other test files' objects for orphans.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beside-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
}, within(60_000));
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const kept = Buffer.from('derived bytes');

it('names what is kept beside a file after the file, and nothing else', () => {
  expect(besideKey('a/b/photo.jpg')).toBe('a/b/photo.jpg.kept');
  expect(besideBase('a/b/photo.jpg.kept')).toBe('a/b/photo.jpg');
  expect(besideBase('a/b/photo.jpg')).toBeNull();
  expect(besideBase('.kept')).toBeNull();
});

it('is read back within its limit, replaced, removed with the file, and swept once the row is gone', async () => {
  const { files, store } = ctx.features.storage;
  const user = await signInTestUser(ctx);
  const token = await getToken(ctx.app, user.auth);
  const put = await putObject(ctx.app, token.params, someBytes());
  expect(put.statusCode).toBe(200);
  const key = token.params.object_key;
  expect(await files.readBeside(key, 1024)).toBeNull();
  await files.keepBeside(key, Buffer.from('first'), 1024);
  await files.keepBeside(key, kept, 1024);
  expect(await files.readBeside(key, 1024)).toEqual(kept);
  expect(await files.readBeside(key, kept.length - 1)).toBeNull();

  // Kept beside a file whose row is gone (deleted while the bytes were being made).
  const gone = `${key}-gone.mp3`;
  await files.keepBeside(gone, kept, 1024);
  const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 86_400_000);
  const repo = createFilesRepo(ctx.database.db);
  await sweepOrphans({ repo, store, now: later });
  expect(await store.stat(besideKey(gone))).toBeNull();
  expect(await files.readBeside(key, 1024)).toEqual(kept);

  await files.deleteOwnedFiles({ userId: user.userId, visitorId: null }, [put.json().data.id as number]);
  expect(await store.stat(key)).toBeNull();
  expect(await store.stat(besideKey(key))).toBeNull();
});
