import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import webLayers from './apps/web/lint/layers.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Features own their tables: another feature's data comes through its service, never its
    // repository or schema (docs/decisions/005-features-and-wiring.md). Foreign keys between
    // schemas and the Drizzle schema aggregator (platform/db/schema.ts) are the exceptions.
    files: ['apps/*/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/[^/]+\\.(repo|schema)(\\.[jt]sx?)?$',
              message:
                "A feature reads another feature's data through that feature's service, not its repo or schema.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web app's layers: app → features → shared, and a feature uses another only through its
    // public face, features/<name>/index.ts (docs/decisions/034-web-layers.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-layers': webLayers },
    rules: { 'web-layers/imports': 'error' },
  },
);
