// The deployable folders of Vercel and Netlify, made from deploy/<platform>/ and dist/site: the function
// (deploy/<platform>/proxy.ts) bundled ahead into one file with everything it imports (the proxy, zod,
// ioredis), the static site copied in, and the platform's configuration. Bundled here, not by the
// platform, because the entry imports ../../src: a platform given deploy/<platform> alone cannot resolve
// it, and a bundle is exactly what the tests ran.
//
//   node scripts/build-platforms.mjs vercel     deploy/vercel/.build: vercel.json, api/proxy.js, public/
//   node scripts/build-platforms.mjs netlify    deploy/netlify/.build: netlify.toml, functions/, site/
//   node scripts/build-platforms.mjs            both
//
// The command line always rebuilds the bundle and dist/site (a deploy ships the current sources); the dev
// scripts and tests rebuild only what is older than its sources. The platforms' link state (.vercel/,
// .netlify/) in a deployable folder survives a rebuild.
import { runDevServer, startDevServer } from './dev-server.mjs';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { freePort } from './free-port.mjs';
import { build } from 'vite';
import {
  buildBundle,
  buildSite,
  bundleIsFresh,
  siteHeaderRules,
  siteIsFresh,
  SITE_DIR,
} from './build-site.mjs';

export const PLATFORMS = ['vercel', 'netlify'];

/** Where the command line builds a platform's deployable folder. */
export const deployDir = (platform) => `deploy/${platform}/.build`;

/** What a rebuild leaves in place: the platform CLI's link to the project or site. */
const KEPT = new Set(['.vercel', '.netlify']);

/** The function of Netlify's folder: functions/<name>/<name>.mjs is its entry, the bundle beside it. */
const NETLIFY_FUNCTION = 'review-widgets-proxy';

/**
 * Builds `platform`'s deployable folder at `out`; resolves `out`. `fresh: 'always'` rebuilds the bundle
 * and dist/site first; `'stale'` only what is older than its sources.
 */
export async function buildPlatform(platform, { out = deployDir(platform), fresh = 'always' } = {}) {
  if (!PLATFORMS.includes(platform)) throw new Error(`Unknown platform ${platform}: ${PLATFORMS.join(', ')}`);
  await ensureSite(fresh);
  mkdirSync(out, { recursive: true });
  for (const entry of readdirSync(out)) {
    if (!KEPT.has(entry)) rmSync(join(out, entry), { recursive: true, force: true });
  }
  if (platform === 'vercel') await buildVercel(out);
  else await buildNetlify(out);
  return out;
}

let siteChecked;
/** dist/site as fresh as asked, once per process (both platforms copy the same site). */
function ensureSite(fresh) {
  siteChecked ??= (async () => {
    if (fresh === 'always' || !bundleIsFresh()) buildBundle();
    if (fresh === 'always' || !siteIsFresh()) await buildSite();
  })();
  return siteChecked;
}

async function buildVercel(out) {
  // The function's file loads the bundle by URL: `vercel dev` analyses a function's file and what it
  // imports (ts-morph, for its static config) at every request, which takes seconds for the bundle.
  // vercel.json's includeFiles ships the bundle with it.
  await bundle('deploy/vercel/proxy.ts', join(out, 'bundle'), 'proxy.mjs');
  mkdirSync(join(out, 'api'));
  writeFileSync(
    join(out, 'api', 'proxy.js'),
    [
      '// Made by scripts/build-platforms.mjs from deploy/vercel/proxy.ts: the bundled function.',
      "const proxy = import(new URL('../bundle/proxy.mjs', import.meta.url).href);",
      ...['GET', 'HEAD', 'OPTIONS'].map(
        (method) => `export const ${method} = async (request) => (await proxy).${method}(request);`,
      ),
      '',
    ].join('\n'),
  );
  // Vercel serves every file of public/; it does not read _headers (its headers are in vercel.json).
  cpSync(SITE_DIR, join(out, 'public'), { recursive: true, filter: (path) => !isHeadersFile(path) });
  writeJson(join(out, 'vercel.json'), await vercelConfig());
  // The function is an ES module; the Node.js version is the project's (Vercel's newest by default).
  writeJson(join(out, 'package.json'), { private: true, type: 'module', engines: { node: '>=20' } });
}

async function buildNetlify(out) {
  const dir = join(out, 'functions', NETLIFY_FUNCTION);
  await bundle('deploy/netlify/proxy.ts', dir, 'proxy.bundle.mjs');
  // Netlify reads `config` from the entry's text (it does not run it to route): a literal, made from the
  // source's own `config`, the one list of paths.
  const { config } = await tsImport('../deploy/netlify/proxy.ts', import.meta.url);
  writeFileSync(
    join(dir, `${NETLIFY_FUNCTION}.mjs`),
    [
      '// Made by scripts/build-platforms.mjs from deploy/netlify/proxy.ts: the bundled function and its paths.',
      "export { default } from './proxy.bundle.mjs';",
      `export const config = ${JSON.stringify(config)};`,
      '',
    ].join('\n'),
  );
  // Netlify reads _headers from the published folder and does not serve it.
  cpSync(SITE_DIR, join(out, 'site'), { recursive: true });
  cpSync('deploy/netlify/netlify.toml', join(out, 'netlify.toml'));
}

