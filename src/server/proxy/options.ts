/**
 * Configuration of the proxy: what a deployment may set, the defaults, and the checks that refuse a bad
 * configuration at start-up (a clear error then beats a confusing one on the first visitor's request).
 */
export interface ProxyOptions {
  /** The Business Reputation Data API key. Sent upstream as `x-api-key`, never anywhere else. */
  apiKey: string;
  /** The upstream base URL; the API paths (`/api/v1/integration/business-api/…`) are appended. */
  upstreamUrl: string;
  /** Path prefix the proxy answers under. Default `/widget-api`. */
  mount?: string;
  /**
   * Origins allowed to read answers cross-origin (exact `scheme://host[:port]` matches), or `'*'`.
   * Default: none, i.e. same-origin pages only.
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
    /** Most bytes of answers kept. Default 32 MiB. */
    maxBytes?: number;
  };
  limits?: {
    /** Largest `limit` a visitor may ask for. Default 50. */
    maxLimit?: number;
    /** Largest `page`. Default 10000. */
    maxPage?: number;
    /** Largest upstream body accepted, in bytes. Default 1 MiB. */
    maxResponseBytes?: number;
    /** Timeout of one upstream attempt, in ms. Default 3000. */
    attemptTimeoutMs?: number;
    /** Deadline of one upstream call including retries and backoff, in ms. Default 8000. */
    deadlineMs?: number;
    /** Retries after the first attempt. Default 2. */
    retries?: number;
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
  };
  /** Adds `s-maxage` (seconds) for shared caches; see the README on which CDNs then stop serving stale. */
  cdnMaxAgeSeconds?: number;
  /** The fetch used for upstream calls. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Receives one record per request and upstream incidents. Default: one line on the console. */
  log?: (record: LogRecord) => void;
}

export type LogRecord =
  | {
      type: 'request';
      method: string;
      path: string;
      status: number;
      cache: string;
      durationMs: number;
    }
  | { type: 'upstream'; level: 'warn' | 'error'; message: string };

/** Connection facts only the runtime adapter knows. */
export interface ProxyContext {
  /** The peer address of the socket (Node, Deno, Bun) or the platform's client address header. */
  clientAddress?: string;
}

export interface ResolvedOptions {
  apiKey: string;
  upstreamBase: URL;
  mount: string;
  allowedOrigins: ReadonlySet<string> | '*';
  ttlMs: number;
  staleWhileRevalidateMs: number;
  staleIfErrorMs: number;
  maxEntries: number;
  maxBytes: number;
  maxLimit: number;
  maxPage: number;
  maxResponseBytes: number;
  attemptTimeoutMs: number;
  deadlineMs: number;
  retries: number;
  backoffBaseMs: number;
  circuitFailures: number;
  circuitCooldownMs: number;
  maxRetryAfterMs: number;
  perMinute: number;
  trustProxy: number;
  cdnMaxAgeSeconds?: number;
  fetch: typeof fetch;
  log: (record: LogRecord) => void;
}

export class ProxyConfigError extends Error {
  override name = 'ProxyConfigError';
}

