import { defineConfig } from 'vitest/config';
import { within } from './src/test/time-limits';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Files share their worker's module cache: each file still builds its own app on its own
    // database, and importing the whole server once per worker instead of once per file takes a
    // third off the project's time (decision 006).
    isolate: false,
    // PGlite boots a WASM Postgres per test file; give slow CI machines room (and the Postgres pass of
    // `npm test`, beside the journeys, TEST_TIME_SCALE times as much).
    testTimeout: within(30_000),
    hookTimeout: within(60_000),
  },
});
