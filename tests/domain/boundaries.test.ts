import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of DESIGN.md "Layout", as the project's own lint enforces them (eslint.config.js):
 * small sources linted as if they were files of the tree, importing real files of it.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint boundaries (eslint.config.js)', () => {
  it('refuses a feature importing another feature', async () => {
    expect(await problems('src/features/materials/Fixture.tsx', "export { default } from '../requisitions/RequisitionsScreen';\n")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../requisitions/RequisitionsScreen" imported in restricted zone. Features do not import each other: move what both need to src/ui, src/data or domain/.',
    ]);
  });

  it('lets a feature import its own files and the shared layers', async () => {
    const code = ["export { default } from './MaterialsScreen';", "export { api } from '../../data/api';", "export { notify } from '../../ui/notify';", "export { pathOf } from '../../../domain/routes';", ''].join('\n');
    expect(await problems('src/features/materials/Fixture.tsx', code)).toEqual([]);
  });

  it('refuses domain/ importing the PWA or the server', async () => {
    expect(await problems('domain/fixture.ts', "export { api } from '../src/data/api';\nexport { DEMO_PASSWORD } from '../server/lib/password';\n")).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../src/data/api" imported in restricted zone. domain/ is pure TypeScript shared by every tier: it imports nothing from src/, server/ or sw/.',
      'import-x/no-restricted-paths: Unexpected path "../server/lib/password" imported in restricted zone. domain/ is pure TypeScript shared by every tier: it imports nothing from src/, server/ or sw/.',
    ]);
  });

  it('refuses an import cycle', async () => {
    // The outbox's entries import its operations: operations importing entries closes a loop.
    expect(await problems('src/data/outbox/operations.ts', "export { addEntry } from './entries';\n")).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });
});
