/**
 * `review-widgets/prometheus`: the proxy's metrics (proxy/metrics.ts) in a prom-client registry of their
 * own, for a `/metrics` endpoint on a port of its own (`npm start`: `METRICS_PORT`), never the public one.
 *
 *   const prometheus = prometheusMetrics();
 *   const proxy = createProxy({ ..., metrics: prometheus.metrics });
 *   prometheus.watch(proxy);                       // the gauges: readiness, breaker, store, budget left
 *   createServer(prometheus.listener).listen(9464);
 *
 * Labels come from fixed sets (route, method, status, failure, layer, result): never a tenant, a path, a
 * query, an address or a key.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ProxyHandler, ProxyState } from './proxy/create-proxy.ts';
import type { CacheLayer, CacheResult, MetricMethod, MetricRoute, ProxyMetrics } from './proxy/metrics.ts';

/** Seconds: a cached answer takes well under a millisecond, an upstream call up to the deadline (8 s). */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BREAKER_STATES = ['closed', 'half-open', 'open'] as const;
const CACHE_LAYERS: readonly CacheLayer[] = ['cache', 'page-ends'];
const CACHE_RESULTS: readonly CacheResult[] = ['hit', 'miss', 'stale-while-revalidate', 'stale-if-error'];

/**
 * `make(…keys)` remembered per combination of keys, for label objects made once per series. The keys are
 * fixed sets (routes, methods, statuses), so the memo stays as small as the series.
 */
function labelSets<K extends (string | number)[], V>(make: (...keys: K) => V): (...keys: K) => V {
  const memo = new Map<string | number, unknown>();
  return (...keys) => {
    let level = memo;
    for (let i = 0; i < keys.length - 1; i++) {
      let next = level.get(keys[i]!) as Map<string | number, unknown> | undefined;
      if (!next) level.set(keys[i]!, (next = new Map()));
      level = next;
    }
    const last = keys[keys.length - 1]!;
    let value = level.get(last) as V | undefined;
    if (value === undefined) level.set(last, (value = make(...keys)));
    return value;
  };
}

export interface PrometheusMetrics {
  /** For `createProxy({ metrics })` (and each tenant's). */
  metrics: ProxyMetrics;
  registry: Registry;
  /** Reads the gauges from these proxies at each scrape (summed over them; the breaker: the worst). */
  watch(...proxies: Pick<ProxyHandler, 'state'>[]): void;
  /** A `node:http` listener answering `GET /metrics` (and 404 to anything else). */
  listener(request: IncomingMessage, response: ServerResponse): void;
}

export function prometheusMetrics({ processMetrics = true } = {}): PrometheusMetrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const watched: Pick<ProxyHandler, 'state'>[] = [];
  const states = (): ProxyState[] => watched.map((proxy) => proxy.state());

  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer a proxy request, by route, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers,
  });
  // Counted here, read at a scrape: a gauge's inc() and dec() would cost more than the rest together.
  let activeRequests = 0;
  new Gauge({
    name: 'http_server_active_requests',
    help: 'Proxy requests being answered.',
    registers,
    collect() {
      this.set(activeRequests);
    },
  });
  const upstream = new Histogram({
    name: 'proxy_upstream_request_duration_seconds',
    help: 'Upstream attempts (retries included), by HTTP status ("none" when none came) and failure.',
    labelNames: ['status', 'error'] as const,
    buckets: BUCKETS,
    registers,
  });
  // Counted in plain numbers on every request, handed to prom-client at a scrape (its inc() builds and
  // hashes a label object each time).
  const cacheCounts = Object.fromEntries(
    CACHE_LAYERS.map((layer) => [layer, Object.fromEntries(CACHE_RESULTS.map((result) => [result, 0]))]),
  ) as Record<CacheLayer, Record<CacheResult, number>>;
  new Counter({
    name: 'proxy_cache_requests_total',
    help: 'Answers looked up, by layer (cache, page-ends) and result.',
    labelNames: ['layer', 'result'] as const,
    registers,
    collect() {
      for (const layer of CACHE_LAYERS)
        for (const result of CACHE_RESULTS) {
          const count = cacheCounts[layer][result];
          cacheCounts[layer][result] = 0;
          if (count) this.inc({ layer, result }, count);
        }
    },
  });
  const retries = new Counter({
    name: 'proxy_upstream_retries_total',
    help: 'Retries of upstream calls, made or refused by the retry budget.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const limited = new Counter({
    name: 'proxy_rate_limited_total',
    help: 'Requests refused with 429 by the per-client rate limit.',
    registers,
  });
  new Gauge({
    name: 'proxy_circuit_breaker_state',
    help: 'The upstream circuit breaker: 1 for its state (the worst of the watched proxies).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const worst = Math.max(-1, ...states().map((state) => BREAKER_STATES.indexOf(state.breaker)));
      for (const [index, name] of BREAKER_STATES.entries())
        this.set({ state: name }, index === worst ? 1 : 0);
    },
  });
  new Gauge({
    name: 'proxy_upstream_budget_remaining',
    help: 'Upstream attempts that may still start this minute (this instance’s count).',
    registers,
    collect() {
      this.set(states().reduce((sum, state) => sum + state.budgetRemaining, 0));
    },
  });
  new Gauge({
    name: 'proxy_draining',
    help: 'Whether this instance is draining (1: SIGTERM received, /readyz fails).',
    registers,
    collect() {
      this.set(states().some((state) => state.lifecycle === 'draining') ? 1 : 0);
    },
  });

  // The hot path's series, each made once (every label comes from a fixed set): prom-client's observe()
  // with labels makes a closure and checks the exemplar labels each time; a series' own observe() does not.
  const requestSeries = labelSets((route: MetricRoute, method: MetricMethod, status: number) =>
    duration.labels({ method, route, status: String(status) }),
  );
  const metrics: ProxyMetrics = {
    requestStarted: () => void activeRequests++,
    requestFinished(route, method, status, seconds) {
      activeRequests--;
      requestSeries(route, method, status).observe(seconds);
    },
    upstreamAttempt: (status, error, seconds) =>
      upstream.observe({ status: status === undefined ? 'none' : String(status), error }, seconds),
    cacheRequest: (layer, result) => void cacheCounts[layer][result]++,
    retry: (outcome) => retries.inc({ outcome }),
    rateLimited: () => limited.inc(),
  };

  return {
    metrics,
    registry,
    watch(...proxies) {
      watched.push(...proxies);
      // Only a fleet has a store to report on.
      if (
        !registry.getSingleMetric('proxy_store_up') &&
        states().some((state) => state.storeAvailable !== undefined)
      )
        new Gauge({
          name: 'proxy_store_up',
          help: 'Whether the shared store answers (1), or not (0).',
          registers,
          collect() {
            const stores = states().filter((state) => state.storeAvailable !== undefined);
            this.set(stores.every((state) => state.storeAvailable) ? 1 : 0);
          },
        });
    },
    listener(request, response) {
      const path = (request.url ?? '/').split('?', 1)[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      registry.metrics().then(
        (text) => {
          response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        () => response.writeHead(500).end(),
      );
    },
  };
}
