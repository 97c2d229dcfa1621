/**
 * Reads the `npm start` server's configuration from the environment and refuses a bad one with a message
 * that says what to change. The API key is only ever passed on, never printed.
 */
import type { ProxyOptions } from '../proxy/index.ts';
import { REVIEW_ID } from '../../api/query.ts';
import { checkServerTokens } from '../proxy/server-tokens.ts';
import { SAMPLE_MAX_REVIEWS, SAMPLE_REVIEW_COUNT } from '../../sample/dataset.ts';

export interface ServerConfig {
  port: number;
  /**
   * `PUBLIC_URL`: the base URL visitors open (`scheme://host[:port]`, no trailing slash), used for the
   * printed link and the sample's media URLs. `undefined`: `http://localhost:{port}` (see
   * {@link publicUrlOf}; the port is only known once the server listens when `PORT=0`).
   */
  publicUrl?: string;
  /** `undefined`: no key configured, run on the built-in sample business. */
  upstream?: { apiKey: string; url: string };
  proxy: Pick<
    ProxyOptions,
    | 'allowedOrigins'
    | 'cache'
    | 'rateLimit'
    | 'upstreamMaxPerMinute'
    | 'upstreamClientShare'
    | 'hiddenReviews'
    | 'pinnedReviews'
    | 'index'
  > & {
    /** `REDIS_TIMEOUT_MS`: the bound of each shared-store call (read here alone). */
    limits: { storeTimeoutMs: number };
  };
  /** `REDIS_URL`: the fleet's shared store (`redis://` or `rediss://`). `undefined`: this process alone. */
  redisUrl?: string;
  /** `TENANTS_FILE`: the path of the tenants file (tenants-file.ts). `undefined`: one business. */
  tenantsFile?: string;
  /** How a stop goes (start.ts): not ready for `drainDelayMs`, then in-flight requests for the rest. */
  shutdown: { drainDelayMs: number; timeoutMs: number };
  /** `READY_MAX_EVENT_LOOP_DELAY_MS`: past this lag, `/readyz` says overloaded. */
  maxEventLoopDelayMs: number;
  /** `METRICS_PORT`: where `/metrics` is served (never the public port). `undefined`: no metrics. */
  metricsPort?: number;
  /** `SAMPLE_REVIEWS`: how many reviews the sample business has (no key configured), 1 to 200,000. */
  sampleReviews: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const port = integer(env.PORT, 8787, 'PORT', 0, 65535);
  const apiKey = env.BUSINESS_API_KEY?.trim();
  const url = env.BUSINESS_API_URL?.trim();
  if (apiKey && !url) {
    throw new ConfigError(
      'BUSINESS_API_KEY is set but BUSINESS_API_URL is not: set the upstream base URL too.',
    );
  }
  if (url && !apiKey) {
    throw new ConfigError('BUSINESS_API_URL is set but BUSINESS_API_KEY is not: set the API key too.');
  }
  const origins = env.ALLOWED_ORIGINS?.trim();
  const ttl =
    env.CACHE_TTL_SECONDS === undefined
      ? undefined
      : integer(env.CACHE_TTL_SECONDS, 0, 'CACHE_TTL_SECONDS', 0);
  const drainDelayMs = integer(env.DRAIN_DELAY_MS, 5000, 'DRAIN_DELAY_MS', 0, 600_000);
  return {
    port,
    shutdown: {
      drainDelayMs,
      timeoutMs: integer(env.SHUTDOWN_TIMEOUT_MS, 20_000, 'SHUTDOWN_TIMEOUT_MS', drainDelayMs, 3_600_000),
    },
    maxEventLoopDelayMs: integer(
      env.READY_MAX_EVENT_LOOP_DELAY_MS,
      1000,
      'READY_MAX_EVENT_LOOP_DELAY_MS',
      1,
      600_000,
    ),
    metricsPort:
      env.METRICS_PORT === undefined || env.METRICS_PORT.trim() === ''
        ? undefined
        : integer(env.METRICS_PORT, 0, 'METRICS_PORT', 0, 65535),
    redisUrl: redisUrl(env.REDIS_URL),
    sampleReviews: integer(env.SAMPLE_REVIEWS, SAMPLE_REVIEW_COUNT, 'SAMPLE_REVIEWS', 1, SAMPLE_MAX_REVIEWS),
    tenantsFile: env.TENANTS_FILE?.trim() || undefined,
    publicUrl: publicUrl(env.PUBLIC_URL),
    upstream: apiKey && url ? { apiKey, url } : undefined,
    proxy: {
      allowedOrigins: !origins ? [] : origins === '*' ? '*' : origins.split(','),
      cache: ttl === undefined ? {} : { ttlSeconds: ttl },
      hiddenReviews: reviewIds(env.HIDDEN_REVIEWS, 'HIDDEN_REVIEWS'),
      index: indexSettings(env),
      pinnedReviews: reviewIds(env.PINNED_REVIEWS, 'PINNED_REVIEWS'),
      upstreamMaxPerMinute: integer(env.UPSTREAM_MAX_PER_MINUTE, 300, 'UPSTREAM_MAX_PER_MINUTE', 1, 100_000),
      upstreamClientShare:
        integer(env.UPSTREAM_CLIENT_SHARE_PERCENT, 10, 'UPSTREAM_CLIENT_SHARE_PERCENT', 1, 100) / 100,
      rateLimit: {
        perMinute: integer(env.RATE_LIMIT_PER_MINUTE, 60, 'RATE_LIMIT_PER_MINUTE', 0),
        trustProxy: trustProxy(env.TRUST_PROXY),
        serverTokens: serverTokens(env.SERVER_TOKENS),
      },
      limits: {
        storeTimeoutMs: integer(env.REDIS_TIMEOUT_MS, 150, 'REDIS_TIMEOUT_MS', 1, 60_000),
      },
    },
  };
}

