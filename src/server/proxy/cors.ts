/**
 * CORS with an exact-match allow-list. `null` (sandboxed iframes, file: pages) and look-alike origins
 * (`https://example.com.evil.test`) never match; `Vary: Origin` whenever the answer depends on it.
 */
export type CorsDecision =
  | { kind: 'same-origin' } // no Origin header, or the proxy's own origin: no CORS headers needed
  | { kind: 'allowed'; headers: Record<string, string> }
  | { kind: 'refused'; origin: string };

/**
 * Answer headers a cross-origin page may read besides the CORS-safelisted ones: without this the browser
 * hides `Retry-After` from the widgets' client on a 429/503 (it backs off by it), and `ETag`/`Cache-Status`.
 */
const EXPOSE_HEADERS = 'Retry-After, ETag, Cache-Status, X-Cache';

export function decideCors(
  origin: string | null,
  allowedOrigins: ReadonlySet<string> | '*',
  ownOrigin: string,
): CorsDecision {
  if (origin === null || origin === ownOrigin) return { kind: 'same-origin' };
  if (allowedOrigins === '*' && origin !== 'null') {
    return {
      kind: 'allowed',
      headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSE_HEADERS },
    };
  }
  if (allowedOrigins !== '*' && allowedOrigins.has(origin)) {
    return {
      kind: 'allowed',
      headers: {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': EXPOSE_HEADERS,
        vary: 'Origin',
      },
    };
  }
  return { kind: 'refused', origin };
}

export const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'accept, if-none-match',
  'access-control-max-age': '600',
};
