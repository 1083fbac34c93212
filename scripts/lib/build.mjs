// Builds the PWA when any of its sources is newer than the last build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = path.join(root, 'dist/client/index.html');
const SOURCES = ['src', 'domain', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newest(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

export function buildClientIfStale() {
  const sources = SOURCES.map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  if (fs.existsSync(built) && Math.max(...sources.map(newest)) <= fs.statSync(built).mtimeMs) return;
  console.log('Building the app…');
  // A production build whatever NODE_ENV the server runs under (the e2e server runs as 'test'):
  // Vite would otherwise build React's development code and skip the service worker.
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
