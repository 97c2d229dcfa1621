/**
 * Configuration of the proxy: what a deployment may set, the defaults, and the checks that refuse a bad
 * configuration at start-up (a clear error then beats a confusing one on the first visitor's request).
 */
import { DEFAULT_MAX_LIMIT, DEFAULT_MAX_PAGE, MAX_LIMIT, MAX_RETRY_AFTER_SECONDS } from '../../api/limits.ts';
import { DEFAULT_PROXY_MOUNT, type Limits } from '../../api/protocol.ts';
import { REVIEW_ID } from '../../api/query.ts';
import { systemClock, type Clock } from './clock.ts';
import { parseAllowedOrigins, type AllowedOrigins } from './origins.ts';
import { NO_METRICS, type ProxyMetrics } from './metrics.ts';
import { checkServerTokens } from './server-tokens.ts';
import { DEFAULT_RETRY_BUDGET, type RetryBudgetConfig } from './retry-budget.ts';
import type { ProxyStore } from './fleet/store.ts';

export interface ProxyOptions {
  /** The Business Reputation Data API key. Sent upstream as `x-api-key`, never anywhere else. */
  apiKey: string;
  /** The upstream base URL; the API paths (`/api/v1/integration/business-api/…`) are appended. */
  upstreamUrl: string;
  /** Path prefix the proxy answers under. Default `/widget-api`. */
  mount?: string;
  /**
   * Origins allowed to read answers cross-origin: exact `scheme://host[:port]`, patterns with one leading
   * wildcard in the first label (`https://*.shopifypreview.com`: origins.ts), or `'*'`. Default: none, i.e.
   * same-origin pages only.
   */
  allowedOrigins?: readonly string[] | '*';
  cache?: {
    /** Seconds an answer is fresh. Default 300. */
    ttlSeconds?: number;
    /** Seconds after that in which a stale answer is served while one refresh runs. Default 600. */
    staleWhileRevalidateSeconds?: number;
    /** Seconds after freshness in which a stale answer is served when the upstream fails. Default 86400. */
    staleIfErrorSeconds?: number;
    /** Most answers kept. Default 1000. */
    maxEntries?: number;
    /** Most bytes of answers kept. Default 32 MiB; at least `limits.maxResponseBytes`. */
    maxBytes?: number;
    /**
     * Seconds a failure that belongs to one query (a page that does not exist, a body that breaks the
     * contract, a refused key) is remembered, so repeating it costs no upstream call. Default 30.
     */
    negativeTtlSeconds?: number;
  };
  /**
   * The upstream budget: most upstream calls (retries included) in any sliding minute, for all clients
   * together. When it is spent, stale answers are served, else 503 with `Retry-After`. Default 300.
   */
  upstreamMaxPerMinute?: number;
  /**
   * The share of `upstreamMaxPerMinute` one client address may start (its cold queries): past it, its
   * cold queries get 503 with `Retry-After` while others' still reach the upstream. 0 < share ≤ 1;
   * default 0.1 (1: no share).
   */
  upstreamClientShare?: number;
  /**
   * Compression of JSON answers, computed once per cached answer: a compressor per content coding.
   * Default: gzip through the standard `CompressionStream`. `review-widgets/node` exports
   * `nodeCompression` (brotli and gzip through `node:zlib`). `false`: none (when the platform compresses).
   */
  compression?: Compression | false;
  /** The time source for every timeout, window and limit. Default: the system clock. For tests. */
  clock?: Clock;
  /**
   * Review ids the proxy never answers (`HIDDEN_REVIEWS`): in no page, fragment or render, with any sort
   * or filter; the pages around them stay complete and their counts exact (curation.ts). Default: none.
   */
  hiddenReviews?: readonly string[];
  /**
   * Review ids shown first on page 1, in this order (`PINNED_REVIEWS`), with the default, most relevant and
   * newest-first sorts, wherever they match the visitor's filters; exactly once across the pages. Default: none.
   */
  pinnedReviews?: readonly string[];
  /**
   * A store shared by a fleet of proxies (`redisStore` from review-widgets/redis, `REDIS_URL`): answers,
   * the single-flight of each query, rate-limit buckets, the upstream budget, the `Retry-After` hold and
   * the breaker become the fleet's. Each instance keeps its in-process cache in front and falls back to
   * its in-process state while the store does not answer. Default: none (this process alone).
   */
  store?: ProxyStore;
  /**
   * The business this proxy serves, among several in one deployment: the namespace of its keys in the
   * shared `store` and the `tenant` of its log records. Default `default`.
   */
  tenant?: string;
  /**
   * Turns on the fragment route, `GET {mount}/html/{element}?{attributes}`: pass `renderWidgets` from
   * `review-widgets/ssr`. Default: off (the proxy then carries no server renderer).
   */
  html?: FragmentRenderer;
  limits?: {
    /** Largest `limit` a visitor may ask for. Default 50 ({@link DEFAULT_MAX_LIMIT}), at most 100 ({@link MAX_LIMIT}). */
    maxLimit?: number;
    /** Largest `page`. Default 10000 ({@link DEFAULT_MAX_PAGE}). */
    maxPage?: number;
    /** Largest upstream body accepted, in bytes. Default 1 MiB. */
    maxResponseBytes?: number;
    /** Timeout of one upstream attempt, in ms. Default 3000. */
    attemptTimeoutMs?: number;
    /** Deadline of one upstream call including retries and backoff, in ms. Default 8000. */
    deadlineMs?: number;
    /** Retries after the first attempt. Default 2. */
    retries?: number;
    /**
     * Retries per first attempt, at most, across every query of this process (a token bucket with a small
     * reserve per second: retry-budget.ts). Default 0.1; 0 leaves only the reserve.
     */
    retryRatio?: number;
    /** First backoff step in ms (full jitter, doubling). Default 200. */
    backoffBaseMs?: number;
    /** Consecutive failed calls that open the circuit. Default 5. */
    circuitFailures?: number;
    /** How long an open circuit refuses calls, in ms; then one trial call tests the upstream. Default 15000. */
    circuitCooldownMs?: number;
    /**
     * Longest upstream `Retry-After` honoured, in seconds; a longer one holds calls only this long (and
     * the proxy's own `Retry-After` to browsers never says more). Default 300
     * ({@link DEFAULT_MAX_RETRY_AFTER_SECONDS}).
     */
    maxRetryAfterSeconds?: number;
    /**
     * Longest wait for one shared-store call, in ms; then this instance answers from its in-process
     * state. Default 150.
     */
    storeTimeoutMs?: number;
    /** After a store call failed, how long the instance stays on its in-process state before trying the store again, in ms. Default 1000. */
    storeRetryMs?: number;
  };
  rateLimit?: {
    /** Requests per minute per client address; 0 turns the limit off. Default 60. */
    perMinute?: number;
    /**
     * Number of trusted reverse proxies in front of this one. 0 (default): the socket address is the
     * client. N: the N-th address from the right of `X-Forwarded-For` is (what the nearest trusted
     * proxy saw). Never trust the header without a proxy that overwrites it.
     */
    trustProxy?: number;
    /**
     * Secrets of servers that render widgets for their visitors (the WordPress plugin; `SERVER_TOKENS`):
     * a request presenting one in `X-Review-Widgets-Server` counts against the visitor it names in
     * `X-Review-Widgets-Visitor` rather than the server's own address; one presenting another is refused
     * (401). Each 32 to 256 characters (server-tokens.ts). Default: none.
     */
    serverTokens?: readonly string[];
  };
  /**
   * The review index (docs/search.md): every review of the business, kept fresh, answering `q`, `topic`,
   * `hasText` and `{mount}/topics`, and applying `excludeKeywords`. Kept in this process, or in the
   * `store`'s fleet (one crawler per business). Default: on.
   */
  index?: IndexOptions;
  /** Adds `s-maxage` (seconds) for shared caches; see docs/deploying.md on which CDNs then stop serving stale. */
  cdnMaxAgeSeconds?: number;
  /** Readiness (`/readyz`, see health.ts). */
  health?: {
    /** Start as `starting` (503 on `/readyz`) until `handler.markReady()`. Default false: ready at once. */
    starting?: boolean;
    /** The event loop's recent delay in ms, where the runtime can measure it (Node: `eventLoopDelay()`). */
    eventLoopDelayMs?: () => number | undefined;
    /** Past this delay the instance says it is overloaded (503 on `/readyz`). Default 1000. */
    maxEventLoopDelayMs?: number;
  };
  /** Where the proxy reports its metrics (metrics.ts; Node: `prometheusMetrics()`). Default: nowhere. */
  metrics?: ProxyMetrics;
  /** The fetch used for upstream calls. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Receives one record per request and upstream incidents. Default: one line on the console. */
  log?: (record: LogRecord) => void;
}

