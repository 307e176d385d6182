/**
 * Covers benchmark: throughput and latency of the task-status calls a page polls while a cover
 * renders — `GET /v1/vsas/result/{id}`, `GET /v1/vsas/subscribe/{id}` answered at once (the client's
 * state is stale), and `GET /v1/vsas/list` (a page of 20) — for one signed-in user with 200
 * covers, on PGlite and (with TEST_DATABASE_URL) on Postgres. Tasks are rows written directly (a
 * mix of waiting, running and failed: the states a status page polls), so no render competes for
 * the CPU. Writes bench/covers/results.md.
 * Run: `npx tsx bench/covers/run.ts` from the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import type { Database } from '../../apps/server/src/platform/db/client';
import { coverTasks } from '../../apps/server/src/features/covers/covers.schema';
import { RESULT_HEADER, onEachDatabase, resultRow, startBenchApi } from '../support/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 10;
const SECONDS = 8;
const TASKS = 200;

interface Outcome {
  driver: string;
  result: Result;
  subscribe: Result;
  list: Result;
}

async function runOn(database: Database): Promise<Outcome> {
  const api = await startBenchApi(database, '.tmp/bench-covers');
  const { base } = api;
  const user = await api.user('covers');
  const headers = user.headers;
  const statuses = [1, 2, 4];
  const ids = Array.from({ length: TASKS }, (_, i) => `bench-task-${String(i).padStart(4, '0')}`);
  await database.db.insert(coverTasks).values(
    ids.map((id, i) => ({
      id,
      userId: user.id,
      sourceKey: `ai-covers/bench/${id}.mp3`,
      songName: `Song ${i}.mp3`,
      voiceId: 'velvet',
      backing: 'keep',
      status: statuses[i % statuses.length]!,
      progress: 0.4,
      duration: 180,
    })),
  );
  let n = 0;
  const each = (make: (id: string) => string) => [
    { setupRequest: (req: Request) => ({ ...req, path: make(ids[n++ % ids.length]!) }) },
  ];
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: each((id) => `/v1/vsas/result/${id}`),
  });
  const subscribe = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    // The client last saw "waiting at 0": every task has moved on, so the long poll answers at once.
    requests: each((id) => `/v1/vsas/subscribe/${id}?status=1&progress=0`),
  });
  const list = await autocannon({
    url: `${base}/v1/vsas/list?page=1&page_size=20`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
  });
  await api.close();
  return { driver: database.driver, result, subscribe, list };
}

const outcomes = await onEachDatabase(runOn);

const section = (o: Outcome) => `## ${o.driver}

${RESULT_HEADER}
${resultRow('GET /v1/vsas/result/{id}', o.result)}
${resultRow('GET /v1/vsas/subscribe/{id} (answers at once)', o.subscribe)}
${resultRow('GET /v1/vsas/list (20 of 200)', o.list)}
`;
const md = `# Covers task-status benchmark

Date: ${new Date().toISOString()} · ${CONNECTIONS} connections · ${SECONDS} s per call · one user with ${TASKS} covers · one API process on a shared 2-core machine.

${outcomes.map(section).join('\n')}
A page following a render holds one long poll at a time; while it waits (up to 20 s) the server
reads that task's row every 500 ms, so each open task page costs about two row reads a second.

Rerun: \`npx tsx bench/covers/run.ts\` from the repository root (with \`TEST_DATABASE_URL=postgres://…\` for the Postgres section too).
`;
fs.writeFileSync(path.join(here, 'results.md'), md);
process.stdout.write(md);
process.exit(outcomes.every((o) => o.result.non2xx === 0 && o.list.non2xx === 0) ? 0 : 1);
