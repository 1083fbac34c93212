// `npm start`: builds the PWA when its sources are newer than the build, then starts the server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/client/index.html');

function newestSource(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestSource(path.join(entry, name))));
}

const sources = ['src', 'domain', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json']
  .map((p) => path.join(root, p))
  .filter((p) => fs.existsSync(p));
const stale = !fs.existsSync(built) || Math.max(...sources.map(newestSource)) > fs.statSync(built).mtimeMs;
if (stale) {
  console.log('Building the app…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

process.chdir(root);
register();
await import('../server/main.ts');
