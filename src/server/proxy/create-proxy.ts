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
import { AnswerCache, type CachedAnswer, type CacheOutcome } from './cache.ts';
import { Gates } from './fleet/gates.ts';
import { SharedAnswers } from './fleet/shared-answers.ts';
import { SharedState, StoreGuard } from './fleet/shared-state.ts';
import type { ProxyStore } from './fleet/store.ts';
import { LRUCache } from 'lru-cache';
import { decideCors, PREFLIGHT_HEADERS, type CorsDecision } from './cors.ts';
import { fragmentRequest } from './fragments.ts';
import { HEALTH_PATHS, healthAnswer, type HealthFacts, type Lifecycle } from './health.ts';
import { methodLabel, type CacheResult, type MetricRoute } from './metrics.ts';
import {
  resolveOptions,
  type ContentCoding,
  type ProxyContext,
  type ProxyOptions,
  type ResolvedOptions,
} from './options.ts';
import { PageEnds } from './page-ends.ts';
import { ClientShares } from './client-share.ts';
import { clientAddress } from './rate-limit.ts';
import { Upstream, UpstreamError } from './upstream.ts';
import { postPageAnswer, reviewPageAnswer } from './view-model.ts';

/**
 * A request as the proxy needs it: what every runtime can give cheaply. The Fetch handler builds it from
 * a `Request`; the Node adapter builds it straight from `IncomingMessage` (no `Request`, `Headers` or
 * `Response` objects on the hot path).
 */
export interface ProxyRequest {
  method: string;
  /** The normalised path (as `URL.pathname` gives it). */
  pathname: string;
  /** The query string, with or without its leading `?`. */
  search: string;
  /** The origin the request was addressed to (`http://host:port`): same-origin pages need no CORS. */
  origin: string;
  /** A request header by its lower-case name. */
  header(name: string): string | null | undefined;
  /** The client's address, when the runtime knows it (else one shared bucket: fail closed). */
  clientAddress?: string;
}

/** An answer as plain data: status, header names in lower case, and the body (`null` for none). */
export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string | null;
}

/** A Fetch-standard handler plus `answer`: the same logic on plain data, for runtime adapters. */
export type AnsweringHandler = ((request: Request, context?: ProxyContext) => Promise<Response>) & {
  answer(request: ProxyRequest): Promise<ProxyAnswer>;
};

/**
 * The proxy's handler, with its readiness: `markReady()` once started (with `health.starting`), `drain()`
 * when it is to leave (health.ts).
 */
export type ProxyHandler = AnsweringHandler & {
  markReady(): void;
  drain(): void;
  readonly lifecycle: Lifecycle;
  /** What gauges read at a scrape: readiness, the breaker, the store, the budget left this minute. */
  state(): ProxyState;
};

export interface ProxyState {
  lifecycle: Lifecycle;
  breaker: 'closed' | 'open' | 'half-open';
  /** `undefined`: no shared store configured. */
  storeAvailable: boolean | undefined;
  /** Upstream attempts that may still start this minute (this instance's count). */
  budgetRemaining: number;
}

const OPERATIONS: readonly Operation[] = ['info', 'posts', 'reviews'];
const SAME_ORIGIN: CorsDecision = { kind: 'same-origin' };
const CACHE_STATUS_NAME = 'review-widgets';
const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
/** Smaller bodies are sent as they are: compression would save less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;

/** How an answer was served: from the cache (see cache.ts), or known to lie past its filter's end. */
type Outcome = CacheOutcome | 'past-end';

