// The slowest test files of a `npm test` run, read from the JSON reports its parts wrote: Vitest's
// (a file's time from its start to its end) and Playwright's (the sum of its tests' attempts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Seconds per test file of one Vitest JSON report. */
function vitestFiles(report) {
  return (report.testResults ?? []).map((file) => ({
    file: path.relative(root, file.name),
    seconds: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
  }));
}

/** Seconds per spec file of one Playwright JSON report. */
function playwrightFiles(report) {
  const totals = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          totals.set(
            spec.file ?? suite.file,
            (totals.get(spec.file ?? suite.file) ?? 0) + (result.duration ?? 0),
          );
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...totals].map(([file, ms]) => ({ file: path.join('e2e/tests', file), seconds: ms / 1000 }));
}

/** Prints the `count` slowest test files over every report in `dir`, naming the part each ran in. */
export function printSlowestFiles(dir, count) {
  if (!existsSync(dir)) return;
  const rows = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    let report;
    try {
      report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      continue; // a part that died before writing its report has nothing to add
    }
    const part = name.replace(/\.json$/, '');
    const files = name.startsWith('playwright') ? playwrightFiles(report) : vitestFiles(report);
    for (const f of files) rows.push({ ...f, part });
  }
  rows.sort((a, b) => b.seconds - a.seconds);
  console.log(`\nThe ${Math.min(count, rows.length)} slowest test files of this run:`);
  for (const r of rows.slice(0, count))
    console.log(`  ${r.seconds.toFixed(1).padStart(7)} s  ${r.part.padEnd(18)} ${r.file}`);
}

/** The first line of a failure message, without colour codes. */
function firstLine(message) {
  return String(message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 240);
}

/** Failed (and, for journeys, flaky) tests of one Vitest JSON report. */
function vitestProblems(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed)
      out.push({ kind: 'FAIL', where, title: t.fullName ?? t.title, why: firstLine(t.failureMessages?.[0]) });
    // A file that failed outside its tests (an import, a hook, an unhandled error).
    if (file.status === 'failed' && failed.length === 0)
      out.push({ kind: 'FAIL', where, title: '(the file itself)', why: firstLine(file.message) });
  }
  return out;
}

/** Failed and flaky journeys of one Playwright JSON report. */
function playwrightProblems(report) {
  const out = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failedRun = (test.results ?? []).find((r) => r.status !== 'passed');
        out.push({
          kind: test.status === 'flaky' ? 'FLAKY' : 'FAIL',
          where: path.join('e2e/tests', spec.file ?? suite.file ?? ''),
          title: [...titles, spec.title].filter(Boolean).join(' › '),
          why: firstLine(failedRun?.error?.message ?? failedRun?.errors?.[0]?.message),
        });
      }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return out;
}

/**
 * Prints every failed test (and every journey that passed only on its retry) of the run, last, so
 * the end of a long log says what failed without searching it.
 */
export function printProblems(dir) {
  if (!existsSync(dir)) return;
  const rows = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    let report;
    try {
      report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      rows.push({ kind: 'FAIL', where: name, title: '(no readable report: the part died)', why: '' });
      continue;
    }
    const part = name.replace(/\.json$/, '');
    const found = name.startsWith('playwright') ? playwrightProblems(report) : vitestProblems(report);
    for (const r of found) rows.push({ ...r, part });
  }
  if (rows.length === 0) return;
  console.log('\nFailed and flaky tests of this run:');
  for (const r of rows) {
    console.log(`  ${r.kind.padEnd(5)} ${(r.part ?? '').padEnd(18)} ${r.where}: ${r.title}`);
    if (r.why) console.log(`        ${r.why}`);
  }
}
