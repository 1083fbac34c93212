import os from 'node:os';
import { defineConfig } from 'vitest/config';

const apiTests = ['tests/api/**/*.test.ts'];
// Vitest leaves a core free by default; on the two-core machines here that is one file at a time.
const cores = os.availableParallelism();

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API suites run once on embedded PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
    projects: [
      { extends: true, test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node', maxWorkers: cores } },
      { extends: true, test: { name: 'client', include: ['tests/client/**/*.test.{ts,tsx}'], environment: 'jsdom', maxWorkers: cores } },
      { extends: true, test: { name: 'api-pglite', include: apiTests, environment: 'node', env: { TEST_DB: 'pglite' }, globalSetup: ['tests/support/pglite-image.ts'], maxWorkers: cores, isolate: false } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              // After the others, as many files at once as there are clusters (one per core): a
              // PostgreSQL snapshot spans its cluster, so each file leases one (tests/support/postgres-clusters.ts).
              test: { name: 'api-postgres', include: apiTests, environment: 'node', env: { TEST_DB: 'postgres' }, globalSetup: ['tests/support/postgres-clusters.ts'], maxWorkers: cores, isolate: false, sequence: { groupOrder: 1 } },
            },
          ]
        : []),
    ],
  },
});
