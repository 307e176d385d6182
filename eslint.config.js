import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import webLayers from './apps/web/lint/layers.js';
import serverBoundaries from './eslint/server-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/dist-lab/**',
      'data/**',
      '**/drizzle/**',
      '**/test-results/**',
      '.tmp/**',
    ],
  },
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
    // The server's layers and features: a feature reads another's data through its service, the
    // platform imports no feature, only the app root wires (docs/architecture.md).
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: serverBoundaries },
    rules: { 'server/layers': 'error' },
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