export interface IndexOptions {
  /** `INDEX=off`: `false`. Default `true`. */
  enabled?: boolean;
  /** Seconds between refreshes (the newest pages): `INDEX_REFRESH_SECONDS`, at least 1. Default 300. */
  refreshSeconds?: number;
  /** Hours between full recrawls (edits and deletions): `INDEX_RECRAWL_HOURS`, fractions allowed. Default 24. */
  recrawlHours?: number;
  /** Most reviews one business may hold (`INDEX_MAX_REVIEWS`): above, no index. Default 100,000. */
  maxReviews?: number;
  /** Share of `upstreamMaxPerMinute` the crawl may use a minute (the rest is visitors'). Default 0.5. */
  crawlShare?: number;
  /** `EXCLUDE_KEYWORDS`: words or phrases; a review mentioning one is never shown. Default: none. */
  excludeKeywords?: readonly string[];
  /** `TOPICS_HIDDEN`: phrases never offered as topics. Default: none. */
  topicsHidden?: readonly string[];
  /** `TOPIC_SYNONYMS`: groups of phrases, each counted as its first. Default: none. */
  topicSynonyms?: readonly (readonly string[])[];
  /**
   * Only with a `store` (a function, whose instances come and go: without a store each would crawl
   * alone): without one, the index is off. Default false.
   */
  requiresStore?: boolean;
  /** Runs the index's work on a timer (a lasting process: `npm start`); otherwise on requests. Default false. */
  background?: boolean;
}

