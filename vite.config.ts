import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:8000';
/** The build's name: the package's version and the minute it was built (src/data/app-version.ts). */
const APP_VERSION = `${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version}+${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '')}`;
const THEME_COLOUR = '#1e40af';

export default defineConfig({
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(APP_VERSION) },
  plugins: [
    react(),
    VitePWA({
      // Our own worker (sw/sw.ts): it precaches the shell and replays the outbox on `sync`.
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/app/pwa.ts registers it with workbox-window, in production builds only.
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      injectManifest: {
        // A classic script: module service workers are not in every browser the tablets run.
        rollupFormat: 'iife',
        // Every screen chunk is precached so every screen opens offline.
        globPatterns: ['**/*.{js,css,html}'],
      },
      manifest: {
        name: 'FabOps',
        short_name: 'FabOps',
        description: 'Operations for a fabrication manufacturer',
        id: '/',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // React, Chakra and the router are one vendor chunk shared by every screen.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget },
  },
});
