/**
 * The `npm start` server as one Fetch handler: the site's front door (site/site.ts: the proxy at
 * `/widget-api`, and — when no API key is configured — the sample business upstream at `/sample-api`,
 * which the proxy then calls over real HTTP like any upstream), with the demo pages and the built bundle
 * served from files.
 *
 * Two base URLs: `selfUrl`, a loopback address the proxy reaches the sample on (plain http is allowed
 * there, whatever visitors use), and `publicUrl`, the address visitors use, which the sample's media URLs
 * carry so that images load from the page's own origin (the CSP's `img-src 'self'`).
 */
import { posix } from 'node:path';
import { renderWidgets } from '../../../ssr/render-widgets.ts';
import type { LogRecord, ProxyHandler, ProxyOptions, ProxyStore } from '../../proxy/index.ts';
import type { TenantOptions } from '../../proxy/tenants.ts';
import { BUNDLE_PATH, bundleHeaders } from '../../site/asset-headers.ts';
import type { ServerConfig } from '../../site/config.ts';
import { CONFIGURE_CSP, CONFIGURE_PATH, DEMO_CSP, DOCS_PATH } from '../../site/pages.ts';
import { createSite, type FilesHandler } from '../../site/site.ts';
import { nodeCompression } from './node.ts';
import { compressors, createStaticHandler } from './static-files.ts';

/**
 * dist/ also holds what no browser loads: the compiled server (`app/`), the library for bundlers (`lib/`)
 * and the static hosts' site (`site/`). They are not served: nothing a page needs, and less to look at.
 */
const NOT_SERVED = ['app/', 'lib/', 'site/'].map((folder) => `${BUNDLE_PATH}${folder}`);
/** The tool pages, each also reached without its final slash. */
const TOOL_PAGES = [CONFIGURE_PATH, DOCS_PATH];

/**
 * The demo pages rendered on the server with their widgets' data (review-widgets/ssr); `embed.html` stays
 * the plain script-tag embed.
 */
const SERVER_RENDERED = new Set(['/', '/index.html', '/layouts.html']);

export interface AppOptions {
  config: ServerConfig;
  /**
   * A loopback base URL of this server (`http://localhost:8787`), known once it listens: the proxy calls
   * the sample upstream there. It must be loopback, as the proxy accepts plain http only on loopback.
   */
  selfUrl: string;
  /**
   * The base URL visitors use (`PUBLIC_URL`, e.g. `http://192.168.1.20:8787`); the sample's media URLs
   * are built on it. Default: `selfUrl`.
   */
  publicUrl?: string;
  log?: (record: LogRecord) => void;
  /** The fleet's shared store (`REDIS_URL`), for the business and every tenant. */
  store?: ProxyStore;
  /** More businesses (`TENANTS_FILE`), at `{mount}/{tenant}/…` beside the one at `{mount}/…`. */
  tenants?: Readonly<Record<string, TenantOptions>>;
  /** Readiness (`/readyz`): the proxy's `health` option. */
  health?: ProxyOptions['health'];
  /** Where every proxy (the business's and each tenant's) reports its metrics. */
  metrics?: ProxyOptions['metrics'];
}

export function createApp({ config, selfUrl, publicUrl = selfUrl, tenants, ...proxy }: AppOptions) {
  return createSite({
    config,
    sample: { selfUrl },
    publicUrl,
    tenants,
    // The fragment route, {mount}/html/{element}, for sites whose server is not JavaScript.
    // A lasting process: the review index's work runs on a timer (the sample's is built at start).
    proxy: { compression: nodeCompression, html: renderWidgets, index: { background: true }, ...proxy },
    files: demoFiles,
  });
}

/** The demo pages (with their CSP, some server-rendered by `proxy`) and the bundle, from files. */
function demoFiles(proxy: ProxyHandler): FilesHandler {
  const files = createStaticHandler(
    { [BUNDLE_PATH]: 'dist', '/': 'demo' },
    // Pages get their CSP and nothing for other sites; the bundle is for every site (asset-headers.ts).
    (contentType, path): Record<string, string> =>
      contentType.startsWith('text/html')
        ? { 'content-security-policy': DEMO_CSP }
        : path.startsWith(BUNDLE_PATH)
          ? bundleHeaders(path)
          : {},
    compressors,
    async (html, request, context) => {
      const { pathname } = new URL(request.url);
      if (pathname === CONFIGURE_PATH) return { html, headers: { 'content-security-policy': CONFIGURE_CSP } };
      if (!SERVER_RENDERED.has(pathname)) return { html };
      // The shadow roots' <style> elements are inline styles: this response's nonce allows exactly them.
      const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
      return {
        html: await renderWidgets(html, {
          proxy,
          url: request.url,
          clientAddress: context?.clientAddress,
          nonce,
        }),
        headers: { 'content-security-policy': `${DEMO_CSP}; style-src 'self' 'nonce-${nonce}'` },
      };
    },
  );
  return async (request, context) => {
    const { pathname, search } = new URL(request.url);
    // Normalised as the file handler resolves it (`/dist//app/` is `/dist/app/`).
    const folder = posix.normalize(pathname);
    if (NOT_SERVED.some((prefix) => folder.startsWith(prefix))) return undefined;
    if (TOOL_PAGES.includes(`${pathname}/`)) {
      return new Response(null, { status: 308, headers: { location: `${pathname}/${search}` } });
    }
    return files(request, context);
  };
}
