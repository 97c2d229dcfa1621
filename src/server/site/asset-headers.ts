/**
 * The headers of the script-tag bundle (`/dist/**`: the entries, their hashed chunks, custom-elements.json,
 * the configurator's and the reference's scripts), as one description that every server of it reads:
 * `npm start` (static-files.ts, through {@link bundleHeaders}) and the static hosts, through the rules
 * {@link bundleHeaderRules} gives to scripts/build-site.mjs (the `_headers` file of Cloudflare Workers and
 * Netlify) and to Vercel's headers. Plain data and string tests, no Node built-ins, so a build script, a
 * Worker and the Node server import it alike.
 */

/** Where the bundle is served. */
export const BUNDLE_PATH = '/dist/';

/**
 * Every file of the bundle may be used by a page of any site: a `<script type="module">` (always fetched
 * with CORS), `fetch()` of custom-elements.json, and a page that isolates itself with
 * `Cross-Origin-Embedder-Policy`. The files are public and carry no credentials, so `*` gives nothing away.
 */
export const BUNDLE_SHARED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
});

/** A chunk named by its content hash never changes under its URL: kept a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * An entry keeps its URL across releases (sites paste it): fresh for five minutes, then revalidated with its
 * validator (`ETag`), so a release reaches every site within minutes. Short also because a static host
 * drops the previous release's chunks, which an entry kept longer would still import.
 */
export const SHORT_LIVED = 'public, max-age=300';

/**
 * Vite's chunk names, `[name]-[hash].js`: a dash and eight base64url characters. The hash must hold a
 * capital or a digit, which an entry's kebab-case name (`business-card`, `review-widgets`) never does: a
 * hash without one is taken for an entry and only loses a year of caching, never the other way round.
 */
const HASHED = /-([A-Za-z0-9_-]{8})\.(?:js|css)$/;

/** Whether `path` (a URL path or file name) is a content-hashed chunk of the bundle. */
export function isHashedChunk(path: string): boolean {
  const hash = HASHED.exec(path)?.[1];
  return hash !== undefined && /[A-Z0-9]/.test(hash);
}

/**
 * The `Cache-Control` of a bundle file: {@link IMMUTABLE} for hashed chunks, {@link SHORT_LIVED} for the
 * entries and the JSON beside them; `undefined` for anything else (source maps: the server's default,
 * revalidated each time).
 */
export function bundleCacheControl(path: string): string | undefined {
  if (isHashedChunk(path)) return IMMUTABLE;
  if (/\.(?:js|css|json)$/.test(path)) return SHORT_LIVED;
  return undefined;
}

/** Every header a bundle file at `pathname` (under {@link BUNDLE_PATH}) carries, for a server that sends it. */
export function bundleHeaders(pathname: string): Record<string, string> {
  const cacheControl = bundleCacheControl(pathname);
  return { ...BUNDLE_SHARED_HEADERS, ...(cacheControl && { 'cache-control': cacheControl }) };
}

/** One header rule of a static host: a URL path (`*` matches any run of characters) and its headers. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/**
 * The bundle's headers as a static host's rules, for the bundle files at `paths` (URL paths under
 * {@link BUNDLE_PATH}): one rule for what every file shares, then one per file that has a `Cache-Control`.
 * No header is set by two rules that match one path: Cloudflare and Netlify join such values with a comma
 * (`immutable, max-age=300` would mean neither), so a general rule cannot be overridden by a narrower one.
 */
export function bundleHeaderRules(paths: readonly string[]): HeaderRule[] {
  const rules: HeaderRule[] = [{ path: `${BUNDLE_PATH}*`, headers: { ...BUNDLE_SHARED_HEADERS } }];
  for (const path of [...paths].sort()) {
    if (!path.startsWith(BUNDLE_PATH)) throw new Error(`${path} is not under ${BUNDLE_PATH}`);
    const cacheControl = bundleCacheControl(path);
    if (cacheControl) rules.push({ path, headers: { 'cache-control': cacheControl } });
  }
  return rules;
}
