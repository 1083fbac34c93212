import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROOT } from './root';

export const CLIENT_DIR = path.join(ROOT, 'dist/client');

/** The same staleness check `npm start` makes, done up front so no start-up time includes a build. */
export async function buildClientIfStale(): Promise<void> {
  const build = (await import(pathToFileURL(path.join(ROOT, 'scripts/lib/build.mjs')).href)) as { buildClientIfStale(): void };
  build.buildClientIfStale();
}

// `import{a as b}from"./x.js"`, `import * as m from "./x.js"`, `import"./x.js"`; never `import(...)`.
const STATIC_IMPORT = /\bimport\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;

function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  return [...code.matchAll(STATIC_IMPORT)].map((m) => path.resolve(path.dirname(file), m[1]!));
}

/** What index.html loads before any route runs: its module script and modulepreload links. */
function entryScripts(clientDir: string): string[] {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const wanted = tags.filter((tag) => /\btype="module"/.test(tag) || /\brel="modulepreload"/.test(tag));
  return wanted.map((tag) => /\b(?:src|href)="\/?([^"]+\.js)"/.exec(tag)?.[1]).filter((p) => p !== undefined).map((p) => path.join(clientDir, p));
}

/** The lazily loaded chunk of one screen, found by the name Vite gives it. */
function routeChunk(clientDir: string, name: string): string {
  const assets = path.join(clientDir, 'assets');
  const found = fs.readdirSync(assets).filter((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
  if (found.length !== 1) throw new Error(`Expected one ${name} chunk in ${assets}, found ${found.length}`);
  return path.join(assets, found[0]!);
}

/**
 * The JavaScript a first visit to /login downloads: the entry, its preloads, the sign-in screen and
 * the public shell around it, with everything they import statically. Sizes are gzip level 9.
 */
export function loginRouteJs(clientDir = CLIENT_DIR): { files: number; gzippedBytes: number } {
  const pending = [...entryScripts(clientDir), routeChunk(clientDir, 'LoginScreen'), routeChunk(clientDir, 'PublicShell')];
  const seen = new Set<string>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...staticImports(file));
  }
  const gzippedBytes = [...seen].reduce((sum, file) => sum + gzipSync(fs.readFileSync(file), { level: 9 }).length, 0);
  return { files: seen.size, gzippedBytes };
}
