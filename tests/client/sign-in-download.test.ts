import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 16 §4: the sign-in page is every device's first download (goal 200 KiB gzipped, measured by
 * bench/lib/login-bundle.ts). These are the imports that once put most of what was over it there.
 */
const read = (file: string) => fs.readFileSync(file, 'utf8');
const runtimeImports = (file: string) => [...read(file).matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)].map((m) => m[1]);

// `import … from 'x'`, `export … from 'x'` and `import 'x'`; not `import type`, not `import('x')`.
const STATIC_IMPORT = /^(?:import|export)(?!\s+type\b)[^;]*?\sfrom\s+'([^']+)'|^import\s+'([^']+)'/gm;

function sourceOf(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** The packages the sign-in page's modules import statically (what the bundler puts in its download). */
function packagesOfSignInPage(): Set<string> {
  const pending = ['src/main.tsx', 'src/features/auth/LoginScreen.tsx', 'src/app/PublicShell.tsx'].map((file) => path.resolve(file));
  const seen = new Set<string>();
  const packages = new Set<string>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const [, imported, bare] of read(file).matchAll(STATIC_IMPORT)) {
      const specifier = (imported ?? bare)!;
      if (!specifier.startsWith('.')) packages.add(specifier);
      else pending.push(sourceOf(file, specifier) ?? `${specifier} (not found from ${file})`);
    }
  }
  return packages;
}

describe("the sign-in page's download", () => {
  it('domain/api-paths.ts, which every screen loads, imports nothing (no schemas, no decimals)', () => {
    expect(read('domain/api-paths.ts')).not.toMatch(/^import /m);
  });

  it('the sign-in form does not load react-hook-form or its zod resolver', () => {
    for (const file of ['src/features/auth/LoginScreen.tsx', 'src/features/auth/schema-form.ts']) {
      expect(runtimeImports(file).filter((source) => /hook-?form/.test(source!)), file).toEqual([]);
    }
  });

  it("loads no HTTP library, no classic zod (the tokens', switches' and form's schemas are on zod/mini), no form library, no local database", () => {
    const packages = packagesOfSignInPage();
    for (const heavy of ['axios', 'ky', 'zod', 'react-hook-form', '@hookform/resolvers/zod', 'dexie', 'big.js', '@tanstack/react-query']) {
      expect(packages.has(heavy), heavy).toBe(false);
    }
    expect(packages.has('zod/mini')).toBe(true);
  });

  it('the app depends on no HTTP library: its client is fetch', () => {
    const { dependencies } = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    expect(Object.keys(dependencies).filter((name) => ['axios', 'ky', 'ofetch', 'wretch'].includes(name))).toEqual([]);
  });
});
