import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // PGlite starts in seconds here: one instance per file, files in parallel on both cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
