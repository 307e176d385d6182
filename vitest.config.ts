import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores) leaves a 2-core machine with one worker,
    // while many files spend much of their time waiting on a child process, the database or the
    // disk: there two files run at once. Bigger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
