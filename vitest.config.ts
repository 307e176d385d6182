import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/engine',
      'packages/headshots',
      'apps/server',
      'apps/web',
      'bench',
      'docs',
    ],
  },
});