/** The base URL visitors use: `PUBLIC_URL`, or `http://localhost:{port}` once the port is known. */
export function publicUrlOf(config: ServerConfig, port: number): string {
  return config.publicUrl ?? `http://localhost:${port}`;
}

/**
 * `PUBLIC_URL`: an http(s) origin such as `http://192.168.1.20:8787` or `https://reviews.example.com`.
 * The demo, the bundle and the proxy are served from the root, so a path cannot be honoured; a query,
 * fragment or credentials have no meaning in a base URL (and credentials would be printed).
 */
function publicUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const example = 'such as http://192.168.1.20:8787 or https://reviews.example.com';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL ${example}; got "${trimmed}".`);
  }
  // Before anything that quotes the value: the message must not print a password.
  if (url.username || url.password) {
    throw new ConfigError('PUBLIC_URL must not carry credentials (user:password@).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must be an http: or https: URL ${example}; got "${trimmed}".`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(
      `PUBLIC_URL must be just scheme://host[:port] (the demo is served from the root): no path, query or fragment; got "${trimmed}".`,
    );
  }
  return url.origin;
}

/** `REDIS_URL`: `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS). */
function redisUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  // Never quoted back: the URL may carry a password.
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379.');
  }
  return trimmed;
}

/** Where a Redis URL points, for messages: host and port, never the password. */
export function redisAddress(value: string): string {
  const url = new URL(value);
  return `${url.protocol}//${url.host}`;
}

function integer(value: string | undefined, fallback: number, name: string, min: number, max = 1e9): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${value}".`);
  }
  return number;
}

/**
 * `HIDDEN_REVIEWS`, `PINNED_REVIEWS`: review ids, comma-separated (white space around each allowed); the
 * pinned in the order shown. An empty item, a character no id has or an id given twice stops the server.
 */
export function reviewIds(value: string | undefined, name: string): string[] {
  if (value === undefined || value.trim() === '') return [];
  const ids = value.split(',').map((id) => id.trim());
  const bad = ids.find((id) => !REVIEW_ID.test(id));
  if (bad !== undefined) {
    throw new ConfigError(
      `${name} must be review ids separated by commas (letters, digits, "_", "-", ".", ":"); ${bad ? `"${bad.slice(0, 80)}" is not one` : 'an item is empty'}.`,
    );
  }
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new ConfigError(`${name} names "${twice}" twice.`);
  return ids;
}

