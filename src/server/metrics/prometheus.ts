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
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type HistogramConfiguration,
  type MetricObjectWithValues,
  type MetricValueWithName,
} from 'prom-client';
import type { ProxyHandler } from '../proxy/types.ts';
import {
  BREAKER_STATES,
  DURATION_BUCKETS,
  labelSets,
  proxyGauges,
  type CacheLayer,
  type CacheResult,
  type MetricMethod,
  type MetricRoute,
  type ProxyMetrics,
} from '../proxy/metrics.ts';

const CACHE_LAYERS: readonly CacheLayer[] = ['cache', 'page-ends'];
const CACHE_RESULTS: readonly CacheResult[] = ['hit', 'miss', 'stale-while-revalidate', 'stale-if-error'];

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
  const gauges = () => proxyGauges(watched.map((proxy) => proxy.state()));

  const duration = new CountedHistogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer a proxy request, by route, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
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
    buckets: DURATION_BUCKETS,
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
      const { breaker } = gauges();
      for (const state of BREAKER_STATES) this.set({ state }, watched.length && state === breaker ? 1 : 0);
    },
  });
  new Gauge({
    name: 'proxy_upstream_budget_remaining',
    help: 'Upstream attempts that may still start this minute (this instance’s count).',
    registers,
    collect() {
      this.set(gauges().budgetRemaining);
    },
  });
  new Gauge({
    name: 'proxy_draining',
    help: 'Whether this instance is draining (1: SIGTERM received, /readyz fails).',
    registers,
    collect() {
      this.set(gauges().draining ? 1 : 0);
    },
  });

  // The hot path's series, each made once (every label comes from a fixed set).
  const requestSeries = labelSets((route: MetricRoute, method: MetricMethod, status: number) =>
    duration.series({ method, route, status: String(status) }),
  );
  const metrics: ProxyMetrics = {
    requestStarted: () => void activeRequests++,
    requestFinished(route, method, status, seconds) {
      activeRequests--;
      requestSeries(route, method, status).record(seconds);
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
      if (!registry.getSingleMetric('proxy_store_up') && gauges().storeUp !== undefined)
        new Gauge({
          name: 'proxy_store_up',
          help: 'Whether the shared store answers (1), or not (0).',
          registers,
          collect() {
            this.set(gauges().storeUp ? 1 : 0);
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

/** One series of a {@link CountedHistogram}: its labels, and counts in plain numbers. */
class Series {
  /** Observations per bucket (not cumulative); the last is past every bound (`+Inf`). */
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Record<string, string>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }

  zero(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }

  record(value: number): void {
    let bucket = 0;
    while (bucket < this.bounds.length && value > this.bounds[bucket]!) bucket++;
    this.counts[bucket]!++;
    this.sum += value;
    this.count++;
  }
}

/**
 * A prom-client histogram for the proxy's hottest series (one observation per request), counted in plain
 * numbers: prom-client's own `observe()` builds, checks and hashes a label object on every observation,
 * which cost more than everything else metrics do per request. Each series (its labels from fixed sets)
 * is made once with `series(labels)`; the registry reads them through `get()` as it reads any histogram.
 */
class CountedHistogram<T extends string> extends Histogram<T> {
  private readonly all = new Map<string, Series>();
  private readonly bounds: readonly number[];

  constructor(configuration: HistogramConfiguration<T> & { buckets: readonly number[] }) {
    super({ ...configuration, buckets: [...configuration.buckets] });
    this.bounds = [...configuration.buckets];
  }

  series(labels: Record<T, string>): Series {
    const key = JSON.stringify(labels);
    let series = this.all.get(key);
    if (!series) this.all.set(key, (series = new Series(labels, this.bounds)));
    return series;
  }

  /** Zeroes every series (`registry.resetMetrics()`); each stays, as callers hold it. */
  override reset(): void {
    super.reset();
    // prom-client's constructor resets before this class's fields exist.
    for (const series of (this.all as Map<string, Series> | undefined)?.values() ?? []) series.zero();
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<T>>> {
    const name = (this as unknown as { name: string }).name;
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const { labels, counts, sum, count } of this.all.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += counts[index]!;
        values.push({ metricName: `${name}_bucket`, labels: { le: bound, ...labels }, value: cumulative });
      });
      values.push(
        { metricName: `${name}_bucket`, labels: { le: '+Inf', ...labels }, value: count },
        { metricName: `${name}_sum`, labels: { ...labels }, value: sum },
        { metricName: `${name}_count`, labels: { ...labels }, value: count },
      );
    }
    // The shape prom-client's own histogram gives (its types want fields only a registry sets).
    const metric = {
      name,
      help: (this as unknown as { help: string }).help,
      type: 'histogram',
      values,
      aggregator: 'sum',
    };
    return metric as unknown as MetricObjectWithValues<MetricValueWithName<T>>;
  }

  /** What the registry reads for its text output: the same values. */
  getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<T>>> {
    return this.get();
  }
}
