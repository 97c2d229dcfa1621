/**
 * `createProxy(options)`: the Fetch-standard handler (`Request -> Response`) that sits between the
 * widgets and the Business Reputation Data API. It answers GET/HEAD of `{mount}/info`, `{mount}/posts`
 * and `{mount}/reviews` (plus CORS preflights), `{mount}/html/{element}` when given a renderer, and the
 * probes. Standard APIs only, so the same module runs on Node, Workers, Deno, Bun, Vercel and Netlify.
 *
 * This is the composition root: it makes each part once and hands it its slice. A request goes **admit**
 * (route, origin, method, query: admission.ts), then the data route's stages (gate, cache, upstream:
 * data-route.ts) or the fragment route (fragment-route.ts), then **finish** (common headers, metrics, the
 * log line). Answers are built by responses.ts (headers, compression, ETags).
 */
import { admission, type Admitted } from './admission.ts';
import { jsonError, NOSNIFF, withHeaders } from './answers.ts';
import { AnswerCache } from './cache.ts';
import { Curation } from './curation.ts';
import { DataRoute } from './data-route.ts';
import { FetchRequest } from './fetch-request.ts';
import { Gates } from './fleet/gates.ts';
import { SharedAnswers } from './fleet/shared-answers.ts';
import { SharedState, storeGuardOf } from './fleet/shared-state.ts';
import { FragmentRoute } from './fragment-route.ts';
import { Health, HEALTH_PATHS } from './health.ts';
import type { Maybe } from './maybe.ts';
import { methodLabel } from './metrics.ts';
import { resolveOptions, type ProxyOptions, type ResolvedOptions } from './options.ts';
import { PageEnds } from './page-ends.ts';
import { Responses } from './responses.ts';
import type { ProxyAnswer, ProxyContext, ProxyHandler, ProxyRequest } from './types.ts';
import { Upstream } from './upstream.ts';
import { heldBusiness } from './held-business.ts';
import { IndexAnswers } from '../review-index/index-answers.ts';
import { reviewIndexOf } from '../review-index/review-index.ts';

/** What a request whose admission failed (a bug: it never should) is finished with. */
const NOT_ADMITTED: Pick<Admitted, 'route' | 'common'> = { route: 'unknown', common: NOSNIFF };

/** What a request that met a bug of ours gets: a 500, and the error in the log. */
function failed(log: ResolvedOptions['log'], error: unknown): ProxyAnswer {
  log({ type: 'upstream', level: 'error', message: `unexpected proxy failure: ${String(error)}` });
  return jsonError(500, 'Internal Server Error', 'The proxy failed unexpectedly.');
}

export function createProxy(options: ProxyOptions): ProxyHandler {
  const config = resolveOptions(options);
  const { clock, metrics, log } = config;
  // In a fleet, the gates and the answers are the fleet's (fleet/): this proxy's tenant's records.
  const guard =
    config.store &&
    storeGuardOf(config.store, clock, log, {
      timeoutMs: config.storeTimeoutMs,
      retryMs: config.storeRetryMs,
    });
  const shared = guard && new SharedState(guard, config.tenant, clock);
  const gates = new Gates(config, clock, shared);
  const cache = new AnswerCache(config, clock, shared && new SharedAnswers(shared, config, clock));
  const responses = new Responses(config);
  const upstream = new Upstream(config, clock, gates);
  const index = reviewIndexOf(config, shared, upstream, cache);
  const data = new DataRoute(config, {
    index: new IndexAnswers(config, index, responses, () => heldBusiness(cache)),
    gates,
    cache,
    curation: new Curation(config, cache),
    pageEnds: new PageEnds(config.ttlMs, clock),
    upstream,
    responses,
  });
  const fragments = new FragmentRoute(config, data, responses);
  const admit = admission(config);
  const health = new Health(gates, config);

  /**
   * Every request's way: probes aside, admit, then its route's stages, then finish. Synchronous from
   * admission to the answer when nothing waits (a warm hit): no promise, no microtask.
   */
  function answer(request: ProxyRequest): Maybe<ProxyAnswer> {
    // Probes first: never logged, counted or rate-limited, whatever the origin; no CORS headers either.
    const probe = HEALTH_PATHS.get(request.pathname);
    if (probe) return health.answer(probe, request.method);
    const started = performance.now();
    metrics.requestStarted();
    // Every request is finished (counted, logged), even one whose admission itself failed.
    let admitted: Pick<Admitted, 'route' | 'common'> = NOT_ADMITTED;
    let pending: Maybe<ProxyAnswer>;
    try {
      const known = admit(request);
      admitted = known;
      pending = respond(request, known);
    } catch (error) {
      return finish(request, admitted, failed(log, error), started);
    }
    if (!(pending instanceof Promise)) return finish(request, admitted, pending, started);
    return pending.then(
      (result) => finish(request, admitted, result, started),
      (error: unknown) => finish(request, admitted, failed(log, error), started),
    );
  }

  function respond(request: ProxyRequest, admitted: Admitted): Maybe<ProxyAnswer> {
    if (admitted.kind === 'answered') return admitted.answer;
    if (admitted.kind === 'fragment') return fragments.answer(request, admitted.tag, handler);
    if (admitted.kind === 'topics') return data.topics(request);
    return data.answer(request, admitted.data);
  }

  /** Finish: the route's common headers, the answer counted and logged (probes never reach here). */
  function finish(
    request: ProxyRequest,
    { route, common }: Pick<Admitted, 'route' | 'common'>,
    result: ProxyAnswer,
    started: number,
  ): ProxyAnswer {
    withHeaders(result, common);
    const durationMs = performance.now() - started;
    metrics.requestFinished(route, methodLabel(request.method), result.status, durationMs / 1000);
    const { pathname, search } = request;
    const path = pathname + (search && !search.startsWith('?') ? '?' : '') + search;
    log({
      type: 'request',
      method: request.method,
      path,
      status: result.status,
      cache: result.headers['x-cache'] ?? '-',
      durationMs,
    });
    return result;
  }

  const proxy = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const result = await answer(new FetchRequest(request, new URL(request.url), context?.clientAddress));
    if (index?.working) context?.waitUntil?.(index.working);
    // `encodeBody: 'manual'`: on Workers, a body already in its `Content-Encoding` must not be
    // compressed again. Other runtimes ignore the unknown init member.
    const init = { status: result.status, headers: result.headers, encodeBody: 'manual' } as ResponseInit;
    return new Response(result.body, init);
  };
  const { markReady, state } = health;
  const drain = () => void (health.drain(), index?.close());
  const handler: ProxyHandler = Object.assign(proxy, { answer, markReady, drain, state });
  return handler;
}