export function createProxy(options: ProxyOptions): ProxyHandler {
  const config = resolveOptions(options);
  const { clock } = config;
  // In a fleet, the gates and the answers are the fleet's (fleet/): this proxy's tenant's records.
  const shared = config.store && new SharedState(guardOf(config.store, config), config.tenant, clock);
  const gates = new Gates(config, clock, shared);
  const upstream = new Upstream(config, clock, gates);
  const cache = new AnswerCache(config, clock, shared && new SharedAnswers(shared, config, clock));
  const pageEnds = new PageEnds(config.ttlMs, clock);
  const clientShares = new ClientShares(config.upstreamMaxPerMinute, config.upstreamClientShare, clock);
  const codings = Object.keys(config.compression) as ContentCoding[];
  // What depends on the configuration only, computed once: the hot path builds no such strings.
  const routes = new Map(OPERATIONS.map((operation) => [`${config.mount}/${operation}`, operation]));
  const varyOrigin = config.allowedOrigins !== '*' && config.allowedOrigins.size > 0;
  const baseHeaders: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    ...(varyOrigin ? { vary: 'Origin' } : {}),
  };
  const cacheControlOf = Object.fromEntries(
    (Object.keys(X_CACHE) as Outcome[]).map((outcome) => [outcome, cacheControl(config, outcome)]),
  ) as Record<Outcome, string>;

  let lifecycle: Lifecycle = config.startsReady ? 'ready' : 'starting';
  const { metrics } = config;
  /** The route of a path as a metric label (a fixed set). */
  const routeLabel = (pathname: string): MetricRoute =>
    routes.get(pathname) ?? (config.html && pathname.startsWith(htmlPrefix) ? 'html' : 'unknown');
  const healthFacts = (): HealthFacts => ({
    lifecycle,
    storeAvailable: gates.storeAvailable,
    breaker: gates.breakerState,
    eventLoopDelayMs: config.eventLoopDelayMs(),
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
  });

  async function answer(request: ProxyRequest): Promise<ProxyAnswer> {
    // Probes first: never logged, counted or rate-limited, whatever the origin.
    const probe = HEALTH_PATHS.get(request.pathname);
    if (probe) return withHeaders(healthAnswer(probe, request.method, healthFacts), baseHeaders);
    const started = performance.now();
    metrics.requestStarted();
    const result = await handle(request).catch((error: unknown) => {
      config.log({ type: 'upstream', level: 'error', message: `unexpected proxy failure: ${String(error)}` });
      return jsonError(500, 'Internal Server Error', 'The proxy failed unexpectedly.');
    });
    metrics.requestFinished(
      routeLabel(request.pathname),
      methodLabel(request.method),
      result.status,
      (performance.now() - started) / 1000,
    );
    config.log({
      type: 'request',
      method: request.method,
      path:
        request.pathname + (request.search && !request.search.startsWith('?') ? '?' : '') + request.search,
      status: result.status,
      cache: result.headers['x-cache'] ?? '-',
      durationMs: performance.now() - started,
    });
    return result;
  }

  // Rendered fragments (the `html` option), fresh as long as a data answer, one render per key at a time.
  const fragments = new LRUCache<string, { html: string; storedAt: number }>({ max: 500 });
  const rendering = new Map<string, Promise<string>>();
  const htmlPrefix = `${config.mount}/html/`;

  const proxy = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const url = new URL(request.url);
    const result = await answer(new FetchRequest(request, url, context?.clientAddress));
    // `encodeBody: 'manual'`: on Workers, a body already in its `Content-Encoding` must not be
    // compressed again. Other runtimes ignore the unknown init member.
    const init = { status: result.status, headers: result.headers, encodeBody: 'manual' } as ResponseInit;
    return new Response(result.body, init);
  };
  const handler = Object.defineProperty(
    Object.assign(proxy, {
      answer,
      markReady: () => {
        if (lifecycle === 'starting') lifecycle = 'ready';
      },
      drain: () => {
        lifecycle = 'draining';
      },
      state: (): ProxyState => ({
        lifecycle,
        breaker: gates.breakerState,
        storeAvailable: gates.storeAvailable,
        budgetRemaining: gates.budgetRemaining,
      }),
    }),
    'lifecycle',
    { get: () => lifecycle, enumerable: true },
  ) as ProxyHandler;
  return handler;

  async function handle(request: ProxyRequest): Promise<ProxyAnswer> {
    const origin = request.header('origin') ?? null;
    // `request.origin` only when needed: a Node request computes it from its headers.
    const cors = origin === null ? SAME_ORIGIN : decideCors(origin, config.allowedOrigins, request.origin);
    // Headers every answer carries (read-only: copied into each answer's own headers).
    const common = cors.kind === 'allowed' ? { ...baseHeaders, ...cors.headers } : baseHeaders;
    const finish = (result: ProxyAnswer) => withHeaders(result, common);

    // Exact matches against a fixed table: no prefix games, no decoding, no `..`.
    const operation = routes.get(request.pathname);
    const fragment =
      config.html && request.pathname.startsWith(htmlPrefix)
        ? request.pathname.slice(htmlPrefix.length)
        : undefined;
    if (!operation && fragment === undefined) {
      return finish(
        jsonError(404, 'Not Found', `No such route. Use ${config.mount}/{${OPERATIONS.join(',')}}.`),
      );
    }
    if (cors.kind === 'refused') {
      return finish(jsonError(403, 'Forbidden', `Origin ${JSON.stringify(cors.origin)} is not allowed.`));
    }
    if (request.method === 'OPTIONS') {
      return finish({ status: 204, headers: { ...PREFLIGHT_HEADERS }, body: null });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const refused = jsonError(405, 'Method Not Allowed', `Method ${request.method} is not allowed.`);
      refused.headers.allow = 'GET, HEAD, OPTIONS';
      return finish(refused);
    }

    if (fragment !== undefined) return finish(await renderFragment(request, fragment));
    const parsed = parseQuery(operation!, new URLSearchParams(request.search), config);
    if (!parsed.ok) {
      // With this proxy's limits, so a widget that asked for more than it accepts can ask again within them.
      return finish(jsonError(400, 'Bad Request', parsed.message, { limits: config.limits }));
    }

    const client = clientOf(request);
    const limited = await rateLimited(client);
    if (limited) return finish(limited);

    const { query } = parsed;
    const key = `${operation}?${canonicalQuery(operation!, query)}`;
    let answer = cache.fresh(key);
    let outcome: Outcome = 'hit';
    if (!answer) {
      const filterKey = `${operation}?${canonicalQuery(operation!, { ...query, page: undefined })}`;
      const emptyPage = operation === 'info' ? undefined : pageEnds.pastTheEnd(filterKey, query);
      if (emptyPage !== undefined) {
        metrics.cacheRequest('page-ends', 'hit');
        // The widget protocol's answer, made as every page's is (view-model.ts).
        const pageAnswer = operation === 'reviews' ? reviewPageAnswer : postPageAnswer;
        return finish(jsonAnswer(request, JSON.stringify(pageAnswer(emptyPage, config.limits))));
      }
      try {
        ({ answer, outcome } = await cache.get(key, () => load(client, operation!, query, filterKey)));
      } catch (error) {
        return finish(upstreamErrorResponse(error, clock.now()));
      }
    }
    metrics.cacheRequest('cache', outcome as CacheResult);
    return cachedAnswer(request, answer, outcome, common, varyOrigin);
  }

  /** The client's address as this proxy trusts it; fail closed: an unknown one is one shared client. */
  function clientOf(request: ProxyRequest): string {
    return clientAddress(request.header('x-forwarded-for'), request.clientAddress, config.trustProxy);
  }

  /** A 429 when this client has no token left. */
  async function rateLimited(client: string): Promise<ProxyAnswer | undefined> {
    if (config.perMinute <= 0) return undefined;
    const wait = await gates.takeToken(client);
    if (wait <= 0) return undefined;
    metrics.rateLimited();
    const limited = jsonError(429, 'Too Many Requests', 'Too many requests; slow down.');
    limited.headers['retry-after'] = String(wait);
    return limited;
  }

  /** `GET {mount}/html/{element}`: the element rendered with its data, as an HTML fragment. */
  async function renderFragment(request: ProxyRequest, tag: string): Promise<ProxyAnswer> {
    const asked = fragmentRequest(tag, new URLSearchParams(request.search), config.mount, config);
    if (!asked.ok) {
      return jsonError(asked.status, asked.status === 404 ? 'Not Found' : 'Bad Request', asked.message);
    }
    const client = clientOf(request);
    const limited = await rateLimited(client);
    if (limited) return limited;
    const now = clock.now();
    const cached = fragments.get(asked.key);
    const fresh = cached && now - cached.storedAt < config.ttlMs ? cached : undefined;
    let html = fresh?.html;
    if (html === undefined) {
      let pending = rendering.get(asked.key);
      if (!pending) {
        // The data is read through this proxy in-process, as the visitor: its rules apply to each read.
        pending = config.html!(asked.markup, {
          proxy: handler,
          url: `${request.origin}${request.pathname}`,
          clientAddress: client,
        }).finally(() => rendering.delete(asked.key));
        rendering.set(asked.key, pending);
      }
      html = await pending;
    }
    // A widget rendered with its data carries the answers it was rendered from; one without (the data
    // could not be had) shows its loading state, loads in the browser, and is neither kept nor cached.
    const complete = html.includes('data-rw-answers');
    if (!fresh && complete) fragments.set(asked.key, { html, storedAt: clock.now() });
    const outcome: Outcome = fresh ? 'hit' : 'miss';
    return {
      status: 200,
      headers: {
        'content-type': HTML_TYPE,
        'cache-control': complete ? cacheControlOf[outcome] : 'no-store',
        'x-cache': X_CACHE[outcome],
        ...(varyOrigin ? { vary: 'Origin' } : {}),
      },
      body: request.method === 'HEAD' ? null : html,
    };
  }

  /** Loads a cold query for `client`, who spends its share of the upstream budget (client-share.ts). */
  async function load(
    client: string,
    operation: Operation,
    query: ParsedQuery,
    filterKey: string,
  ): Promise<string> {
    const { json, totals } = await upstream.call(operation, query, () => {
      const retryAt = clientShares.take(client);
      if (retryAt === undefined) return undefined;
      return new UpstreamError(
        'budget',
        `This client has started its share (${clientShares.perMinute} a minute) of upstream calls.`,
        retryAt,
      );
    });
    if (totals) pageEnds.record(filterKey, totals);
    return json;
  }

  /** A cached answer as sent: synchronous unless a compressed form must be computed first. */
  function cachedAnswer(
    request: ProxyRequest,
    answer: CachedAnswer,
    outcome: Outcome,
    common: Record<string, string>,
    varyOrigin: boolean,
  ): ProxyAnswer | Promise<ProxyAnswer> {
    const coding =
      answer.body.byteLength >= MIN_COMPRESSED_BYTES
        ? negotiateEncoding(request.header('accept-encoding') ?? null, codings)
        : undefined;
    const send = (body: Uint8Array<ArrayBuffer>): ProxyAnswer => {
      const headers: Record<string, string> = {
        'content-type': JSON_TYPE,
        etag: body === answer.body ? answer.etag : representationTag(answer.etag, coding!),
        vary: varyOrigin ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
        'cache-control': cacheControlOf[outcome],
        'cache-status': cacheStatus(outcome, answer.storedAt, config.ttlMs, clock.now()),
        'x-cache': X_CACHE[outcome],
      };
      for (const name in common) if (name !== 'vary') headers[name] = common[name]!;
      if (body !== answer.body) headers['content-encoding'] = coding!;
      if (matchesEtag(request.header('if-none-match'), answer.etag))
        return { status: 304, headers, body: null };
      return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
    };
    return coding ? encoded(answer, coding).then(send) : send(answer.body);
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
  function jsonAnswer(request: ProxyRequest, json: string): ProxyAnswer {
    return {
      status: 200,
      headers: {
        'content-type': JSON_TYPE,
        'cache-control': cacheControlOf['past-end'],
        'cache-status': `${CACHE_STATUS_NAME}; hit; detail=past-end`,
        'x-cache': X_CACHE['past-end'],
      },
      body: request.method === 'HEAD' ? null : json,
    };
  }
}

