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
const widgetPatterns = [
  ...serverPatterns,
  {
    group: ['zod', 'zod/*', '**/schemas.ts'],
    message: 'Widget code reads the widget protocol (api/protocol.ts), never the upstream schemas.',
  },
];
const widgetImports = { patterns: widgetPatterns };

/**
 * An import of one of src/'s rooms (a folder or a file directly under src/), written relatively from
 * another room: `../elements/…`, `../define.ts`. The floors themselves (which room stands on which) are
 * test/node/import-shape.test.ts's FLOORS; these fences say it where the code is written.
 */
const roomImport = (rooms, message) => ({
  regex: `^(\\.\\.?/)+(${rooms.map((room) => room.replace('.', '\\.')).join('|')})(/|$)`,
  message,
});

/**
 * Inside src/server/: the proxy is the floor, the site (the front door) stands on it, the adapters and the
 * metrics on both. An import of a server room written relatively from a lower one: `../site/…`.
 */
const serverRoomImport = (rooms, message) => ({
  regex: `^(\\.\\./)+(${rooms.join('|')})(/|$)`,
  message,
});

/** The floor (src/api/, src/scheduling/) imports nothing above it: every other room stands on it. */
const floorPatterns = [
  roomImport(
    [
      'elements',
      'loader',
      'sample',
      'configurator',
      'ssr',
      'frameworks',
      'react',
      'server',
      'define.ts',
      'index.ts',
    ],
    'The floor (src/api/, src/scheduling/) imports nothing of the rooms that stand on it.',
  ),
];

/**
 * The light embed's loader is all a page runs before a visitor acts (loader.js, a few KiB): the floor
 * only (the protocol, the fragment route, the endpoint rule, when work runs), none of the elements' code
 * and no Lit.
 */
const loaderImports = {
  patterns: [
    ...widgetPatterns,
    roomImport(
      ['elements', 'sample', 'configurator', 'ssr', 'frameworks', 'react', 'define.ts', 'index.ts'],
      'The loader has nothing of the elements (they load when a visitor acts): only src/api/ and src/scheduling/.',
    ),
    {
      group: [
        'lit',
        'lit/*',
        'lit-html',
        'lit-html/*',
        'lit-element',
        'lit-element/*',
        '@lit/*',
        '@lit-labs/*',
      ],
      message: 'The loader carries no Lit: the elements bring it when a visitor acts.',
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
      // Built by scripts/wordpress-plugin.ts from src/configurator/hold.ts (not in git).
      'wordpress/review-widgets/block/hold.js',
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
    // Everything that ships in the widgets: the elements, the framework bindings, the entries.
    files: [
      'src/elements/**/*.ts',
      'src/frameworks/**/*.ts',
      'src/react/**/*.ts',
      'src/index.ts',
      'src/define.ts',
    ],
    rules: { 'no-restricted-imports': ['error', widgetImports] },
  },
  {
    // The floor ships in the widgets too (the protocol, the client, the shared rules, the scheduling), and
    // imports nothing above it.
    files: ['src/api/**/*.ts', 'src/scheduling/**/*.ts'],
    ignores: ['src/api/schemas.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...widgetPatterns, ...floorPatterns] }] },
  },
  {
    // The upstream's schemas are the proxy's and the sample's (zod), still on the floor.
    files: ['src/api/schemas.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: floorPatterns }] },
  },
  {
    files: ['src/loader/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', loaderImports] },
  },
  {
    // The server renderer (review-widgets/ssr) renders the elements for any server, the proxy's included:
    // nothing of src/server/, which stands on it.
    files: ['src/ssr/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            roomImport(
              ['server'],
              'The server renderer imports nothing of the server: the server stands on it.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The sample is pure Fetch-standard code, so browser tests can run it behind msw.
    files: ['src/sample/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', browserOnlyImports] },
  },
  {
    // The proxy itself must run on every runtime: standard Fetch APIs only; it is the server's floor.
    files: ['src/server/proxy/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The proxy must run on Workers, Deno and Bun too.' },
            serverRoomImport(
              ['site', 'adapters', 'metrics'],
              'The proxy is the server’s floor: the site, the adapters and the metrics stand on it.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The review index stands beside the proxy, on its floor (clock, store, upstream), and runs wherever
    // the proxy does: standard APIs only, nothing of the site, the adapters or the metrics.
    files: ['src/server/review-index/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The review index runs on Workers, Deno and Bun too.' },
            serverRoomImport(
              ['site', 'adapters', 'metrics'],
              'The review index stands beside the proxy: the site, the adapters and the metrics stand on it.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The site's front door runs in every function (Workers included): standard Fetch APIs, no platform.
    files: ['src/server/site/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*'],
              message: 'The site runs on Workers too: a platform’s needs are its adapter’s.',
            },
            serverRoomImport(
              ['adapters', 'metrics'],
              'The site imports no adapter: each adapter stands on it.',
            ),
          ],
        },
      ],
    },
  },
  {
    // workerd has no Node built-ins; one platform's adapter never reaches into another's.
    files: ['src/server/adapters/cloudflare/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The Worker runs on workerd: no Node built-ins.' },
            {
              regex: '^\\.\\./(node|vercel|netlify)/',
              message: 'An adapter imports no other platform’s adapter.',
            },
          ],
        },
      ],
    },
  },
);
