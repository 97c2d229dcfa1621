/**
 * What the proxy reports for metrics, observed at its stages (admission, the cache, the upstream call,
 * the answer) rather than threaded through them. A no-op by default; on Node, `prometheusMetrics()`
 * (../prometheus.ts) records them with prom-client. Every label comes from a fixed set: never a tenant,
 * a path, a query, an address or a key, so a hostile client cannot grow the series.
 */
import type { UpstreamFailure } from './upstream.ts';

/** What a request was for: the route, never its path. */
export type MetricRoute = 'info' | 'posts' | 'reviews' | 'html' | 'health' | 'unknown';
export type MetricMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'other';
/** How an answer was found: the in-process cache (and the fleet's behind it), or the known page ends. */
export type CacheLayer = 'cache' | 'page-ends';
export type CacheResult = 'hit' | 'miss' | 'stale-while-revalidate' | 'stale-if-error';
export type RetryOutcome = 'made' | 'refused-by-budget';

export interface ProxyMetrics {
  /** A request arrived (the active-requests gauge goes up). */
  requestStarted(): void;
  /** …and was answered (it goes down), after `seconds`. */
  requestFinished(route: MetricRoute, method: MetricMethod, status: number, seconds: number): void;
  /** One upstream attempt: its HTTP status (when one came) or its failure, after `seconds`. */
  upstreamAttempt(status: number | undefined, error: UpstreamFailure | 'none', seconds: number): void;
  cacheRequest(layer: CacheLayer, result: CacheResult): void;
  retry(outcome: RetryOutcome): void;
  rateLimited(): void;
}

export const NO_METRICS: ProxyMetrics = {
  requestStarted() {},
  requestFinished() {},
  upstreamAttempt() {},
  cacheRequest() {},
  retry() {},
  rateLimited() {},
};

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request method as a label: anything unusual is `other`. */
export const methodLabel = (method: string): MetricMethod =>
  METHODS.has(method) ? (method as MetricMethod) : 'other';
