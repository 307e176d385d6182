#!/usr/bin/env node
// `npm test`: every test of the repository, in as little wall time as the machine allows.
//
// 1. Unit and API tests (Vitest, every project) on the embedded database.
// 2. Then two independent parts at the same time:
//    - the browser journeys (Playwright on Debian Chromium), when a Chromium is installed: the
//      journeys whose subject is the base path (tagged @base-path) under the lab prefix
//      /lab/ai-covers (§1), then every journey at the site root, each on a web build made for its
//      base path (the root last, so `apps/web/dist` is left as `npm start` builds it);
//    - the test files that open a database, once more on a real Postgres, when one answers
//      (TEST_DATABASE_URL, else the local server).
// 3. The slowest test files of the run, and the time of each part.
// Exits non-zero when any part fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseTestFiles } from './db-test-files.mjs';
import { printSlowestFiles } from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const timings = [];

/**
 * Runs a command to its end. With a `tag`, every line it prints is prefixed by the tag, so two parts
 * running at once stay readable.
 */
function run(label, cmd, args, { env = {}, tag } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (tag) for (const stream of [child.stdout, child.stderr]) prefixLines(stream, `[${tag}] `);
    child.on('close', (code) => {
      timings.push({ label, seconds: (Date.now() - started) / 1000, ok: code === 0 });
      resolve(code === 0);
    });
  });
}

function prefixLines(stream, prefix) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
}

const vitestReport = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, name)}`,
];

// 1. Every Vitest project on the embedded database.
let ok = await run('vitest (embedded database)', 'npx', ['vitest', 'run', ...vitestReport('vitest.json')]);

// 2a. The browser journeys.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
async function browserJourneys() {
  if (!existsSync(chromium)) {
    console.log(
      `Chromium not found at ${chromium}: skipping the browser journeys (apt-get install chromium).`,
    );
    return true;
  }
  /** Where each pass runs and what it runs: the lab prefix takes the journeys about base paths. */
  const passes = [
    { basePath: '/lab/ai-covers', grep: ['--grep', '@base-path'], report: 'playwright-lab.json' },
    { basePath: '', grep: [], report: 'playwright-root.json' },
  ];
  let passed = true;
  for (const { basePath, grep, report } of passes) {
    const where = basePath || 'the site root';
    const env = { BASE_PATH: basePath };
    if (
      !(await run(`web build for ${where}`, 'npm', ['run', 'build', '-w', 'apps/web'], {
        env,
        tag: 'browser',
      }))
    ) {
      passed = false;
      continue;
    }
    passed =
      (await run(`browser journeys at ${where}`, 'npm', ['run', 'test', '-w', 'e2e', '--', ...grep], {
        env: {
          CHROMIUM_PATH: chromium,
          E2E_BASE_PATH: basePath,
          PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, report),
        },
        tag: 'browser',
      })) && passed;
  }
  return passed;
}

// 2b. The database tests once more on Postgres.
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
function postgresAnswers() {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))",
      postgresUrl,
    ],
    { cwd: path.join(root, 'apps/server'), stdio: 'ignore' },
  );
  return probe.status === 0;
}
async function postgresPass() {
  if (!postgresAnswers()) {
    console.log('No Postgres answers: the database tests ran on the embedded database only.');
    return true;
  }
  const files = databaseTestFiles();
  console.log(`Postgres answers: ${files.length} test files that open a database run again on it.`);
  return run(
    'vitest (Postgres)',
    'npx',
    ['vitest', 'run', '--project', 'server', ...vitestReport('vitest-postgres.json'), ...files],
    { env: { TEST_DATABASE_URL: postgresUrl }, tag: 'postgres' },
  );
}

const [browserOk, postgresOk] = await Promise.all([browserJourneys(), postgresPass()]);
ok = ok && browserOk && postgresOk;

// 3. What took the time.
printSlowestFiles(reports, 15);
console.log('\nParts of this run:');
for (const t of timings)
  console.log(`  ${t.ok ? 'ok  ' : 'FAIL'} ${t.seconds.toFixed(0).padStart(5)} s  ${t.label}`);
process.exit(ok ? 0 : 1);
