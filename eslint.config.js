// npm run lint (and npm test): a small rule set the code passes, chosen for faults tsc does not catch.
// Why these rules and not the type-aware ones: docs/DECISIONS.md, "Prettier and a small typescript-eslint rule set".
// Formatting is Prettier's alone (npm run format); no rule here is about layout.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Written by npm run api:client; the example sites are crawled as they are. Anything .gitignore'd is not source.
  { ignores: ['test/api-client/api-types.ts', 'src/example-sites/', 'test-results/', 'coverage/', 'data/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore says "unused on purpose": a rest sibling left out of a copy, a callback's unneeded parameter.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // verbatimModuleSyntax already asks for `import type` on named types; this also covers default imports used only
      // as types and inline `import('x').T` annotations, so every type a file uses is named at its top.
      '@typescript-eslint/consistent-type-imports': 'error',
      // `== null` stays: it is the house's way to say "null or undefined".
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Tests read JSON bodies of many routes as a client would; light-my-request's json() is `any` already.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  { files: ['src/web/assets/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
);