/** The index as resolved; `enabled: false` when it is off. */
export interface ResolvedIndex {
  enabled: boolean;
  refreshMs: number;
  recrawlMs: number;
  maxReviews: number;
  crawlShare: number;
  excludeKeywords: readonly string[];
  topicsHidden: readonly string[];
  topicSynonyms: readonly (readonly string[])[];
  background: boolean;
}

/** Compresses a whole body into one content coding. */
export type Compressor = (body: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>;
export type ContentCoding = 'br' | 'gzip';
export type Compression = Partial<Record<ContentCoding, Compressor>>;

export type LogRecord = (
  | {
      type: 'request';
      method: string;
      path: string;
      status: number;
      cache: string;
      durationMs: number;
    }
  | { type: 'upstream'; level: 'warn' | 'error'; message: string }
  /** The shared store went down (the instance answers from its own state) or came back. */
  | { type: 'store'; level: 'warn' | 'error'; message: string }
) & {
  /** The tenant the record is about (the `tenant` option), in a deployment of several. */
  tenant?: string;
};

export interface ResolvedOptions {
  apiKey: string;
  upstreamBase: URL;
  mount: string;
  allowedOrigins: AllowedOrigins;
  ttlMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
  maxEntries: number;
  maxBytes: number;
  negativeTtlMs: number;
  upstreamMaxPerMinute: number;
  upstreamClientShare: number;
  compression: Compression;
  clock: Clock;
  hiddenReviews: ReadonlySet<string>;
  pinnedReviews: readonly string[];
  store?: ProxyStore;
  tenant: string;
  storeTimeoutMs: number;
  storeRetryMs: number;
  maxLimit: number;
  maxPage: number;
  /** `maxLimit` and `maxPage` as the widget protocol says them (in every answer and in a 400). */
  limits: Limits;
  maxResponseBytes: number;
  attemptTimeoutMs: number;
  deadlineMs: number;
  retries: number;
  retryBudget: RetryBudgetConfig;
  backoffBaseMs: number;
  circuitFailures: number;
  circuitCooldownMs: number;
  maxRetryAfterMs: number;
  perMinute: number;
  trustProxy: number;
  serverTokens: readonly string[];
  cdnMaxAgeSeconds?: number;
  html?: FragmentRenderer;
  index: ResolvedIndex;
  startsReady: boolean;
  metrics: ProxyMetrics;
  eventLoopDelayMs: () => number | undefined;
  maxEventLoopDelayMs: number;
  fetch: typeof fetch;
  log: (record: LogRecord) => void;
}

/** Renders a page's widgets with their data (`renderWidgets` from review-widgets/ssr). */
export type FragmentRenderer = (
  markup: string,
  options: {
    proxy: (request: Request, context?: { clientAddress?: string }) => Promise<Response>;
    url: string;
    clientAddress?: string;
  },
) => Promise<string>;

export class ProxyConfigError extends Error {
  override name = 'ProxyConfigError';
}

/**
 * The longest upstream `Retry-After` the proxy honours by default (the shared limit, five minutes). A hold
 * stops every upstream call (each visitor gets a stale answer or a 503), so an unbounded one — a bug or a
 * hostile upstream sending `Retry-After: 31536000` or a date in 2099 — would take the widgets down until
 * restart; past it, calls go out again, and an upstream that still means it says so again.
 */
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = MAX_RETRY_AFTER_SECONDS;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function resolveOptions(options: ProxyOptions): ResolvedOptions {
  const apiKey = checkApiKey(options.apiKey);
  const upstreamBase = parseUpstream(options.upstreamUrl);
  const mount = mountPath(options.mount);
  const cache = options.cache ?? {};
  const limits = options.limits ?? {};
  const rate = options.rateLimit ?? {};
  const maxLimit = whole(limits.maxLimit, DEFAULT_MAX_LIMIT, 'limits.maxLimit', 1, MAX_LIMIT);
  const maxPage = whole(limits.maxPage, DEFAULT_MAX_PAGE, 'limits.maxPage', 1);
  const resolved: ResolvedOptions = {
    apiKey,
    upstreamBase,
    mount,
    allowedOrigins: parseAllowedOrigins(
      options.allowedOrigins ?? [],
      (message) => new ProxyConfigError(message),
    ),
    ttlMs: seconds(cache.ttlSeconds, 300, 'cache.ttlSeconds'),
    staleWhileRevalidateMs: seconds(
      cache.staleWhileRevalidateSeconds,
      600,
      'cache.staleWhileRevalidateSeconds',
    ),
    staleIfErrorMs: seconds(cache.staleIfErrorSeconds, 86_400, 'cache.staleIfErrorSeconds'),
    maxEntries: whole(cache.maxEntries, 1000, 'cache.maxEntries', 1),
    maxBytes: whole(cache.maxBytes, 32 * 1024 * 1024, 'cache.maxBytes', 1024),
    negativeTtlMs: seconds(cache.negativeTtlSeconds, 30, 'cache.negativeTtlSeconds'),
    // At least one call a minute (0 would darken every widget); the ring of call times stays small.
    upstreamMaxPerMinute: whole(options.upstreamMaxPerMinute, 300, 'upstreamMaxPerMinute', 1, 100_000),
    upstreamClientShare: share(options.upstreamClientShare, 0.1, 'upstreamClientShare'),
    compression: options.compression === false ? {} : (options.compression ?? { gzip: webGzip }),
    clock: options.clock ?? systemClock,
    ...reviewSettings(options.hiddenReviews, options.pinnedReviews),
    store: options.store,
    tenant: options.tenant ?? 'default',
    storeTimeoutMs: whole(limits.storeTimeoutMs, 150, 'limits.storeTimeoutMs', 1, 60_000),
    storeRetryMs: whole(limits.storeRetryMs, 1000, 'limits.storeRetryMs', 0, 600_000),
    maxLimit,
    maxPage,
    limits: { maxLimit, maxPage },
    maxResponseBytes: whole(limits.maxResponseBytes, 1024 * 1024, 'limits.maxResponseBytes', 1024),
    attemptTimeoutMs: whole(limits.attemptTimeoutMs, 3000, 'limits.attemptTimeoutMs', 1),
    deadlineMs: whole(limits.deadlineMs, 8000, 'limits.deadlineMs', 1),
    retries: whole(limits.retries, 2, 'limits.retries', 0),
    retryBudget: {
      ...DEFAULT_RETRY_BUDGET,
      ratio: fraction(limits.retryRatio, DEFAULT_RETRY_BUDGET.ratio, 'limits.retryRatio'),
    },
    backoffBaseMs: whole(limits.backoffBaseMs, 200, 'limits.backoffBaseMs', 0),
    circuitFailures: whole(limits.circuitFailures, 5, 'limits.circuitFailures', 1),
    circuitCooldownMs: whole(limits.circuitCooldownMs, 15_000, 'limits.circuitCooldownMs', 0),
    maxRetryAfterMs: seconds(
      limits.maxRetryAfterSeconds,
      DEFAULT_MAX_RETRY_AFTER_SECONDS,
      'limits.maxRetryAfterSeconds',
      1,
    ),
    perMinute: whole(rate.perMinute, 60, 'rateLimit.perMinute', 0),
    trustProxy: whole(rate.trustProxy, 0, 'rateLimit.trustProxy', 0),
    serverTokens: serverTokens(rate.serverTokens),
    cdnMaxAgeSeconds:
      options.cdnMaxAgeSeconds === undefined
        ? undefined
        : whole(options.cdnMaxAgeSeconds, 0, 'cdnMaxAgeSeconds', 0),
    html: options.html,
    index: indexSettings(options.index ?? {}, options.store !== undefined),
    startsReady: !options.health?.starting,
    metrics: options.metrics ?? NO_METRICS,
    eventLoopDelayMs: options.health?.eventLoopDelayMs ?? (() => undefined),
    maxEventLoopDelayMs: whole(options.health?.maxEventLoopDelayMs, 1000, 'health.maxEventLoopDelayMs', 1),
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    log: tenantLog(options.log ?? logToConsole, options.tenant),
  };
  checkCombinations(resolved);
  return resolved;
}

/**
 * A mount path as routes are built on it: one leading `/`, no trailing one (`''` for the root; default
 * `/widget-api`). Refused unless it is a plain path.
 */
export function mountPath(value: string | undefined): string {
  const mount = `/${(value ?? DEFAULT_PROXY_MOUNT).replace(/^\/+|\/+$/g, '')}`;
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(mount) || mount.split('/').includes('..')) {
    throw new ProxyConfigError(`The mount path "${value}" is not a plain path.`);
  }
  return mount === '/' ? '' : mount;
}

