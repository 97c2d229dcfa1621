/**
 * The one gate every URL from the API passes before it becomes a link or an image: only absolute
 * `https:` and `http:` URLs survive. `javascript:`, `data:`, `blob:`, relative paths and junk become
 * `undefined`, so the template renders no link and no image at all.
 */
/** Whether a URL's `protocol` is `https:` or `http:`, the only ones a widget ever links to or asks. */
export const isHttp = (protocol: string): boolean => protocol === 'https:' || protocol === 'http:';

export function safeUrl(value: unknown): string | undefined {
  let url: URL;
  try {
    // No base: a relative value is not a URL the API should send, and resolving it against the host
    // page would point it at the embedding site. What is not a string, or is empty, fails here too.
    url = new URL((value as string).trim());
  } catch {
    return undefined;
  }
  if (!isHttp(url.protocol) || url.username || url.password) return undefined;
  return url.href;
}

/**
 * A link a site gives a widget (rating-summary's `href`): an http(s) URL or a path, relative or absolute,
 * at most 2,000 characters; anything else (`javascript:`, `data:`, not a URL at all) is no link. One rule
 * for the element and for the fragment route, which refuses what the element would ignore.
 */
export function siteHref(value: string): string | undefined {
  const href = value.trim();
  if (!href || href.length > 2000) return undefined;
  try {
    return isHttp(new URL(href, 'https://base.invalid/').protocol) ? href : undefined;
  } catch {
    // Not a URL at all (URL.parse would say so without throwing, but not on Node 20).
    return undefined;
  }
}
