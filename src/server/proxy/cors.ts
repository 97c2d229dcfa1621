/**
 * CORS with an allow-list of exact origins and strict patterns (origins.ts). `null` (sandboxed iframes,
 * file: pages) and look-alike origins (`https://example.com.evil.test`) never match; `Vary: Origin`
 * whenever the answer depends on it.
 */
import { matchesPattern, type AllowedOrigins } from './origins.ts';

export type CorsDecision =
  | { kind: 'same-origin' } // no Origin header, or the proxy's own origin: no CORS headers needed
  | { kind: 'allowed'; headers: Record<string, string> }
  | { kind: 'refused'; origin: string };

/**
 * Answer headers a cross-origin page may read besides the CORS-safelisted ones: without this the browser
 * hides `Retry-After` from the widgets' client on a 429/503 (it backs off by it), and `ETag`/`Cache-Status`.
 */
const EXPOSE_HEADERS = 'Retry-After, ETag, Cache-Status, X-Cache';

/**
 * The proxy's CORS rule for its allow-list: `(origin, ownOrigin) => decision`. The allowed decisions are
 * made once, when the proxy is created (the answers' read-only headers), not per request.
 */
export function corsPolicy(allowedOrigins: AllowedOrigins) {
  const anyOrigin: CorsDecision = {
    kind: 'allowed',
    headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSE_HEADERS },
  };
  const allowedAs = (origin: string): CorsDecision => ({
    kind: 'allowed',
    headers: {
      'access-control-allow-origin': origin,
      'access-control-expose-headers': EXPOSE_HEADERS,
      vary: 'Origin',
    },
  });
  const listed = new Map<string, CorsDecision>(
    [...(allowedOrigins === '*' ? [] : allowedOrigins.exact)].map((origin) => [origin, allowedAs(origin)]),
  );
  const patterns = allowedOrigins === '*' ? [] : allowedOrigins.patterns;
  // An allowed origin is answered as allowed even when it is the proxy's own (harmless): the own origin
  // is worked out only for the origins the list does not name (a Node request builds it from `Host`).
  // With `*`, every answer says so, with an `Origin` or without: a shared cache that stored one asked
  // without must not hand it to a cross-origin page that the browser would then block (no `Vary` needed).
  return (origin: string | null, ownOrigin: () => string): CorsDecision => {
    if (allowedOrigins === '*' && origin !== 'null') return anyOrigin;
    if (origin === null) return SAME_ORIGIN;
    const allowed = allowedOrigins === '*' ? undefined : listed.get(origin);
    if (allowed) return allowed;
    if (patterns.some((pattern) => matchesPattern(origin, pattern))) return allowedAs(origin);
    return origin === ownOrigin() ? SAME_ORIGIN : { kind: 'refused', origin };
  };
}

/** Whether answers depend on the request's `Origin` (an allow-list), so caches must keep them apart. */
export function variesByOrigin(allowedOrigins: AllowedOrigins): boolean {
  return allowedOrigins !== '*' && (allowedOrigins.exact.size > 0 || allowedOrigins.patterns.length > 0);
}

const SAME_ORIGIN: CorsDecision = { kind: 'same-origin' };

export const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'accept, if-none-match',
  'access-control-max-age': '600',
};
