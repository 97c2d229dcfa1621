/**
 * `createProxy(options)`: the Fetch-standard handler (`Request -> Response`) that sits between the
 * widgets and the Business Reputation Data API. It answers GET/HEAD of `{mount}/info`, `{mount}/posts`
 * and `{mount}/reviews` (plus CORS preflights), validates every parameter, and serves from a cache that
 * coalesces, revalidates in the background and falls back to stale answers when the upstream fails.
 * Standard APIs only, so the same module runs on Node, Workers, Deno, Bun, Vercel and Netlify.
 *
 * A request goes through named stages, each in its own function below: **admit** (route, origin, method,
 * query: admission.ts), **gate** (the client's rate limit), **answer from the cache** (a fresh answer, or
 * a page known to lie past its filter's end), **call the upstream** (through the cache, which coalesces
 * and falls back), and **finish** (common headers, metrics, the log line). The warm path is synchronous
 * from admission to the answer: no promise per stage.
 *
 * It fails closed: a client without a known address shares one rate-limit bucket, every upstream attempt
 * spends the shared budget, and only the upstream's health can open the circuit breaker.
 */
import { SERVER_ANSWERS_ATTRIBUTE } from '../../api/protocol.ts';
import { encodingNegotiator } from '../encoding.ts';
import { admission, type Admitted, type DataQuery } from './admission.ts';
import {
  cacheControl,
  cacheStatus,
  HTML_TYPE,
  JSON_TYPE,
  jsonError,
  matchesEtag,
  NOSNIFF,
  representationTag,
  upstreamErrorResponse,
  withHeaders,
  X_CACHE,
  type Outcome,
} from './answers.ts';
import { AnswerCache, servedAnswer } from './cache.ts';
import { UpstreamError } from './failures.ts';
import { variesByOrigin } from './cors.ts';
import { Gates } from './fleet/gates.ts';
import { SharedAnswers } from './fleet/shared-answers.ts';
import { SharedState, StoreGuard } from './fleet/shared-state.ts';
import type { ProxyStore } from './fleet/store.ts';
import { LRUCache } from 'lru-cache';
import { fragmentRequest } from './fragments.ts';
import { HEALTH_PATHS, healthAnswer, type HealthFacts } from './health.ts';
import { methodLabel, type CacheResult, type MetricRoute } from './metrics.ts';
import { resolveOptions, type ContentCoding, type ProxyOptions, type ResolvedOptions } from './options.ts';
import { PageEnds } from './page-ends.ts';
import { clientAddress } from './rate-limit.ts';
import { Upstream } from './upstream.ts';
import type {
  CachedAnswer,
  Lifecycle,
  ProxyAnswer,
  ProxyContext,
  ProxyHandler,
  ProxyRequest,
  ProxyState,
} from './types.ts';
import { postPageAnswer, reviewPageAnswer } from './view-model.ts';

/** A value now, or later: the warm path passes values on without a promise (and its microtask) per stage. */
type Maybe<T> = T | Promise<T>;
const then = <T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> =>
  value instanceof Promise ? value.then(next) : next(value);

/** Smaller bodies are sent as they are: compression would save less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;
/** What a request whose admission failed (a bug: it never should) is finished with. */
const NOT_ADMITTED: Pick<Admitted, 'route' | 'common'> = { route: 'unknown', common: NOSNIFF };

