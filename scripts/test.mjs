#!/usr/bin/env node
// `npm test`: unit and API tests (Vitest), then the browser journeys (Playwright on Debian Chromium) when a Chromium is
// installed: once under the lab path prefix (§1: /lab/ai-covers) and once at the site root, each on
// a web build made for that base path. Exits non-zero when any part fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false }).status ?? 1;

let failed = run('npx', ['vitest', 'run']) !== 0;

/** The base paths the browser suite runs under; the site root last, so dist is left as `npm start` builds it. */
const BASE_PATHS = ['/lab/ai-covers', ''];

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`Chromium not found at ${chromium}: skipping the browser journeys (apt-get install chromium).`);
} else {
  for (const basePath of BASE_PATHS) {
    console.log(`\nBrowser journeys with BASE_PATH="${basePath}"`);
    if (run('npm', ['run', 'build', '-w', 'apps/web'], { BASE_PATH: basePath }) !== 0) failed = true;
    else if (
      run('npm', ['run', 'test', '-w', 'e2e'], { CHROMIUM_PATH: chromium, E2E_BASE_PATH: basePath }) !== 0
    )
      failed = true;
  }
}
process.exit(failed ? 1 : 0);
