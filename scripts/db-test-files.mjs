#!/usr/bin/env node
// Lists the server's test files that open a database: the file itself, or a test kit it imports at
// any depth, calls one of the database openers. The Postgres pass of `npm test` runs exactly these
// again on a real Postgres; the rest (pure functions, fakes, child processes that run their own
// embedded database, tests that make their own Postgres databases in every run) would only repeat
// what the embedded run already proved.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(root, 'apps/server/src');
// Where the openers are defined (and call each other): not a sign that a test opens one.
const DEFINITIONS = new Set(
  ['test/context.ts', 'test/global-setup.ts', 'platform/db/client.ts', 'boot.ts'].map((f) =>
    path.join(serverSrc, f),
  ),
);
const OPENS = /\b(createTestContext|openTestDatabase|openDatabase)\(/;
// Tests built on this helper make their own Postgres databases in every run, embedded or not.
const OWN_POSTGRES = path.join(serverSrc, 'test/postgres-admin.ts');

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

const importsOf = new Map();
function imports(file) {
  let found = importsOf.get(file);
  if (!found) {
    const text = fs.readFileSync(file, 'utf8');
    found = [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1] ?? m[2])).filter(Boolean);
    importsOf.set(file, found);
  }
  return found;
}

/** Every file reachable from `start` through relative imports. */
function reach(start) {
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length) {
    for (const next of imports(stack.pop())) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Test files (relative to the repository root) that open the database through its client. */
export function databaseTestFiles() {
  return testFiles(serverSrc)
    .filter((file) => {
      const reached = [...reach(file)];
      if (reached.includes(OWN_POSTGRES)) return false;
      return reached.some((f) => !DEFINITIONS.has(f) && OPENS.test(fs.readFileSync(f, 'utf8')));
    })
    .map((file) => path.relative(root, file))
    .sort();
}

/**
 * Test files (relative to the repository root) that make their own Postgres databases (separate
 * API and worker processes, chaos): they need a Postgres server whichever database the run is on,
 * and skip themselves where none answers. `npm test` runs them once, in its Postgres pass.
 */
export function ownPostgresTestFiles() {
  return testFiles(serverSrc)
    .filter((file) => reach(file).has(OWN_POSTGRES))
    .map((file) => path.relative(root, file))
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(databaseTestFiles().join('\n'));
