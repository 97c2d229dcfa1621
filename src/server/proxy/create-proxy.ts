/**
 * `createProxy(options)`: the Fetch-standard handler (`Request -> Response`) that sits between the
 * widgets and the Business Reputation Data API. It answers GET/HEAD of `{mount}/info`, `{mount}/posts`
 * and `{mount}/reviews` (plus CORS preflights), validates every parameter, and serves from a cache that
 * coalesces, revalidates in the background and falls back to stale answers when the upstream fails.
 * Standard APIs only, so the same module runs on Node, Workers, Deno, Bun, Vercel and Netlify.
 *
 * It fails closed: a client without a known address shares one rate-limit bucket, every upstream attempt
 * spends the shared budget, and only the upstream's health can open the circuit breaker.
 */
import { canonicalQuery, parseQuery, type Operation, type ParsedQuery } from '../../api/query.ts';
import { negotiateEncoding } from '../encoding.ts';
import { CircuitBreaker } from './breaker.ts';
import { UpstreamBudget } from './budget.ts';
import { AnswerCache, type CachedAnswer, type CacheOutcome } from './cache.ts';
import { decideCors, PREFLIGHT_HEADERS } from './cors.ts';
import {
  resolveOptions,
  type ContentCoding,
  type ProxyContext,
  type ProxyOptions,
  type ResolvedOptions,
} from './options.ts';
import { PageEnds } from './page-ends.ts';
import { clientAddress, RateLimiter } from './rate-limit.ts';
import { Upstream, UpstreamError } from './upstream.ts';

export type ProxyHandler = (request: Request, context?: ProxyContext) => Promise<Response>;

const OPERATIONS: readonly Operation[] = ['info', 'posts', 'reviews'];
const CACHE_STATUS_NAME = 'review-widgets';
/** Smaller bodies are sent as they are: compression would save less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;

/** How an answer was served: from the cache (see cache.ts), or known to lie past its filter's end. */
type Outcome = CacheOutcome | 'past-end';

export function createProxy(options: ProxyOptions): ProxyHandler {
  const config = resolveOptions(options);
  const { clock } = config;
  const breaker = new CircuitBreaker(config, clock, (cooldownMs) =>
    config.log({
      type: 'upstream',
      level: 'error',
      message: `circuit open for ${cooldownMs} ms after repeated upstream failures`,
    }),
  );
  const upstream = new Upstream(
    config,
    clock,
    breaker,
    new UpstreamBudget(config.upstreamMaxPerMinute, clock),
  );
  const cache = new AnswerCache(config, clock);
  const pageEnds = new PageEnds(config.ttlMs, clock);
  const limiter = new RateLimiter(config.perMinute, clock);
  const codings = Object.keys(config.compression) as ContentCoding[];

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
    const varyOrigin = config.allowedOrigins !== '*' && config.allowedOrigins.size > 0;
    if (varyOrigin) common.vary = 'Origin';
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

    // Fail closed: an unknown address is one shared bucket, never "no limit".
    const wait = limiter.take(clientAddress(request.headers, context.clientAddress, config.trustProxy));
    if (wait > 0) {
      const response = jsonError(429, 'Too Many Requests', 'Too many requests; slow down.');
      response.headers.set('retry-after', String(wait));
      return finish(response);
    }

    const { query } = parsed;
    const key = `${operation}?${canonicalQuery(operation, query)}`;
    let answer = cache.fresh(key);
    let outcome: Outcome = 'hit';
    if (!answer) {
      const filterKey = `${operation}?${canonicalQuery(operation, { ...query, page: undefined })}`;
      const emptyPage = operation === 'info' ? undefined : pageEnds.pastTheEnd(filterKey, query);
      if (emptyPage !== undefined) return finish(jsonAnswer(request, emptyPage));
      try {
        ({ answer, outcome } = await cache.get(key, () => load(operation, query, filterKey)));
      } catch (error) {
        return finish(upstreamErrorResponse(error, clock.now()));
      }
    }
    return cachedAnswer(request, answer, outcome, common, varyOrigin);
  }

  async function load(operation: Operation, query: ParsedQuery, filterKey: string): Promise<string> {
    const { json, totals } = await upstream.call(operation, query);
    if (totals) pageEnds.record(filterKey, totals);
    return json;
  }

  async function cachedAnswer(
    request: Request,
    answer: CachedAnswer,
    outcome: Outcome,
    common: Record<string, string>,
    varyOrigin: boolean,
  ): Promise<Response> {
    const coding =
      answer.body.byteLength >= MIN_COMPRESSED_BYTES
        ? negotiateEncoding(request.headers.get('accept-encoding'), codings)
        : undefined;
    const body = coding ? await encoded(answer, coding) : answer.body;
    const etag = coding && body !== answer.body ? representationTag(answer.etag, coding) : answer.etag;
    const headers: Record<string, string> = {
      ...common,
      'content-type': 'application/json; charset=utf-8',
      etag,
      vary: varyOrigin ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
      'cache-control': cacheControl(config, outcome),
      'cache-status': cacheStatus(outcome, answer.storedAt, config.ttlMs, clock.now()),
      'x-cache': outcome.toUpperCase(),
    };
    if (body !== answer.body) headers['content-encoding'] = coding!;
    if (matchesEtag(request.headers.get('if-none-match'), answer.etag)) {
      return new Response(null, { status: 304, headers });
    }
    // `encodeBody: 'manual'`: on Workers, a body already in its `Content-Encoding` must not be compressed
    // again. Other runtimes ignore the unknown init member.
    const init = { status: 200, headers, encodeBody: 'manual' } as ResponseInit;
    return new Response(request.method === 'HEAD' ? null : body, init);
  }

  /** `answer.body` in `coding`, compressed once per cached answer; the plain body if compression fails. */
  function encoded(answer: CachedAnswer, coding: ContentCoding): Promise<Uint8Array<ArrayBuffer>> {
    let pending = answer.encoded.get(coding);
    if (!pending) {
      pending = config.compression[coding]!(answer.body).catch((error: unknown) => {
        config.log({
          type: 'upstream',
          level: 'warn',
          message: `${coding} compression failed: ${String(error)}`,
        });
        return answer.body;
      });
      answer.encoded.set(coding, pending);
    }
    return pending;
  }

  /** A page past its filter's end, answered without the upstream. */
  function jsonAnswer(request: Request, json: string): Response {
    return new Response(request.method === 'HEAD' ? null : json, {
      status: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': cacheControl(config, 'past-end'),
        'cache-status': `${CACHE_STATUS_NAME}; hit; detail=past-end`,
        'x-cache': 'PAST-END',
      },
    });
  }
}