/**
 * One guard per store, shared by every proxy (every tenant) that uses it: an outage is noticed, logged and
 * waited out once, with the timing of the first proxy created on that store.
 */
const guards = new WeakMap<ProxyStore, StoreGuard>();
function guardOf(store: ProxyStore, config: ResolvedOptions): StoreGuard {
  let guard = guards.get(store);
  if (!guard) {
    guard = new StoreGuard(store, config.clock, config.log, {
      timeoutMs: config.storeTimeoutMs,
      retryMs: config.storeRetryMs,
    });
    guards.set(store, guard);
  }
  return guard;
}

/** A `ProxyRequest` over a Fetch `Request` (its method on the prototype: no closure per request). */
class FetchRequest implements ProxyRequest {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly origin: string;

  constructor(
    private readonly request: Request,
    url: URL,
    readonly clientAddress: string | undefined,
  ) {
    this.method = request.method;
    this.pathname = url.pathname;
    this.search = url.search;
    this.origin = url.origin;
  }

  header(name: string): string | null {
    return this.request.headers.get(name);
  }
}

function withHeaders(result: ProxyAnswer, headers: Record<string, string>): ProxyAnswer {
  Object.assign(result.headers, headers);
  return result;
}

function upstreamErrorResponse(error: unknown, now: number): ProxyAnswer {
  if (!(error instanceof UpstreamError)) {
    return jsonError(502, 'Bad Gateway', 'The review service is not available right now.');
  }
  const retryAfter = error.retryAt ? Math.max(1, Math.ceil((error.retryAt - now) / 1000)) : undefined;
  let response: ProxyAnswer;
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
  if (retryAfter) response.headers['retry-after'] = String(retryAfter);
  return response;
}

const X_CACHE: Record<Outcome, string> = {
  hit: 'HIT',
  miss: 'MISS',
  'stale-while-revalidate': 'STALE-WHILE-REVALIDATE',
  'stale-if-error': 'STALE-IF-ERROR',
  'past-end': 'PAST-END',
};

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
function matchesEtag(header: string | null | undefined, etag: string): boolean {
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

/**
 * The proxy's own error answer: `{ error, message }` JSON, never cached. A message may quote what the
 * client sent (a parameter's name): its `<` is escaped in the JSON, so no byte of client markup is sent
 * raw, whatever a browser or a log viewer makes of the body.
 */
export function jsonError(status: number, error: string, message: string, extra?: object): ProxyAnswer {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
    body: JSON.stringify({ error, message, ...extra }).replace(/</g, '\\u003c'),
  };
}
