import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'headshots',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
