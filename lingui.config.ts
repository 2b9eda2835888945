import { defineConfig } from '@lingui/conf';

export default defineConfig({
  sourceLocale: 'it',
  locales: ['it', 'en'],
  fallbackLocales: { default: 'it' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.tsx', '**/*.test.ts', '<rootDir>/src/contract/**'],
    },
  ],
});
