import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/context';
import { jobs, type AppQueue } from '../../jobs';
import { z } from 'zod';
import { startQueue } from './queue';
import { defineJob } from './registry';
import type { Database } from '../db/client';

let database: Database;
let queue: AppQueue;
let drop: () => Promise<void>;
let queueSchema: string;
beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  queueSchema = opened.queueSchema;
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

describe('jobs a dead process left running', () => {
  const registry = {
    'test.again': defineJob({
      payload: z.object({ n: z.number() }),
      retryLimit: 1,
      retryDelaySeconds: 0,
      expireInSeconds: 3600,
      retryAtRestart: true,
    }),
    'test.once': defineJob({
      payload: z.object({ n: z.number() }),
      retryLimit: 1,
      retryDelaySeconds: 0,
      expireInSeconds: 3600,
    }),
  };

  /** Sends one job of each kind and takes both as a worker would, then stops that queue. */
  async function diedRunning(schema: string) {
    const first = await startQueue({ raw: database.raw, jobs: registry, schema });
    const again = (await first.send('test.again', { n: 1 }))!;
    const once = (await first.send('test.once', { n: 2 }))!;
    expect(await first.boss.fetch('test.again')).toHaveLength(1);
    expect(await first.boss.fetch('test.once')).toHaveLength(1);
    await first.stop(0);
    return { again, once };
  }
  const stateOf = async (q: { boss: AppQueue['boss'] }, name: string, id: string) =>
    (await q.boss.getJobById(name, id))?.state;

  it('are retried at the next start when that process was the queue’s only worker', async () => {
    const schema = `${queueSchema}_dead_sole`;
    const { again, once } = await diedRunning(schema);
    const next = await startQueue({ raw: database.raw, jobs: registry, schema, soleWorker: true });
    try {
      expect(await stateOf(next, 'test.again', again)).toBe('retry');
      // A job not marked as safe to run again waits for its expiry, as before.
      expect(await stateOf(next, 'test.once', once)).toBe('active');
      const got = new Promise<number>((resolve) => {
        void next.work('test.again', async (payload) => resolve(payload.n));
      });
      await expect(got).resolves.toBe(1);
    } finally {
      await next.stop(0);
    }
  });

  it('stay active where other processes share the queue', async () => {
    const schema = `${queueSchema}_dead_shared`;
    const { again } = await diedRunning(schema);
    const next = await startQueue({ raw: database.raw, jobs: registry, schema });
    try {
      expect(await stateOf(next, 'test.again', again)).toBe('active');
    } finally {
      await next.stop(0);
    }
  });
});
