/**
 * HTML written as text, one rule for every room that writes it: the proxy's fragment markup
 * (server/proxy/fragments.ts), the server renderer's elements and style nonce (ssr/render-widgets.ts) and
 * the configurator's snippet and preview (configurator/state.ts).
 */

/** A value as it may stand inside a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
