// A full disk (ENOSPC injected into each writer) is its own error: 503 "The server is out of space"
// for uploads and mail, a failed render saying so, and nothing half-written left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { within } from '../../test/time-limits';
import { Msg } from '@ai-covers/contracts';
import { createCover, engineDisk } from '@ai-covers/engine';
import { createTestContext, type TestContext } from '../../test/context';
import { getToken, putObject, visitor } from '../../features/storage/storage.test-kit';
import { createCoversRepo } from '../../features/covers/covers.repo';
import { runRenderJob, songWav, uploadSong } from '../../features/covers/covers.test-kit';
import { installErrorHandling } from '../http/error-handler';
import { createMailer } from '../mail/mail';
import { diskIo } from './io';
import { isOutOfSpace } from './space';

const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'out-of-space-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a full disk', () => {
  it('answers an upload 503 out of space, keeps no partial file, and the credential stays usable', async () => {
    const guest = visitor();
    const { params } = await getToken(ctx.app, guest, 'kind=ai-covers&ext=wav');
    // A real song: the upload callback measures what it stores and refuses what is not sound.
    const body = songWav(1);
    // The file opens, then the disk has no room for its bytes.
    vi.spyOn(diskIo, 'createWriteStream').mockImplementation((file, options) => {
      const real = fs.createWriteStream(file, options);
      return new Writable({
        write(_chunk, _encoding, done) {
          done(enospc());
        },
        final(done) {
          real.end(done);
        },
        destroy(error, done) {
          real.destroy();
          done(error);
        },
      }) as unknown as fs.WriteStream;
    });
    const full = await putObject(ctx.app, params, body);
    expect(full.statusCode).toBe(503);
    expect(full.json()).toEqual({ code: 1, data: null, msg: Msg.outOfSpace });
    expect(fs.readdirSync(path.join(dataDir, 'storage', '.tmp'))).toEqual([]);

    vi.restoreAllMocks();
    const again = await putObject(ctx.app, params, body);
    expect(again.statusCode).toBe(200);
  });

  it('fails a sign-up mail with 503 out of space, not a 500', async () => {
    vi.spyOn(diskIo, 'writeFile').mockRejectedValue(enospc());
    const mailer = createMailer({
      from: 'AI Covers <no-reply@localhost>',
      outboxDir: path.join(dataDir, 'outbox'),
    });
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.post('/send', async () => {
      await mailer.send({ to: 'ada@example.test', subject: 'Verify', text: 'Open the link' });
      return { code: 0, data: null, msg: 'ok' };
    });
    const res = await app.inject({ method: 'POST', url: '/send' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 1, data: null, msg: Msg.outOfSpace });
    await app.close();
  });

  it(
    'fails a render whose engine cannot write, saying the server is out of space; its scratch goes',
    async () => {
      const guest = visitor();
      const key = await uploadSong(ctx, guest, 'song.wav', songWav(3));
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/v1/vsas/create',
        headers: guest,
        payload: { voice_id: 'velvet', file_key: key },
      });
      const taskId = created.json().data.task_id as string;
      const writes = vi.spyOn(engineDisk, 'writeSync').mockImplementation(() => {
        throw enospc();
      });
      const tmpRoot = fs.mkdtempSync(path.join(dataDir, 'scratch-'));
      const errors: unknown[] = [];
      const outcome = await runRenderJob(ctx, taskId, {
        tmpRoot,
        // One thread: the engine's writers then run where the seam is replaced.
        createCover: (options) => createCover({ ...options, threads: 1 }),
        log: { info: () => {}, error: (obj) => errors.push((obj as { err: unknown }).err) },
      });
      expect(writes).toHaveBeenCalled();
      expect(outcome).toBe('failed');
      expect(isOutOfSpace(errors[0])).toBe(true);
      const task = await createCoversRepo(ctx.database.db).findById(taskId);
      expect(task).toMatchObject({ status: 4, error: Msg.outOfSpace });
      expect(fs.readdirSync(tmpRoot)).toEqual([]);
    },
    within(120_000),
  );
});