/**
 * The key goes out as the `x-api-key` header value. A character a header cannot carry (a line break, or
 * a zero-width space pasted with it) would make every upstream call throw, and visitors would see "could
 * not be reached" while the real cause is the key: refuse it now, saying where, never quoting the key.
 * Keys are tokens, so visible ASCII only; surrounding spaces would be stripped by fetch (another key).
 */
function checkApiKey(key: unknown): string {
  if (typeof key !== 'string' || !key.trim()) {
    throw new ProxyConfigError('An API key is required (apiKey / BUSINESS_API_KEY).');
  }
  if (key !== key.trim()) {
    throw new ProxyConfigError(
      'The API key starts or ends with white space (apiKey / BUSINESS_API_KEY); check for a stray space or newline.',
    );
  }
  const chars = [...key];
  const bad = chars.findIndex((char) => !/^[\x21-\x7e]$/.test(char));
  if (bad >= 0) {
    const code = chars[bad]!.codePointAt(0)!;
    const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    throw new ProxyConfigError(
      `The API key (apiKey / BUSINESS_API_KEY) has a character an HTTP header cannot carry at position ${bad + 1} (${name}${code < 0x20 || code === 0x7f ? ', a line break or control character' : ''}); keys are visible ASCII. Copy it again from the dashboard.`,
    );
  }
  return key;
}

