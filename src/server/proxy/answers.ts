/**
 * The proxy's answers as plain data (what every runtime adapter writes out), and the rules they follow:
 * the error body, the cache headers (`Cache-Control`, RFC 9211 `Cache-Status`, `X-Cache`), validators per
 * encoded representation, and what an upstream failure becomes for the browser.
 */
import type { CacheOutcome } from './cache.ts';
import type { ContentCoding, ResolvedOptions } from './options.ts';
import { UpstreamError } from './failures.ts';
import type { ProxyAnswer } from './types.ts';

/** How an answer was served: from the cache (see cache.ts), or known to lie past its filter's end. */
export type Outcome = CacheOutcome | 'past-end';

export const JSON_TYPE = 'application/json; charset=utf-8';
/** Every proxy answer says its type is the one it declares. */
export const NOSNIFF: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff' };
export const HTML_TYPE = 'text/html; charset=utf-8';
const CACHE_STATUS_NAME = 'review-widgets';

/**
 * `headers` added to an answer's own (a request's common headers). An answer that says what it varies by
 * keeps its `Vary`, which already names what the common one would (`Origin`).
 */
export function withHeaders(result: ProxyAnswer, headers: Readonly<Record<string, string>>): ProxyAnswer {
  for (const name in headers) {
    if (name !== 'vary' || result.headers.vary === undefined) result.headers[name] = headers[name]!;
  }
  return result;
}

export function upstreamErrorResponse(error: unknown, now: number): ProxyAnswer {
  if (!(error instanceof UpstreamError)) {
    return jsonError(502, 'Bad Gateway', 'The review service is not available right now.');
  }
  const retryAfter = error.retryAt ? Math.max(1, Math.ceil((error.retryAt - now) / 1000)) : undefined;
  let response: ProxyAnswer;
  switch (error.failure) {
    case 'not-found':
      response = jsonError(404, 'Not Found', 'The review service has no such page.');
      break;
    case 'timeout':
      response = jsonError(504, 'Gateway Timeout', 'The review service did not answer in time.');
      break;
    case 'rate-limited':
    case 'held':
    case 'circuit-open':
    case 'budget':
    case 'unavailable':
      response = jsonError(503, 'Service Unavailable', 'The review service is busy; try again shortly.');
      break;
    default:
      // Upstream bodies and details (a refused key, a bad payload) never reach the browser.
      response = jsonError(502, 'Bad Gateway', 'The review service is not available right now.');
  }
  if (retryAfter) response.headers['retry-after'] = String(retryAfter);
  return response;
}

export const X_CACHE: Record<Outcome, string> = {
  hit: 'HIT',
  miss: 'MISS',
  'stale-while-revalidate': 'STALE-WHILE-REVALIDATE',
  'stale-if-error': 'STALE-IF-ERROR',
  'past-end': 'PAST-END',
};

export function cacheControl(config: ResolvedOptions, outcome: Outcome): string {
  // A stale answer is served because the upstream is slow or failing: let browsers ask again soon.
  const fresh = outcome === 'hit' || outcome === 'miss' || outcome === 'past-end';
  const parts = [`public`, `max-age=${fresh ? Math.floor(config.ttlMs / 1000) : 0}`];
  if (config.cdnMaxAgeSeconds !== undefined) parts.push(`s-maxage=${config.cdnMaxAgeSeconds}`);
  parts.push(`stale-while-revalidate=${Math.floor(config.staleWhileRevalidateMs / 1000)}`);
  parts.push(`stale-if-error=${Math.floor(config.staleIfErrorMs / 1000)}`);
  return parts.join(', ');
}

/** RFC 9211 `Cache-Status`: a hit with its remaining freshness (negative when stale), or a forward. */
export function cacheStatus(outcome: Outcome, storedAt: number, ttlMs: number, now: number): string {
  const ttl = Math.round((storedAt + ttlMs - now) / 1000);
  switch (outcome) {
    case 'hit':
      return `${CACHE_STATUS_NAME}; hit; ttl=${ttl}`;
    case 'miss':
      return `${CACHE_STATUS_NAME}; fwd=miss; stored`;
    case 'past-end':
      return `${CACHE_STATUS_NAME}; hit; detail=past-end`;
    default:
      return `${CACHE_STATUS_NAME}; hit; ttl=${ttl}; detail=${outcome}`;
  }
}

/** The strong validator of one encoded representation: `"abc"` → `"abc-br"`. */
export function representationTag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/** `If-None-Match` against the answer: any representation's tag (or `*`) matches. */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/-(?:br|gzip)"$/, '"'),
    )
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The proxy's own error answer: `{ error, message }` JSON, never cached. A message may quote what the
 * client sent (a parameter's name): its `<` is escaped in the JSON, so no byte of client markup is sent
 * raw, whatever a browser or a log viewer makes of the body.
 */
export function jsonError(status: number, error: string, message: string, extra?: object): ProxyAnswer {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
    body: JSON.stringify({ error, message, ...extra }).replace(/</g, '\\u003c'),
  };
}
