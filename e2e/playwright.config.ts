import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://localhost:${port}`;
/** Where the studio journey serves its song link (allowed by SONG_LINK_ALLOW_HOSTS). */
export const songServerPort = port + 5;
/** Results a headshot pack delivers in the journeys (HEADSHOTS_RESULTS_LIMIT of the server). */
export const HEADSHOTS_RESULTS = 4;
// The app's base path (§1 lab hosting); the web build must be made for the same one (decision 004).
const basePath = process.env.E2E_BASE_PATH ?? '';

/**
 * Journeys run against the real server (embedded database, built web app) in Debian's Chromium:
 * Playwright's own browser download cannot work here. E2E_BASE_PATH=/lab/ai-covers runs them
 * with the app under the lab prefix (build the web app with the same BASE_PATH first).
 */
export default defineConfig({
  testDir: './tests',
  // Two passes running at once (`npm test`) each keep their own traces and screenshots.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // `npm test` asks for a JSON report too (PLAYWRIGHT_JSON_OUTPUT_FILE) to print the slowest files.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
    : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    cwd: root,
    url: `${baseURL}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Login A/B plan 2 blocks signed-out clicks, and the other tests change pages; journeys pin
    // plan 1 so a visitor's random bucket cannot decide a run. Plan-2 journeys stub the plan in
    // the browser instead.
    env: {
      PORT: String(port),
      BASE_PATH: basePath,
      // The A/B plan report, read by the A/B journeys (same value as REPORT_TOKEN in support.ts).
      AB_REPORT_TOKEN: 'e2e-report-token-0123456789',
      LOG_LEVEL: 'warn',
      // The studio journey's song server (a stand-in for a file host) listens on the loopback.
      SONG_LINK_ALLOW_HOSTS: `127.0.0.1:${songServerPort}`,
      // A headshot pack delivers this many results here (the plan still says 50): the journey's
      // five photos are framings of one portrait, which give fewer than 50 distinct results, and a
      // whole Basic pack costs minutes. The full pack is measured in bench/headshots.
      HEADSHOTS_RESULTS_LIMIT: String(HEADSHOTS_RESULTS),
      // The pack's run mattes its first two approved photos (minutes of the browser suite saved
      // per pack); the upload step and the check still take every photo.
      HEADSHOTS_PACK_PHOTOS_LIMIT: '2',
      // Renders and packs at normal priority: here they are what the journeys wait for, and `npm
      // test` runs other tests beside them (at 10 they got only what those left, decision 006).
      RENDER_NICE: '0',
      AB_OVERRIDES:
        process.env.E2E_AB_OVERRIDES ?? 'login_test=1,banner_test=1,ad_banner=1,purchase_test=1,dlp_app=1',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
