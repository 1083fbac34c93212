// The bench-only page (bench/browser/index.html): the app's own data layer (mirror loader, outbox)
// built like the app (same plugins, no aliases to copy: the app imports by relative path), under
// /bench-page/ so it can sit beside the built app and share its origin, hence its IndexedDB.
// Built by bench/lib/browser-build.ts into a temporary directory; never part of `npm run build`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export const BENCH_PAGE_BASE = '/bench-page/';
const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: BENCH_PAGE_BASE,
  // The app's public/ (icons) is not needed here.
  publicDir: false,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    // Overridden by the bench with a temporary directory.
    outDir: path.join(here, '../../dist/bench-page'),
    emptyOutDir: true,
    sourcemap: false,
    // A production build, as the app ships; no size warnings for a page nobody downloads.
    chunkSizeWarningLimit: 5000,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The page imports the outbox's triggers, which import the token store that the app loads
      // lazily; splitting it out does not matter for a bench page.
      onwarn(warning, warn) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
    },
  },
});
