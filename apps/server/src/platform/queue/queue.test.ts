import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/context';
import { jobs, type AppQueue } from '../../jobs';
import { startQueue } from './queue';
import type { Database } from '../db/client';

let database: Database;
let queue: AppQueue;
let drop: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  queue = await startQueue({
    raw: database.raw,
    jobs,
    schema: opened.queueSchema,
    pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
  await drop?.();
});

describe('job queue on our database', () => {
  it('round-trips a job: send, work, complete', async () => {
    const received = new Promise<string>((resolve) => {
      void queue.work('covers.render', async (payload) => resolve(payload.task_id));
    });
    const id = await queue.send('covers.render', { task_id: 'hello-queue' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(received).resolves.toBe('hello-queue');
    // pg-boss marks the job completed after the handler resolves.
    let state = '';
    for (let i = 0; i < 40 && state !== 'completed'; i++) {
      state = (await queue.boss.getJobById('covers.render', id!))?.state ?? '';
      if (state !== 'completed') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('completed');
  });

  it('refuses a payload that does not match the job schema', async () => {
    await expect(queue.send('covers.render', { task_id: 42 } as never)).rejects.toThrow();
  });

  it('reports itself healthy', async () => {
    await expect(queue.healthy()).resolves.toMatchObject({ ok: true });
  });
});
