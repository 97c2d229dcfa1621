// @ts-check
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';

/** Browser code must never pull in the server (it holds the key) or Node built-ins. */
const browserOnlyImports = {
  patterns: [
    {
      group: ['**/server/**', '../server/*', './server/*'],
      message: 'Browser code must not import server code.',
    },
    { group: ['node:*'], message: 'Browser code must not import Node built-ins.' },
  ],
  paths: [
    { name: 'zod', message: 'Browser code uses zod/mini to keep the bundle small.' },
    { name: 'zod/v4', message: 'Browser code uses zod/mini to keep the bundle small.' },
  ],
};

export default tseslint.config(
  // The consumer apps stand for users' code: their own tsc and build check them against the packed package.
  {
    ignores: ['dist/**', 'node_modules/**', 'test-output/**', 'custom-elements.json', 'test/consumers/*/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Everything that ships to the browser: the data contract, client, elements and the sample (the
    // sample is pure Fetch-standard code so browser tests can run it behind msw).
    files: ['src/api/**/*.ts', 'src/elements/**/*.ts', 'src/sample/**/*.ts', 'src/index.ts', 'src/define.ts'],
    rules: { 'no-restricted-imports': ['error', browserOnlyImports] },
  },
  {
    // The proxy itself must run on every runtime: standard Fetch APIs only.
    files: ['src/server/proxy/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'The proxy must run on Workers, Deno and Bun too.' }] },
      ],
    },
  },
);