/**
 * The longest upstream `Retry-After` the proxy honours by default: five minutes. A hold stops every
 * upstream call (each visitor gets a stale answer or a 503), so an unbounded one — a bug or a hostile
 * upstream sending `Retry-After: 31536000` or a date in 2099 — would take the widgets down until restart.
 * Five minutes covers the per-minute quota windows a 429 normally reports and matches the default cache
 * freshness (300 s); past it, calls go out again, and an upstream that still means it says so again —
 * a few requests every five minutes at worst.
 */
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = 300;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function resolveOptions(options: ProxyOptions): ResolvedOptions {
  if (!options.apiKey || typeof options.apiKey !== 'string' || !options.apiKey.trim()) {
    throw new ProxyConfigError('An API key is required (apiKey / BUSINESS_API_KEY).');
  }
  // Such a key cannot be sent as a header: fetch would throw on every call (a 502 for each visitor,
  // after useless retries) instead of one clear error now. The message never quotes the key.
  if (/[\u0000-\u001f\u007f]/.test(options.apiKey)) {
    throw new ProxyConfigError(
      'The API key contains a line break or control character (apiKey / BUSINESS_API_KEY); check for a stray newline.',
    );
  }
  const upstreamBase = parseUpstream(options.upstreamUrl);
  const mount = `/${(options.mount ?? '/widget-api').replace(/^\/+|\/+$/g, '')}`;
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(mount) || mount.split('/').includes('..')) {
    throw new ProxyConfigError(`The mount path "${options.mount}" is not a plain path.`);
  }
  const cache = options.cache ?? {};
  const limits = options.limits ?? {};
  const rate = options.rateLimit ?? {};
  return {
    apiKey: options.apiKey,
    upstreamBase,
    mount: mount === '/' ? '' : mount,
    allowedOrigins: parseOrigins(options.allowedOrigins ?? []),
    ttlMs: seconds(cache.ttlSeconds, 300, 'cache.ttlSeconds'),
    staleWhileRevalidateMs: seconds(
      cache.staleWhileRevalidateSeconds,
      600,
      'cache.staleWhileRevalidateSeconds',
    ),
    staleIfErrorMs: seconds(cache.staleIfErrorSeconds, 86_400, 'cache.staleIfErrorSeconds'),
    maxEntries: whole(cache.maxEntries, 1000, 'cache.maxEntries', 1),
    maxBytes: whole(cache.maxBytes, 32 * 1024 * 1024, 'cache.maxBytes', 1024),
    maxLimit: whole(limits.maxLimit, 50, 'limits.maxLimit', 1),
    maxPage: whole(limits.maxPage, 10_000, 'limits.maxPage', 1),
    maxResponseBytes: whole(limits.maxResponseBytes, 1024 * 1024, 'limits.maxResponseBytes', 1024),
    attemptTimeoutMs: whole(limits.attemptTimeoutMs, 3000, 'limits.attemptTimeoutMs', 1),
    deadlineMs: whole(limits.deadlineMs, 8000, 'limits.deadlineMs', 1),
    retries: whole(limits.retries, 2, 'limits.retries', 0),
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
    cdnMaxAgeSeconds:
      options.cdnMaxAgeSeconds === undefined
        ? undefined
        : whole(options.cdnMaxAgeSeconds, 0, 'cdnMaxAgeSeconds', 0),
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    log: options.log ?? logToConsole,
  };
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

function parseOrigins(value: readonly string[] | '*'): ReadonlySet<string> | '*' {
  if (value === '*') return '*';
  const origins = new Set<string>();
  for (const raw of value) {
    const trimmed = raw.trim();
    if (!trimmed) continue;
    if (trimmed === '*') return '*';
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new ProxyConfigError(`Allowed origin "${trimmed}" is not an origin like https://example.com.`);
    }
    if (url.origin === 'null' || url.origin !== trimmed.replace(/\/$/, '').toLowerCase()) {
      throw new ProxyConfigError(`Allowed origin "${trimmed}" must be exactly scheme://host[:port].`);
    }
    origins.add(url.origin);
  }
  return origins;
}

function seconds(value: number | undefined, fallback: number, name: string, min = 0): number {
  return whole(value, fallback, name, min) * 1000;
}

function whole(value: number | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new ProxyConfigError(`${name} must be a whole number ≥ ${min}; got ${String(value)}.`);
  }
  return value;
}

function logToConsole(record: LogRecord): void {
  if (record.type === 'request') {
    console.log(
      `${record.method} ${record.path} ${record.status} ${record.cache} ${record.durationMs.toFixed(1)}ms`,
    );
  } else {
    console[record.level](`[proxy] ${record.message}`);
  }
}
