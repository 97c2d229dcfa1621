/**
 * The console's advice when a widget's request to its proxy got no answer: loaded on demand by the client
 * (client.ts), so the bundle every visitor loads does not carry it.
 */

/** Endpoints whose failure has been explained in the console: once each, however many widgets fail. */
const explained = new Set<string>();

/**
 * A request to a proxy on another origin got no answer. The browser does not tell a page why (a CORS
 * refusal and a proxy that is down look the same), so ask once without CORS: an answer, even an opaque
 * one, means the proxy is there and refused this page. The console then names the fix the owner needs.
 */
export async function explainNetworkError(
  endpoint: string,
  url: string,
  fetchImpl: typeof fetch,
): Promise<void> {
  const page = globalThis.location?.origin;
  const proxy = new URL(endpoint).origin;
  // Same origin: CORS is not involved. An opaque origin ("null") cannot be allowed by any proxy.
  if (!page || page === 'null' || page === proxy || explained.has(endpoint)) return;
  explained.add(endpoint);
  let reachable = true;
  try {
    await fetchImpl(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
  } catch {
    reachable = false;
  }
  console.error(
    reachable
      ? `review-widgets: the proxy at ${proxy} refused this page (${page}): add ${page} to ALLOWED_ORIGINS on the proxy.`
      : `review-widgets: could not reach the proxy at ${endpoint} from this page (${page}): check that it runs at that address, and that this page's Content-Security-Policy allows it (connect-src).`,
  );
}
