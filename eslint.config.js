// ESLint (flat config): `npm run lint`, run first by `npm test`, allows no warning.
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
// typescript-eslint, with the classic TypeScript it needs: see tools/lint/index.js.
import tseslint from '@hsa/typescript-eslint';

export default defineConfig(
  globalIgnores(['generated/', 'dist/', 'dist-bench/', 'artifacts/', 'data/', 'coverage/', '.ci/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A name starting with _ is left unused on purpose: a parameter a signature requires, or a property taken out
      // of an object with ...rest (`const { ssn: _sent, ...data } = payload`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The engine renders any schema-driven form: it imports nothing of the HSA product (farm-studio's rooms).
    files: ['src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/domain/**', '**/app/**', '**/server/**', '**/api/**', '**/widgets/**', '**/generated/**', '**/schemas/**', '**/variants/**'], message: 'src/engine knows nothing of the product: pass what it needs in (props, formContext) or move the helper into src/engine.' }] }],
    },
  },
  {
    // These find control characters in text on purpose (a terminal-safe copy of a CSV value, a binary file refused,
    // a file name cleaned of them).
    files: ['src/server/admin.ts', 'src/server/documents.ts', 'tests/unit/admin.test.ts'],
    rules: { 'no-control-regex': 'off' },
  },
);
