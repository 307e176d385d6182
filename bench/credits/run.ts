/**
 * Credits benchmark: throughput and latency of `GET /v1/deduct` (every request a new task, so each
 * one takes the user's ledger lock, locks lots and writes a consumption record) and of the balance
 * read, on PGlite and (with TEST_DATABASE_URL) on Postgres. All requests are one user's, the worst
 * case: one account's ledger movements are serialised by design. Afterwards the ledger must
 * reconcile: every answered 200 took exactly one credit. Writes bench/credits/results.md.
 * Run: `npx tsx bench/credits/run.ts` from the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { loadSettings } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/client';
import { openTestDatabase as openWalletDatabase } from '../../apps/server/src/test/context';
import { startQueue } from '../../apps/server/src/platform/queue/queue';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 10;
const SECONDS = 8;
const GRANT = 1_000_000;
const SECRET = new TextEncoder().encode('bench-secret-0123456789-abcdefghijklmnop');

interface Outcome {
  driver: string;
  deduct: Result;
  balance: Result;
  charged: number;
  records: number;
  reconciled: boolean;
}

/** One run against one database: deductions (a new task each), then balance reads. */
async function runOn(database: Database): Promise<Outcome> {
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/bench-credits',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const queue = await startQueue({ raw: database.raw, schema: 'pgboss', supervise: false });
  const app = await buildApp({ settings, database, queue, logger: false, secret: SECRET });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { user } = await app.services.usersRepo.upsertByIdentity({ issuer: 'bench', subject: 'bench' });
  const { token } = await app.services.sessions.issueToken(user.id);
  await app.commerce.credits.grant(user.id, {
    source: 'purchase',
    sourceRef: 'bench',
    amount: GRANT,
    details: 'bench',
  });
  const headers = { authorization: `Bearer ${token}` };
  let n = 0;
  const deduct = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: [
      // image-enhancer: 1 credit per use like a cover download, but its tasks live outside this
      // product, so the wallet charges them without asking a feature who owns the task.
      { setupRequest: (req) => ({ ...req, path: `/v1/deduct?kind=image-enhancer&task_id=bench-${n++}` }) },
    ],
  });
  const balance = await autocannon({
    url: `${base}/v1/credits/account`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
  });
  const charged = GRANT - (await app.commerce.credits.balance(user.id));
  const records = (await app.commerce.credits.consumptions(user.id, 1, 1)).total;
  // Requests still in flight when autocannon stops complete on the server but are not counted as
  // 2xx, so up to CONNECTIONS more charges than counted answers are expected; never fewer.
  const reconciled =
    charged === records && charged >= deduct['2xx'] && charged <= deduct['2xx'] + CONNECTIONS;
  await app.close();
  await queue.stop();
  return { driver: database.driver, deduct, balance, charged, records, reconciled };
}

const outcomes: Outcome[] = [];
const embedded = await openDatabase({});
outcomes.push(await runOn(embedded));
await embedded.close();
if (process.env.TEST_DATABASE_URL) {
  // A fresh Postgres database of its own, dropped afterwards.
  const { database, drop } = await openWalletDatabase();
  outcomes.push(await runOn(database));
  await database.close();
  await drop();
}

const row = (name: string, r: Result) =>
  `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r['2xx']} | ${r.non2xx} | ${r.errors} |`;
const section = (o: Outcome) => `## ${o.driver}

| call | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors |
|---|---:|---:|---:|---:|---:|---:|
${row('GET /v1/deduct (new task each)', o.deduct)}
${row('GET /v1/credits/account', o.balance)}

Ledger after the run: ${o.charged} credits charged, ${o.records} consumption records, ${o.deduct['2xx']} answered deductions (+ at most ${CONNECTIONS} in flight at the stop): **${o.reconciled ? 'reconciled' : 'MISMATCH'}**.
`;
const md = `# Credits benchmark

Date: ${new Date().toISOString()} · ${CONNECTIONS} connections · ${SECONDS} s per call · one API process on a shared 2-core machine.

${outcomes.map(section).join('\n')}
Rerun: \`npx tsx bench/credits/run.ts\` from the repository root (with \`TEST_DATABASE_URL=postgres://…\` for the Postgres section too).
`;
fs.writeFileSync(path.join(here, 'results.md'), md);
process.stdout.write(md);
process.exit(outcomes.every((o) => o.reconciled) ? 0 : 1);
