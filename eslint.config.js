import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'native/**/build/', '.scratch/', '.lab/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports: one name for a thing everywhere it is imported.' },
        { selector: 'CallExpression[callee.name="eval"]', message: 'No dynamic evaluation.' },
        { selector: 'NewExpression[callee.name="Function"]', message: 'No dynamic evaluation.' },
        {
          // zod's `z` export is a namespace object that holds every locale: 440 kB more for every CLI start.
          selector: 'ImportDeclaration[source.value="zod"][importKind!="type"] > ImportSpecifier[imported.name="z"]',
          message:
            "Import zod as `import * as z from 'zod'`, so that the bundles leave out what is not used (docs/decisions/0147-zod-imported-namespace-so-bundles-leave-out.md).",
        },
      ],
    },
  },
  {
    files: ['src/panel/**'],
    languageOptions: { globals: { ...globals.browser } },
    // Preact's hooks follow React's rules: called in the same order every render, effects naming what they read.
    plugins: { 'react-hooks': reactHooks },
    // A value an effect reads without being its trigger is read through a ref assigned at each render.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Config files are loaded by their tools through a default export.
    files: ['eslint.config.js', 'vitest.config.ts', '*.config.*'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
