/**
 * What a widget's endpoint is, one rule for every room that reads one: the loader and the configurator's
 * preload (the fragment route's URL, fragment-attributes.ts), the server renderer (its calls to the proxy,
 * ssr/render-widgets.ts) and the client (the data routes, client.ts, which checks the URL on the way). The
 * loader's early answer reaches the client only while both spell an endpoint the same, so none has a rule
 * of its own.
 */

/**
 * A widget's endpoint as an absolute URL (against `base`) without query, fragment or a trailing slash.
 * `check` sees the URL as written, query included, before those are dropped, and may throw. Throws for none
 * (nothing but white space too), or one that is not a URL (the loader's errors carry no message: what
 * catches them loads the element's code, whose client says what is wrong).
 */
export function endpointHref(
  endpoint: string | null | undefined,
  base: string | undefined,
  check?: (url: URL) => void,
): string {
  endpoint = endpoint?.trim();
  if (!endpoint) throw new Error();
  const url = new URL(endpoint, base);
  check?.(url);
  url.search = url.hash = '';
  return url.href.replace(/\/+$/, '');
}