/** `entry` and everything it imports in one ES module for Node 20, Node's built-ins left to Node. */
async function bundle(entry, outDir, fileName) {
  await build({
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: entry,
      outDir: resolve(outDir),
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { entryFileNames: fileName, codeSplitting: false } },
    },
  });
}

/**
 * vercel.json: the function's paths rewritten to it (its request keeps the visitor's URL), and the site's
 * headers made from the same rules as `_headers` (Vercel's patterns: `/dist/(.*)` for `/dist/*`).
 */
export async function vercelConfig(siteDir = SITE_DIR) {
  const { FUNCTION_PATHS } = await tsImport('../src/server/site/site.ts', import.meta.url);
  const rules = await siteHeaderRules(siteDir);
  return {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    framework: null,
    outputDirectory: 'public',
    functions: { 'api/proxy.js': { includeFiles: 'bundle/**' } },
    rewrites: FUNCTION_PATHS.map((path) => ({
      source: vercelSource(path),
      destination: '/api/proxy',
    })),
    headers: rules.map(({ path, headers }) => ({
      source: vercelSource(path),
      headers: Object.entries(headers).map(([key, value]) => ({ key, value })),
    })),
  };
}

/** A `_headers` path as a Vercel source: `*` (any run of characters) as `(.*)`, the rest literal. */
export function vercelSource(path) {
  return path
    .split('*')
    .map((part) => part.replace(/[\\:()[\]{}+?!]/g, '\\$&'))
    .join('(.*)');
}

const isHeadersFile = (path) => resolve(path) === resolve(SITE_DIR, '_headers');

const writeJson = (path, value) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

/** The platforms' CLIs, pinned for Node 20 in deploy/clis (the root package's prepare script). */
export const CLIS = {
  vercel: 'deploy/clis/node_modules/.bin/vercel',
  netlify: 'deploy/clis/node_modules/.bin/netlify',
};

/** The local runtime of each platform, offline, on `port`, in a built folder. */
const DEV_COMMANDS = {
  vercel: async (port) => ['dev', '--local', '--yes', '--listen', `127.0.0.1:${port}`],
  // Edge functions would need Deno downloaded; this site has none. Its static server and functions server
  // get ports of their own too: by default the static one is 3999 for every run, which two runs started
  // together (CI beside a second copy) can both take (one such run saw netlify dev exit with code 1).
  netlify: async (port) => [
    'dev',
    '--offline',
    '--internal-disable-edge-functions',
    '--port',
    String(port),
    '--staticServerPort',
    String(await freePort()),
    '--functions-port',
    String(await freePort()),
  ],
};

/**
 * Builds `platform` into a folder of its own (a temporary one: a dev run never writes into the deployable
 * folder) and runs the platform's own local runtime on it, on 127.0.0.1:`port`; resolves once `/livez`
 * answers (polled). The proxy's variables (BUSINESS_API_KEY, …) reach the function through the CLI's
 * environment (`env`), never its command line. `stop()` ends the CLI and every process it started, and
 * removes the folder; `exit` resolves with how the CLI ended. `output: 'pipe'` hands its output to `onOutput`.
 */
export async function startPlatformDev(
  platform,
  { port, env = process.env, output = 'inherit', onOutput, readyTimeoutMs = 120_000, signal: abort } = {},
) {
  if (!existsSync(CLIS[platform])) {
    throw new Error(
      `${CLIS[platform]} is missing: npm install installs it (the prepare script, deploy/clis).`,
    );
  }
  const cli = resolve(CLIS[platform]);
  const dir = mkdtempSync(join(tmpdir(), `rw-${platform}-`));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    await buildPlatform(platform, { out: dir, fresh: 'stale' });
  } catch (error) {
    cleanUp();
    throw error;
  }
  const childEnv = {
    ...env,
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    // Offline and quiet: no telemetry, no update checks.
    VERCEL_TELEMETRY_DISABLED: '1',
    NETLIFY_TELEMETRY_DISABLED: '1',
    NO_UPDATE_NOTIFIER: '1',
  };
  delete childEnv.PORT; // the CLI's own setting, not the function's
  const server = await startDevServer({
    name: `${platform} dev`,
    command: cli,
    args: await DEV_COMMANDS[platform](port),
    cwd: dir,
    env: childEnv,
    port,
    output,
    onOutput,
    readyTimeoutMs,
    // (A function's first answer may take its runtime a while to start.)
    probeTimeoutMs: 30_000,
    signal: abort,
    cleanUp,
  });
  return { ...server, dir };
}

/** `node scripts/dev-<platform>.mjs`: the platform's local runtime on PORT until Ctrl-C. */
export const runDev = (platform, defaultPort) =>
  runDevServer({
    name: `${platform} dev`,
    title: `${platform} (its own local runtime, offline)`,
    defaultPort,
    start: (options) => startPlatformDev(platform, options),
    links: [
      ['configure a widget', '/configure/'],
      ['the reference', '/docs/'],
      ['the proxy', '/widget-api/info'],
    ],
  });

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const asked = process.argv.slice(2);
  for (const platform of asked.length ? asked : PLATFORMS) {
    const out = await buildPlatform(platform);
    console.log(`${out}: ${platform}'s deployable folder (${existsSync(out) ? 'built' : 'missing'}).`);
  }
}
