/**
 * The one gate every URL from the API passes before it becomes a link or an image: only absolute
 * `https:` and `http:` URLs survive. `javascript:`, `data:`, `blob:`, relative paths and junk become
 * `undefined`, so the template renders no link and no image at all.
 */
const SAFE_PROTOCOLS = new Set(['https:', 'http:']);

export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    // No base: a relative value is not a URL the API should send, and resolving it against the host
    // page would point it at the embedding site.
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol) || url.username || url.password) return undefined;
  return url.href;
}
