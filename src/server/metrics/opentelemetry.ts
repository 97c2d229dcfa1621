/**
 * `review-widgets/opentelemetry`: the proxy's metrics (proxy/metrics.ts) on `@opentelemetry/api` alone, for
 * a site that already runs an OpenTelemetry SDK (which exports them where it sends the rest). Without an
 * SDK registered, the API's meter is a no-op and so is this: register the SDK first (the global meter is
 * read when this is called), or pass its `meter`.
 *
 *   const telemetry = openTelemetryMetrics();      // or openTelemetryMetrics({ meter })
 *   const proxy = createProxy({ ..., metrics: telemetry.metrics });
 *   telemetry.watch(proxy);                         // the gauges: readiness, breaker, store, budget left
 *
 * Every instrument is under `review_widgets.proxy.*`: a site's HTTP instrumentation already reports
 * `http.server.request.duration` for every request, the proxy's too, and the same name twice would count
 * them twice. Attributes use the HTTP semantic conventions' names where they apply
 * (`http.request.method`, `http.response.status_code`, `error.type`), and each comes from a fixed set:
 * never a tenant, a path, a query, an address or a key.
 */
import { metrics as globalMetrics, type Attributes, type Meter } from '@opentelemetry/api';
import type { ProxyHandler } from '../proxy/types.ts';
import {
  BREAKER_STATES,
  DURATION_BUCKETS,
  labelSets,
  proxyGauges,
  type MetricMethod,
  type MetricRoute,
  type ProxyMetrics,
} from '../proxy/metrics.ts';

export interface OpenTelemetryMetrics {
  /** For `createProxy({ metrics })` (and each tenant's). */
  metrics: ProxyMetrics;
  /** Reads the gauges from these proxies at each collection (summed over them; the breaker: the worst). */
  watch(...proxies: Pick<ProxyHandler, 'state'>[]): void;
}

export function openTelemetryMetrics({
  meter = globalMetrics.getMeter('review-widgets'),
}: { meter?: Meter } = {}): OpenTelemetryMetrics {
  const watched: Pick<ProxyHandler, 'state'>[] = [];
  const gauges = () => proxyGauges(watched.map((proxy) => proxy.state()));
  const seconds = { unit: 's', advice: { explicitBucketBoundaries: DURATION_BUCKETS } };

  const duration = meter.createHistogram('review_widgets.proxy.request.duration', {
    ...seconds,
    description: 'Time to answer a proxy request, by route, method and status.',
  });
  const active = meter.createUpDownCounter('review_widgets.proxy.active_requests', {
    unit: '{request}',
    description: 'Proxy requests being answered.',
  });
  const upstream = meter.createHistogram('review_widgets.proxy.upstream.request.duration', {
    ...seconds,
    description: 'Upstream attempts (retries included), by HTTP status (none when none came) and failure.',
  });
  const cache = meter.createCounter('review_widgets.proxy.cache.requests', {
    unit: '{request}',
    description: 'Answers looked up, by layer (cache, page-ends) and result.',
  });
  const retries = meter.createCounter('review_widgets.proxy.upstream.retries', {
    unit: '{retry}',
    description: 'Retries of upstream calls, made or refused by the retry budget.',
  });
  const limited = meter.createCounter('review_widgets.proxy.rate_limited', {
    unit: '{request}',
    description: 'Requests refused with 429 by the per-client rate limit.',
  });
  meter
    .createObservableGauge('review_widgets.proxy.circuit_breaker.state', {
      description: 'The upstream circuit breaker: 1 for its state (the worst of the watched proxies).',
    })
    .addCallback((result) => {
      if (!watched.length) return;
      const { breaker } = gauges();
      for (const state of BREAKER_STATES) result.observe(state === breaker ? 1 : 0, { state });
    });
  meter
    .createObservableGauge('review_widgets.proxy.upstream.budget.remaining', {
      unit: '{attempt}',
      description: 'Upstream attempts that may still start this minute (this instance’s count).',
    })
    .addCallback((result) => {
      if (watched.length) result.observe(gauges().budgetRemaining);
    });
  meter
    .createObservableGauge('review_widgets.proxy.draining', {
      description: 'Whether this instance is draining (1: SIGTERM received, /readyz fails).',
    })
    .addCallback((result) => {
      if (watched.length) result.observe(gauges().draining ? 1 : 0);
    });
  meter
    .createObservableGauge('review_widgets.proxy.store.up', {
      description: 'Whether the shared store answers (1), or not (0); fleets only.',
    })
    .addCallback((result) => {
      const { storeUp } = gauges();
      if (storeUp !== undefined) result.observe(storeUp ? 1 : 0);
    });

  // Each series' attributes made once (every one from a fixed set), not per request.
  const requestAttributes = labelSets(
    (route: MetricRoute, method: MetricMethod, status: number): Attributes => ({
      'http.request.method': method === 'other' ? '_OTHER' : method,
      'review_widgets.route': route,
      'http.response.status_code': status,
    }),
  );
  const upstreamAttributes = labelSets((status: number | 'none', error: string): Attributes =>
    status === 'none'
      ? { 'error.type': error }
      : { 'http.response.status_code': status, ...(error === 'none' ? {} : { 'error.type': error }) },
  );
  const cacheAttributes = labelSets((layer: string, result: string): Attributes => ({ layer, result }));
  const retryAttributes = labelSets((outcome: string): Attributes => ({ outcome }));

  const metrics: ProxyMetrics = {
    requestStarted: () => active.add(1),
    requestFinished(route, method, status, elapsed) {
      active.add(-1);
      duration.record(elapsed, requestAttributes(route, method, status));
    },
    upstreamAttempt: (status, error, elapsed) =>
      upstream.record(elapsed, upstreamAttributes(status ?? 'none', error)),
    cacheRequest: (layer, result) => cache.add(1, cacheAttributes(layer, result)),
    retry: (outcome) => retries.add(1, retryAttributes(outcome)),
    rateLimited: () => limited.add(1),
  };
  return { metrics, watch: (...proxies) => void watched.push(...proxies) };
}
