import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'lint/**/*.test.ts', '*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // A component test awaits several steps, each of which may take up to the 5 s that waitFor and
    // findBy get on a busy machine (test-setup.ts); the test as a whole gets room for a few of them.
    testTimeout: 15_000,
  },
});
