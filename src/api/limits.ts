/**
 * The limits both sides of the proxy share, described once: the browser widgets and the proxy import them
 * from here, so neither can drift from the other.
 */

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
/**
 * The proxy's default `limits.maxLimit` and `limits.maxPage` (it refuses past them). A proxy configured
 * otherwise says so in every answer (protocol `limits`), and the widgets follow what it says.
 */
export const DEFAULT_MAX_LIMIT = 50;
export const DEFAULT_MAX_PAGE = 10_000;
/**
 * The largest `limit` a widget ever asks for, and the largest `limits.maxLimit` a proxy may be configured
 * with: a page of more cards than this is no longer a widget. Between `DEFAULT_MAX_LIMIT` and this, a widget
 * asks for what it is given and follows its proxy's answer (a refusal carries the proxy's limits).
 */
export const MAX_LIMIT = 100;

/**
 * The longest `Retry-After` honoured, in seconds: five minutes. The proxy holds upstream calls at most this
 * long by default (a hostile `Retry-After: 31536000` must not stop it until a restart) and never tells a
 * browser more; a widget never tells a visitor to wait longer. Five minutes covers the per-minute quota
 * windows a 429 normally reports and matches the default cache freshness.
 */
export const MAX_RETRY_AFTER_SECONDS = 300;

/**
 * Names someone might use to hand a widget an API key: refused as an element's attribute (removed, with a
 * console error) and as a query parameter of an endpoint. The key belongs in the proxy.
 */
export const KEY_LIKE_NAMES: readonly string[] = [
  'key',
  'apikey',
  'api-key',
  'api_key',
  'x-api-key',
  'data-api-key',
  'token',
  'access-token',
  'access_token',
];

export function isKeyLikeName(name: string): boolean {
  return KEY_LIKE_NAMES.includes(name.toLowerCase());
}
