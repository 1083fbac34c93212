// The end-to-end part of `npm test`: Debian's Chromium driven by Playwright against `npm start`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/**
 * The whole run is split into one shard per core, each a Playwright of its own against its own
 * server and fresh demo company (its own ports), run at once: one browser and one server leave
 * half of a two-core machine idle while pages wait. A run of named specs (arguments) is one shard.
 * Each shard's report is printed whole when it ends, so the two do not interleave.
 */
function runShards() {
  const args = process.argv.slice(2);
  const shards = args.length ? 1 : Number(process.env.E2E_SHARDS ?? Math.min(2, os.availableParallelism()));
  const basePort = Number(process.env.E2E_PORT ?? 8310);
  const cli = path.join(root, 'node_modules/@playwright/test/cli.js');
  if (shards === 1) return Promise.resolve(spawnSync(process.execPath, [cli, 'test', '-c', 'e2e/playwright.config.ts', ...args], { cwd: root, stdio: 'inherit' }).status ?? 1);
  return Promise.all(
    Array.from({ length: shards }, (_, i) =>
      new Promise((resolve) => {
        const port = basePort + 10 * i;
        const child = spawn(process.execPath, [cli, 'test', '-c', 'e2e/playwright.config.ts', `--shard=${i + 1}/${shards}`], {
          cwd: root,
          env: { ...process.env, E2E_PORT: String(port), E2E_SMTP_PORT: String(port + 1000) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code) => {
          process.stdout.write(`\n── end-to-end shard ${i + 1}/${shards} ──\n${Buffer.concat(output).toString()}`);
          resolve(code ?? 1);
        });
      }),
    ),
  ).then((codes) => codes.find((code) => code !== 0) ?? 0);
}

ensureChromium();
buildClientIfStale();
process.exit(await runShards());
