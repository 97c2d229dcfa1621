// @ts-check
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';

/** Browser code must never pull in the server (it holds the key) or Node built-ins. */
const serverPatterns = [
  {
    group: ['**/server/**', '../server/*', './server/*'],
    message: 'Browser code must not import server code.',
  },
  { group: ['node:*'], message: 'Browser code must not import Node built-ins.' },
];
const browserOnlyImports = { patterns: serverPatterns };

/**
 * The widgets carry no schema library: the proxy validates the upstream with zod (schemas.ts) and answers
 * the widget protocol (protocol.ts), which the browser reads by hand (read-answer.ts).
 */
const widgetImports = {
  patterns: [
    ...serverPatterns,
    {
      group: ['zod', 'zod/*', '**/schemas.ts'],
      message: 'Widget code reads the widget protocol (api/protocol.ts), never the upstream schemas.',
    },
  ],
};

export default tseslint.config(
  // The consumer apps stand for users' code: their own tsc and build check them against the packed package.
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-output/**',
      'custom-elements.json',
      'test/consumers/*/**',
      // The platforms' local state and build outputs (deploy/<platform>/.build).
      '**/.wrangler/**',
      '**/.build/**',
      '**/.vercel/**',
      '**/.netlify/**',
    ],
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
    // Everything that ships in the widgets: the protocol, the client, the elements, the framework bindings.
    files: [
      'src/api/**/*.ts',
      'src/elements/**/*.ts',
      'src/frameworks/**/*.ts',
      'src/react/**/*.ts',
      'src/index.ts',
      'src/define.ts',
    ],
    ignores: ['src/api/schemas.ts'],
    rules: { 'no-restricted-imports': ['error', widgetImports] },
  },
  {
    // The sample is pure Fetch-standard code, so browser tests can run it behind msw.
    files: ['src/sample/**/*.ts'],
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
