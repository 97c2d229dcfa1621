/**
 * `createProxy(options)`: the Fetch-standard handler (`Request -> Response`) that sits between the
 * widgets and the Business Reputation Data API. It answers GET/HEAD of `{mount}/info`, `{mount}/posts`
 * and `{mount}/reviews` (plus CORS preflights), validates every parameter, and serves from a cache that
 * coalesces, revalidates in the background and falls back to stale answers when the upstream fails.
 * Standard APIs only, so the same module runs on Node, Workers, Deno, Bun, Vercel and Netlify.
 */
import { canonicalQuery, parseQuery, type Operation } from '../../api/query.ts';
import { AnswerCache, type CacheOutcome } from './cache.ts';
import { decideCors, PREFLIGHT_HEADERS } from './cors.ts';
import { resolveOptions, type ProxyContext, type ProxyOptions, type ResolvedOptions } from './options.ts';
import { clientAddress, RateLimiter } from './rate-limit.ts';
import { Upstream, UpstreamError } from './upstream.ts';

export type ProxyHandler = (request: Request, context?: ProxyContext) => Promise<Response>;

const OPERATIONS: readonly Operation[] = ['info', 'posts', 'reviews'];
const CACHE_STATUS_NAME = 'review-widgets';

export function createProxy(options: ProxyOptions): ProxyHandler {
  const config = resolveOptions(options);
  const upstream = new Upstream(config);
  const cache = new AnswerCache(config);
  const limiter = new RateLimiter(config.perMinute);

  return async function proxy(request, context) {
    const started = performance.now();
    const url = new URL(request.url);
    const response = await handle(request, url, context ?? {}).catch((error: unknown) => {
      config.log({ type: 'upstream', level: 'error', message: `unexpected proxy failure: ${String(error)}` });
      return jsonError(500, 'Internal Server Error', 'The proxy failed unexpectedly.');
    });
    config.log({
      type: 'request',
      method: request.method,
      path: url.pathname + url.search,
      status: response.status,
      cache: response.headers.get('x-cache') ?? '-',
      durationMs: performance.now() - started,
    });
    return response;
  };

  async function handle(request: Request, url: URL, context: ProxyContext): Promise<Response> {
    const cors = decideCors(request, config.allowedOrigins, url.origin);
    // Headers every answer carries; the success path passes them in one plain object (the hot path).
    const common: Record<string, string> = { 'x-content-type-options': 'nosniff' };
    if (cors.kind === 'allowed') Object.assign(common, cors.headers);
    if (config.allowedOrigins !== '*' && config.allowedOrigins.size > 0) common.vary = 'Origin';
    const finish = (response: Response) => {
      for (const [name, value] of Object.entries(common)) response.headers.set(name, value);
      return response;
    };

    const operation = routeOf(url.pathname, config);
    if (!operation) {
      return finish(
        jsonError(404, 'Not Found', `No such route. Use ${config.mount}/{${OPERATIONS.join(',')}}.`),
      );
    }
    if (cors.kind === 'refused') {
      return finish(jsonError(403, 'Forbidden', `Origin ${JSON.stringify(cors.origin)} is not allowed.`));
    }
    if (request.method === 'OPTIONS') {
      return finish(new Response(null, { status: 204, headers: PREFLIGHT_HEADERS }));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const response = jsonError(405, 'Method Not Allowed', `Method ${request.method} is not allowed.`);
      response.headers.set('allow', 'GET, HEAD, OPTIONS');
      return finish(response);
    }

    const parsed = parseQuery(operation, url.searchParams, config);
    if (!parsed.ok) return finish(jsonError(400, 'Bad Request', parsed.message));

    const client = clientAddress(request.headers, context.clientAddress, config.trustProxy);
    // Without a known address (a runtime that exposes none) limiting would throttle everyone at once.
    const wait = client ? limiter.take(client) : 0;
    if (wait > 0) {
      const response = jsonError(429, 'Too Many Requests', 'Too many requests; slow down.');
      response.headers.set('retry-after', String(wait));
      return finish(response);
    }

    const key = `${operation}?${canonicalQuery(operation, parsed.query)}`;
    let result;
    try {
      result = await cache.get(key, () => upstream.call(operation, parsed.query));
    } catch (error) {
      return finish(upstreamErrorResponse(error));
    }
    const { answer, outcome } = result;
    const headers = {
      ...common,
      'content-type': 'application/json; charset=utf-8',
      etag: answer.etag,
      'cache-control': cacheControl(config, outcome),
      'cache-status': cacheStatus(outcome, answer.storedAt, config.ttlMs),
      'x-cache': outcome.toUpperCase(),
    };
    if (matchesEtag(request.headers.get('if-none-match'), answer.etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(request.method === 'HEAD' ? null : answer.body, { status: 200, headers });
  }
}

function routeOf(pathname: string, config: ResolvedOptions): Operation | undefined {
  // Exact matches against a fixed table: no prefix games, no decoding, no `..`.
  return OPERATIONS.find((operation) => pathname === `${config.mount}/${operation}`);
}

function upstreamErrorResponse(error: unknown): Response {
  if (!(error instanceof UpstreamError)) {
    return jsonError(502, 'Bad Gateway', 'The review service is not available right now.');
  }
  const retryAfter = error.retryAt ? Math.max(1, Math.ceil((error.retryAt - Date.now()) / 1000)) : undefined;
  let response: Response;
  switch (error.failure) {
    case 'timeout':
      response = jsonError(504, 'Gateway Timeout', 'The review service did not answer in time.');
      break;
    case 'rate-limited':
    case 'circuit-open':
    case 'unavailable':
      response = jsonError(503, 'Service Unavailable', 'The review service is busy; try again shortly.');
      break;
    default:
      // Upstream bodies and details (a refused key, a bad payload) never reach the browser.
      response = jsonError(502, 'Bad Gateway', 'The review service is not available right now.');
  }
  if (retryAfter) response.headers.set('retry-after', String(retryAfter));
  return response;
}

function cacheControl(config: ResolvedOptions, outcome: CacheOutcome): string {
  // A stale answer is served because the upstream is slow or failing: let browsers ask again soon.
  const maxAge = outcome === 'hit' || outcome === 'miss' ? Math.floor(config.ttlMs / 1000) : 0;
  const parts = [`public`, `max-age=${maxAge}`];
  if (config.cdnMaxAgeSeconds !== undefined) parts.push(`s-maxage=${config.cdnMaxAgeSeconds}`);
  parts.push(`stale-while-revalidate=${Math.floor(config.staleWhileRevalidateMs / 1000)}`);
  parts.push(`stale-if-error=${Math.floor(config.staleIfErrorMs / 1000)}`);
  return parts.join(', ');
}

/** RFC 9211 `Cache-Status`: a hit with its remaining freshness (negative when stale), or a forward. */
function cacheStatus(outcome: CacheOutcome, storedAt: number, ttlMs: number): string {
  const ttl = Math.round((storedAt + ttlMs - Date.now()) / 1000);
  switch (outcome) {
    case 'hit':
      return `${CACHE_STATUS_NAME}; hit; ttl=${ttl}`;
    case 'miss':
      return `${CACHE_STATUS_NAME}; fwd=miss; stored`;
    default:
      return `${CACHE_STATUS_NAME}; hit; ttl=${ttl}; detail=${outcome}`;
  }
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export function jsonError(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ error, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