export function createProxy(options: ProxyOptions): ProxyHandler {
  const config = resolveOptions(options);
  const { clock, metrics } = config;
  // In a fleet, the gates and the answers are the fleet's (fleet/): this proxy's tenant's records.
  const shared = config.store && new SharedState(guardOf(config.store, config), config.tenant, clock);
  const gates = new Gates(config, clock, shared);
  const upstream = new Upstream(config, clock, gates);
  const cache = new AnswerCache(config, clock, shared && new SharedAnswers(shared, config, clock));
  const pageEnds = new PageEnds(config.ttlMs, clock);
  const admit = admission(config);
  const negotiateEncoding = encodingNegotiator(Object.keys(config.compression) as ContentCoding[]);
  // What depends on the configuration only, computed once: the hot path builds no such strings.
  const varyOrigin = variesByOrigin(config.allowedOrigins);
  const cacheControlOf = Object.fromEntries(
    (Object.keys(X_CACHE) as Outcome[]).map((outcome) => [outcome, cacheControl(config, outcome)]),
  ) as Record<Outcome, string>;

  let lifecycle: Lifecycle = config.startsReady ? 'ready' : 'starting';
  const state = (): ProxyState => ({
    lifecycle,
    breaker: gates.breakerState,
    storeAvailable: gates.storeAvailable,
    budgetRemaining: gates.budgetRemaining,
  });
  const healthFacts = (): HealthFacts => ({
    ...state(),
    eventLoopDelayMs: config.eventLoopDelayMs(),
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
  });

  /** Every request's way: probes aside, admit, then the stages, then finish (metrics and the log line). */
  async function answer(request: ProxyRequest): Promise<ProxyAnswer> {
    // Probes first: never logged, counted or rate-limited, whatever the origin.
    const probe = HEALTH_PATHS.get(request.pathname);
    // Health answers carry no CORS headers: probes come from load balancers, not pages.
    if (probe) return withHeaders(healthAnswer(probe, request.method, healthFacts), NOSNIFF);
    const started = performance.now();
    metrics.requestStarted();
    let admitted: Admitted | undefined;
    let result: ProxyAnswer;
    try {
      admitted = admit(request);
      const pending = respond(request, admitted);
      result = pending instanceof Promise ? await pending : pending;
    } catch (error) {
      config.log({ type: 'upstream', level: 'error', message: `unexpected proxy failure: ${String(error)}` });
      result = jsonError(500, 'Internal Server Error', 'The proxy failed unexpectedly.');
    }
    // Every request is finished (counted, logged), even one whose admission itself failed.
    const { route, common } = admitted ?? NOT_ADMITTED;
    return finish(request, route, withHeaders(result, common), started);
  }

  /** The stages after admission: the gate, then the cache, then the upstream. */
  function respond(request: ProxyRequest, admitted: Admitted): Maybe<ProxyAnswer> {
    switch (admitted.kind) {
      case 'answered':
        return admitted.answer;
      case 'fragment':
        return renderFragment(request, admitted.tag);
      case 'data':
        return then(rateLimited(request), (limited) => limited ?? fromCache(request, admitted.data));
    }
  }

  /** Gate: a 429 when this client has no token left (its bucket is the fleet's, with a store). */
  function rateLimited(request: ProxyRequest): Maybe<ProxyAnswer | undefined> {
    if (config.perMinute <= 0) return undefined;
    return then(gates.takeToken(clientOf(request)), (wait) => {
      if (wait <= 0) return undefined;
      metrics.rateLimited();
      const limited = jsonError(429, 'Too Many Requests', 'Too many requests; slow down.');
      limited.headers['retry-after'] = String(wait);
      return limited;
    });
  }

  /** Answer from the cache: a fresh answer (synchronous), a page past its filter's end, or the upstream. */
  function fromCache(request: ProxyRequest, data: DataQuery): Maybe<ProxyAnswer> {
    const fresh = cache.fresh(data.key);
    if (fresh) {
      metrics.cacheRequest('cache', 'hit');
      return cachedAnswer(request, fresh, 'hit');
    }
    const emptyPage = data.operation === 'info' ? undefined : pageEnds.pastTheEnd(data.filterKey, data.query);
    if (emptyPage !== undefined) {
      metrics.cacheRequest('page-ends', 'hit');
      // The widget protocol's answer, made as every page's is (view-model.ts).
      const pageAnswer = data.operation === 'reviews' ? reviewPageAnswer : postPageAnswer;
      return pastTheEndAnswer(request, JSON.stringify(pageAnswer(emptyPage, config.limits)));
    }
    return callUpstream(request, data);
  }

  /** Call the upstream, through the cache: one call per key however many wait, stale answers on failure. */
  async function callUpstream(request: ProxyRequest, data: DataQuery): Promise<ProxyAnswer> {
    try {
      const { answer, outcome } = await cache.get(data.key, () => load(clientOf(request), data));
      metrics.cacheRequest('cache', outcome as CacheResult);
      return await cachedAnswer(request, answer, outcome);
    } catch (error) {
      // An UpstreamError is the upstream's (logged where it was made); anything else is a fault of ours.
      if (!(error instanceof UpstreamError)) {
        config.log({
          type: 'upstream',
          level: 'error',
          message: `unexpected load failure: ${String(error)}`,
        });
      }
      return upstreamErrorResponse(error, clock.now());
    }
  }

  /** Finish: the answer counted and logged (probes never reach here). */
  function finish(
    request: ProxyRequest,
    route: MetricRoute,
    result: ProxyAnswer,
    started: number,
  ): ProxyAnswer {
    const durationMs = performance.now() - started;
    metrics.requestFinished(route, methodLabel(request.method), result.status, durationMs / 1000);
    config.log({
      type: 'request',
      method: request.method,
      path:
        request.pathname + (request.search && !request.search.startsWith('?') ? '?' : '') + request.search,
      status: result.status,
      cache: result.headers['x-cache'] ?? '-',
      durationMs,
    });
    return result;
  }

  // Rendered fragments (the `html` option), fresh as long as a data answer, one render per key at a time.
  const fragments = new LRUCache<string, CachedAnswer>({ max: 500 });
  const rendering = new Map<string, Promise<CachedAnswer | string>>();

  const proxy = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const url = new URL(request.url);
    const result = await answer(new FetchRequest(request, url, context?.clientAddress));
    // `encodeBody: 'manual'`: on Workers, a body already in its `Content-Encoding` must not be
    // compressed again. Other runtimes ignore the unknown init member.
    const init = { status: result.status, headers: result.headers, encodeBody: 'manual' } as ResponseInit;
    return new Response(result.body, init);
  };
  const handler: ProxyHandler = Object.assign(proxy, {
    answer,
    markReady: () => {
      if (lifecycle === 'starting') lifecycle = 'ready';
    },
    drain: () => {
      lifecycle = 'draining';
    },
    state,
  });
  return handler;

  /** The client's address as this proxy trusts it; fail closed: an unknown one is one shared client. */
  function clientOf(request: ProxyRequest): string {
    return clientAddress(request.header('x-forwarded-for'), request.clientAddress, config.trustProxy);
  }

  /** `GET {mount}/html/{element}`: the element rendered with its data, as an HTML fragment. */
  async function renderFragment(request: ProxyRequest, tag: string): Promise<ProxyAnswer> {
    const asked = fragmentRequest(tag, new URLSearchParams(request.search), config.mount, config);
    if (!asked.ok) {
      return jsonError(asked.status, asked.status === 404 ? 'Not Found' : 'Bad Request', asked.message);
    }
    const limited = await rateLimited(request);
    if (limited) return limited;
    const cached = fragments.get(asked.key);
    const fresh = cached && clock.now() - cached.storedAt < config.ttlMs ? cached : undefined;
    if (fresh) return cachedAnswer(request, fresh, 'hit', HTML_TYPE);
    let pending = rendering.get(asked.key);
    if (!pending) {
      // The data is read through this proxy in-process, as the visitor: its rules apply to each read.
      pending = config.html!(asked.markup, {
        proxy: handler,
        url: `${request.origin}${request.pathname}`,
        clientAddress: clientOf(request),
      })
        .then(async (html) => {
          // A widget rendered with its data carries the answers it was rendered from; one without (the
          // data could not be had) shows its loading state, loads in the browser, and is not kept.
          if (!html.includes(SERVER_ANSWERS_ATTRIBUTE)) return html;
          const answer = await servedAnswer(html, clock.now());
          fragments.set(asked.key, answer);
          return answer;
        })
        .finally(() => rendering.delete(asked.key));
      rendering.set(asked.key, pending);
    }
    const rendered = await pending;
    if (typeof rendered !== 'string') return cachedAnswer(request, rendered, 'miss', HTML_TYPE);
    return {
      status: 200,
      headers: {
        'content-type': HTML_TYPE,
        'cache-control': 'no-store',
        'x-cache': X_CACHE.miss,
        ...(varyOrigin ? { vary: 'Origin' } : {}),
      },
      body: request.method === 'HEAD' ? null : rendered,
    };
  }

  /** Loads a cold query for `client`, who spends its share of the upstream budget (fleet/gates.ts). */
  async function load(client: string, { operation, query, filterKey }: DataQuery): Promise<string> {
    const { json, totals } = await upstream.call(operation, query, () =>
      then(gates.takeClientShare(client), (retryAt) =>
        retryAt === undefined
          ? undefined
          : new UpstreamError(
              'budget',
              `This client has started its share (${gates.clientSharePerMinute} a minute) of upstream calls.`,
              retryAt,
            ),
      ),
    );
    if (totals) pageEnds.record(filterKey, totals);
    return json;
  }

  /** A cached answer as sent: synchronous unless a compressed form is still being made. */
  function cachedAnswer(
    request: ProxyRequest,
    answer: CachedAnswer,
    outcome: Outcome,
    contentType = JSON_TYPE,
  ): Maybe<ProxyAnswer> {
    const coding =
      answer.body.byteLength >= MIN_COMPRESSED_BYTES
        ? negotiateEncoding(request.header('accept-encoding') ?? null)
        : undefined;
    const send = (body: Uint8Array<ArrayBuffer>): ProxyAnswer => {
      const headers: Record<string, string> = {
        'content-type': contentType,
        etag: body === answer.body ? answer.etag : representationTag(answer.etag, coding!),
        vary: varyOrigin ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
        'cache-control': cacheControlOf[outcome],
        'cache-status': cacheStatus(outcome, answer.storedAt, config.ttlMs, clock.now()),
        'x-cache': X_CACHE[outcome],
      };
      if (body !== answer.body) headers['content-encoding'] = coding!;
      if (matchesEtag(request.header('if-none-match'), answer.etag))
        return { status: 304, headers, body: null };
      return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
    };
    return coding ? then(encoded(answer, coding), send) : send(answer.body);
  }

  /**
   * `answer.body` in `coding`, compressed once per cached answer (the bytes themselves once made, so
   * later hits stay synchronous); the plain body if compression fails.
   */
  function encoded(answer: CachedAnswer, coding: ContentCoding): Maybe<Uint8Array<ArrayBuffer>> {
    let known = answer.encoded.get(coding);
    if (!known) {
      const pending = config.compression[coding]!(answer.body).catch((error: unknown) => {
        config.log({
          type: 'upstream',
          level: 'warn',
          message: `${coding} compression failed: ${String(error)}`,
        });
        return answer.body;
      });
      answer.encoded.set(coding, (known = pending));
      void pending.then((bytes) => answer.encoded.set(coding, bytes));
    }
    return known;
  }

  /** A page past its filter's end, answered without the upstream. */
  function pastTheEndAnswer(request: ProxyRequest, json: string): ProxyAnswer {
    return {
      status: 200,
      headers: {
        'content-type': JSON_TYPE,
        'cache-control': cacheControlOf['past-end'],
        'cache-status': cacheStatus('past-end', 0, config.ttlMs, 0),
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
