/**
 * CORS with an exact-match allow-list. `null` (sandboxed iframes, file: pages) and look-alike origins
 * (`https://example.com.evil.test`) never match; `Vary: Origin` whenever the answer depends on it.
 */
export type CorsDecision =
  | { kind: 'same-origin' } // no Origin header, or the proxy's own origin: no CORS headers needed
  | { kind: 'allowed'; headers: Record<string, string> }
  | { kind: 'refused'; origin: string };

export function decideCors(
  request: Request,
  allowedOrigins: ReadonlySet<string> | '*',
  ownOrigin: string,
): CorsDecision {
  const origin = request.headers.get('origin');
  if (origin === null || origin === ownOrigin) return { kind: 'same-origin' };
  if (allowedOrigins === '*' && origin !== 'null') {
    return { kind: 'allowed', headers: { 'access-control-allow-origin': '*' } };
  }
  if (allowedOrigins !== '*' && allowedOrigins.has(origin)) {
    return { kind: 'allowed', headers: { 'access-control-allow-origin': origin, vary: 'Origin' } };
  }
  return { kind: 'refused', origin };
}

export const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'accept, if-none-match',
  'access-control-max-age': '600',
};
