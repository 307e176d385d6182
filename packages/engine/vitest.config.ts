import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'engine',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each test decodes audio with ffmpeg and runs the engine: seconds on a quiet machine, far more
    // when the machine is shared, which must not fail a correct test.
    testTimeout: 30_000,
  },
});
