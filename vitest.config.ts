import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            sequence: { groupOrder: 0 },
            include: ['src/contract/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'src/player/**/*.test.ts'],
            environment: 'node',
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            // Runs after the unit project: its worker count differs, so vitest wants its own group.
            sequence: { groupOrder: 1 },
            include: ['src/server/**/*.test.ts'],
            environment: 'node',
            // One database per worker, reused by every file that worker runs (a new PGlite takes seconds).
            isolate: false,
            maxWorkers: 2,
            testTimeout: 20_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }),
);
