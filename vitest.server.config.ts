import { defineProject } from 'vitest/config';

/** Server, contract and cross-cutting tests: node environment, no Vite plugins. */
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['server/**/*.test.ts', 'tests/**/*.test.ts', 'src/contract/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
