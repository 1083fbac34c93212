// The end-to-end part of `npm test`: Debian's Chromium driven by Playwright against `npm start`.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildClientIfStale, root } from './lib/build.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log("Installing Debian's Chromium for the end-to-end tests (apt-get install -y chromium)…");
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `The end-to-end tests need Debian's Chromium at ${CHROMIUM}.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to another Chromium binary).',
  );
  process.exit(1);
}

ensureChromium();
buildClientIfStale();
const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
