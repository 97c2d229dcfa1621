/**
 * The front door of every server this package runs — `npm start` and each platform's function alike:
 * which paths are the proxy's (the business's at {@link PROXY_MOUNT}, each tenant's under it, the probes),
 * the sample business when no key is configured, what else the server serves (`files`: `npm start`'s
 * pages and bundle; a platform's static host serves those before its function runs), and the 404.
 * Fetch-standard, so the same routing runs on Node, Workers, Vercel and Netlify; each adapter
 * (src/server/adapters/) only says where the settings, the client's address and the store come from.
 */
import { DEFAULT_PROXY_MOUNT } from '../../api/protocol.ts';
import { createSampleUpstream } from '../../sample/index.ts';
import {
  createProxy,
  HEALTH_PATHS,
  type AnsweringHandler,
  type ProxyContext,
  type ProxyHandler,
  type ProxyOptions,
} from '../proxy/index.ts';
import { createTenantsProxy, type TenantOptions } from '../proxy/tenants.ts';
import { businessProxyOptions, SAMPLE_MOUNT } from './business.ts';
import type { ServerConfig } from './config.ts';

/** Where the proxy is mounted on every server of this package: the widgets' default `endpoint`. */
export const PROXY_MOUNT = DEFAULT_PROXY_MOUNT;
export { SAMPLE_MOUNT };

/**
 * The paths a platform sends to its function, in the platforms' wildcard form (`*`: the rest of the path):
 * the proxy, the probes and the sample's media; everything else is the static site's. Read by the Netlify
 * function's `config.path` and by the Vercel rewrites scripts/build-platforms.mjs writes.
 */
export const FUNCTION_PATHS: readonly string[] = Object.freeze([
  PROXY_MOUNT,
  `${PROXY_MOUNT}/*`,
  ...HEALTH_PATHS.keys(),
  `${SAMPLE_MOUNT}/media/*`,
]);

/** The sample upstream's address as the proxy calls it in-process: never on the network. */
const IN_PROCESS_SAMPLE = 'https://sample.upstream.invalid';

/** A handler for what the site serves besides the proxy, or `undefined` for the 404. */
export type FilesHandler = (request: Request, context?: ProxyContext) => Promise<Response | undefined>;

export interface SiteOptions {
  /** The settings, read once per instance (config.ts). */
  config: ServerConfig;
  /**
   * How the proxy reaches the sample business when no key is configured: over HTTP at `selfUrl` (a
   * loopback base URL of this server; the site then serves the sample's API at {@link SAMPLE_MOUNT}, as
   * `npm start`'s demo shows the real path), or `'in-process'` (a function: only the sample's media public).
   */
  sample: { selfUrl: string } | 'in-process';
  /** The base URL visitors use, which the sample's media URLs carry (the pages' `img-src 'self'`). */
  publicUrl: string;
  /** The proxy's options the server decides: its store, compression, log, fragment renderer, metrics… */
  proxy?: Pick<
    ProxyOptions,
    'store' | 'compression' | 'log' | 'html' | 'metrics' | 'tenant' | 'health' | 'index'
  >;
  /** More businesses (`TENANTS_FILE`), at `{mount}/{tenant}/…` beside the one at `{mount}/…`. */
  tenants?: Readonly<Record<string, TenantOptions>>;
  /** What else the server serves (pages, the bundle), made with the business's proxy (pages render with it). */
  files?: (proxy: ProxyHandler) => FilesHandler;
}

export type Site = ((request: Request, context?: ProxyContext) => Promise<Response>) & {
  /** The proxy that answers `pathname` (a tenant's, the business's, the probes), or none: a page or file. */
  answering(pathname: string): AnsweringHandler | undefined;
  /** The business's proxy. */
  proxy: ProxyHandler;
  /** The instance's readiness is the business proxy's (`/readyz`). */
  markReady(): void;
  drain(): void;
};

export function createSite({
  config,
  sample: reach,
  publicUrl,
  proxy: serving = {},
  tenants,
  files,
}: SiteOptions): Site {
  const sample = config.upstream
    ? undefined
    : createSampleUpstream({
        basePath: SAMPLE_MOUNT,
        publicBaseUrl: publicUrl,
        reviewCount: config.sampleReviews,
      });
  const business = businessProxyOptions(
    config,
    reach === 'in-process'
      ? {
          url: `${IN_PROCESS_SAMPLE}${SAMPLE_MOUNT}`,
          fetch: async (input, init) => sample!(new Request(input, init)),
        }
      : { url: `${reach.selfUrl}${SAMPLE_MOUNT}` },
  );
  // The index's settings are the environment's, where and how it runs the server's.
  const proxy = createProxy({
    mount: PROXY_MOUNT,
    ...serving,
    ...business,
    index: { ...serving.index, ...business.index },
  });
  const { health: _health, tenant: _tenant, ...shared } = serving;
  const tenantsProxy =
    tenants &&
    createTenantsProxy({
      mount: PROXY_MOUNT,
      tenants: Object.fromEntries(
        Object.entries(tenants).map(([id, tenant]) => {
          const own = withDefaults(tenant, config);
          return [id, { ...shared, ...own, index: { ...shared.index, ...own.index } }];
        }),
      ),
    });
  // Over HTTP, the proxy calls the sample's API on this very server; in-process, only its media are public.
  const samplePrefix = reach === 'in-process' ? `${SAMPLE_MOUNT}/media/` : `${SAMPLE_MOUNT}/`;
  const others = files?.(proxy);

  const answering = (pathname: string): AnsweringHandler | undefined =>
    tenantsProxy?.owns(pathname)
      ? tenantsProxy
      : pathname === PROXY_MOUNT || pathname.startsWith(`${PROXY_MOUNT}/`) || HEALTH_PATHS.has(pathname)
        ? proxy
        : undefined;

  const site = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const answerer = answering(pathname);
    if (answerer) return answerer(request, context);
    if (sample && pathname.startsWith(samplePrefix)) return sample(request);
    return (await others?.(request, context)) ?? notFound();
  };
  return Object.assign(site, { answering, proxy, markReady: proxy.markReady, drain: proxy.drain });
}

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * A tenant's options over the deployment's (the environment's cache, rate limit, trusted proxies, budget
 * and store bound), field by field. Its allowed origins and server tokens are its own alone: another
 * business's sites never read it.
 */
function withDefaults(tenant: TenantOptions, config: ServerConfig): TenantOptions {
  const defaults = config.proxy;
  return {
    ...tenant,
    allowedOrigins: tenant.allowedOrigins ?? [],
    upstreamMaxPerMinute: tenant.upstreamMaxPerMinute ?? defaults.upstreamMaxPerMinute,
    upstreamClientShare: tenant.upstreamClientShare ?? defaults.upstreamClientShare,
    // Its server tokens are its own too: one business's server never speaks for another's visitors.
    rateLimit: { ...defaults.rateLimit, serverTokens: [], ...tenant.rateLimit },
    cache: { ...defaults.cache, ...tenant.cache },
    limits: { ...defaults.limits, ...tenant.limits },
    index: { ...defaults.index, ...tenant.index },
  };
}
