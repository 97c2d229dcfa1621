/**
 * How an upstream call can fail, as the whole proxy names it: the upstream caller throws these, the cache
 * remembers the query's own ones, the breaker counts the health ones, the fleet's records carry them and
 * the answers turn them into statuses. Part of the proxy's floor: it imports nothing of the proxy, so every
 * module can stand on it.
 */

/** The upstream's health: counted by the breaker (and the first four retried). */
const HEALTH = ['timeout', 'network', 'rate-limited', 'unavailable', 'server-error'] as const;
/** One query's (or the configuration's) problem: remembered briefly by the cache, never counted. */
const QUERY = ['not-found', 'unauthorized', 'redirect', 'status', 'too-large', 'invalid'] as const;
/** The proxy's own refusals: no upstream call was made. */
const REFUSALS = ['held', 'circuit-open', 'budget'] as const;

export const UPSTREAM_FAILURES = [...HEALTH, ...QUERY, ...REFUSALS] as const;
export type UpstreamFailure = (typeof UPSTREAM_FAILURES)[number];

/** Failures that say the upstream itself is unhealthy: the only ones the circuit breaker counts. */
export const HEALTH_FAILURES: ReadonlySet<UpstreamFailure> = new Set(HEALTH);
/** Failures that belong to one query: the cache remembers them (negative caching). */
export const QUERY_FAILURES: ReadonlySet<UpstreamFailure> = new Set(QUERY);

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly failure: UpstreamFailure,
    message: string,
    /** When the caller may try again, in ms since the epoch. */
    readonly retryAt?: number,
  ) {
    super(message);
  }
}

/** Where a page's filter ends, as the upstream's pagination says. */
export interface PageTotals {
  totalItems: number;
  totalPages: number;
}
