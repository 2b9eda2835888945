import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The server tests mostly wait (timers, child processes, PostgreSQL): two workers even on 2 cores, where
    // Vitest's default (cores - 1) would run one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      './vitest.server.config.ts',
      {
        extends: './vite.config.ts',
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          exclude: ['src/contract/**'],
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
