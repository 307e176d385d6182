#!/usr/bin/env node
// Fails when the Drizzle schema and the committed migrations disagree: drizzle-kit generates into a
// copy of apps/server/drizzle, and any migration it writes there is a change nobody committed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
// drizzle-kit resolves --out against the working directory: the copy stays inside the package.
const copy = `.tmp/migration-check-${process.pid}`;
const copyPath = path.join(server, copy);
fs.rmSync(copyPath, { recursive: true, force: true });
fs.cpSync(path.join(server, 'drizzle'), copyPath, { recursive: true });
const before = new Set(fs.readdirSync(copyPath));
try {
  const run = spawnSync(
    'npx',
    ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db-schema.ts', '--out', copy],
    { cwd: server, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}\n${run.stderr}\nmigration check: drizzle-kit failed\n`);
    process.exit(1);
  }
  const added = fs.readdirSync(copyPath).filter((f) => !before.has(f));
  if (added.length > 0) {
    const sql = added
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(copyPath, f), 'utf8'));
    process.stderr.write(
      `The Drizzle schema has changes with no committed migration (run npm run db:generate):\n${sql.join('\n')}\n`,
    );
    process.exit(1);
  }
  console.log('Migrations match the Drizzle schema.');
} finally {
  fs.rmSync(copyPath, { recursive: true, force: true });
}
