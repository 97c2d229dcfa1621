/**
 * What the proxy reports for metrics, observed at its stages (admission, the cache, the upstream call,
 * the answer) rather than threaded through them. A no-op by default; on Node, `prometheusMetrics()`
 * (../prometheus.ts) records them with prom-client. Every label comes from a fixed set: never a tenant,
 * a path, a query, an address or a key, so a hostile client cannot grow the series.
 */
import type { ProxyState } from './types.ts';
import type { UpstreamFailure } from './failures.ts';

/** What a request was for: the route, never its path. */
export type MetricRoute = 'info' | 'posts' | 'reviews' | 'topics' | 'html' | 'health' | 'unknown';
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

/** What the gauges of a metrics adapter report, read from the watched proxies at collection time. */
export interface ProxyGauges {
  /** The worst breaker among them (`open` over `half-open` over `closed`). */
  breaker: BreakerState;
  /** Upstream attempts that may still start this minute, summed. */
  budgetRemaining: number;
  /** Whether any is draining (SIGTERM received). */
  draining: boolean;
  /** Whether every shared store answers; `undefined` when none has a store. */
  storeUp: boolean | undefined;
}

/** Seconds: a cached answer takes well under a millisecond, an upstream call up to the deadline (8 s). */
export const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

export const BREAKER_STATES = ['closed', 'half-open', 'open'] as const;
export type BreakerState = (typeof BREAKER_STATES)[number];

/** The watched proxies' states as the gauges report them (prometheus.ts, opentelemetry.ts). */
export function proxyGauges(states: readonly ProxyState[]): ProxyGauges {
  const worst = Math.max(0, ...states.map((state) => BREAKER_STATES.indexOf(state.breaker)));
  const stores = states.filter((state) => state.storeAvailable !== undefined);
  return {
    breaker: BREAKER_STATES[worst]!,
    budgetRemaining: states.reduce((sum, state) => sum + state.budgetRemaining, 0),
    draining: states.some((state) => state.lifecycle === 'draining'),
    storeUp: stores.length ? stores.every((state) => state.storeAvailable) : undefined,
  };
}

/**
 * `make(…keys)` remembered per combination of keys, for label objects made once per series. The keys are
 * fixed sets (routes, methods, statuses), so the memo stays as small as the series.
 */
export function labelSets<K extends (string | number)[], V>(make: (...keys: K) => V): (...keys: K) => V {
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
