import { defineConfig } from 'vitest/config';

// The repository's documents: checks that keep docs/product and the code citing it in step.
export default defineConfig({
  test: {
    name: 'docs',
    environment: 'node',
    include: ['product/**/*.test.ts'],
  },
});