function reviewSettings(
  hidden: readonly string[] = [],
  pinned: readonly string[] = [],
): Pick<ResolvedOptions, 'hiddenReviews' | 'pinnedReviews'> {
  for (const [name, ids] of [
    ['hiddenReviews (HIDDEN_REVIEWS)', hidden],
    ['pinnedReviews (PINNED_REVIEWS)', pinned],
  ] as const) {
    if (!Array.isArray(ids)) throw new ProxyConfigError(`${name} must be a list of review ids.`);
    const bad = ids.find((id) => typeof id !== 'string' || !REVIEW_ID.test(id));
    if (bad !== undefined) {
      throw new ProxyConfigError(
        `${name}: ${JSON.stringify(String(bad).slice(0, 80))} is not a review id (letters, digits, "_", "-", ".", ":"; at most 128).`,
      );
    }
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw new ProxyConfigError(`${name} names "${twice}" twice.`);
  }
  const both = pinned.find((id) => hidden.includes(id));
  if (both !== undefined) {
    throw new ProxyConfigError(
      `Review "${both}" is both hidden (HIDDEN_REVIEWS) and pinned (PINNED_REVIEWS).`,
    );
  }
  return { hiddenReviews: new Set(hidden), pinnedReviews: [...pinned] };
}

function indexSettings(index: IndexOptions, hasStore: boolean): ResolvedIndex {
  const phrases = (value: readonly string[] | undefined, name: string): string[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !item.trim())) {
      throw new ProxyConfigError(`${name} must be a list of words or phrases, none empty.`);
    }
    const long = value.find((item) => item.length > 100);
    if (long) throw new ProxyConfigError(`${name}: "${long.slice(0, 40)}…" is longer than 100 characters.`);
    return value.map((item) => item.trim());
  };
  const recrawlHours = index.recrawlHours ?? 24;
  if (typeof recrawlHours !== 'number' || !(recrawlHours > 0 && recrawlHours <= 24 * 365)) {
    throw new ProxyConfigError(
      `index.recrawlHours (INDEX_RECRAWL_HOURS) must be a number of hours above 0; got ${String(recrawlHours)}.`,
    );
  }
  const synonyms = index.topicSynonyms ?? [];
  if (!Array.isArray(synonyms) || synonyms.some((group) => !Array.isArray(group) || group.length < 2)) {
    throw new ProxyConfigError(
      'index.topicSynonyms (TOPIC_SYNONYMS) must be groups of at least two phrases.',
    );
  }
  return {
    enabled: index.enabled !== false && (hasStore || !index.requiresStore),
    refreshMs: seconds(index.refreshSeconds, 300, 'index.refreshSeconds (INDEX_REFRESH_SECONDS)', 1),
    recrawlMs: Math.round(recrawlHours * 3_600_000),
    maxReviews: whole(index.maxReviews, 100_000, 'index.maxReviews (INDEX_MAX_REVIEWS)', 1, 10_000_000),
    crawlShare: share(index.crawlShare, 0.5, 'index.crawlShare'),
    excludeKeywords: phrases(index.excludeKeywords, 'index.excludeKeywords (EXCLUDE_KEYWORDS)'),
    topicsHidden: phrases(index.topicsHidden, 'index.topicsHidden (TOPICS_HIDDEN)'),
    topicSynonyms: synonyms.map((group, i) => phrases(group, `index.topicSynonyms[${i}] (TOPIC_SYNONYMS)`)),
    background: index.background === true,
  };
}

