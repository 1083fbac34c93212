import { defineConfig } from 'vitest/config';

const apiTests = ['tests/api/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API suites run once on embedded PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
    projects: [
      { extends: true, test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'client', include: ['tests/client/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      { extends: true, test: { name: 'api-pglite', include: apiTests, environment: 'node', env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'api-postgres', include: apiTests, environment: 'node', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
