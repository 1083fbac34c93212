import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { PORT, SMTP_PORT } from './ports';

// A fresh demo company for every run, so specs never depend on what an earlier run left.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabops-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous waits, never sleeps: a busy two-core machine (scrypt, zxcvbn, a service worker's
  // install) can take several times the usual; a passing spec is not slowed by them.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // The SMTP server the app mails to, in the test runner; specs read what it received (e2e/mailbox.ts).
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  outputDir: path.join(os.tmpdir(), 'fabops-e2e-results'),
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    url: `http://127.0.0.1:${PORT}/api/v1/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The mail job runs (JOBS, polling as tests/api/invoices-send.test.ts does) and delivers to the runner's SMTP server.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED: 'demo',
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      JOBS: 'true',
      JOBS_POLL_SECONDS: '0.5',
      // Playwright's request context reuses an idle socket without the retry a browser makes when
      // the server has just closed it (a spec that waited for a mail got ECONNRESET): idle
      // sockets here outlive any test (120 s).
      KEEP_ALIVE_TIMEOUT_SECONDS: '150',
      IDLE_TIMEOUT_SECONDS: '150',
    },
  },
});