/** Values that are each fine but cannot work together. */
function checkCombinations(options: ResolvedOptions): void {
  // Fail closed: an owner's excluded words are honoured by the index alone, so without it nothing could
  // keep them off the page.
  if (options.index.excludeKeywords.length && options.index.enabled === false) {
    throw new ProxyConfigError(
      'EXCLUDE_KEYWORDS (index.excludeKeywords) needs the review index, which is off (INDEX=off, or a function without REDIS_URL).',
    );
  }
  // lru-cache does not store an entry larger than the cache: every such answer would go upstream again.
  if (options.maxBytes < options.maxResponseBytes) {
    throw new ProxyConfigError(
      `cache.maxBytes (${options.maxBytes}) is smaller than limits.maxResponseBytes (${options.maxResponseBytes}): large answers could never be cached.`,
    );
  }
}

/** gzip through the standard `CompressionStream` (Node, Deno, Bun, Workers). */
async function webGzip(body: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The upstream base must be HTTPS (the API document: HTTPS only), except on loopback where the sample
 * upstream and tests run. No credentials, query or fragment: the URL is rebuilt from constants later.
 */
function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProxyConfigError(`The upstream URL "${value}" is not a URL (BUSINESS_API_URL).`);
  }
  const loopback = LOOPBACK.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ProxyConfigError('The upstream URL must use https: (plain http: only on localhost).');
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ProxyConfigError('The upstream URL must not carry credentials, a query or a fragment.');
  }
  return url;
}