/**
 * The review index's settings (docs/search.md): `INDEX` (`on`, the default, or `off`),
 * `INDEX_REFRESH_SECONDS`, `INDEX_RECRAWL_HOURS` (fractions allowed), `INDEX_MAX_REVIEWS`, and the owner's
 * phrases: `EXCLUDE_KEYWORDS` and `TOPICS_HIDDEN` (comma-separated), `TOPIC_SYNONYMS` (groups separated
 * by `;`, each `name=other,other`: "queue=line,wait;coffee=flat white").
 */
function indexSettings(env: Record<string, string | undefined>): NonNullable<ProxyOptions['index']> {
  const mode = env.INDEX?.trim().toLowerCase() || 'on';
  if (mode !== 'on' && mode !== 'off')
    throw new ConfigError(`INDEX must be "on" or "off"; got "${env.INDEX}".`);
  const hours = env.INDEX_RECRAWL_HOURS?.trim();
  if (hours && !(/^\d+(\.\d+)?$/.test(hours) && Number(hours) > 0 && Number(hours) <= 8760)) {
    throw new ConfigError(
      `INDEX_RECRAWL_HOURS must be a number of hours above 0 (fractions allowed, at most 8760); got "${hours}".`,
    );
  }
  return {
    enabled: mode === 'on',
    refreshSeconds: integer(env.INDEX_REFRESH_SECONDS, 300, 'INDEX_REFRESH_SECONDS', 1, 86_400),
    ...(hours && { recrawlHours: Number(hours) }),
    maxReviews: integer(env.INDEX_MAX_REVIEWS, 100_000, 'INDEX_MAX_REVIEWS', 1, 10_000_000),
    excludeKeywords: phrases(env.EXCLUDE_KEYWORDS, 'EXCLUDE_KEYWORDS', ','),
    topicsHidden: phrases(env.TOPICS_HIDDEN, 'TOPICS_HIDDEN', ','),
    topicSynonyms: phrases(env.TOPIC_SYNONYMS, 'TOPIC_SYNONYMS', ';').map((group) => {
      const [name, others] = group.split('=');
      const merged = phrases(others, 'TOPIC_SYNONYMS', ',');
      if (!name?.trim() || !merged.length || group.split('=').length !== 2) {
        throw new ConfigError(
          `TOPIC_SYNONYMS groups are "name=other,other" separated by ";"; "${group.slice(0, 60)}" is not one.`,
        );
      }
      return [name.trim(), ...merged];
    }),
  };
}

/** Words or phrases separated by `separator` (white space around each trimmed); none may be empty or over 100 characters. */
function phrases(value: string | undefined, name: string, separator: string): string[] {
  if (value === undefined || value.trim() === '') return [];
  const items = value.split(separator).map((item) => item.trim());
  const bad = items.find((item) => !item || item.length > 100);
  if (bad !== undefined) {
    throw new ConfigError(
      `${name} must be words or phrases separated by "${separator}", none empty or longer than 100 characters${bad ? `; "${bad.slice(0, 40)}…" is too long` : ''}.`,
    );
  }
  return items;
}

/** `SERVER_TOKENS`: the secrets of servers that render for their visitors, comma-separated (two while rotating). */
function serverTokens(value: string | undefined): string[] {
  const tokens = (value ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const problem = checkServerTokens(tokens);
  if (problem) throw new ConfigError(`SERVER_TOKENS: ${problem}.`);
  return tokens;
}

/** `TRUST_PROXY`: `true` (one proxy in front), `false`, or the number of trusted proxies. */
function trustProxy(value: string | undefined): number {
  if (value === undefined || value === '' || value === 'false' || value === '0') return 0;
  if (value === 'true') return 1;
  return integer(value, 0, 'TRUST_PROXY', 0, 10);
}
