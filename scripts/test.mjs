#!/usr/bin/env node
// `npm test`: every test of the repository, in as little wall time as the machine allows.
//
// 1. Unit and API tests (Vitest, every project) on the embedded database; when a Postgres answers,
//    the files that make their own Postgres databases (separate processes, killed workers) wait
//    for step 2.
// 2. Then two independent parts side by side:
//    - the browser journeys (Playwright on Debian Chromium), when a Chromium is installed: the
//      journeys whose subject is the base path (tagged @base-path) under the lab prefix
//      /lab/ai-covers (§1), then every journey at the site root; each pass has its own server and
//      database, on a web build made for its base path (the root's in `apps/web/dist`, as
//      `npm start` builds it);
//    - the test files that open a database, once more on a real Postgres, when one answers
//      (TEST_DATABASE_URL, else the local server), and the files that make their own databases.
//    Vitest runs alone first: it keeps both cores busy, and a journey or a test sharing them with
//    it ran past its time limit (decision 006).
// 3. The slowest test files of the run, the wall and processor time of each part, and last every
//    failed or flaky test with the first line of its error.
// Exits non-zero when any part fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseTestFiles, ownPostgresTestFiles } from './db-test-files.mjs';
import { printProblems, printSlowestFiles } from './test-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const timings = [];
// GNU time reports the processor time a part used with its children: it tells a part that computes
// from one that waits, which is what deciding what runs beside what needs.
const GNU_TIME = '/usr/bin/time';
const measureCpu = existsSync(GNU_TIME);

/**
 * Runs a command to its end. With a `tag`, every line it prints is prefixed by the tag, so two parts
 * running at once stay readable.
 */
function run(label, cmd, args, { env = {}, tag } = {}) {
  const started = Date.now();
  const cpuFile = path.join(reports, `cpu-${timings.length}-${Math.random().toString(36).slice(2)}.txt`);
  const [command, argv] = measureCpu
    ? [GNU_TIME, ['-q', '-f', '%U %S', '-o', cpuFile, cmd, ...args]]
    : [cmd, args];
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (tag) for (const stream of [child.stdout, child.stderr]) prefixLines(stream, `[${tag}] `);
    child.on('close', (code) => {
      timings.push({
        label,
        seconds: (Date.now() - started) / 1000,
        cpu: cpuSeconds(cpuFile),
        ok: code === 0,
      });
      resolve(code === 0);
    });
  });
}

/** User plus system seconds that GNU time wrote for a part, or null without it. */
function cpuSeconds(file) {
  if (!existsSync(file)) return null;
  const [user, system] = readFileSync(file, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  rmSync(file, { force: true });
  return Number.isFinite(user) && Number.isFinite(system) ? user + system : null;
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

// 2a. The browser journeys.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
async function browserJourneys() {
  if (!existsSync(chromium)) {
    console.log(
      `Chromium not found at ${chromium}: skipping the browser journeys (apt-get install chromium).`,
    );
    return true;
  }
  /**
   * Where each pass runs and what it runs: the lab prefix takes the journeys about base paths. Each
   * pass has its own web build (the root's in `apps/web/dist`, as `npm start` builds it), server and
   * database. They run one after the other: side by side (and the root pass in two shards) they
   * went no faster on two cores, and journeys ran past their limits (decision 006).
   */
  const passes = [
    { name: 'lab', basePath: '/lab/ai-covers', outDir: 'dist-lab', args: ['--grep', '@base-path'] },
    { name: 'root', basePath: '', outDir: 'dist', args: [] },
  ];
  let passed = true;
  for (const { name, basePath, outDir, args } of passes) {
    const where = basePath || 'the site root';
    const built = await run(
      `web build for ${where}`,
      'npm',
      ['run', 'build', '-w', 'apps/web', '--', '--outDir', outDir],
      { env: { BASE_PATH: basePath }, tag: 'browser' },
    );
    if (!built) {
      passed = false;
      continue;
    }
    const ok = await run(`browser journeys at ${where}`, 'npm', ['run', 'test', '-w', 'e2e', '--', ...args], {
      env: {
        // One retry of a failed journey (the config's CI setting); Playwright lists a journey that
        // passed only on its retry as flaky, and one that fails twice fails the run.
        CI: '1',
        CHROMIUM_PATH: chromium,
        E2E_BASE_PATH: basePath,
        E2E_OUTPUT_DIR: `test-results/${name}`,
        WEB_DIR: path.join(root, 'apps/web', outDir),
        // The migrated database the unit tests' setup left (apps/server/src/test/paths.ts).
        E2E_DB_TEMPLATE: path.join(root, '.tmp/pglite-data-template'),
        PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, `playwright-${name}.json`),
      },
      tag: 'browser',
    });
    passed = ok && passed;
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
  if (!postgresUp) {
    console.log('No Postgres answers: the database tests ran on the embedded database only.');
    return true;
  }
  const files = [...databaseTestFiles(), ...ownPostgres];
  console.log(
    `Postgres answers: ${files.length} test files run on it (${ownPostgres.length} of them only here: they make their own databases).`,
  );
  // At nice 10, below the journeys beside it: they are the longer part, and their server's renders
  // run at 0 (RENDER_NICE), so what they wait for goes first (decision 006).
  return run(
    'vitest (Postgres)',
    'nice',
    [
      '-n',
      '10',
      'npx',
      'vitest',
      'run',
      '--project',
      'server',
      ...vitestReport('vitest-postgres.json'),
      ...files,
    ],
    {
      env: {
        TEST_DATABASE_URL: postgresUrl,
        // The pass proves the SQL on Postgres while the journeys share the cores: a render that
        // takes 10 s alone took over 30 s there, so every test and hook, the limits tests state
        // included, gets four times the room (apps/server/src/test/time-limits.ts, decision 006).
        TEST_TIME_SCALE: '4',
      },
      tag: 'postgres',
    },
  );
}

const started = Date.now();
// The tests that make their own Postgres databases wait for the Postgres pass, off the first part:
// they are slow (separate processes, killed workers) and need Postgres either way.
const postgresUp = postgresAnswers();
const ownPostgres = postgresUp ? ownPostgresTestFiles() : [];
const embedded = await run('vitest (embedded database)', 'npx', [
  'vitest',
  'run',
  ...vitestReport('vitest.json'),
  ...ownPostgres.flatMap((file) => ['--exclude', `**/${path.basename(file)}`]),
]);
const [browserOk, postgresOk] = await Promise.all([browserJourneys(), postgresPass()]);
const ok = embedded && browserOk && postgresOk;

// What took the time.
printSlowestFiles(reports, 15);
console.log('\nParts of this run (wall time; processor time, all cores, children included):');
for (const t of timings)
  console.log(
    `  ${t.ok ? 'ok  ' : 'FAIL'} ${t.seconds.toFixed(0).padStart(5)} s  ${t.cpu == null ? '' : `${t.cpu.toFixed(0).padStart(5)} s cpu  `}${t.label}`,
  );
console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
printProblems(reports);
process.exit(ok ? 0 : 1);
