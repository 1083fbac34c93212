import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/** The business areas of the PWA: each may import shared code (ui/, data/, domain/), never another area. */
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The boundaries of DESIGN.md "Layout": domain/ is pure, features do not import each other. */
const BOUNDARIES = [
  {
    target: './domain',
    from: ['./src', './server', './sw'],
    message: 'domain/ is pure TypeScript shared by every tier: it imports nothing from src/, server/ or sw/.',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to src/ui, src/data or domain/.',
  })),
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['domain/**/*.ts', 'src/**/*.ts', 'src/**/*.tsx', 'server/**/*.ts', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript settings of import-x (extensions, parser) without its resolver, which needs another package.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      // A screen's code loads on demand (import()): that is how the router reaches the screens, not a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', 'bench/**', 'server/main.ts', 'server/db/*-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
