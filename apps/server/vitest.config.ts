import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // PGlite boots a WASM Postgres per test file; give slow CI machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
