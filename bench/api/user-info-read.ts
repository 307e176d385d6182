/**
 * What `GET /v1/user/info` and a task's status cost in process (Fastify's inject, no sockets) on
 * the embedded database, this code against another checkout's (BENCH_BEFORE_ROOT, e.g. an
 * extracted `git archive` of the commit before a change with node_modules linked), the two apps
 * called alternately, call by call, so that load on the machine hits both alike. Prints the
 * fastest and the median of five rounds in microseconds per call, with `/v1/health` as the floor
 * of an injected request.
 * Run: `BENCH_BEFORE_ROOT=/path/to/before npx tsx bench/api/user-info-read.ts` (BENCH_CALLS, 200).
 */
import path from 'node:path';
import type * as Context from '../../apps/server/src/test/context';
import type * as CoversKit from '../../apps/server/src/features/covers/covers.test-kit';
import { printRounds } from '../support/rounds';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const here = path.dirname(new URL(import.meta.url).pathname);
const roots: Record<string, string> = { now: path.resolve(here, '../..') };
if (process.env.BENCH_BEFORE_ROOT) roots.before = path.resolve(process.env.BENCH_BEFORE_ROOT);

interface Side {
  inject(url: string): Promise<number>;
  close(): Promise<void>;
}

async function side(root: string): Promise<Side & { taskUrls: string[] }> {
  const server = path.join(root, 'apps/server/src');
  const { createTestContext, signInTestUser } = (await import(
    path.join(server, 'test/context.ts')
  )) as typeof Context;
  const { seedCoverTask } = (await import(
    path.join(server, 'features/covers/covers.test-kit.ts')
  )) as typeof CoversKit;
  const ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: '100000000' });
  const { userId, auth } = await signInTestUser(ctx);
  const running = await seedCoverTask(ctx, userId, undefined, { status: 2 });
  const done = await seedCoverTask(ctx, userId, undefined, { status: 3 });
  return {
    taskUrls: [`/v1/vsas/result/${running}`, `/v1/vsas/result/${done}`],
    async inject(url) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
      return res.statusCode;
    },
    close: () => ctx.close(),
  };
}

const sides = Object.fromEntries(
  await Promise.all(Object.entries(roots).map(async ([name, root]) => [name, await side(root)] as const)),
);
const calls: [string, Side, string][] = [];
for (const [name, s] of Object.entries(sides)) {
  calls.push([`${name}: GET /v1/health`, s, '/v1/health']);
  calls.push([`${name}: GET /v1/user/info`, s, '/v1/user/info']);
  calls.push([`${name}: a running task's status`, s, s.taskUrls[0]!]);
  calls.push([`${name}: a finished task's status`, s, s.taskUrls[1]!]);
}
const rounds: Record<string, number[]> = {};
for (let round = 0; round < 5; round++) {
  const spent: Record<string, number> = {};
  for (let i = 0; i < CALLS + 20; i++)
    for (const [name, s, url] of calls) {
      const started = performance.now();
      const status = await s.inject(url);
      if (status !== 200) throw new Error(`${name}: ${status}`);
      if (i >= 20) spent[name] = (spent[name] ?? 0) + performance.now() - started;
    }
  for (const [name, total] of Object.entries(spent)) (rounds[name] ??= []).push((total / CALLS) * 1000);
}
printRounds(rounds);
for (const s of Object.values(sides)) await s.close();
process.exit(0);
