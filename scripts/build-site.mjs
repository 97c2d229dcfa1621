// dist/site/: what npm start serves besides the proxy, laid out for any static host (Cloudflare Workers
// Static Assets, Netlify, Vercel): the widgets' bundle at /dist/** (entries, chunks, custom-elements.json,
// the configurator's scripts), the demo pages with /configure/, /docs/ (with the guides the bundle's build
// renders into demo/docs/guides/) and /embed.html, their CSS and the
// favicon, and a `_headers` file (the format Cloudflare and Netlify read) with each page's CSP (app.ts),
// nosniff, and the bundle's CORS and caching headers (src/server/site/asset-headers.ts, which npm start reads too).
//
//   node scripts/build-site.mjs            from the dist/ that `npx vite build && node scripts/manifest.mjs` made
//   node scripts/build-site.mjs --build    builds those first (wrangler.jsonc runs this before a deploy)
//
// Under `wrangler dev` (WRANGLER_COMMAND=dev) `--build` builds only what is older than its sources (the
// bundle, then the site), so restarting the dev server does not rebuild; a deploy always builds.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { GUIDES_URL } from './guides.mjs';

export const SITE_DIR = 'dist/site';
/** dist/ folders that are not the browser's: the library, the compiled server, the site itself. */
const NOT_SERVED = new Set(['lib', 'app', 'site']);
/** What the site is made from: a change to any of them makes the site stale. */
const SOURCES = [
  'src',
  'demo',
  'docs',
  'README.md',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-site.mjs',
  'scripts/manifest.mjs',
  'scripts/guides.mjs',
];
/** Cloudflare's limits for `_headers` (Netlify has none lower). */
const MAX_RULES = 100;
const MAX_LINE = 2000;

/** Builds the bundle and custom-elements.json into dist/, as npm start does. */
export function buildBundle() {
  const node = (args) => execFileSync(process.execPath, args, { stdio: 'inherit' });
  node(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  node(['scripts/manifest.mjs']);
}

/**
 * Assembles `out` from `dist` and `demo` and writes its `_headers`; returns the rules written. Refuses a
 * dist/ without the bundle or its manifest (the configurator and the reference need it).
 */
export async function buildSite({ dist = 'dist', demo = 'demo', out = SITE_DIR } = {}) {
  for (const file of ['review-widgets.js', 'custom-elements.json']) {
    if (!existsSync(join(dist, file))) {
      throw new Error(
        `${join(dist, file)} is missing: run npx vite build && node scripts/manifest.mjs first (or --build).`,
      );
    }
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'dist'), { recursive: true });
  for (const entry of readdirSync(dist)) {
    if (!NOT_SERVED.has(entry)) cpSync(join(dist, entry), join(out, 'dist', entry), { recursive: true });
  }
  cpSync(demo, out, { recursive: true });
  const rules = await siteHeaderRules(out);
  // Written last: its time says when the site was complete (see `siteIsFresh`).
  writeFileSync(join(out, '_headers'), headersFile(rules));
  return rules;
}

/**
 * The header rules of a site laid out as `buildSite` makes it (Vercel's headers can be made from the same):
 * nosniff for everything, the bundle's rules, and each page's CSP at every URL that serves it. No header is
 * set by two rules that match one path (static hosts join such values with a comma).
 */
