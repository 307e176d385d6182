import { defineConfig } from 'vitest/config';

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
    // PGlite boots a WASM Postgres per test file; give slow CI machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
