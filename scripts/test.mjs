#!/usr/bin/env node
// `npm test`: unit and API tests (Vitest), then the browser journeys (Playwright on Debian Chromium)
// when a Chromium is installed. Exits non-zero when any part fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false }).status ?? 1;

let failed = run('npx', ['vitest', 'run']) !== 0;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`Chromium not found at ${chromium}: skipping the browser journeys (apt-get install chromium).`);
} else {
  if (run('npm', ['run', 'build', '-w', 'apps/web'], { BASE_PATH: '' }) !== 0) failed = true;
  else if (run('npm', ['run', 'test', '-w', 'e2e'], { CHROMIUM_PATH: chromium }) !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