function routeOf(pathname: string, config: ResolvedOptions): Operation | undefined {
  // Exact matches against a fixed table: no prefix games, no decoding, no `..`.
  return OPERATIONS.find((operation) => pathname === `${config.mount}/${operation}`);
}

function upstreamErrorResponse(error: unknown, now: number): Response {
  if (!(error instanceof UpstreamError)) {
    return jsonError(502, 'Bad Gateway', 'The review service is not available right now.');
  }
  const retryAfter = error.retryAt ? Math.max(1, Math.ceil((error.retryAt - now) / 1000)) : undefined;
  let response: Response;
  switch (error.failure) {
    case 'not-found':
      response = jsonError(404, 'Not Found', 'The review service has no such page.');
      break;
    case 'timeout':
      response = jsonError(504, 'Gateway Timeout', 'The review service did not answer in time.');
      break;
    case 'rate-limited':
    case 'held':
    case 'circuit-open':
    case 'budget':
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

function cacheControl(config: ResolvedOptions, outcome: Outcome): string {
  // A stale answer is served because the upstream is slow or failing: let browsers ask again soon.
  const fresh = outcome === 'hit' || outcome === 'miss' || outcome === 'past-end';
  const parts = [`public`, `max-age=${fresh ? Math.floor(config.ttlMs / 1000) : 0}`];
  if (config.cdnMaxAgeSeconds !== undefined) parts.push(`s-maxage=${config.cdnMaxAgeSeconds}`);
  parts.push(`stale-while-revalidate=${Math.floor(config.staleWhileRevalidateMs / 1000)}`);
  parts.push(`stale-if-error=${Math.floor(config.staleIfErrorMs / 1000)}`);
  return parts.join(', ');
}

/** RFC 9211 `Cache-Status`: a hit with its remaining freshness (negative when stale), or a forward. */
function cacheStatus(outcome: Outcome, storedAt: number, ttlMs: number, now: number): string {
  const ttl = Math.round((storedAt + ttlMs - now) / 1000);
  switch (outcome) {
    case 'hit':
      return `${CACHE_STATUS_NAME}; hit; ttl=${ttl}`;
    case 'miss':
      return `${CACHE_STATUS_NAME}; fwd=miss; stored`;
    default:
      return `${CACHE_STATUS_NAME}; hit; ttl=${ttl}; detail=${outcome}`;
  }
}

/** The strong validator of one encoded representation: `"abc"` → `"abc-br"`. */
function representationTag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/** `If-None-Match` against the answer: any representation's tag (or `*`) matches. */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/-(?:br|gzip)"$/, '"'),
    )
    .some((tag) => tag === etag || tag === '*');
}

export function jsonError(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ error, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}