/** A share: more than 0, at most 1, or the fallback when not given. */
function share(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0 && value <= 1)) {
    throw new ProxyConfigError(`${name} must be a number above 0 and at most 1; got ${String(value)}.`);
  }
  return value;
}

/** A number from 0 to 1, or the fallback when not given. */
function fraction(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new ProxyConfigError(`${name} must be a number from 0 to 1; got ${String(value)}.`);
  }
  return value;
}

function seconds(value: number | undefined, fallback: number, name: string, min = 0): number {
  return whole(value, fallback, name, min) * 1000;
}

function whole(
  value: number | undefined,
  fallback: number,
  name: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new ProxyConfigError(`${name} must be a whole number ${range}; got ${String(value)}.`);
  }
  return value;
}

/**
 * Every record of a tenant's proxy says which tenant it is about, but the shared store's: its outages are
 * the deployment's, noticed once for every tenant (fleet/shared-state.ts).
 */
function tenantLog(log: (record: LogRecord) => void, tenant: string | undefined) {
  if (tenant === undefined) return log;
  return (record: LogRecord) => log(record.type === 'store' ? record : { ...record, tenant });
}

/** A record as one log line (no newline): `GET /path 200 HIT 0.4ms`, or `[proxy tenant] message`. */
export function formatLogRecord(record: LogRecord): string {
  return record.type === 'request'
    ? `${record.method} ${record.path} ${record.status} ${record.cache} ${record.durationMs.toFixed(1)}ms`
    : `[proxy${record.tenant ? ` ${record.tenant}` : ''}] ${record.message}`;
}

function logToConsole(record: LogRecord): void {
  if (record.type === 'request') console.log(formatLogRecord(record));
  else console[record.level](formatLogRecord(record));
}

/** `rateLimit.serverTokens`, checked (a problem names the entry's position, never its secret). */
function serverTokens(tokens: readonly string[] | undefined): readonly string[] {
  const list = tokens ?? [];
  const problem = checkServerTokens(list);
  if (problem) throw new ProxyConfigError(`rateLimit.serverTokens: ${problem}.`);
  return list;
}
