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
import type { Database } from '../../apps/server/src/platform/db/client';
import { RESULT_HEADER, onEachDatabase, resultRow, startBenchApi } from '../support/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 10;
const SECONDS = 8;
const GRANT = 1_000_000;

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
  const api = await startBenchApi(database, '.tmp/bench-credits');
  const { features, base } = api;
  const user = await api.user('bench');
  const headers = user.headers;
  await features.credits.service.grant(user.id, {
    source: 'purchase',
    sourceRef: 'bench',
    amount: GRANT,
    details: 'bench',
  });
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
  const charged = GRANT - (await features.credits.service.balance(user.id));
  const records = (await features.credits.service.consumptions(user.id, 1, 1)).total;
  // Requests still in flight when autocannon stops complete on the server but are not counted as
  // 2xx, so up to CONNECTIONS more charges than counted answers are expected; never fewer.
  const reconciled =
    charged === records && charged >= deduct['2xx'] && charged <= deduct['2xx'] + CONNECTIONS;
  await api.close();
  return { driver: database.driver, deduct, balance, charged, records, reconciled };
}

const outcomes = await onEachDatabase(runOn);

const section = (o: Outcome) => `## ${o.driver}

${RESULT_HEADER}
${resultRow('GET /v1/deduct (new task each)', o.deduct)}
${resultRow('GET /v1/credits/account', o.balance)}

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
