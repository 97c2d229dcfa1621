/**
 * The `npm start` server as one Fetch handler: the demo page at `/`, the built bundle at `/dist/`, the
 * proxy at `/widget-api`, and — when no API key is configured — the sample business upstream at
 * `/sample-api`, which the proxy then calls over real HTTP like any upstream.
 *
 * Two base URLs: `selfUrl`, a loopback address the proxy reaches the sample on (plain http is allowed
 * there, whatever visitors use), and `publicUrl`, the address visitors use, which the sample's media URLs
 * carry so that images load from the page's own origin (the CSP's `img-src 'self'`).
 */
import { posix } from 'node:path';
import { createSampleUpstream } from '../sample/index.ts';
import { businessProxyOptions, SAMPLE_MOUNT } from './business.ts';
import type { ServerConfig } from './config.ts';
import {
  createProxy,
  HEALTH_PATHS,
  type AnsweringHandler,
  type LogRecord,
  type ProxyContext,
  type ProxyOptions,
  type ProxyStore,
} from './proxy/index.ts';
import { createTenantsProxy, type TenantOptions } from './proxy/tenants.ts';
import type { TenantsConfig } from './tenants-file.ts';
import { nodeCompression } from './node.ts';
import { compressors, createStaticHandler } from './static-files.ts';
import { BUNDLE_PATH, bundleHeaders } from './asset-headers.ts';
import { renderWidgets } from '../ssr/render-widgets.ts';

export const PROXY_MOUNT = '/widget-api';
export { SAMPLE_MOUNT };

/** The demo page proves the widgets need nothing looser than this. */
export const DEMO_CSP =
  "default-src 'self'; img-src 'self' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The configurator (`/configure/`) previews a snippet in an `<iframe srcdoc>`, which inherits this page's
 * policy: the snippet's `<style>` block of custom properties is inline, so this page alone allows inline
 * styles. Scripts stay `'self'`: the preview is made from the configurator's state, never from pasted text.
 */
export const CONFIGURE_CSP = DEMO_CSP.replace(
  "default-src 'self';",
  "default-src 'self'; style-src 'self' 'unsafe-inline';",
);
export const CONFIGURE_PATH = '/configure/';
/** The reference of every element, made from custom-elements.json like the configurator. */
export const DOCS_PATH = '/docs/';
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
  tenants?: TenantsConfig;
  /** Readiness (`/readyz`): the proxy's `health` option. */
  health?: ProxyOptions['health'];
  /** Where every proxy (the business's and each tenant's) reports its metrics. */
  metrics?: ProxyOptions['metrics'];
}

export function createApp({
  config,
  selfUrl,
  publicUrl = selfUrl,
  log,
  store,
  tenants,
  health,
  metrics,
}: AppOptions) {
  const sample = config.upstream
    ? undefined
    : createSampleUpstream({ basePath: SAMPLE_MOUNT, publicBaseUrl: publicUrl });
  const serving = {
    compression: nodeCompression,
    // The fragment route, {mount}/html/{element}, for sites whose server is not JavaScript.
    html: renderWidgets,
    store,
    log,
    metrics,
  } satisfies Partial<ProxyOptions>;
  const proxy = createProxy({
    mount: PROXY_MOUNT,
    ...serving,
    ...businessProxyOptions(config, { url: `${selfUrl}${SAMPLE_MOUNT}` }),
    health,
  });
  const tenantsProxy =
    tenants &&
    createTenantsProxy({
      mount: PROXY_MOUNT,
      tenants: Object.fromEntries(
        Object.entries(tenants).map(([id, tenant]) => [id, { ...serving, ...withDefaults(tenant, config) }]),
      ),
    });
  // By what is served, not how the URL spells it: every HTML answer carries the CSP.
  /** Each request's context (its client address), for the page render it may cause. */
  const contexts = new WeakMap<Request, ProxyContext>();
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
    async (html, request) => {
      const { pathname } = new URL(request.url);
      if (pathname === CONFIGURE_PATH) return { html, headers: { 'content-security-policy': CONFIGURE_CSP } };
      if (!SERVER_RENDERED.has(pathname)) return { html };
      // The shadow roots' <style> elements are inline styles: this response's nonce allows exactly them.
      const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
      return {
        html: await renderWidgets(html, {
          proxy,
          url: request.url,
          clientAddress: contexts.get(request)?.clientAddress,
          nonce,
        }),
        headers: { 'content-security-policy': `${DEMO_CSP}; style-src 'self' 'nonce-${nonce}'` },
      };
    },
  );

  /** The proxy that answers `pathname` (a tenant's, the business's, the probes), or none: a page or file. */
  const answering = (pathname: string): AnsweringHandler | undefined =>
    tenantsProxy?.owns(pathname)
      ? tenantsProxy
      : pathname === PROXY_MOUNT || pathname.startsWith(`${PROXY_MOUNT}/`) || HEALTH_PATHS.has(pathname)
        ? proxy
        : undefined;

  const app = async (request: Request, context?: ProxyContext): Promise<Response> => {
    if (context) contexts.set(request, context);
    const { pathname } = new URL(request.url);
    const answerer = answering(pathname);
    if (answerer) return answerer(request, context);
    if (sample && pathname.startsWith(`${SAMPLE_MOUNT}/`)) return sample(request);
    // Normalised as the file handler resolves it (`/dist//app/` is `/dist/app/`).
    const folder = posix.normalize(pathname);
    if (NOT_SERVED.some((prefix) => folder.startsWith(prefix))) return notFound();
    if (TOOL_PAGES.includes(`${pathname}/`)) {
      const { search } = new URL(request.url);
      return new Response(null, { status: 308, headers: { location: `${pathname}/${search}` } });
    }
    return (await files(request)) ?? notFound();
  };
  // The instance's readiness is the proxy's (`/readyz`); `answering` lets a Node server send the proxy's
  // paths down its plain-data fast path (node.ts `toNodeRouter`).
  return Object.assign(app, { markReady: proxy.markReady, drain: proxy.drain, answering, proxy });
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * A tenant's options over the deployment's (the environment's cache, rate limit, trusted proxies, budget
 * and store bound), field by field. Its allowed origins are its own alone: another business's sites never read it.
 */
function withDefaults(tenant: TenantOptions, config: ServerConfig): TenantOptions {
  const defaults = config.proxy;
  return {
    ...tenant,
    allowedOrigins: tenant.allowedOrigins ?? [],
    upstreamMaxPerMinute: tenant.upstreamMaxPerMinute ?? defaults.upstreamMaxPerMinute,
    upstreamClientShare: tenant.upstreamClientShare ?? defaults.upstreamClientShare,
    rateLimit: { ...defaults.rateLimit, ...tenant.rateLimit },
    cache: { ...defaults.cache, ...tenant.cache },
    limits: { ...defaults.limits, ...tenant.limits },
  };
}
