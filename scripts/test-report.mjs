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
