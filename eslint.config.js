// The project's lint rules: JavaScript's and typescript-eslint's recommended sets and React's rules of
// hooks on the browser side. Formatting is Prettier's (.prettierrc.json); import cycles, type-only
// ones included, are dpdm's (`npm run lint:cycles`), which follows `import type` as ESLint's rule does not.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      '.tmp/',
      'node_modules/',
      'server/db/migrations/',
      'bench/anchors/*/dist/',
      'bench/anchors/*/node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `{}` in a conditional type is the arm that adds nothing (declaredTable's optional columns).
      '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }],
      // A `let` read by a closure written before its one assignment (a timer its own stop() clears) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Unused names are errors, but `_name` says "deliberately unused" (a destructured field left out).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'resources/**/*.{ts,tsx}', 'providers/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks. The plugin's React Compiler checks are left out: the app is not compiled with it.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
