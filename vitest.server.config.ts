import { defineProject } from 'vitest/config';

/** Server, contract and cross-cutting tests: node environment, no Vite plugins. */
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['server/**/*.test.ts', 'tests/**/*.test.ts', 'src/contract/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files share each worker's module graph instead of importing the whole server again per file
    // (about 40 % of the suite's CPU): no server test mocks modules, and each builds its own app and
    // database (createTestContext), fake clocks restored after use.
    isolate: false,
  },
});
