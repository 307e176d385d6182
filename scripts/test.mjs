#!/usr/bin/env node
// `npm test`: every test of the repository, in as little wall time as the machine allows.
//
// 1. Unit and API tests (Vitest, every project) on the embedded database; when a Postgres answers,
//    the files that make their own Postgres databases (separate processes, killed workers) wait
//    for step 2.
// 2. Then, all at the same time:
//    - the browser journeys (Playwright on Debian Chromium), when a Chromium is installed: the
//      journeys whose subject is the base path (tagged @base-path) under the lab prefix
//      /lab/ai-covers (§1), and every journey at the site root, side by side; each pass has its own
//      server, port and database, on a web build made for its base path (the root's in
//      `apps/web/dist`, as `npm start` builds it);
//    - the test files that open a database, once more on a real Postgres, when one answers
//      (TEST_DATABASE_URL, else the local server), and the files that make their own databases.
//    Vitest runs alone first: it keeps both cores busy, and a journey or a test sharing them with
//    it ran past its time limit. The journeys mostly wait, so they share the cores with the
//    Postgres pass well (decision 006).
// 3. The slowest test files of the run, and the wall and processor time of each part.
// Exits non-zero when any part fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseTestFiles, ownPostgresTestFiles } from './db-test-files.mjs';
import { printSlowestFiles } from './test-report.mjs';

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
// The site-root journeys can be split into shards, each with its own server, port and database
// (E2E_ROOT_SHARDS, default 1): on a 2-core machine two shards beside the lab pass and the Postgres
// pass overloaded it (load 16) and journeys ran past their limits (decision 006).
const rootShards = Math.max(1, Number(process.env.E2E_ROOT_SHARDS ?? 1) || 1);
async function browserJourneys() {
  if (!existsSync(chromium)) {
    console.log(
      `Chromium not found at ${chromium}: skipping the browser journeys (apt-get install chromium).`,
    );
    return true;
  }
  // One web build per base path, each in its own folder; the root's in `apps/web/dist`, as
  // `npm start` builds it.
  const builds = [
    { basePath: '/lab/ai-covers', outDir: 'dist-lab' },
    { basePath: '', outDir: 'dist' },
  ];
  for (const { basePath, outDir } of builds) {
    const built = await run(
      `web build for ${basePath || 'the site root'}`,
      'npm',
      ['run', 'build', '-w', 'apps/web', '--', '--outDir', outDir],
      { env: { BASE_PATH: basePath }, tag: 'browser' },
    );
    if (!built) return false;
  }
  /** Where each pass runs and what it runs: the lab prefix takes the journeys about base paths. */
  const passes = [
    { name: 'lab', basePath: '/lab/ai-covers', outDir: 'dist-lab', args: ['--grep', '@base-path'] },
    ...Array.from({ length: rootShards }, (_, i) => ({
      name: rootShards > 1 ? `root-${i + 1}` : 'root',
      basePath: '',
      outDir: 'dist',
      args: rootShards > 1 ? [`--shard=${i + 1}/${rootShards}`] : [],
    })),
  ];
  const results = await Promise.all(
    passes.map(({ name, basePath, outDir, args }, i) =>
      run(
        `browser journeys at ${basePath || 'the site root'}${args[0]?.startsWith('--shard') ? ` (${args[0].slice(8)})` : ''}`,
        'npm',
        ['run', 'test', '-w', 'e2e', '--', ...args],
        {
          env: {
            CHROMIUM_PATH: chromium,
            E2E_BASE_PATH: basePath,
            // Ports 100 apart: each pass's song server listens 5 above its server.
            E2E_PORT: String(8181 + 100 * i),
            E2E_OUTPUT_DIR: `test-results/${name}`,
            WEB_DIR: path.join(root, 'apps/web', outDir),
            PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, `playwright-${name}.json`),
          },
          tag: `browser ${name}`,
        },
      ),
    ),
  );
  return results.every(Boolean);
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
  return run(
    'vitest (Postgres)',
    'npx',
    ['vitest', 'run', '--project', 'server', ...vitestReport('vitest-postgres.json'), ...files],
    { env: { TEST_DATABASE_URL: postgresUrl }, tag: 'postgres' },
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
process.exit(ok ? 0 : 1);