export async function siteHeaderRules(siteDir = SITE_DIR) {
  const { bundleHeaderRules, BUNDLE_PATH } = await tsImport(
    '../src/server/site/asset-headers.ts',
    import.meta.url,
  );
  const { DEMO_CSP, CONFIGURE_CSP, CONFIGURE_PATH } = await tsImport(
    '../src/server/site/pages.ts',
    import.meta.url,
  );
  const paths = files(siteDir).map((file) => `/${file.split(sep).join('/')}`);
  // The manual's guides (scripts/guides.mjs) are pages of one kind: one rule for all of them, so that a
  // new guide costs no rule of the hundred.
  const guides = paths.some((path) => path.startsWith(GUIDES_URL) && path.endsWith('.html'));
  const pageRules = paths
    .filter((path) => path.endsWith('.html') && !path.startsWith(BUNDLE_PATH) && !path.startsWith(GUIDES_URL))
    .flatMap((path) => {
      // The URLs a static host serves the page at: a folder's index at its folder, name.html also at /name.
      const urls = path.endsWith('/index.html')
        ? [path.slice(0, -'index.html'.length), path]
        : [path, path.slice(0, -'.html'.length)];
      const csp = urls[0] === CONFIGURE_PATH ? CONFIGURE_CSP : DEMO_CSP;
      return urls.map((url) => ({ path: url, headers: { 'content-security-policy': csp } }));
    });
  return [
    { path: '/*', headers: { 'x-content-type-options': 'nosniff' } },
    ...bundleHeaderRules(paths.filter((path) => path.startsWith(BUNDLE_PATH))),
    ...pageRules,
    ...(guides ? [{ path: `${GUIDES_URL}*`, headers: { 'content-security-policy': DEMO_CSP } }] : []),
  ];
}

/** The rules in the `_headers` format; refuses what Cloudflare would ignore (too many rules, a long line). */
export function headersFile(rules) {
  if (rules.length > MAX_RULES) {
    throw new Error(
      `${rules.length} header rules: static hosts read at most ${MAX_RULES}. Fewer files in dist/ or broader rules.`,
    );
  }
  const lines = [
    '# Made by scripts/build-site.mjs from src/server/site/asset-headers.ts and the pages’ CSP in src/server/site/pages.ts.',
  ];
  for (const { path, headers } of rules) {
    lines.push(path);
    for (const [name, value] of Object.entries(headers)) lines.push(`  ${headerCase(name)}: ${value}`);
  }
  const long = lines.find((line) => line.length > MAX_LINE);
  if (long) throw new Error(`A _headers line is longer than ${MAX_LINE} characters: ${long.slice(0, 80)}…`);
  return `${lines.join('\n')}\n`;
}

/** `content-security-policy` → `Content-Security-Policy` (hosts read names in any case; people read this). */
const headerCase = (name) => name.replace(/(^|-)([a-z])/g, (_, dash, letter) => dash + letter.toUpperCase());

/** Every file below `dir`, relative to it. */
function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** The newest modification time below `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Whether every file of `made` exists and is newer than every source and every file of `after`. */
function newerThanSources(made, after = []) {
  if (!made.every((path) => existsSync(path))) return false;
  const builtAt = Math.min(...made.map((path) => statSync(path).mtimeMs));
  return [...SOURCES, ...after].every((path) => newest(path) < builtAt);
}

/** The bundle's files that the site needs, the manifest last (scripts/manifest.mjs runs after Vite). */
const BUNDLE_MADE = ['dist/review-widgets.js', 'dist/custom-elements.json'];

/** Whether the bundle in dist/ was built from the current sources. */
export const bundleIsFresh = () => newerThanSources(BUNDLE_MADE);

/** Whether the site at `out` was made from the current sources and bundle. */
export const siteIsFresh = (out = SITE_DIR) => newerThanSources([join(out, '_headers')], BUNDLE_MADE);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--build')) {
    // A deploy always builds. wrangler dev (and its tests) rebuild only what is older than its sources: a
    // rebuild of dist/ would empty it under whatever else serves it meanwhile (npm start, the e2e tests).
    const dev = process.env.WRANGLER_COMMAND === 'dev';
    if (dev && siteIsFresh()) {
      console.log(`${SITE_DIR} is up to date.`);
      process.exit(0);
    }
    if (!dev || !bundleIsFresh()) buildBundle();
  }
  const rules = await buildSite();
  console.log(
    `${SITE_DIR}: the bundle, the demo, /configure/ and /docs/, with ${rules.length} header rules in _headers.`,
  );
}
